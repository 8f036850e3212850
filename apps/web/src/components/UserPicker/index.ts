export { UserPicker, USER_PICKER_SIZE, USER_PICKER_SIZES, NO_ROW_CHOSEN, NO_ACCOUNT, type PickedUser, type UserPickerProps } from './UserPicker';
export { UserPickerInput, type UserPickerInputProps } from './UserPickerInput';
