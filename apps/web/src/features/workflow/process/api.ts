/**
 * The workflow runtime calls the process screens make (docs/workflow.md "Runtime API"), their answers' shapes,
 * and what a screen reads from a form design or a definition's XML. Keys from app/queryKeys (workflow.*).
 */
import { parseFormColumns, type EntityDef, type FormColumn, type NodeField } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post, type Query } from '../../../app/api';
import { queryKeys } from '../../../app/queryKeys';
import type { Row } from '../../../components/CrudPage';
import { entityApi } from '../../../components/CrudPage/api';
import type { FlowHistoryItem } from '../../../components/WorkflowTimeline';

const WF = '/api/blade-workflow/process';
export const START_LIST_URL = `${WF}/list`;
const START_FORM_URL = `${WF}/getFormByProcessId`;
const START_FORM_BY_KEY_URL = `${WF}/getFormByProcessDefKey`;
const DETAIL_URL = `${WF}/detail`;
const MODEL_VIEW_URL = '/api/blade-flow/process/model-view';

/** A definition of the start list. */
export interface StartableProcess {
  id: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  name: string;
  version: number;
  category: string | null;
  description: string | null;
  /** Not in the list answer: the start form's key is read when 发起 is pressed. */
  formKey?: string | null;
}

export interface ProcessFormDesign {
  formKey: string;
  formName: string;
  formVersion: number;
  /** The columns, as JSON text. */
  content: string;
  deployed: boolean;
}

export interface StartFormAnswer {
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string;
  processDefinitionVersion: number;
  formKey: string | null;
  form: ProcessFormDesign | null;
}

export interface Draft {
  id: string;
  processDefKey: string;
  title?: string | null;
  variables?: Record<string, unknown> | null;
}

export interface ProcessButton {
  code: string;
  name: string;
  display?: boolean;
}

export interface ProcessDetail {
  process: {
    processDefinitionId: string;
    processDefinitionKey: string;
    processDefinitionName: string;
    processInstanceId: string;
    businessKey: string | null;
    serialNumber: string | null;
    title: string | null;
    startUserName: string;
    createTime: string;
    endTime: string | null;
    xml: string;
    formKey: string | null;
    taskId?: string;
    taskName?: string;
    taskDefinitionKey?: string;
    assignee?: string | null;
    assigneeName?: string;
    delegationState?: string | null;
  };
  isHolder: boolean;
  isStarter: boolean;
  form: { variables: Record<string, unknown>; formKey?: string; formName?: string; content?: string };
  button: ProcessButton[];
  fields: NodeField[];
  backNodes: { nodeId: string; nodeName: string }[];
  flow: FlowHistoryItem[];
}

/** The columns of a form design (none when there is no form or its text is not a field list). */
export function formColumns(content: string | null | undefined): FormColumn[] {
  if (!content) return [];
  const parsed = parseFormColumns(content);
  return 'columns' in parsed ? parsed.columns : [];
}

/** A choice the starter makes for the first task: who takes it (a process variable the task's assignee names). */
export interface NextApproverChoice {
  /** The variable set (`approver` of `${approver}`). */
  variable: string;
  /** The task's name. */
  taskName: string;
  /** A multi-instance collection (several users, an array) rather than one assignee. */
  multiple: boolean;
}

const FLOWABLE = 'http://flowable.org/bpmn';
const VARIABLE = /^\$\{\s*([A-Za-z_]\w*)\s*\}$/;

/**
 * The user tasks right after the start event whose assignee (or multi-instance collection) is a plain
 * `${variable}`: the start screen asks the starter for those people (the leave model's `${approver}`).
 */
export function nextApproverChoices(xml: string): NextApproverChoice[] {
  if (!xml) return [];
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) return [];
  const byLocal = (name: string) => Array.from(doc.getElementsByTagNameNS('*', name));
  const start = byLocal('startEvent')[0];
  if (!start) return [];
  const startId = start.getAttribute('id');
  const targets = byLocal('sequenceFlow')
    .filter((f) => f.getAttribute('sourceRef') === startId)
    .map((f) => f.getAttribute('targetRef'));
  const choices: NextApproverChoice[] = [];
  for (const task of byLocal('userTask').filter((t) => targets.includes(t.getAttribute('id')))) {
    const taskName = task.getAttribute('name') ?? task.getAttribute('id') ?? '';
    const loop = task.getElementsByTagNameNS('*', 'multiInstanceLoopCharacteristics')[0];
    const collection = VARIABLE.exec(loop?.getAttributeNS(FLOWABLE, 'collection') ?? '')?.[1];
    if (loop && collection) {
      choices.push({ variable: collection, taskName, multiple: true });
      continue;
    }
    const assignee = VARIABLE.exec(task.getAttributeNS(FLOWABLE, 'assignee') ?? '')?.[1];
    if (assignee) choices.push({ variable: assignee, taskName, multiple: false });
  }
  return choices;
}

