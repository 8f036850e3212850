/**
 * The runtime API of the workflow (/api/blade-workflow/process/*, /api/blade-flow/work/*,
 * /api/blade-flow/process/*): thin routes — path, code, message — over the services of lists.ts, start.ts,
 * detail.ts and actions.ts. Lists need their menu code; task actions need the task itself (its holder or a
 * candidate), withdraw the starter, reading an instance involvement.
 */
import { z } from 'zod';
import type { Requirement } from '../../../platform/access/index.ts';
import type { AuthUser } from '../../../platform/auth/user.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { Router } from '../../../platform/http/route.ts';
import { idField, inputOf } from '../access.ts';
import type { ListKind } from '../engine/index.ts';
import * as actions from './actions.ts';
import type { ProcessContext } from './context.ts';
import { bladeHistoryFlow, definitionResource, diagramImage, processDetail, processDiagram, processTimeline } from './detail.ts';
import { listPage, startList } from './lists.ts';
import { startForm, startProcess } from './start.ts';

export const WF = '/api/blade-workflow/process';
export const FLOW = '/api/blade-flow';
const tags = ['流程事务'];

/** Query keys of list routes (documentation; the list parser whitelists the filters). */
const listQuery = z.looseObject({
  current: z.string().optional(),
  size: z.string().optional(),
  ascs: z.string().optional(),
  descs: z.string().optional(),
  processDefinitionName: z.string().optional(),
  processDefinitionKey: z.string().optional(),
  category: z.string().optional(),
  serialNumber: z.string().optional(),
  title: z.string().optional(),
  createTime_dategt: z.string().optional(),
  createTime_datelt: z.string().optional(),
});

type Service = (c: ProcessContext, user: AuthUser, input: Record<string, unknown>) => Promise<unknown>;

/** The user's lists under their paths (BladeX's names and the plugin's), each behind its menu code. */
export const LIST_ROUTES: [url: string, kind: ListKind, code: string, summary: string][] = [
  [`${WF}/todo`, 'todo', 'wf_todo', '待办事务'],
  [`${WF}/claim`, 'claim', 'wf_claim', '待签事务'],
  [`${WF}/send`, 'send', 'wf_send', '我的请求'],
  [`${WF}/done`, 'done', 'wf_done', '已办事务'],
  [`${WF}/myDone`, 'myDone', 'wf_my_done', '办结事务'],
  [`${WF}/copy`, 'copy', 'wf_copy', '抄送事务'],
  [`${FLOW}/work/claim-list`, 'claim', 'wf_claim', '待签列表'],
  [`${FLOW}/work/todo-list`, 'todo', 'wf_todo', '待办列表'],
  [`${FLOW}/work/send-list`, 'send', 'wf_send', '已发列表'],
  [`${FLOW}/work/done-list`, 'done', 'wf_done', '办结列表'],
  // The plugin's list names (spec 2).
  [`${WF}/claimList`, 'claim', 'wf_claim', '待签事务'],
  [`${WF}/todoList`, 'todo', 'wf_todo', '待办事务'],
  [`${WF}/sendList`, 'send', 'wf_send', '我的请求'],
  [`${WF}/doneList`, 'done', 'wf_done', '已办事务'],
  [`${WF}/myDoneList`, 'myDone', 'wf_my_done', '办结事务'],
  [`${WF}/copyList`, 'copy', 'wf_copy', '抄送事务'],
];

