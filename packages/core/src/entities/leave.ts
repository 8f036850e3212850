import { defineEntity } from '../entity.ts';

/** Process key of the leave process (BladeX's ProcessConstant.LEAVE_KEY). */
export const LEAVE_PROCESS_KEY = 'Leave';

/**
 * Leave requests (请假流程, spec 2: /work/process/leave pages; /api/blade-desk/process/leave and
 * /api/blade-workflow/process/leave: list, detail, remove, start): an approvable record (`approval`) whose
 * `status` follows its process; `days` is computed from the dates; the approver is chosen on the form.
 */
export const leaveEntity = defineEntity({
  name: 'wf_leave',
  table: 'blade_process_leave',
  api: '/api/blade-desk/process/leave',
  path: '/work/process/leave',
  label: { zh: '请假流程', en: 'Leave requests' },
  routes: ['list', 'detail', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  approval: { processKey: LEAVE_PROCESS_KEY, title: '{userName}的请假({days}天)' },
  fields: {
    leaveType: {
      type: 'int',
      label: { zh: '请假类型', en: 'Type' },
      dict: 'leave_type',
      bizDict: true,
      required: '请选择请假类型',
      list: true,
      search: true,
      width: 110,
    },
    startTime: { type: 'date', label: { zh: '开始时间', en: 'From' }, required: '请选择开始时间', list: true, sortable: true, filterable: true, width: 120 },
    endTime: { type: 'date', label: { zh: '结束时间', en: 'To' }, required: '请选择结束时间', list: true, sortable: true, filterable: true, width: 120 },
    days: { type: 'int', label: { zh: '请假天数', en: 'Days' }, list: true, form: false, width: 90 },
    reason: { type: 'string', max: 500, label: { zh: '请假理由', en: 'Reason' }, required: '请输入请假理由', list: true, form: 'textarea' },
    taskUser: { type: 'id', label: { zh: '审批人', en: 'Approver' }, required: '请选择审批人', filterable: true },
    applyTime: { type: 'datetime', label: { zh: '申请时间', en: 'Applied' }, list: true, sortable: true, form: false, width: 170 },
  },
});
