/**
 * Business forms of processes (S1 L31-34, S2 L60-85; BUSINESS.md §2): the pages of ours that a process opens
 * instead of a dynamic form. A start form key `wf_ex_<suffix>` opens `/workflow/process/external/{suffix}/{type}?p=`;
 * any other form key that is a form url (`/workflow/makePayment`) opens that url with `?p=` (processRoute.ts).
 * Each form is one entry of `processForms` (app/processForms.tsx), which maps its url to
 * - its start form (`start`; by default one derived from the record's definition, posting `<api>/start`),
 * - the record view shown on the handle and detail screens (`record`; by default the record's fields),
 * - its step forms (`steps.startStep`, `steps.finalStep`: two forms of one process, the applicant's and the one
 *   finance fills at the last node), each at `<url>/<step>`,
 * - its `{type}` variants (`types`: deposit kind, archive kind …) at `<url>/<type>`.
 * The handle screen of a task (from the to-do list or a form url) shows the step form of the task's node (the
 * node's form key names `<url>/<step>`, or the address does), else the record view.
 */
import { processForms, processKeysOf } from '../../../app/processForms';
import type { ProcessForm } from './formTypes';
import type { ProcessDetail } from './api';

export type { FormRecordProps, FormStartProps, ProcessForm, StepFormProps } from './formTypes';

/**
 * The two forms of a two-step process (S2 L60-85): `<url>/startStep` is the applicant's (its start form), `<url>/finalStep`
 * the one filled at the last node; a form without a step form of that name shows its record there.
 */
const TWO_STEPS = ['startStep', 'finalStep'];

/** An entry and what the address or the node chose of it. */
export interface FormMatch {
  form: ProcessForm;
  step?: string;
  type?: string;
}

/** The first process key of a form: what a bare form url starts. */
export const startKeyOf = (form: ProcessForm): string => processKeysOf(form)[0]!;

/** The entry, step and variant an address names (`/workflow/applyPayment/finalStep`, `/workflow/payTheDeposit/1`). */
export function matchFormUrl(pathname: string, forms: readonly ProcessForm[] = processForms): FormMatch | undefined {
  const path = pathname.replace(/\/+$/, '').split('?')[0]!;
  for (const form of forms) {
    if (!form.url) continue;
    if (path === form.url) return { form };
    if (!path.startsWith(`${form.url}/`)) continue;
    const rest = decodeURIComponent(path.slice(form.url.length + 1));
    if (rest.includes('/')) continue;
    if ((form.steps && Object.hasOwn(form.steps, rest)) || TWO_STEPS.includes(rest)) return { form, step: rest };
    if (form.types && Object.hasOwn(form.types, rest)) return { form, type: rest };
  }
  return undefined;
}

/** The external form `wf_ex_<suffix>`. */
export function formOfSuffix(suffix: string, forms: readonly ProcessForm[] = processForms): ProcessForm | undefined {
  return forms.find((f) => f.suffix === suffix);
}

/** The form of a process key. */
export function formOfProcessKey(key: string | null | undefined, forms: readonly ProcessForm[] = processForms): ProcessForm | undefined {
  return key ? forms.find((f) => processKeysOf(f).includes(key)) : undefined;
}

/**
 * The form of a process screen: the open task's node form key when it is a form url of ours (with its step), else
 * the entry of the process key (with its step named as the task's node id, if it has one); `hint` is the address the
 * screen was opened at (a step named there applies).
 */
export function formOfDetail(detail: ProcessDetail, hint?: FormMatch, forms: readonly ProcessForm[] = processForms): FormMatch | undefined {
  // `process.formKey` is the form key of the open task's node; `form.formKey` a form design's.
  const nodeKey = [detail.process.formKey, detail.form.formKey].find((k) => k?.startsWith('/'));
  const byNode = nodeKey ? matchFormUrl(nodeKey, forms) : undefined;
  if (byNode) return byNode;
  const byKey = formOfProcessKey(detail.process.processDefinitionKey, forms);
  if (hint && (!byKey || hint.form === byKey)) return hint;
  // A step named as the open task's node (as the approval kit matches it: the node id, e.g. a claim's financeTask).
  const nodeId = detail.process.taskDefinitionKey;
  if (byKey && nodeId && byKey.steps && Object.hasOwn(byKey.steps, nodeId)) return { form: byKey, step: nodeId };
  return byKey ? { form: byKey } : undefined;
}

/** The id of the record an instance is about, from its business key `<table>:<id>` (or a bare id). */
export function recordIdOf(businessKey: string | null | undefined): string | undefined {
  if (!businessKey) return undefined;
  const m = /(?:^|:)(\d+)$/.exec(businessKey);
  return m?.[1];
}
