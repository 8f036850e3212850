import { toFen } from './money.ts';

/**
 * The project's income and expense (项目收支, the project 360 view and the cross-project report; BUSINESS.md WP3).
 * Every figure but the contract amount and the invoiced total is a sum of ledger rows (收支明细) linked to the
 * project, told apart by the record that produced them (`bizType`, the producing table) and their cost type:
 * - 已收款 collect: income rows of approved collections;
 * - 其他收入 otherIncome: any other income row of the project (hand entries, claims);
 * - 劳务费 labour: expense rows of labour fees;
 * - 结算费用 settlement: expense rows of the settlement fee;
 * - 成本 cost:<costType>: every other expense row (project expenses, payments, hand entries), by cost type
 *   (`cost:none` without one);
 * - 保证金支出 depositOut / 保证金收回 depositIn: the rows of guarantee money (deposits paid and bidders' deposits
 *   returned; refunds received and bidders' deposits received) — money held, not earned or spent, so neither cost
 *   nor other income.
 * 收入合计 income and 支出合计 expend are the rows but the deposits'; gross profit = income − expense; margin = profit ÷
 * income (percent, two decimals, half up).
 */

/** The producing tables the statement tells apart (the money events' `bizType` in the ledger). */
export const PROJECT_LEDGER_BIZ = {
  collect: 'hjl_project_collect',
  labour: 'hjl_project_collect_labour_from',
  expense: 'hjl_project_apply_expense',
  settlement: 'hjl_project_decision',
  /** A project expense entered by finance (hjlIncomeExpends save/project/expend). */
  direct: 'hjl_project_expend',
  /** A deposit paid (expense) or received from a bidder (income). */
  deposit: 'hjl_apply_guarantee_money',
  /** A deposit's refund (income) or a bidder's deposit returned (expense). */
  depositRefund: 'hjl_refund_guarantee_money',
} as const;

/** The producing tables of guarantee money. */
export const DEPOSIT_LEDGER_BIZ: readonly string[] = [PROJECT_LEDGER_BIZ.deposit, PROJECT_LEDGER_BIZ.depositRefund];

/** A figure of the statement that is a sum of ledger rows. */
export type ProjectFigureKey =
  'collect' | 'otherIncome' | 'labour' | 'settlement' | 'income' | 'expend' | `cost:${number}` | 'cost:none' | 'depositOut' | 'depositIn';

export const PROJECT_FIGURE_RE = /^(collect|otherIncome|labour|settlement|income|expend|depositOut|depositIn|cost:none|cost:\d{1,4})$/;

/** The figure of expense rows without a cost type. */
export const UNCLASSIFIED_COST_LABEL = { zh: '未分类成本', en: 'Unclassified costs' };

export const PROJECT_FIGURE_LABEL: Record<string, { zh: string; en: string }> = {
  contract: { zh: '合同金额', en: 'Contract amount' },
  invoiced: { zh: '已开票', en: 'Invoiced' },
  collect: { zh: '已收款', en: 'Collected' },
  outstanding: { zh: '未收款', en: 'Outstanding' },
  otherIncome: { zh: '其他收入', en: 'Other income' },
  labour: { zh: '劳务费', en: 'Labour fees' },
  settlement: { zh: '结算费用', en: 'Settlement' },
  income: { zh: '收入合计', en: 'Income' },
  expend: { zh: '支出合计', en: 'Expense' },
  cost: { zh: '成本支出', en: 'Costs' },
  'cost:none': UNCLASSIFIED_COST_LABEL,
  depositOut: { zh: '保证金支出', en: 'Deposits out' },
  depositIn: { zh: '保证金收回', en: 'Deposits in' },
  depositHeld: { zh: '保证金占用', en: 'Deposits held' },
  profit: { zh: '毛利', en: 'Gross profit' },
  margin: { zh: '毛利率', en: 'Margin' },
};

/** The figure a ledger row counts in. */
export function figureOfRow(row: { incomeOrExpend: number | string | null; bizType?: string | null; costType?: number | string | null }): ProjectFigureKey {
  const income = Number(row.incomeOrExpend) === 0;
  if (row.bizType && DEPOSIT_LEDGER_BIZ.includes(row.bizType)) return income ? 'depositIn' : 'depositOut';
  if (income) return row.bizType === PROJECT_LEDGER_BIZ.collect ? 'collect' : 'otherIncome';
  if (row.bizType === PROJECT_LEDGER_BIZ.labour) return 'labour';
  if (row.bizType === PROJECT_LEDGER_BIZ.settlement) return 'settlement';
  return row.costType === null || row.costType === undefined || row.costType === '' ? 'cost:none' : `cost:${Number(row.costType)}`;
}

/** Profit ÷ income in percent, two decimals, half up ('25.37'); null without income. */
export function marginPercent(profit: string, income: string): string | null {
  const inc = toFen(income);
  if (inc <= 0n) return null;
  const p = toFen(profit);
  // percent × 100 (hundredths of a percent), rounded half away from zero.
  const num = p * 10000n;
  const neg = num < 0n;
  const abs = neg ? -num : num;
  let q = abs / inc;
  if ((abs % inc) * 2n >= inc) q += 1n;
  const hundredths = neg ? -q : q;
  const sign = hundredths < 0n ? '-' : '';
  const h = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${h / 100n}.${(h % 100n).toString().padStart(2, '0')}`;
}
