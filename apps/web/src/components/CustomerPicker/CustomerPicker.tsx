/**
 * The customer picker (spec 2, Customer-picker dialog): the record picker (components/RecordPicker) of the
 * customer kind — single choice (radio; a double-click confirms) or several (checkboxes); search by customer
 * name; 10 per page on the server; columns customer name, customer type, contact person, contact phone;
 * confirming with nothing chosen warns 请选择客户. `CustomerPickerInput` is the form control of a customer id.
 */
import { CUSTOMER_KIND, RecordPicker, RecordPickerInput, type RecordPickerInputProps, type RecordPickerProps } from '../RecordPicker';

/** A row of the picker (spec 2, Customer picker row). */
export interface CustomerRow {
  id: string;
  customerName: string;
  customerType: number | null;
  contactPerson: string | null;
  contactPhone: string | null;
  [field: string]: unknown;
}

export type CustomerPickerProps = Omit<RecordPickerProps<CustomerRow>, 'kind'>;

export function CustomerPicker(props: CustomerPickerProps) {
  return <RecordPicker<CustomerRow> kind={CUSTOMER_KIND} {...props} />;
}

export type CustomerPickerInputProps = Omit<RecordPickerInputProps<CustomerRow>, 'kind'>;

/** A form control holding a customer id: shows the name, 选择 opens the picker. */
export function CustomerPickerInput(props: CustomerPickerInputProps) {
  return <RecordPickerInput<CustomerRow> kind={CUSTOMER_KIND} {...props} />;
}
