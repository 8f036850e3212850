export {
  RecordPicker,
  RecordPickerInput,
  pickerNameOf,
  PICKER_PAGE_SIZE,
  type PickerColumn,
  type PickerKind,
  type PickerRow,
  type RecordPickerProps,
  type RecordPickerInputProps,
} from './RecordPicker';
export {
  ACCOUNT_KIND,
  CONTRACT_KIND,
  CUSTOMER_KIND,
  PROJECT_KIND,
  AccountPicker,
  AccountPickerInput,
  ContractPicker,
  ContractPickerInput,
  ProjectPicker,
  ProjectPickerInput,
  type AccountRow,
} from './kinds';
