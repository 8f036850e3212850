/**
 * Special additional deductions (专项附加扣除, BUSINESS.md §1 "Salary"): itemised on a person's salary standard with
 * the amounts and caps in force since 2023 (国发〔2023〕13号; 国发〔2018〕41号 for the rest), never one free amount.
 * What the monthly withholding deducts in a month:
 * - 子女教育 2,000 per child; 3岁以下婴幼儿照护 2,000 per child;
 * - 继续教育: 学历(学位) 400 a month, or 3,600 once in the year of a 职业资格 certificate (the month it was obtained);
 * - 住房贷款利息 1,000, or 住房租金 1,500 / 1,100 / 800 by the city (never both);
 * - 赡养老人 3,000 for an only child, else the person's agreed share, at most 1,500;
 * - 大病医疗 is a yearly amount (at most 80,000) deducted in the annual settlement (汇算清缴), not in the monthly
 *   withholding: kept and checked here, deducted nowhere by the payroll.
 * Shared by the server (checks, the payroll) and the web (the form's preview).
 */
import { compareMoney, fenToMoney, sumMoney, toFen, type MoneyText } from './money.ts';

export const SPECIAL_DEDUCTION = {
  childEducation: '2000.00',
  infantCare: '2000.00',
  degreeEducation: '400.00',
  certificate: '3600.00',
  housingLoan: '1000.00',
  /** 住房租金 by city (housingRent 1 / 2 / 3). */
  housingRent: ['1500.00', '1100.00', '800.00'] as const,
  elderlyOnlyChild: '3000.00',
  elderlyShareMax: '1500.00',
  seriousIllnessYearMax: '80000.00',
  /** Children counted at most (子女教育, 婴幼儿照护). */
  childrenMax: 9,
} as const;

/** housingRent: 0 none, 1 直辖市、省会(首府)城市、计划单列市, 2 市辖区户籍人口超过100万的城市, 3 其他城市. */
export const HOUSING_RENT_OPTIONS = [
  { key: 0, zh: '无', en: 'None' },
  { key: 1, zh: '直辖市、省会城市、计划单列市(1500元/月)', en: 'Tier 1 (1,500)' },
  { key: 2, zh: '市辖区户籍人口超过100万的城市(1100元/月)', en: 'Tier 2 (1,100)' },
  { key: 3, zh: '其他城市(800元/月)', en: 'Tier 3 (800)' },
] as const;
/** elderlySupport: 0 none, 1 独生子女, 2 非独生子女 (分摊). */
export const ELDERLY_SUPPORT_OPTIONS = [
  { key: 0, zh: '无', en: 'None' },
  { key: 1, zh: '独生子女(3000元/月)', en: 'Only child (3,000)' },
  { key: 2, zh: '非独生子女(分摊,每月不超过1500元)', en: 'Shared (≤ 1,500)' },
] as const;

export const SPECIAL_DEDUCTION_MSG = {
  children: `子女人数应为0至${SPECIAL_DEDUCTION.childrenMax}人`,
  housingBoth: '住房贷款利息与住房租金不能同时扣除',
  housingRent: '住房租金城市类别不存在',
  elderlyKind: '赡养老人类别不存在',
  elderlyShare: '请填写赡养老人每月分摊额',
  elderlyShareMax: '赡养老人(非独生子女)每月分摊额不能超过1500元',
  seriousIllnessMax: '大病医疗每年最多扣除80000元',
  certificateMonth: '职业资格证书取得月份格式应为yyyy-MM',
  amountFormat: '扣除金额应为不小于0的金额,最多两位小数',
  freeAmount: '专项附加扣除按项目计算(子女教育、住房、赡养老人等),不能直接填写金额',
} as const;

