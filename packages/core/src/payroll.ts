/**
 * The salary rule (BUSINESS.md §1 "Salary", BUSINESS.md WP6): one person's pay for one month, on integer fen (money.ts),
 * never floating point. Shared by the server (computation, stored with the record) and the web (the calculation
 * detail shows the same steps).
 *
 * - standard pay = base + post pay + performance pay + allowance (the person's salary standard);
 * - each attendance item = value × its field's unit amount (payable items add, deduction items subtract);
 * - gross = standard + Σ payable items + other pay + the month's labour fees paid to the person (an employee's labour
 *   fee is wages, BUSINESS.md §1 "Labour fee") − Σ deduction items − other deductions, never below zero: what the
 *   deductions take beyond everything payable is kept as `uncoveredDeduction` (shown, not carried to the next month);
 * - individual income tax by the cumulative withholding method (累计预扣法, 国家税务总局公告2018年第61号): within the
 *   calendar year, cumulative taxable = Σ gross − 5,000 × the months employed by the firm so far this year (from the
 *   hire month, or January; not the months that have a salary record) − Σ personal social security − Σ special
 *   deductions (itemised: special-deduction.ts); cumulative tax =
 *   taxable × rate − quick deduction of its bracket (annual table, 3 %–45 %); this month's tax = cumulative tax − tax
 *   withheld in the earlier months of the year, never below zero;
 * - net = gross − personal social security − tax (negative when social security exceeds the gross: the person owes it).
 */
import { compareMoney, fenToMoney, multiplyMoney, sumMoney, toFen, type MoneyText } from './money.ts';

/** Monthly basic deduction (基本减除费用) of the cumulative method. */
export const IIT_MONTHLY_THRESHOLD = '5000.00';

/** The annual brackets of the comprehensive income (综合所得) table: up to `upTo` (inclusive) taxed at `rate` less `quick`. */
export const IIT_BRACKETS: readonly { upTo: string | null; rate: string; quick: string }[] = [
  { upTo: '36000.00', rate: '0.03', quick: '0.00' },
  { upTo: '144000.00', rate: '0.10', quick: '2520.00' },
  { upTo: '300000.00', rate: '0.20', quick: '16920.00' },
  { upTo: '420000.00', rate: '0.25', quick: '31920.00' },
  { upTo: '660000.00', rate: '0.30', quick: '52920.00' },
  { upTo: '960000.00', rate: '0.35', quick: '85920.00' },
  { upTo: null, rate: '0.45', quick: '181920.00' },
];

/** An attendance field's effect on pay (hjl_attendance_field_config.payableOrDeduction). */
export const ATTENDANCE_KIND = { none: 0, payable: 1, deduction: 2 } as const;

export interface PayrollItemInput {
  code: string;
  name: string;
  unit?: string | null;
  kind: number;
  unitAmount: MoneyText;
  /** The attendance value (days, hours, times): a decimal text of at most two decimals. */
  value: string;
}

export interface PayrollInput {
  basePay: MoneyText;
  postPay: MoneyText;
  performancePay: MoneyText;
  allowance: MoneyText;
  items: readonly PayrollItemInput[];
  otherPay?: MoneyText;
  otherDeduction?: MoneyText;
  /** The month's labour fees paid to the person as an employee (wages: they join the gross and the withholding). */
  labourPay?: MoneyText;
  /** Which labour fees they are (the step's formula: 项目 金额 …). */
  labourText?: string;
  socialPersonal: MoneyText;
  specialDeduction: MoneyText;
  /** The month's special deductions line by line (the step's formula); their total is `specialDeduction`. */
  specialLines?: readonly { label: string; amount: string }[];
  /** Months employed by the firm so far this year, this one included (employedMonths); default prior.months + 1. */
  employedMonths?: number;
  /** What the person's earlier months of the same year add up to (months with a salary record before this one). */
  prior: { months: number; income: MoneyText; social: MoneyText; special: MoneyText; tax: MoneyText };
}

export interface PayrollItem extends PayrollItemInput {
  amount: string;
}