/** The start event's id (where the start form's field rules apply). */
export function startEventId(xml: string): string | undefined {
  if (!xml) return undefined;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  return doc.getElementsByTagNameNS('*', 'startEvent')[0]?.getAttribute('id') ?? undefined;
}

/** The start form of a definition (by id) or of the newest version of a key. */
export const startFormQuery = (by: { processId?: string | null; processDefKey?: string | null }) =>
  queryOptions({
    queryKey: queryKeys.workflow.startForm(by.processId ?? null, by.processDefKey ?? null),
    queryFn: ({ signal }) =>
      by.processId
        ? get<StartFormAnswer>(START_FORM_URL, { processId: by.processId }, { signal })
        : get<StartFormAnswer>(START_FORM_BY_KEY_URL, { processDefKey: by.processDefKey }, { signal }),
    retry: false,
  });

/** The start form of a definition, fetched once (a button that opens the start screen). */
export const fetchStartForm = (by: { processId?: string; processDefKey?: string }) =>
  by.processId
    ? get<StartFormAnswer>(START_FORM_URL, { processId: by.processId })
    : get<StartFormAnswer>(START_FORM_BY_KEY_URL, { processDefKey: by.processDefKey });

/** The XML of a deployed definition (the start screen reads who the first task asks for). */
export const definitionXmlQuery = (processDefinitionId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.workflow.definitionXml(processDefinitionId ?? null),
    queryFn: ({ signal }) => get<{ xml: string }>(MODEL_VIEW_URL, { processDefinitionId }, { signal }),
    enabled: !!processDefinitionId,
  });

/** The user's draft of a process key (an empty object when none; a refusal is not shown). */
export const draftQuery = (processDefKey: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.workflow.draft(processDefKey ?? null),
    queryFn: ({ signal }) => get<Draft | null>(`${WF}/draft/detail`, { processDefKey }, { signal, silent: true }),
    enabled: !!processDefKey,
    retry: false,
  });

export const startProcess = (body: { processDefinitionId: string; variables: Record<string, unknown>; title?: string; copyUser?: string }) =>
  post(`${WF}/startProcess`, body);

export const saveDraft = (body: { processDefKey: string; processDefId: string; formKey?: string; title: string; variables: Record<string, unknown> }) =>
  post(`${WF}/draft/submit`, body);

/** A task (taskId) or a process (processInsId) as the handle and detail screens show it. */
export const processDetailQuery = (taskId: string | undefined, processInsId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.workflow.detail(taskId ?? null, processInsId ?? null),
    queryFn: ({ signal }) => get<ProcessDetail>(DETAIL_URL, { taskId, processInsId }, { signal }),
    retry: false,
  });

/** The task actions of the process screens and lists (docs/workflow.md "Runtime API"): POST `<process>/<call>`. */
const TASK_CALLS = {
  complete: 'completeTask',
  terminate: 'terminateProcess',
  withdraw: 'withdrawTask',
  claim: 'claimTask',
  rollback: 'rollbackTask',
  transfer: 'transferTask',
  delegate: 'delegateTask',
  addSign: 'addMultiInstance',
  deleteSign: 'deleteMultiInstance',
  copy: 'copy',
} as const;
export type TaskAction = keyof typeof TASK_CALLS;

export const taskAction = (action: TaskAction, body?: Record<string, unknown>, params?: Query) => post(`${WF}/${TASK_CALLS[action]}`, body, params);

/** 办理 of one task without showing a refusal: the caller reports it (批量审批 lists each task's outcome). */
export const completeTaskQuietly = (body: { taskId: string; processInstanceId: string; pass: boolean; comment: string }) =>
  post(`${WF}/${TASK_CALLS.complete}`, body, undefined, { silent: true });

/** A record of a business form (the definition's detail call, open to the people in its process; a refusal shown by the screen). */
export const formRecordQuery = (def: EntityDef | undefined, id: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.entity(def?.api ?? '').detail(id ?? null),
    queryFn: ({ signal }) => get<Row>(entityApi(def!).url('detail'), { id }, { signal }),
    enabled: !!def && !!id,
    retry: false,
  });