export function registerProcessRoutes(route: Router, c: ProcessContext) {
  /** A GET answering `service` on the query. */
  const read = (url: string, summary: string, requires: Requirement, service: Service, query: z.ZodType = z.looseObject({})) =>
    route({ method: 'GET', url, summary, tags, requires, query, handler: ({ user, req }) => service(c, user, req.query as Record<string, unknown>) });
  /** A POST answering `service` on the query and JSON body as one object. */
  const act = (url: string, summary: string, service: Service, msg?: string, keys: string[] = ['taskId']) =>
    route({
      method: 'POST',
      url,
      summary,
      tags,
      requires: 'user',
      ...(msg ? { msg } : {}),
      query: z.looseObject(Object.fromEntries(keys.map((k) => [k, z.string().optional()]))),
      handler: ({ user, req }) => service(c, user, inputOf(req)),
    });

  // lists
  for (const [url, kind, code, summary] of LIST_ROUTES) read(url, summary, { code }, (c, user, q) => listPage(c, user, kind, q), listQuery);
  const startQuery = z.looseObject({ category: z.string().optional() });
  read(`${WF}/list`, '新建流程(可发起的流程)', { code: 'wf_start' }, startList, startQuery);
  read(`${FLOW}/work/start-list`, '发起事务列表', { code: 'wf_start' }, startList, startQuery);
  read(`${WF}/processList`, '新建流程(可发起的流程)', { code: 'wf_start' }, startList, startQuery);

  // start
  route({
    method: 'POST',
    url: `${WF}/startProcess`,
    summary: '发起流程',
    tags,
    requires: { code: 'wf_start' },
    msg: '发起成功',
    handler: ({ user, req }) => startProcess(c, user, req.body as Record<string, unknown>),
  });
  route({
    method: 'GET',
    url: `${WF}/getFormByProcessId`,
    summary: '发起表单(按流程定义)',
    tags,
    requires: { code: 'wf_start' },
    query: z.object({ processId: idField.optional(), processDefinitionId: idField.optional() }),
    handler: ({ user, query }) => {
      const id = query.processId ?? query.processDefinitionId;
      if (!id) throw fail('缺少必要的请求参数: processId');
      return startForm(c, user, { processDefinitionId: id });
    },
  });
  route({
    method: 'GET',
    url: `${WF}/getFormByProcessDefKey`,
    summary: '发起表单(按流程标识)',
    tags,
    requires: { code: 'wf_start' },
    query: z.object({ processDefKey: z.string().max(255).optional(), processKey: z.string().max(255).optional() }),
    handler: ({ user, query }) => {
      const key = query.processDefKey ?? query.processKey;
      if (!key) throw fail('缺少必要的请求参数: processDefKey');
      return startForm(c, user, { processKey: key });
    },
  });

  // detail, timeline, diagram
  const taskOrInstance = z.object({ taskId: idField.optional(), processInsId: idField.optional(), processInstanceId: idField.optional() });
  read(`${WF}/detail`, '流程详情(任务或实例)', 'user', processDetail, taskOrInstance);
  read(
    `${WF}/history-flow-list`,
    '流程历史(时间线)',
    'user',
    processTimeline,
    z.object({ processInstanceId: idField.optional(), processInsId: idField.optional() }),
  );
  read(
    `${FLOW}/process/model-view`,
    '流程图(XML与节点状态)',
    'user',
    processDiagram,
    z.object({ processInsId: idField.optional(), processInstanceId: idField.optional(), processDefinitionId: idField.optional() }),
  );

  // BladeX's flow service (Saber's process pages): the timeline, and the diagram and resources as files an <img> or a
  // link opens (the token may come as ?blade-auth=).
  read(
    `${FLOW}/process/history-flow-list`,
    '流程历史(BladeX)',
    'user',
    bladeHistoryFlow,
    z.object({ processInstanceId: idField.optional(), processInsId: idField.optional() }),
  );
  route({
    method: 'GET',
    url: `${FLOW}/process/diagram-view`,
    summary: '流程图图片(SVG,节点按状态着色)',
    tags,
    requires: 'user',
    queryToken: true,
    raw: true,
    query: z.object({ processInstanceId: idField.optional(), processInsId: idField.optional() }),
    handler: async ({ user, req, reply }) => {
      const svg = await diagramImage(c, user, req.query as Record<string, unknown>);
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
    },
  });
  route({
    method: 'GET',
    url: `${FLOW}/process/resource-view`,
    summary: '流程定义资源(resourceType xml 或 image)',
    tags,
    requires: 'user',
    queryToken: true,
    raw: true,
    query: z.object({ processDefinitionId: idField.optional(), processDefId: idField.optional(), resourceType: z.string().optional() }),
    handler: async ({ user, req, reply }) => {
      const r = await definitionResource(c, user, req.query as Record<string, unknown>);
      return reply.type(r.type).send(r.body);
    },
  });

  // task actions
  act(`${WF}/completeTask`, '办理任务(pass 同意/驳回)', actions.completeTask, undefined, []);
  act(`${FLOW}/work/complete-task`, '办理任务', actions.completeTask, undefined, []);
  act(`${WF}/claimTask`, '签收任务', actions.claimTask, '签收成功');
  act(`${FLOW}/work/claim-task`, '签收任务', actions.claimTask, '签收成功');
  read(`${WF}/getBackNodes`, '可回退的节点', 'user', actions.backNodes, z.object({ taskId: idField }));
  act(`${WF}/transferTask`, '转办', actions.transferTask, '转办成功');
  act(`${WF}/delegateTask`, '委托', actions.delegateTask, '委托成功');
  act(`${WF}/addMultiInstance`, '加签', actions.addMultiInstance, '加签成功');
  act(`${WF}/deleteMultiInstance`, '减签', actions.deleteMultiInstance, '减签成功');
  act(`${WF}/rollbackTask`, '回退到选择的节点', actions.rollbackTask, '回退成功');
  act(`${WF}/terminateProcess`, '终止流程', actions.terminateProcess);
  act(`${WF}/withdrawTask`, '撤回(发起人; withdrawType wf_withdraw_end 撤销流程, wf_withdraw_start 撤回到发起节点重新提交)', actions.withdrawTask, undefined, [
    'processInstanceId',
    'taskId',
    'withdrawType',
  ]);
  act(`${WF}/copy`, '抄送', actions.copyProcess, '抄送成功', ['processInstanceId']);
  act(`${WF}/urge`, '催办', actions.urgeProcess, '催办成功', ['processInstanceId']);
}
