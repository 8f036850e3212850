/**
 * The form and search controls the customer pages use beyond the derived ones, each in one place: the owner
 * (人员选择), the region and the customer picker. Visit attachments and the chance's expected amount are
 * derived from their field kinds (`files`, `money`).
 */
import { CustomerPickerInput } from '../../components/CustomerPicker';
import { UserPickerInput } from '../../components/UserPicker';
import type { Row } from '../../components/CrudPage/fields';
import { RegionSelect } from './RegionSelect';

/** The customer's 负责人. */
export const ownerControl = <UserPickerInput testId="customer-owner" />;
/** The customer's 所在地区 (a region code). */
export const regionControl = <RegionSelect />;
/** The customer list's search on the owner and the region. */
export const ownerSearchControl = <UserPickerInput testId="customer-search-owner" />;
export const regionSearchControl = <RegionSelect testId="customer-search-region" style={{ width: 220 }} />;
/**
 * The customer a record belongs to (on the lists of contacts, visits … where it is not fixed): the record's
 * own customerName is shown, so editing asks nothing more.
 */
export const customerControl = (record: Row | undefined) => (
  <CustomerPickerInput name={typeof record?.customerName === 'string' && record.customerName ? record.customerName : undefined} />
);
