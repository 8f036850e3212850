export {
  CustomerPicker,
  CustomerPickerInput,
  PICKER_PAGE_SIZE,
  type CustomerPickerProps,
  type CustomerPickerInputProps,
  type CustomerRow,
} from './CustomerPicker';
