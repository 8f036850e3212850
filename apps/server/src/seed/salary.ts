/**
 * The demo company's payroll (tenant 000000, BUSINESS.md WP6): five salary levels, seven attendance fields (shown,
 * payable or deducted at a unit amount), a salary standard for every demo person but the administrator (on the social
 * scheme of their city), twelve months of attendance with approved salary records before the current month, each paid
 * on the 10th of the month after it by 财务 (its payment row, its one expense in the ledger and its payables of income
 * tax, social insurance and housing fund, as 发放 writes them: modules/salary/pay.ts), the labour fees paid to the
 * staff joined into the months they were paid (wages), and the current month imported but not yet computed into approved records (its records at
 * 未发起, unpaid). Every record is computed
 * by the payroll rule (modules/salary/compute.ts prepareMonth, month after month, so the income tax is withheld
 * cumulatively). Seeded once, when the demo tenant has never had a salary level; on every start the demo roles get the
 * area's menus they lack.
 */
import { APPROVAL_DRAFT, APPROVAL_STATUS, salaryPayEntity, specialDeductionOf, sumMoney, type SpecialDeductionItems } from '@hjl/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';
import type { FirmClock } from '../platform/time/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { baseWithin } from '../modules/hr/api.ts';
import { socialSchemes } from '../modules/hr/schema.ts';
import { ledgerEntryOf, postLedgerEntry } from '../modules/finance/api.ts';
import { prepareMonth } from '../modules/salary/compute.ts';
import { clearLiabilities, recordLiabilities } from '../modules/salary/liabilities.ts';
import { accountInfos } from '../modules/finance/schema.ts';
import { attendanceFields, attendances, salaryConfigs, salaryInfos, salaryPays, salaryRecords } from '../modules/salary/schema.ts';
import { users } from '../modules/user/schema.ts';
import { firmToday } from './calendar.ts';
import * as demo from './data.ts';
import { grantDemoMenus } from './grants.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const monthText = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
/** A month's salary is paid on the 10th of the month after it. */
const payDateOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-10` : `${y}-${pad(m + 1)}-10`;
};

const LEVELS: [string, string, string, string, string, string][] = [
  // code, name, base, post, performance, allowance
  ['P1', '助理级', '4500.00', '800.00', '500.00', '300.00'],
  ['P2', '专员级', '6000.00', '1500.00', '1000.00', '400.00'],
  ['P3', '工程师级', '8000.00', '2500.00', '1500.00', '500.00'],
  ['P4', '高级工程师级', '11000.00', '4000.00', '2500.00', '600.00'],
  ['P5', '总监级', '16000.00', '7000.00', '4000.00', '800.00'],
];
const FIELDS: [string, string, string, number, number, string, string | null][] = [
  // code, name, unit, displayable, 0 none / 1 payable / 2 deduction, unit amount, max
  ['workDays', '出勤天数', '天', 1, 0, '0.00', '31.00'],
  ['overtime', '加班', '小时', 1, 1, '50.00', '200.00'],
  ['travelDays', '出差补助', '天', 1, 1, '100.00', '31.00'],
  ['personalLeave', '事假', '天', 1, 2, '300.00', '31.00'],
  ['sickLeave', '病假', '天', 1, 2, '120.00', '31.00'],
  ['late', '迟到', '次', 1, 2, '50.00', '31.00'],
  ['mealAllowance', '餐补', '天', 0, 1, '20.00', '31.00'],
];
/** Each demo account's level and itemised special deductions (专项附加扣除, special-deduction.ts). */
const STAFF: Record<string, [string, SpecialDeductionItems]> = {
  wangjianguo: ['P5', { elderlySupport: 1 }],
  lihong: ['P3', { childrenCount: 1 }],
  zhangwei: ['P4', { elderlySupport: 1 }],
  chenjing: ['P2', { housingRent: 1 }],
  liuyang: ['P3', { housingLoan: 1 }],
  zhaomin: ['P1', {}],
  sunlei: ['P4', { childrenCount: 1 }],
  wufang: ['P2', { housingLoan: 1 }],
  zhengli: ['P2', {}],
};

/** The menus of the area (the demo roles' grants of them are added where missing). */
const isSalaryCode = (c: string) => /^(wages_mgmt|salary_|attendance_|user_salary_info)/.test(c);

/** `clock`: the firm's zone, whose current month is the one imported but not yet approved. */
export async function seedSalary(db: Db, clock: FirmClock) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const people = await db
    .select({ id: users.id, account: users.account, realName: users.realName, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  const byAccount = new Map(people.map((p) => [p.account, p]));
  const admin = byAccount.get('admin');
  if (!admin) return; // no demo company
  // The demo roles' menus and buttons of the area, where missing (an installation from before the area).
  await grantDemoMenus(db, tenantId, (_role, code) => isSalaryCode(code));

  const [seeded] = await db.select({ id: salaryConfigs.id }).from(salaryConfigs).where(eq(salaryConfigs.tenantId, tenantId)).limit(1);
  if (seeded) return;

  const hr = byAccount.get('zhaomin') ?? admin;
  const finance = byAccount.get('lihong') ?? admin;
  const audit = { tenantId, createUser: hr.id, updateUser: hr.id, createDept: String(hr.deptId ?? '').split(',')[0] || null };
  const levelIds = new Map(LEVELS.map(([code]) => [code, nextId()]));
  const schemes = await db
    .select()
    .from(socialSchemes)
    .where(and(eq(socialSchemes.tenantId, tenantId), eq(socialSchemes.isDeleted, 0)));
  const scheme = (city: string) => schemes.find((s) => String(s.schemeName).includes(city)) ?? schemes[0];

  // Twelve months before the current one, approved; the current month imported, its records not yet submitted.
  const today = firmToday(clock);
  const firmDay = clock.today();
  const [basicAccount] = await db
    .select({ id: accountInfos.id })
    .from(accountInfos)
    .where(and(eq(accountInfos.tenantId, tenantId), eq(accountInfos.isDeleted, 0), eq(accountInfos.accountName, '华建咨询基本户')))
    .limit(1);
  const months = Array.from({ length: 13 }, (_, i) => monthText(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 12 + i, 1))));
  const staff = Object.entries(STAFF)
    .map(([account, s]) => ({ person: byAccount.get(account), level: s[0], special: s[1] }))
    .filter((s): s is { person: NonNullable<typeof s.person>; level: string; special: SpecialDeductionItems } => !!s.person);

  await db.transaction(async (tx) => {
    await tx.insert(salaryConfigs).values(
      LEVELS.map(([levelCode, levelName, basePay, postPay, performancePay, allowance], i) => ({
        id: levelIds.get(levelCode)!,
        ...audit,
        levelCode,
        levelName,
        basePay,
        postPay,
        performancePay,
        allowance,
        sort: i + 1,
      })),
    );
    await tx.insert(attendanceFields).values(
      FIELDS.map(([fieldCode, fieldName, unit, displayable, payableOrDeduction, unitAmount, maxValue], i) => ({
        id: nextId(),
        ...audit,
        fieldCode,
        fieldName,
        unit,
        displayable,
        payableOrDeduction,
        unitAmount,
        maxValue,
        sort: i + 1,
      })),
    );
    await tx.insert(salaryInfos).values(
      staff.map(({ person, level, special }) => {
        const l = LEVELS.find(([code]) => code === level)!;
        const sch = scheme(person.account === 'sunlei' ? '苏州' : '南京');
        return {
          id: nextId(),
          ...audit,
          userId: person.id,
          salaryStandard: levelIds.get(level)!,
          basePay: l[2],
          postPay: l[3],
          performancePay: l[4],
          allowance: l[5],
          socialSchemeId: sch?.id ?? null,
          // The level's base pay, within the scheme's floor and ceiling (BUSINESS.md §1 "Salary").
          socialBase: sch ? baseWithin(l[2], sch) : l[2],
          ...special,
          specialDeduction: specialDeductionOf(special).total,
        };
      }),
    );
    await tx.insert(attendances).values(
      months.flatMap((month, m) =>
        staff.map(({ person }, i) => ({
          id: nextId(),
          ...audit,
          importMonth: month,
          userId: person.id,
          batchNo: `${month.replace('-', '')}-demo`,
          attendanceValues: JSON.stringify({
            workDays: String(21 - ((i + m) % 4 === 0 ? 1 : 0)),
            overtime: String((i * 7 + m * 3) % 13),
            travelDays: String((i + m) % 3 === 0 ? (i % 4) + 1 : 0),
            personalLeave: (i + m) % 4 === 0 ? '1' : '0',
            sickLeave: (i * m) % 11 === 5 ? '0.5' : '0',
            late: String((i * m) % 3),
            mealAllowance: String(21 - ((i + m) % 4 === 0 ? 1 : 0)),
          }),
        })),
      ),
    );
    // Month after month: each month's tax reads the earlier records of its year.
    for (const [m, month] of months.entries()) {
      const current = m === months.length - 1;
      const { values } = await prepareMonth(tx, tenantId, month);
      const rows = [...values.values()].map((v) => ({
        ...v,
        id: nextId(),
        ...audit,
        createTime: `${month}-05 10:00:00`,
        updateTime: `${month}-05 10:00:00`,
        status: current ? APPROVAL_STATUS.draft : APPROVAL_STATUS.approved,
        isDraft: current ? APPROVAL_DRAFT.draft : APPROVAL_DRAFT.submitted,
        submitTime: current ? null : `${month}-06 09:00:00`,
        payStatus: current ? 0 : 1,
        payTime: current ? null : `${payDateOf(month)} 10:00:00`,
      }));
      if (!rows.length) continue;
      await tx.insert(salaryRecords).values(rows as (typeof salaryRecords.$inferInsert)[]);
      if (current) continue;
      // Paid as 发放 pays a month: one payment row, one expense of the net total in the ledger (人工成本).
      const payDate = payDateOf(month);
      const totalNet = sumMoney(rows.map((r) => String(r.netPay ?? '0')));
      const totalGross = sumMoney(rows.map((r) => String(r.grossPay ?? '0')));
      const payId = nextId();
      const paidAt = `${payDate} 10:00:00`;
      const payer = { createUser: finance.id, updateUser: finance.id, createDept: String(finance.deptId ?? '').split(',')[0] || null };
      await tx.insert(salaryPays).values({
        id: payId,
        tenantId,
        ...payer,
        createTime: paidAt,
        updateTime: paidAt,
        payMonth: month,
        payDate,
        recordCount: rows.length,
        totalGross,
        totalNet,
      });
      // No payment form and no account (the demo's payments name none): the event says all, as pay.ts posts it.
      const posted = await postLedgerEntry(
        tx,
        ledgerEntryOf(
          {},
          {
            tenantId,
            bizType: salaryPayEntity.table,
            bizId: payId,
            direction: 'expense',
            amount: totalNet,
            date: payDate,
            accountInfoId: null,
            costType: 1,
            payeeName: '员工工资',
            optionPersonName: finance.realName ?? finance.account,
            remark: `${month}工资发放(${rows.length}人,应发${totalGross}元)`,
            userId: finance.id,
            deptId: payer.createDept,
          },
        ),
      );
      await tx.update(salaryPays).set({ incomeExpendId: posted.id }).where(eq(salaryPays.id, payId));
      // What the payment left owed (代扣代缴), as pay.ts records it; cleared by the seed's tax and social payments below.
      const owed = await recordLiabilities(tx, { tenantId, userId: finance.id, deptId: payer.createDept }, month, payId, [...values.values()]);
      // Declared and paid by the 15th of the month of the payment, from the basic account, once that day has come.
      const clearDate = `${payDate.slice(0, 8)}15`;
      if (owed.length && clearDate <= firmDay)
        await clearLiabilities(
          tx,
          { tenantId, userId: finance.id, deptId: payer.createDept, name: String(finance.realName ?? finance.account) },
          owed.map((x) => x.id),
          clearDate,
          basicAccount?.id ? String(basicAccount.id) : null,
        );
    }
  });
}