/** The itemised deductions as a salary standard stores them. */
export interface SpecialDeductionItems {
  childrenCount?: number | null;
  infantCount?: number | null;
  /** 1: 学历(学位)继续教育 during the month. */
  degreeEducation?: number | null;
  /** yyyy-MM: the month a 职业资格 certificate was obtained (3,600 deducted then). */
  certificateMonth?: string | null;
  housingLoan?: number | null;
  housingRent?: number | null;
  elderlySupport?: number | null;
  elderlyShare?: MoneyText;
  seriousIllness?: MoneyText;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;
const count = (v: number | null | undefined) => Number(v ?? 0);
const amountOk = (v: MoneyText) => v === null || v === undefined || String(v).trim() === '' || AMOUNT.test(String(v).trim());

/** The refusals of a set of items (Chinese, in the form's order); empty when they are within the rules and caps. */
export function specialDeductionMessages(items: SpecialDeductionItems): string[] {
  const out: string[] = [];
  for (const c of [items.childrenCount, items.infantCount])
    if (!Number.isInteger(count(c)) || count(c) < 0 || count(c) > SPECIAL_DEDUCTION.childrenMax) {
      out.push(SPECIAL_DEDUCTION_MSG.children);
      break;
    }
  if (items.certificateMonth && !MONTH.test(items.certificateMonth)) out.push(SPECIAL_DEDUCTION_MSG.certificateMonth);
  const rent = count(items.housingRent);
  if (![0, 1, 2, 3].includes(rent)) out.push(SPECIAL_DEDUCTION_MSG.housingRent);
  if (count(items.housingLoan) === 1 && rent > 0) out.push(SPECIAL_DEDUCTION_MSG.housingBoth);
  const elderly = count(items.elderlySupport);
  if (![0, 1, 2].includes(elderly)) out.push(SPECIAL_DEDUCTION_MSG.elderlyKind);
  if (!amountOk(items.elderlyShare) || !amountOk(items.seriousIllness)) out.push(SPECIAL_DEDUCTION_MSG.amountFormat);
  else {
    if (elderly === 2 && toFen(items.elderlyShare) <= 0n) out.push(SPECIAL_DEDUCTION_MSG.elderlyShare);
    if (elderly === 2 && compareMoney(items.elderlyShare, SPECIAL_DEDUCTION.elderlyShareMax) > 0) out.push(SPECIAL_DEDUCTION_MSG.elderlyShareMax);
    if (compareMoney(items.seriousIllness, SPECIAL_DEDUCTION.seriousIllnessYearMax) > 0) out.push(SPECIAL_DEDUCTION_MSG.seriousIllnessMax);
  }
  return out;
}

/** One deduction of a month: its name and amount. */
export interface SpecialDeductionLine {
  label: string;
  amount: string;
}

/**
 * What the items deduct in `month` (yyyy-MM; the certificate's 3,600 only in its month; without a month, the
 * regular monthly amount): the lines and their total. The items are assumed checked (specialDeductionMessages).
 */
export function specialDeductionOf(items: SpecialDeductionItems, month?: string): { total: string; lines: SpecialDeductionLine[] } {
  const lines: SpecialDeductionLine[] = [];
  const times = (amount: string, n: number) => fenToMoney(toFen(amount) * BigInt(n));
  if (count(items.childrenCount) > 0)
    lines.push({ label: `子女教育(${count(items.childrenCount)}人)`, amount: times(SPECIAL_DEDUCTION.childEducation, count(items.childrenCount)) });
  if (count(items.infantCount) > 0)
    lines.push({ label: `3岁以下婴幼儿照护(${count(items.infantCount)}人)`, amount: times(SPECIAL_DEDUCTION.infantCare, count(items.infantCount)) });
  if (count(items.degreeEducation) === 1) lines.push({ label: '继续教育(学历)', amount: SPECIAL_DEDUCTION.degreeEducation });
  if (month && items.certificateMonth === month) lines.push({ label: '继续教育(职业资格证书)', amount: SPECIAL_DEDUCTION.certificate });
  if (count(items.housingLoan) === 1) lines.push({ label: '住房贷款利息', amount: SPECIAL_DEDUCTION.housingLoan });
  const rent = count(items.housingRent);
  if (rent >= 1 && rent <= 3) lines.push({ label: '住房租金', amount: SPECIAL_DEDUCTION.housingRent[rent - 1]! });
  const elderly = count(items.elderlySupport);
  if (elderly === 1) lines.push({ label: '赡养老人(独生子女)', amount: SPECIAL_DEDUCTION.elderlyOnlyChild });
  if (elderly === 2 && toFen(items.elderlyShare) > 0n) lines.push({ label: '赡养老人(分摊)', amount: fenToMoney(toFen(items.elderlyShare)) });
  return { total: sumMoney(lines.map((l) => l.amount)), lines };
}
