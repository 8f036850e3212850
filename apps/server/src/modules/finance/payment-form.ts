/**
 * The payment form (付款信息, S2 L190-197, messages S2 L305-310): the fields a cashier fills when money leaves, and
 * their messages. Finance's applications and other areas' payments (finance/api.ts) share it.
 */
import { isDateText } from '@hjl/core';
import type { Row } from '../../platform/crud/repo.ts';

/** The payment form (付款信息, S2 L190-197) a cashier fills at the last node. */
export const PAYMENT_FIELDS = [
  'expenseType',
  'transactionDate',
  'transactionReferenceNumber',
  'payerName',
  'debitAccountNo',
  'payerAccountBank',
  'accountInfoId',
  'accountNum',
] as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The messages of the payment form (S2 L305-310), in the form's order. */
export function paymentFormMessages(v: Row): string[] {
  const out: string[] = [];
  if (blank(v.expenseType)) out.push('请选择付款方式');
  if (blank(v.transactionDate)) out.push('请选择打款日期');
  else if (!isDateText(String(v.transactionDate))) out.push('打款日期格式应为yyyy-MM-dd');
  if (blank(v.payerName)) out.push('请填写付款人名称');
  if (blank(v.debitAccountNo)) out.push('请填写付款人账号');
  if (blank(v.payerAccountBank)) out.push('请选择付款人开户行');
  return out;
}
