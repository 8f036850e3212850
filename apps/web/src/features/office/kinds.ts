/**
 * The two office approvals with lines (出差 and 采购) as the shared form works them: the head fields in form order,
 * the editable line fields, each line's amount (a trip line's cost; a purchase line's quantity × price, on fen) and
 * the texts. The total shown is the sum of the line amounts, as the server computes it.
 */
import {
  auditEvectionEntity,
  auditEvectionInfoEntity,
  auditShoppingEntity,
  auditShoppingInfoEntity,
  multiplyMoney,
  type EntityDef,
  type Label,
} from '@hjl/core';
import dayjs from 'dayjs';
import { OFFICE } from './labels';

export type Line = Record<string, unknown>;

export interface OfficeKind {
  def: EntityDef;
  lineDef: EntityDef;
  /** Prefix of the test ids (`evection-…`, `shopping-…`). */
  testId: string;
  /** The head's fields, in form order. */
  head: string[];
  /** The line fields typed in each row, in order. */
  lineFields: string[];
  /** The line's money column the total sums (shown computed when it is not typed). */
  amountField: string;
  /** A line's amount from what is typed, or null while it is incomplete. */
  lineAmount(line: Line | undefined): string | null;
  newLine(): Line;
  texts: { add: Label; edit: Label; view: Label; lines: Label; total: Label; noLines: Label };
}

const MONEY = /^\d{1,16}(\.\d{1,2})?$/;
const moneyOf = (v: unknown) => {
  const text = v === undefined || v === null ? '' : String(v).trim();
  return MONEY.test(text) ? text : null;
};

export const EVECTION: OfficeKind = {
  def: auditEvectionEntity,
  lineDef: auditEvectionInfoEntity,
  testId: 'evection',
  head: ['reason', 'destination', 'startDate', 'endDate', 'filePath', 'remark'],
  lineFields: ['tripDate', 'fromPlace', 'toPlace', 'transport', 'cost', 'remark'],
  amountField: 'cost',
  lineAmount: (line) => moneyOf(line?.cost),
  newLine: () => ({ tripDate: dayjs().format('YYYY-MM-DD') }),
  texts: {
    add: OFFICE.addEvection,
    edit: OFFICE.editEvection,
    view: OFFICE.viewEvection,
    lines: OFFICE.evectionLines,
    total: OFFICE.evectionTotal,
    noLines: OFFICE.noEvectionLines,
  },
};

export const SHOPPING: OfficeKind = {
  def: auditShoppingEntity,
  lineDef: auditShoppingInfoEntity,
  testId: 'shopping',
  head: ['title', 'needDate', 'filePath', 'remark'],
  lineFields: ['itemName', 'spec', 'qty', 'price', 'remark'],
  amountField: 'amount',
  lineAmount: (line) => {
    const price = moneyOf(line?.price);
    const qty = Number(line?.qty);
    return price && Number.isInteger(qty) && qty > 0 ? multiplyMoney(price, String(qty)) : null;
  },
  newLine: () => ({ qty: 1 }),
  texts: {
    add: OFFICE.addShopping,
    edit: OFFICE.editShopping,
    view: OFFICE.viewShopping,
    lines: OFFICE.shoppingLines,
    total: OFFICE.shoppingTotal,
    noLines: OFFICE.noShoppingLines,
  },
};
