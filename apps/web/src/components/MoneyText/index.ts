export { MoneyText, moneyText, type MoneyTextProps } from './MoneyText';
