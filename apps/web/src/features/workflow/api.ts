/**
 * The workflow area's calls shared by its screens: the process category tree (fetched here and only here),
 * the process lists, the operations console, the deployments, the proxies' process keys, the listener
 * mappings and the drafts. The runtime calls of the process screens are in process/api.ts, the designers' in
 * design/api.ts, the leave process's in leave/api.ts.
 */
import { batchApprovalEntity, tenantEntity, wfCategoryEntity, wfDraftEntity, type Page, type R } from '@hjl/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, get, post, request } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import { pagedList } from '../../components/CrudPage';
import { entityApi } from '../../components/CrudPage/api';
import type { ProcessRow } from './lists/processTable';
import { completeTaskQuietly, START_LIST_URL, type StartableProcess } from './process/api';

/** A node of the category trees (design/category/tree and allTree): the id as `id`, `key` and `value`. */
export interface CategoryNode {
  id: string;
  parentId?: string;
  title: string;
  key: string;
  value: string;
  children?: CategoryNode[];
}

export const CATEGORY_TREE_URL = `${wfCategoryEntity.api}/tree`;
export const CATEGORY_ALL_TREE_URL = `${wfCategoryEntity.api}/allTree`;

/**
 * The enabled categories. Every user of a workflow list page (and of the category menu) may read them; anyone
 * else gets an empty tree, silently (pickers and filters then offer nothing, the start list filters by name only).
 */
export const categoryTreeQuery = () =>
  queryOptions({
    queryKey: queryKeys.workflow.categoryTree(),
    queryFn: ({ signal }) => get<CategoryNode[]>(CATEGORY_TREE_URL, undefined, { signal, silent: true }),
    staleTime: 60_000,
    retry: false,
  });

/** Every category, disabled ones too: the names of records already filed under one. */
export const categoryAllTreeQuery = () =>
  queryOptions({
    queryKey: queryKeys.workflow.categoryAllTree(),
    queryFn: ({ signal }) => get<CategoryNode[]>(CATEGORY_ALL_TREE_URL, undefined, { signal, silent: true }),
    staleTime: 60_000,
    retry: false,
  });

export const useCategoryTree = (enabled = true) => useQuery({ ...categoryTreeQuery(), enabled }).data ?? [];

/** Category id → name over a tree. */
export function categoryNames(tree: readonly CategoryNode[], into = new Map<string, string>()): Map<string, string> {
  for (const n of tree) {
    into.set(String(n.value ?? n.key ?? n.id), n.title);
    if (n.children) categoryNames(n.children, into);
  }
  return into;
}

/** The user's process lists (todo, claim, send, done, myDone, copy): `/api/blade-workflow/process/<kind>`. */
export const processList = (kind: string) => pagedList<ProcessRow>(queryKeys.workflow.list(kind), `/api/blade-workflow/process/${kind}`);

/** What became of one task of a batch approval: done, or the server's reason (one task's refusal stops no other). */
export interface BatchOutcome {
  row: ProcessRow;
  ok: boolean;
  message: string;
}

/**
 * 批量审批 of to-do tasks: each task is completed on its own (its own transaction and checks: the node's form,
 * a step form, someone else having acted), one after the other, with one comment; `onEach` reports progress.
 */
export async function completeTasks(
  rows: readonly ProcessRow[],
  pass: boolean,
  comment: string,
  onEach?: (outcome: BatchOutcome, done: number) => void,
): Promise<BatchOutcome[]> {
  const outcomes: BatchOutcome[] = [];
  for (const row of rows) {
    let outcome: BatchOutcome;
    try {
      await completeTaskQuietly({ taskId: String(row.taskId), processInstanceId: row.processInstanceId, pass, comment });
      outcome = { row, ok: true, message: '' };
    } catch (e) {
      outcome = { row, ok: false, message: e instanceof ApiError ? e.message : String(e) };
    }
    outcomes.push(outcome);
    onEach?.(outcome, outcomes.length);
  }
  return outcomes;
}

/** A batch of records approved by one process (hjl_batch_approval: salary months, pending accounts). */
export interface BatchRow {
  id: string;
  bizType: string;
  title: string | null;
  recordCount: number;
  totalMoney: string | null;
  status: number;
  isDraft?: number | null;
  processInstanceId: string | null;
  processDefinitionId: string | null;
  processDefinitionKey: string | null;
  submitTime: string | null;
  createTime?: string;
}

/** The tenant's batches, newest first (detailByProcess; `processDefKey` narrows to one process). */
export const batchList = pagedList<BatchRow>(queryKeys.entity(batchApprovalEntity.api).lists(), `${batchApprovalEntity.api}/detailByProcess`);

export const OPS_API = '/api/blade-workflow/ops';

/** An action of the console on the chosen rows (`ops/<call>`): the answer's message names what was done. */
export const opsAction = (call: string, body: Record<string, unknown>) =>
  request<R<{ count: number }>>(`${OPS_API}/${call}`, { method: 'POST', body, raw: true });

/** 立即执行 of a timer job. */
export const runJob = (jobId: string) => post(`${OPS_API}/runJob`, { jobId });
/** A node of a process the console may move a task to. */
export interface ProcessNode {
  nodeId: string;
  nodeName: string;
  nodeType: string;
}

