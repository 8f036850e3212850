import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';

/**
 * Out-of-office proxies of the approval engine (`blade_wf_proxy`, spec 2 section 7: /api/blade-workflow/ops/proxy
 * list, detail, remove, submit). While a proxy is in force, new tasks of the user go to the proxy user
 * (WORKFLOW.md "Who gets a task"): for every process, or only for the process key named; permanently
 * (type 1) or between the start and end time (type 2).
 */
export const wfProxyEntity = defineEntity({
  name: 'wf_proxy',
  table: 'blade_wf_proxy',
  api: '/api/blade-workflow/ops/proxy',
  path: '/workflow/ops/proxy',
  label: { zh: '流程代理', en: 'Process proxies' },
  routes: ['list', 'detail', 'submit', 'remove'],
  fields: {
    userId: { type: 'id', label: { zh: '被代理人', en: 'User' }, required: '请选择被代理人', filterable: true },
    proxyUserId: { type: 'id', label: { zh: '代理人', en: 'Proxy' }, required: '请选择代理人', filterable: true },
    processDefKey: { type: 'string', max: 64, label: { zh: '流程标识', en: 'Process key' }, list: true, search: true, width: 160 },
    type: {
      type: 'int',
      label: { zh: '代理类型', en: 'Type' },
      dict: 'wf_proxy_type',
      required: '请选择代理类型',
      list: true,
      search: true,
      default: 1,
      width: 110,
    },
    startTime: { type: 'datetime', label: { zh: '开始时间', en: 'Start' }, list: true, sortable: true, width: 170 },
    endTime: { type: 'datetime', label: { zh: '结束时间', en: 'End' }, list: true, sortable: true, width: 170 },
    remark: remark({ max: 255 }),
  },
});

/** Proxy types (dictionary `wf_proxy_type`). */
export const WF_PROXY_TYPE = { permanent: 1, window: 2 } as const;
