export { CustomerPicker, CustomerPickerInput, type CustomerPickerProps, type CustomerPickerInputProps, type CustomerRow } from './CustomerPicker';
export { PICKER_PAGE_SIZE } from '../RecordPicker';
