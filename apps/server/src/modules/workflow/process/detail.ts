/** Reading a process: the detail of a task or an instance (the handle screen), its timeline and its diagram. */
import { z } from 'zod';
import type { AuthUser } from '../../../platform/auth/user.ts';
import { fail } from '../../../platform/http/errors.ts';
import { parseOrFail } from '../../../platform/http/route.ts';
import { idField } from '../access.ts';
import { processForm } from '../design-model.ts';
import type { ProcessModel, TaskView } from '../engine/index.ts';
import { diagramSvg } from '../diagram-svg.ts';
import { formKeyOf, type ProcessContext } from './context.ts';

/** Buttons of a node when its model names none (the usual set of the handling screen). */
export function defaultButtons(model: ProcessModel, task: TaskView): { code: string; name: string; display: boolean }[] {
  const node = model.nodes.get(task.taskDefKey);
  // The starter's task at the start node (after a rollback, a reject or a withdraw to the start): submit it again.
  if (task.taskDefKey === model.startId)
    return [
      { code: 'wf_pass', name: '提交', display: true },
      { code: 'wf_terminate', name: '终止', display: true },
    ];
  const b = [
    { code: 'wf_pass', name: '同意' },
    { code: 'wf_reject', name: '驳回' },
    { code: 'wf_rollback', name: '回退' },
    { code: 'wf_transfer', name: '转办' },
    { code: 'wf_delegate', name: '委托' },
    { code: 'wf_terminate', name: '终止' },
    { code: 'wf_copy', name: '抄送' },
  ];
  if (node?.loop) b.push({ code: 'wf_add_instance', name: '加签' }, { code: 'wf_delete_instance', name: '减签' });
  if (!task.assignee) b.unshift({ code: 'wf_claim', name: '签收' });
  return b.map((x) => ({ ...x, display: true }));
}

const detailQuery = z.object({ taskId: idField.optional(), processInsId: idField.optional(), processInstanceId: idField.optional() });

/**
 * The detail of a task (open or finished) or an instance: the process, the task with its holder, whether the
 * caller holds it (then the node's buttons and back nodes), the node's form with the values, the timeline.
 * The holder reads it; anyone else must be involved (or operations).
 */
export async function processDetail(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const query = parseOrFail(detailQuery, input);
  const { engine } = c;
  let task: TaskView | null = null;
  let procInstId = query.processInsId ?? query.processInstanceId;
  if (query.taskId) {
    task = await engine.task(user.tenantId, query.taskId);
    if (task) procInstId = task.processInstanceId;
    else if (!procInstId) {
      // A finished task: its instance from history.
      procInstId = (await engine.instanceOfTask(user.tenantId, query.taskId)) ?? undefined;
      if (!procInstId) throw fail('任务不存在');
    }
  }
  if (!procInstId) throw fail('缺少必要的请求参数: taskId');
  if (task && task.processInstanceId !== procInstId) throw fail('任务不属于该流程实例');
  const isHolder = !!task && (await engine.holds(user.tenantId, task, user.userId));
  const proc = isHolder ? await c.guard.instance(user, procInstId) : await c.guard.readable(user, procInstId);
  const model = await engine.model(proc.procDefId);
  const node = task ? model.nodes.get(task.taskDefKey) : undefined;
  const names = await c.queries.names(user.tenantId, [task?.assignee, task?.owner]);
  // A finished instance keeps its form in the variable history.
  const variables = proc.endTime ? await engine.historicVariables(user.tenantId, procInstId) : await engine.variables(user.tenantId, procInstId);
  return {
    process: {
      id: proc.procDefId,
      processDefinitionId: proc.procDefId,
      processDefinitionKey: proc.procDefKey,
      processDefinitionName: proc.procDefName,
      processDefinitionVersion: proc.procDefVersion,
      processInstanceId: proc.id,
      businessKey: proc.businessKey,
      serialNumber: proc.serialNumber,
      title: proc.title,
      startUser: proc.startUserId,
      startUserName: proc.startUserName,
      applyUser: proc.startUserId,
      applyUserName: proc.startUserName,
      createTime: proc.startTime,
      endTime: proc.endTime,
      processIsFinished: proc.status,
      suspended: proc.suspensionState === 2,
      xml: await engine.definitionXml(user.tenantId, proc.procDefId),
      formKey: (node ? formKeyOf(node) : null) ?? null,
      ...(task
        ? {
            taskId: task.id,
            taskName: task.name,
            taskDefinitionKey: task.taskDefKey,
            description: task.description,
            assignee: task.assignee,
            assigneeName: task.assignee ? (names.get(task.assignee) ?? task.assignee) : '',
            owner: task.owner,
            ownerName: task.owner ? (names.get(task.owner) ?? task.owner) : '',
            delegationState: task.delegationState,
            candidateUsers: task.candidateUsers,
            candidateGroups: task.candidateGroups,
          }
        : {}),
    },
    isHolder,
    isStarter: proc.startUserId === user.userId,
    // The form of the node (the start form when no task is open), as deployed with this version of the process.
    form: {
      variables,
      ...(await processForm(c.wf.db, user.tenantId, proc.procDefId, formKeyOf(node ?? model.nodes.get(model.startId)))),
    },
    button: isHolder && task ? (node?.userTask?.buttons.length ? node.userTask.buttons.filter((b) => b.display) : defaultButtons(model, task)) : [],
    fields: node?.userTask?.fields ?? [],
    backNodes: isHolder && task ? await engine.backNodes(user.tenantId, task.id) : [],
    flow: await c.history.timeline(user.tenantId, procInstId),
  };
}