export interface PayrollResult {
  standardPay: string;
  payableAmount: string;
  deductionAmount: string;
  uncoveredDeduction: string;
  labourPay: string;
  grossPay: string;
  socialPersonal: string;
  specialDeduction: string;
  taxMonths: number;
  cumulativeIncome: string;
  cumulativeThreshold: string;
  cumulativeSocial: string;
  cumulativeSpecial: string;
  cumulativeTaxable: string;
  taxRate: string;
  quickDeduction: string;
  cumulativeTax: string;
  priorTax: string;
  incomeTax: string;
  netPay: string;
  items: PayrollItem[];
  /** How each figure was reached, in the words of the payslip (工资核算明细). */
  steps: { label: string; formula: string; value: string }[];
}

const m = (v: MoneyText) => fenToMoney(toFen(v));
const max0 = (v: string) => (compareMoney(v, '0') < 0 ? '0.00' : v);

/** The bracket of a cumulative taxable amount. */
export function iitBracket(taxable: MoneyText) {
  return IIT_BRACKETS.find((b) => b.upTo === null || compareMoney(taxable, b.upTo) <= 0)!;
}

/** The tax on a cumulative taxable amount (taxable × rate − quick deduction, never below zero). */
export function cumulativeIit(taxable: MoneyText): { rate: string; quick: string; tax: string } {
  if (compareMoney(taxable, '0') <= 0) return { rate: '0.00', quick: '0.00', tax: '0.00' };
  const b = iitBracket(taxable);
  return { rate: b.rate, quick: b.quick, tax: max0(fenToMoney(toFen(multiplyMoney(taxable, b.rate)) - toFen(b.quick))) };
}

/**
 * The months employed by the firm in `month`'s year up to and including it (yyyy-MM): from the hire month when the
 * person was hired that year, else from January; 0 when hired after the month. `entryDate` yyyy-MM-dd (or null:
 * employed all year).
 */
export function employedMonths(entryDate: string | null | undefined, month: string): number {
  const year = month.slice(0, 4);
  const m = Number(month.slice(5, 7));
  if (!entryDate || entryDate.slice(0, 4) < year) return m;
  if (entryDate.slice(0, 4) > year) return 0;
  return Math.max(0, m - Number(entryDate.slice(5, 7)) + 1);
}