/** The nodes of a process instance (operations console, 调度). */
export const opsNodesQuery = (processInstanceId: string) =>
  queryOptions({
    queryKey: queryKeys.workflow.opsNodes(processInstanceId),
    queryFn: () => get<ProcessNode[]>(`${OPS_API}/processNodes`, { processInstanceId }),
  });

/** A tab of the operations console: `/api/blade-workflow/ops/<url>`. */
export const opsList = (tab: string, url: string) => pagedList<ProcessRow>(queryKeys.workflow.ops(tab), `${OPS_API}/${url}`);

const MANAGER_API = '/api/blade-flow/manager';
const DEPLOYMENT_API = '/api/blade-workflow/deployment';
/** A row of manager/list: one process definition and its deployment. */
export interface DefinitionRow {
  id: string;
  key: string;
  name: string;
  version: number;
  category?: string | null;
  suspensionState: number;
  deploymentId: string;
  resourceName?: string;
  deploymentTime?: string;
}

/** The deployed process definitions, newest versions first per key. */
export const deploymentList = pagedList<DefinitionRow>(queryKeys.workflow.deployments(), `${MANAGER_API}/list`);

/** 挂起 / 激活 of a definition. */
export const changeDefinitionState = (processId: string, state: 'suspend' | 'active') => post(`${MANAGER_API}/change-state`, undefined, { processId, state });
/** Deletes a whole deployment (the server refuses while instances run). */
export const deleteDeployment = (deploymentId: string) => post(`${MANAGER_API}/delete-deployment`, undefined, { deploymentIds: deploymentId });
export const changeDeploymentCategory = (deploymentId: string, category: string) =>
  post(`${DEPLOYMENT_API}/changeCategory`, undefined, { ids: deploymentId, category });
/** 上传部署: .bpmn / .xml files with a category, to this tenant or (platform administrator) others. */
export const deployUpload = (body: FormData) => post(`${MANAGER_API}/deploy-upload`, body);

/** The tenants a deployment may go to (the platform administrator's; the first 100). */
export const deployTenantsQuery = () =>
  queryOptions({
    queryKey: queryKeys.entity(tenantEntity.api).options('deploy'),
    queryFn: () => get<Page<{ tenantId: string; tenantName: string }>>(entityApi(tenantEntity).url('list'), { current: 1, size: 100 }, { silent: true }),
  });

/** The deployed process keys with their names (a proxy's process; a refusal is not shown). */
export const deployedKeysQuery = () =>
  queryOptions({
    queryKey: queryKeys.workflow.deployedKeys(),
    queryFn: () => get<Page<{ key: string; name: string }>>(`${MANAGER_API}/list`, { current: 1, size: 500 }, { silent: true }),
    retry: false,
  });

export interface DraftRow {
  id: string;
  processDefKey?: string | null;
  processDefId?: string | null;
  taskId?: string | null;
  title?: string | null;
  formKey?: string | null;
  createTime?: string;
  updateTime?: string;
}

/** The user's drafts, newest first. */
export const draftList = pagedList<DraftRow>(queryKeys.entity(wfDraftEntity.api).lists(), `${wfDraftEntity.api}/list`);
export const removeDraft = (id: string) => entityApi(wfDraftEntity).remove([id]);

/** The definitions the user may start. */
export const startList = pagedList<StartableProcess>(queryKeys.workflow.startList(), START_LIST_URL);

/** A pending timer job (ops/jobs): the node it waits on and when it is due by the engine's clock. */
export interface JobRow {
  id: string;
  elementId: string;
  processInstanceId: string;
  processDefinitionName: string | null;
  title: string | null;
  serialNumber: string | null;
  taskName: string | null;
  dueTime: string;
  due: boolean;
  retries: number;
  exception: string | null;
}

/** The tenant's pending timer jobs, soonest first (`due=true`: only those due). */
export const opsJobs = pagedList<JobRow>(queryKeys.workflow.ops('jobs'), `${OPS_API}/jobs`);

export const LISTENER_API = '/api/blade-workflow/design/listener';
/** A Java listener class mapped to a built-in handler with its parameters. */
export interface ListenerMapRow {
  id: string;
  className: string;
  handler: string;
  handlerName: string;
  params: Record<string, string>;
  updateTime: string;
}
/** A built-in handler the mapping may name, with its parameters. */
export interface ListenerHandlerInfo {
  name: string;
  label: string;
  params: { name: string; label: string; required: boolean }[];
}

export const listenerMaps = pagedList<ListenerMapRow>(queryKeys.entity(LISTENER_API).lists(), `${LISTENER_API}/list`);
export const saveListenerMap = (body: { id?: string; className: string; handler: string; params: Record<string, string> }) =>
  post(`${LISTENER_API}/submit`, body);
export const removeListenerMap = (id: string) => post(`${LISTENER_API}/remove`, undefined, { ids: id });
export const listenerHandlersQuery = () =>
  queryOptions({
    queryKey: queryKeys.entity(LISTENER_API).options('handlers'),
    queryFn: ({ signal }) => get<ListenerHandlerInfo[]>(`${LISTENER_API}/handlers`, undefined, { signal }),
    staleTime: Infinity,
  });
