/**
 * The actions of the operations console (WORKFLOW.md "Operations"; docs/workflow.md "Operations console"):
 * each is a POST /api/blade-workflow/ops/<url> behind its own button code, taking the selected tasks (taskId,
 * a comma list) or instances (processInstanceId), and the values its dialog asks for.
 */
import type { Label } from '@hjl/core';

/** What an action's dialog asks for. */
export type OpsField =
  | 'pass' // 同意 / 驳回
  | 'comment' // 处理意见 (optional)
  | 'commentRequired' // 处理意见 (required, with the action's own message)
  | 'assignee' // one user
  | 'assignees' // several users
  | 'copyUser' // several users
  | 'node' // a node of the process (ops/processNodes)
  | 'message' // 催办 message
  | 'reason'; // 删除原因

export interface OpsAction {
  key: string;
  url: string;
  code: string;
  label: Label;
  /** The rows it acts on: tasks only, or tasks and instances. */
  on: 'task' | 'taskOrInstance';
  fields: OpsField[];
  /** Values always sent (e.g. the status of 挂起 / 激活). */
  fixed?: Record<string, string>;
  /** Asked before anything is sent. */
  confirm?: Label;
  /** The message of a required comment left empty (the server's own). */
  commentMissing?: string;
  danger?: boolean;
}

export const OPS_ACTIONS: OpsAction[] = [
  {
    key: 'complete',
    url: 'completeTask',
    code: 'wf_ops_complete',
    label: { zh: '完成', en: 'Complete' },
    on: 'task',
    fields: ['pass', 'commentRequired'],
    commentMissing: '请填写批复意见',
  },
  {
    key: 'suspend',
    url: 'changeTaskStatus',
    code: 'wf_ops_status',
    label: { zh: '挂起', en: 'Suspend' },
    on: 'taskOrInstance',
    fields: [],
    fixed: { status: 'suspend' },
    confirm: { zh: '确定要挂起选中的流程吗?', en: 'Suspend the selected processes?' },
  },
  {
    key: 'activate',
    url: 'changeTaskStatus',
    code: 'wf_ops_status',
    label: { zh: '激活', en: 'Activate' },
    on: 'taskOrInstance',
    fields: [],
    fixed: { status: 'active' },
    confirm: { zh: '确定要激活选中的流程吗?', en: 'Activate the selected processes?' },
  },
  {
    key: 'assignee',
    url: 'changeTaskAssignee',
    code: 'wf_ops_assignee',
    label: { zh: '变更办理人', en: 'Change assignee' },
    on: 'task',
    fields: ['assignee', 'comment'],
  },
  { key: 'transfer', url: 'transferTask', code: 'wf_ops_transfer', label: { zh: '转办', en: 'Transfer' }, on: 'task', fields: ['assignee', 'comment'] },
  { key: 'delegate', url: 'delegateTask', code: 'wf_ops_delegate', label: { zh: '委托', en: 'Delegate' }, on: 'task', fields: ['assignee', 'comment'] },
  { key: 'copy', url: 'copyTask', code: 'wf_ops_copy', label: { zh: '抄送', en: 'Copy' }, on: 'taskOrInstance', fields: ['copyUser'] },
  { key: 'urge', url: 'urgeTask', code: 'wf_ops_urge', label: { zh: '催办', en: 'Urge' }, on: 'taskOrInstance', fields: ['message'] },
  { key: 'rollback', url: 'rollbackTask', code: 'wf_ops_rollback', label: { zh: '回退', en: 'Roll back' }, on: 'task', fields: ['node', 'comment'] },
  { key: 'dispatch', url: 'dispatchTask', code: 'wf_ops_dispatch', label: { zh: '调度', en: 'Dispatch' }, on: 'taskOrInstance', fields: ['node', 'comment'] },
  { key: 'addSign', url: 'addMultiInstance', code: 'wf_ops_add_sign', label: { zh: '加签', en: 'Add signers' }, on: 'task', fields: ['assignees', 'comment'] },
  {
    key: 'deleteSign',
    url: 'deleteMultiInstance',
    code: 'wf_ops_delete_sign',
    label: { zh: '减签', en: 'Remove signer' },
    on: 'task',
    fields: ['comment'],
    confirm: { zh: '确定要删除选中的会签任务吗?', en: 'Remove the selected countersign tasks?' },
    danger: true,
  },
  {
    key: 'terminate',
    url: 'terminateProcess',
    code: 'wf_ops_terminate',
    label: { zh: '终止', en: 'Terminate' },
    on: 'taskOrInstance',
    fields: ['commentRequired'],
    commentMissing: '请填写终止意见',
    confirm: { zh: '确定要终止此流程吗?', en: 'Terminate this process?' },
    danger: true,
  },
  {
    key: 'delete',
    url: 'deleteProcess',
    code: 'wf_ops_delete',
    label: { zh: '删除流程', en: 'Delete process' },
    on: 'taskOrInstance',
    fields: ['reason'],
    danger: true,
  },
];

export type OpsTab = 'tasks' | 'running' | 'done';

/** The actions a tab offers: every action on tasks, those on whole instances for running processes, none on finished ones. */
export function actionsOf(tab: OpsTab): OpsAction[] {
  if (tab === 'tasks') return OPS_ACTIONS;
  if (tab === 'running') return OPS_ACTIONS.filter((a) => a.on === 'taskOrInstance');
  return [];
}

/** The body of an action on the selected rows' ids with the dialog's values. */
export function opsBody(action: OpsAction, tab: OpsTab, ids: string[], values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { [tab === 'tasks' ? 'taskId' : 'processInstanceId']: ids.join(','), ...action.fixed };
  for (const [key, raw] of Object.entries(values)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '') continue;
    body[key === 'reason' ? 'deleteReason' : key] = value;
  }
  return body;
}
