/**
 * The control of a reference field (FieldDef.ref, docs/business-area.md): the picker of the kind the field refers to, in the
 * edit dialog and the search form of CrudPage — a page no longer passes `controls` for these. The common kinds
 * are registered here; an area adds its own with `registerRefControl(kind, Control)` (e.g. in its api.ts or a
 * module its pages import), and a field of a kind nobody registered falls back to the derived input.
 *
 *   registerRefControl('branch', ({ value, onChange, disabled, testId, search }) => <BranchSelect … />);
 */
import type { FieldDef } from '@hjl/core';
import type { ReactElement } from 'react';
import { CustomerPickerInput } from '../CustomerPicker';
import { DeptTreeSelect, PostSelect } from '../OrgSelect';
import { ACCOUNT_KIND, BRANCH_KIND, CONTRACT_KIND, PROJECT_KIND, RecordPickerInput, type PickerKind } from '../RecordPicker';
import { RegionSelect } from '../RegionSelect';
import { UserPickerInput } from '../UserPicker';

export interface RefControlProps {
  /** Injected by Form.Item. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  field: FieldDef;
  /** The name of the referenced record when the edited record carries it (`record[field.display]`). */
  name?: string;
  testId: string;
  /** In the search form (a fixed width, clearable). */
  search?: boolean;
}

/** Renders the control of a kind: returns the picker element (hooks belong inside that picker, not here). */
export type RefControl = (props: RefControlProps) => ReactElement;

const controls = new Map<string, RefControl>();

/** Registers (or replaces) the control of a kind of reference. */
export function registerRefControl(kind: string, control: RefControl) {
  controls.set(kind, control);
}

/** The control of a field's reference kind, if one is registered. */
export function refControlOf(field: FieldDef): RefControl | undefined {
  return field.ref ? controls.get(field.ref) : undefined;
}

const SEARCH_WIDTH = 180;

registerRefControl('user', ({ value, onChange, disabled, testId }) => (
  <UserPickerInput value={value} onChange={(v) => onChange?.(v)} disabled={disabled} testId={testId} />
));
registerRefControl('dept', ({ value, onChange, disabled, testId, search }) => (
  <DeptTreeSelect value={value} onChange={onChange} disabled={disabled} testId={testId} width={search ? SEARCH_WIDTH : undefined} />
));
registerRefControl('post', ({ value, onChange, disabled, testId, search }) => (
  <PostSelect value={value} onChange={onChange} disabled={disabled} testId={testId} width={search ? SEARCH_WIDTH : undefined} />
));
registerRefControl('region', ({ value, onChange, disabled, testId, search }) => (
  <RegionSelect value={value} onChange={onChange} disabled={disabled} testId={testId} style={search ? { width: 220 } : undefined} />
));
registerRefControl('customer', ({ value, onChange, disabled, testId, name, search }) => (
  <CustomerPickerInput value={value} onChange={onChange} disabled={disabled} testId={testId} name={name} allowClear={search} />
));
const recordControl =
  (kind: PickerKind) =>
  ({ value, onChange, disabled, testId, name, search }: RefControlProps) => (
    <RecordPickerInput kind={kind} value={value} onChange={onChange} disabled={disabled} testId={testId} name={name} allowClear={search} />
  );
registerRefControl('project', recordControl(PROJECT_KIND));
registerRefControl('contract', recordControl(CONTRACT_KIND));
registerRefControl('account', recordControl(ACCOUNT_KIND));
registerRefControl('branch', recordControl(BRANCH_KIND));