const instanceQuery = z.object({ processInstanceId: idField.optional(), processInsId: idField.optional() });

/** The timeline of an instance the caller may read (history-flow-list). */
export async function processTimeline(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const q = parseOrFail(instanceQuery, input);
  const id = q.processInstanceId ?? q.processInsId;
  if (!id) throw fail('缺少必要的请求参数: processInstanceId');
  await c.guard.readable(user, id);
  return c.history.timeline(user.tenantId, id);
}

const diagramQuery = z.object({ processInsId: idField.optional(), processInstanceId: idField.optional(), processDefinitionId: idField.optional() });

/** The diagram of an instance the caller may read (XML and node states), or of a definition (XML only). */
export async function processDiagram(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const q = parseOrFail(diagramQuery, input);
  const id = q.processInsId ?? q.processInstanceId;
  if (id) {
    await c.guard.readable(user, id);
    return c.history.modelView(user.tenantId, id);
  }
  if (!q.processDefinitionId) throw fail('缺少必要的请求参数: processInsId');
  return { xml: await c.engine.definitionXml(user.tenantId, q.processDefinitionId), processDefinitionId: q.processDefinitionId, flow: [] };
}

/** BladeX's history-flow-list: the timeline rows, each also with its comments as one text (`comment`). */
export async function bladeHistoryFlow(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const rows = await processTimeline(c, user, input);
  return rows
    .filter((r) => r.historyActivityType !== 'sequenceFlow' && r.historyActivityType !== 'candidate')
    .map((r) => ({
      ...r,
      processInstanceId: String(input.processInstanceId ?? input.processInsId),
      comment: r.comments
        .map((x) => x.fullMessage)
        .filter(Boolean)
        .join('；'),
    }));
}

/** BladeX's diagram-view: the instance's diagram as an image (SVG), coloured by the state of each element. */
export async function diagramImage(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const view = (await processDiagram(c, user, input)) as { xml: string; flow: { historyActivityId: string; status: string }[] };
  return diagramSvg(view.xml, new Map(view.flow.map((f) => [f.historyActivityId, f.status])));
}

const resourceQuery = z.object({
  processDefinitionId: idField.optional(),
  processDefId: idField.optional(),
  resourceType: z.enum(['xml', 'image'], { error: '资源类型只能是 xml 或 image' }).default('xml'),
});

/** BladeX's resource-view: a definition's BPMN (resourceType=xml) or its diagram as an image (image). */
export async function definitionResource(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const q = parseOrFail(resourceQuery, input);
  const id = q.processDefinitionId ?? q.processDefId;
  if (!id) throw fail('缺少必要的请求参数: processDefinitionId');
  const xml = await c.engine.definitionXml(user.tenantId, id);
  return q.resourceType === 'image' ? { type: 'image/svg+xml', body: await diagramSvg(xml) } : { type: 'application/xml; charset=utf-8', body: xml };
}
