/**
 * The workflow runtime calls the process screens make (docs/workflow.md "Runtime API"), their answers' shapes,
 * and what a screen reads from a form design or a definition's XML.
 */
import { parseFormColumns, type FormColumn, type NodeField } from '@hjl/core';
import type { FlowHistoryItem } from '../../../components/WorkflowTimeline';

export const WF = '/api/blade-workflow/process';
export const START_LIST_URL = `${WF}/list`;
export const START_FORM_URL = `${WF}/getFormByProcessId`;
export const START_FORM_BY_KEY_URL = `${WF}/getFormByProcessDefKey`;
export const START_URL = `${WF}/startProcess`;
export const DETAIL_URL = `${WF}/detail`;
export const MODEL_VIEW_URL = '/api/blade-flow/process/model-view';
export const DRAFT_DETAIL_URL = `${WF}/draft/detail`;
export const DRAFT_SUBMIT_URL = `${WF}/draft/submit`;

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