/** One person's pay for one month (see the file comment). */
export function computePayroll(input: PayrollInput): PayrollResult {
  const items: PayrollItem[] = input.items.map((i) => ({
    ...i,
    unitAmount: m(i.unitAmount),
    amount: i.kind === ATTENDANCE_KIND.none ? '0.00' : multiplyMoney(i.unitAmount, i.value),
  }));
  const standardPay = sumMoney([input.basePay, input.postPay, input.performancePay, input.allowance]);
  const payableAmount = sumMoney(items.filter((i) => i.kind === ATTENDANCE_KIND.payable).map((i) => i.amount));
  const deductionAmount = sumMoney(items.filter((i) => i.kind === ATTENDANCE_KIND.deduction).map((i) => i.amount));
  const otherPay = m(input.otherPay);
  const otherDeduction = m(input.otherDeduction);
  const labourPay = m(input.labourPay);
  const beforeCap = fenToMoney(toFen(standardPay) + toFen(payableAmount) + toFen(otherPay) + toFen(labourPay) - toFen(deductionAmount) - toFen(otherDeduction));
  const grossPay = max0(beforeCap);
  const uncoveredDeduction = compareMoney(beforeCap, '0') < 0 ? fenToMoney(-toFen(beforeCap)) : '0.00';
  const socialPersonal = m(input.socialPersonal);
  const specialDeduction = m(input.specialDeduction);
  // Never fewer than the months with a record (one paid before the hire date entered is still a month of the year).
  const taxMonths = Math.max(input.employedMonths ?? input.prior.months + 1, 1);
  const cumulativeIncome = sumMoney([input.prior.income, grossPay]);
  const cumulativeThreshold = fenToMoney(toFen(IIT_MONTHLY_THRESHOLD) * BigInt(taxMonths));
  const cumulativeSocial = sumMoney([input.prior.social, socialPersonal]);
  const cumulativeSpecial = sumMoney([input.prior.special, specialDeduction]);
  const cumulativeTaxable = max0(fenToMoney(toFen(cumulativeIncome) - toFen(cumulativeThreshold) - toFen(cumulativeSocial) - toFen(cumulativeSpecial)));
  const { rate, quick, tax: cumulativeTax } = cumulativeIit(cumulativeTaxable);
  const priorTax = m(input.prior.tax);
  const incomeTax = max0(fenToMoney(toFen(cumulativeTax) - toFen(priorTax)));
  const netPay = fenToMoney(toFen(grossPay) - toFen(socialPersonal) - toFen(incomeTax));

  const itemText = (kind: number) =>
    items
      .filter((i) => i.kind === kind)
      .map((i) => `${i.name} ${i.value}${i.unit ?? ''} × ${i.unitAmount}`)
      .join(' + ') || '无';
  const pct = (r: string) => `${fenToMoney(toFen(r) * 100n).replace(/\.00$/, '')}%`;
  const steps = [
    {
      label: '标准工资',
      formula: `基本工资 ${m(input.basePay)} + 岗位工资 ${m(input.postPay)} + 绩效工资 ${m(input.performancePay)} + 津贴 ${m(input.allowance)}`,
      value: standardPay,
    },
    { label: '考勤应发', formula: itemText(ATTENDANCE_KIND.payable), value: payableAmount },
    { label: '考勤扣款', formula: itemText(ATTENDANCE_KIND.deduction), value: deductionAmount },
    ...(labourPay !== '0.00' ? [{ label: '劳务费(并入工资薪金)', formula: input.labourText ?? '本月发放的劳务费', value: labourPay }] : []),
    {
      label: '应发工资',
      formula: `标准工资 ${standardPay} + 考勤应发 ${payableAmount} + 其他应发 ${otherPay}${
        labourPay !== '0.00' ? ` + 劳务费 ${labourPay}` : ''
      } − 考勤扣款 ${deductionAmount} − 其他扣款 ${otherDeduction}${uncoveredDeduction !== '0.00' ? `(不足扣减 ${uncoveredDeduction},按0计)` : ''}`,
      value: grossPay,
    },
    { label: '个人社保公积金', formula: '按社保方案个人缴纳', value: socialPersonal },
    {
      label: '专项附加扣除',
      formula: input.specialLines?.length ? input.specialLines.map((l) => `${l.label} ${l.amount}`).join(' + ') : '本月专项附加扣除',
      value: specialDeduction,
    },
    {
      label: '累计应纳税所得额',
      formula: `累计收入 ${cumulativeIncome} − 累计减除费用 ${cumulativeThreshold}(5000 × 本年任职${taxMonths}个月) − 累计社保公积金 ${cumulativeSocial} − 累计专项附加扣除 ${cumulativeSpecial}`,
      value: cumulativeTaxable,
    },
    { label: '累计应纳税额', formula: `${cumulativeTaxable} × ${pct(rate)} − 速算扣除数 ${quick}`, value: cumulativeTax },
    { label: '本月个人所得税', formula: `累计应纳税额 ${cumulativeTax} − 已预扣预缴 ${priorTax}`, value: incomeTax },
    { label: '实发工资', formula: `应发工资 ${grossPay} − 个人社保公积金 ${socialPersonal} − 个人所得税 ${incomeTax}`, value: netPay },
  ];
  return {
    standardPay,
    payableAmount,
    deductionAmount,
    uncoveredDeduction,
    labourPay,
    grossPay,
    socialPersonal,
    specialDeduction,
    taxMonths,
    cumulativeIncome,
    cumulativeThreshold,
    cumulativeSocial,
    cumulativeSpecial,
    cumulativeTaxable,
    taxRate: rate,
    quickDeduction: quick,
    cumulativeTax,
    priorTax,
    incomeTax,
    netPay,
    items,
    steps,
  };
}
