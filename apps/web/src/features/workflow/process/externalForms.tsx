/**
 * External forms (form key `wf_ex_<suffix>`): pages of ours that replace the dynamic form of a process, by
 * suffix. `start` is the start screen of such a process; `record` shows its business record on the handle and
 * detail screens (the process is recognised by its key, as task lists do not carry the form key).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ProcessDetail } from './processApi';

export interface ExternalStartProps {
  processId?: string;
  processDefKey?: string;
}

export interface ExternalRecordProps {
  detail: ProcessDetail;
}

export interface ExternalForm {
  processKey: string;
  start: LazyExoticComponent<ComponentType<ExternalStartProps>>;
  record: LazyExoticComponent<ComponentType<ExternalRecordProps>>;
}

export const EXTERNAL_FORMS: Record<string, ExternalForm> = {
  leave: {
    processKey: 'Leave',
    start: lazy(() => import('../leave/LeaveStartForm')),
    record: lazy(() => import('../leave/LeaveRecord')),
  },
};

/** The external form of a process key, if it has one. */
export function externalFormOf(processKey: string | undefined): ExternalForm | undefined {
  return Object.values(EXTERNAL_FORMS).find((f) => f.processKey === processKey);
}
