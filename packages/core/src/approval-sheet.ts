/**
 * What the approval detail drawer and the printed approval sheet (审批单, docs/workflow.md "打印审批单") show alike:
 * the fields of a record's detail with the value each shows, and how a timeline's rows and comments are named
 * (WORKFLOW.md "History and diagram"). Shared so that the paper says what the screen says.
 */
import type { EntityDef, FieldDef, Label } from './entity.ts';

/** The fields a detail shows: those of the form or the list, not secrets. */
export function detailFields(def: Pick<EntityDef, 'fields'>): [string, FieldDef][] {
  return (Object.entries(def.fields) as [string, FieldDef][]).filter(([, f]) => (f.form !== false || f.list) && !f.secret);
}

/**
 * What a field shows of a record: the name under its `display`, else, for a reference without one, a name the
 * record carries beside it (`taskUser` → `taskUserName`, `customerId` → `customerName`); an id with no name to
 * show is left out (undefined).
 */
export function shownValue(name: string, field: FieldDef, record: Record<string, unknown>): unknown {
  if (field.display) return record[field.display] ?? record[name];
  if (field.type !== 'id') return record[name];
  const stem = name.replace(/Id$/, '');
  for (const key of [`${name}Name`, `${stem}Name`]) if (typeof record[key] === 'string' && record[key]) return record[key];
  return undefined;
}

/** Comment types of spec 1 section 4 and how a timeline names them. */
export const COMMENT_LABELS: Record<string, Label> = {
  comment: { zh: '审批意见', en: 'Comment' },
  assigneeComment: { zh: '变更审核人', en: 'Assignee changed' },
  dispatchComment: { zh: '调度', en: 'Dispatched' },
  transferComment: { zh: '转办', en: 'Transferred' },
  delegateComment: { zh: '委托', en: 'Delegated' },
  rollbackComment: { zh: '驳回', en: 'Rejected' },
  terminateComment: { zh: '终止', en: 'Terminated' },
  addMultiInstanceComment: { zh: '加签', en: 'Signer added' },
  deleteMultiInstanceComment: { zh: '减签', en: 'Signer removed' },
  withdrawComment: { zh: '撤回', en: 'Withdrawn' },
  deleteProcessComment: { zh: '删除流程', en: 'Process deleted' },
};

/** A rollbackComment is written by 驳回 (operation reject) and by 回退 to a chosen node (operation rollback). */
export const ROLLBACK_TO_NODE_LABEL: Label = { zh: '回退', en: 'Rolled back' };

/** How a timeline names a comment (undefined: a type it does not know). */
export function commentLabel(c: { type: string; operation?: string | null }): Label | undefined {
  return c.type === 'rollbackComment' && c.operation === 'rollback' ? ROLLBACK_TO_NODE_LABEL : COMMENT_LABELS[c.type];
}

const ROUTING = new Set(['candidate', 'sequenceFlow']);

/**
 * Whether a timeline row is a step (start, task, end) rather than routing — nodes not reached, taken sequence flows
 * and gateways (nobody acts there) only colour the diagram.
 */
export function isTimelineStep(activityType: string): boolean {
  return !ROUTING.has(activityType) && !activityType.endsWith('Gateway');
}

/** How a timeline names a step: an end event is 结束, a start event its name or 发起, a task its name (else its id). */
export function stepName(step: { historyActivityType: string; historyActivityName?: string | null; historyActivityId?: string | null }): Label {
  if (step.historyActivityType === 'endEvent') return { zh: '结束', en: 'End' };
  if (step.historyActivityType === 'startEvent' && !step.historyActivityName) return { zh: '发起', en: 'Start' };
  const name = step.historyActivityName ?? step.historyActivityId ?? '';
  return { zh: name, en: name };
}
