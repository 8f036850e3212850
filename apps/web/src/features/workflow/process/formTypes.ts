/**
 * What a business form of a process is (formRegistry.ts): the entries of app/processForms.tsx and the props
 * their pages get. Types only, so that the entries, the registry and the forms import no one in a circle.
 */
import type { EntityDef, Label } from '@hjl/core';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ApprovalView } from '../../../components/ApprovalDrawer';
import type { ProcessDetail } from './api';

export type Lazy<P> = LazyExoticComponent<ComponentType<P>> | ComponentType<P>;

/** What a start form is opened with. */
export interface FormStartProps {
  processId?: string;
  processDefKey?: string;
  /** The `{type}` variant of the address, if any. */
  type?: string;
  /** The registry entry. */
  form?: ProcessForm;
}

/** What a record view (handle and detail screens) is given. */
export interface FormRecordProps {
  detail: ProcessDetail;
  form?: ProcessForm;
}

/** What a step form is given: the detail, whether the user holds the task, and a way to hand its values over. */
export interface StepFormProps {
  detail: ProcessDetail;
  form?: ProcessForm;
  /** The user holds the task: the form is editable. */
  holding: boolean;
  /**
   * The form hands the approval panel a collector of its values (called on 同意): it resolves to the variables
   * sent with the completion, or rejects after showing why they are not valid.
   */
  onCollect: (collect: (() => Promise<Record<string, unknown>>) | undefined) => void;
}

export interface ProcessForm {
  /** The form url (`/workflow/makePayment`), without a `{type}` or step segment. */
  url?: string;
  /** The suffix of an external form key `wf_ex_<suffix>`. */
  suffix?: string;
  /** The process keys whose instances this form shows (records' `processDefinitionKey`); the first starts a bare url. */
  processKey: string | readonly string[];
  /** The approvable record: the default start form, record view and the 审批详情 drawer read it. */
  def?: EntityDef;
  /** Page title (default: the definition's label). */
  title?: Label;
  start?: Lazy<FormStartProps>;
  record?: Lazy<FormRecordProps>;
  /** Step forms by name (`startStep`, `finalStep`): at `<url>/<step>`, and on the task of the node naming it. */
  steps?: Record<string, Lazy<StepFormProps>>;
  /** The `{type}` variants at `<url>/<type>`, with their titles. */
  types?: Record<string, Label>;
  /** The record's field the `{type}` variant sets (the default start form fills it and hides it). */
  typeField?: string;
  /** The 审批详情 drawer's view of the form's process keys (registered with the drawer when the app loads). */
  drawer?: ApprovalView;
}
