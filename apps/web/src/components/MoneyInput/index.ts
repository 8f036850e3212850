export { MoneyInput, MONEY_DEBOUNCE_MS, type MoneyInputProps } from './MoneyInput';
