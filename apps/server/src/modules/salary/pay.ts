/**
 * Paying a month (BUSINESS.md WP6, §1 "Salary"): once every record of the month is approved, `POST hjlSalaryRecord/pay`
 * writes the month's salary expense into the finance ledger as ONE row (收支明细: expense, 人工成本, the net total;
 * postLedgerEntry, keyed by the month's payment row), records what it leaves owed as payables (代扣代缴: the income
 * tax withheld, the social insurance and the housing fund, each with its personal part withheld and the company's
 * part; one row per kind) and marks the records paid, in one transaction under a lock of the month's records. A month
 * is paid once: a second call is refused (该月工资已发放) and writes nothing. `POST payLiability` is the later tax or
 * social-security payment: it clears the payables it names, each with its ledger expense.
 */
import { APPROVAL_STATUS, SALARY_MSG, isDateText, isIdText, permissionCodes, salaryPayEntity, salaryRecordEntity, sumMoney, toFen } from '@hjl/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { isBlank } from '../../platform/http/params.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { firmClock } from '../../platform/time/index.ts';
import { ledgerEntryOf, postLedgerEntry } from '../finance/api.ts';
import { userDisplayName } from '../user/api.ts';
import { monthOf } from './context.ts';
import { recordLiabilities, registerLiabilityRoutes } from './liabilities.ts';
import { salaryPays, salaryRecords } from './schema.ts';

/** The button 发放 of the payroll menu. */
export const PAY_CODE = `${salaryRecordEntity.name}_pay`;

export function registerSalaryPay(ctx: ModuleContext) {
  const db = ctx.database.db;
  const payRepo = ctx.repo(salaryPayEntity, salaryPays);
  const api = salaryRecordEntity.api;
  const tags = [salaryRecordEntity.label.zh];
  const r = salaryRecords;
  const clock = firmClock(ctx.config.timeZone);

  ctx.route({
    method: 'POST',
    url: `${api}/pay`,
    summary: '发放某月工资(全部审批通过后;写入收支明细一次)',
    tags,
    requires: { code: PAY_CODE },
    msg: '发放成功',
    body: z.looseObject({ importMonth: z.unknown().optional(), accountInfoId: z.unknown().optional(), payDate: z.unknown().optional() }),
    handler: async ({ user, body }) => {
      const month = monthOf(body.importMonth);
      const payDate = isBlank(body.payDate) ? clock.today() : String(body.payDate);
      if (!isDateText(payDate)) throw fail('发放日期格式应为yyyy-MM-dd');
      const accountInfoId = isBlank(body.accountInfoId) ? null : String(body.accountInfoId);
      if (accountInfoId !== null && !isIdText(accountInfoId)) throw fail('付款账户不存在');
      return db.transaction(async (tx) => {
        const records = await tx
          .select({
            id: r.id,
            status: r.status,
            grossPay: r.grossPay,
            netPay: r.netPay,
            incomeTax: r.incomeTax,
            socialPersonal: r.socialPersonal,
            fundPersonal: r.fundPersonal,
            socialCompany: r.socialCompany,
            fundCompany: r.fundCompany,
          })
          .from(r)
          .where(and(eq(r.tenantId, user.tenantId), eq(r.isDeleted, 0), eq(r.importMonth, month)))
          .for('update');
        if (!records.length) throw fail(SALARY_MSG.noRecords);
        const [paid] = await tx
          .select({ id: salaryPays.id })
          .from(salaryPays)
          .where(and(eq(salaryPays.tenantId, user.tenantId), eq(salaryPays.isDeleted, 0), eq(salaryPays.payMonth, month)))
          .limit(1);
        if (paid) throw fail(SALARY_MSG.paid);
        if (records.some((x) => x.status !== APPROVAL_STATUS.approved)) throw fail(SALARY_MSG.notApproved);
        const totalNet = sumMoney(records.map((x) => String(x.netPay ?? '0')));
        const totalGross = sumMoney(records.map((x) => String(x.grossPay ?? '0')));
        if (toFen(totalNet) <= 0n) throw fail('实发合计必须大于0');
        const payId = nextId();
        await tx.insert(salaryPays).values({
          id: payId,
          tenantId: user.tenantId,
          createUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          updateUser: user.userId,
          payMonth: month,
          payDate,
          accountInfoId,
          recordCount: records.length,
          totalGross,
          totalNet,
        });
        // A month's payment carries no payment form: the event says all (人工成本, paid to the staff).
        const posted = await postLedgerEntry(
          tx,
          ledgerEntryOf(
            {},
            {
              tenantId: user.tenantId,
              bizType: salaryPayEntity.table,
              bizId: payId,
              direction: 'expense',
              amount: totalNet,
              date: payDate,
              accountInfoId,
              costType: 1,
              payeeName: '员工工资',
              optionPersonName: userDisplayName(user),
              remark: `${month}工资发放(${records.length}人,应发${totalGross}元)`,
              userId: user.userId,
              deptId: user.deptIds[0] ?? null,
            },
          ),
        );
        await tx.update(salaryPays).set({ incomeExpendId: posted.id }).where(eq(salaryPays.id, payId));
        await recordLiabilities(tx, { tenantId: user.tenantId, userId: user.userId, deptId: user.deptIds[0] ?? null }, month, payId, records);
        await tx
          .update(r)
          .set({ payStatus: 1, payTime: sql`now()`, updateTime: sql`now()`, updateUser: user.userId })
          .where(and(eq(r.tenantId, user.tenantId), eq(r.isDeleted, 0), eq(r.importMonth, month)));
        return { id: payId, payMonth: month, payDate, recordCount: records.length, totalGross, totalNet, incomeExpendId: posted.id };
      });
    },
  });

  registerLiabilityRoutes(ctx);

  ctx.route({
    method: 'GET',
    url: `${api}/payList`,
    summary: '工资发放记录(每月一条)',
    tags,
    requires: { code: permissionCodes(salaryRecordEntity).view },
    handler: async ({ user }) => {
      const rows = await db
        .select()
        .from(salaryPays)
        .where(and(eq(salaryPays.tenantId, user.tenantId), eq(salaryPays.isDeleted, 0)))
        .orderBy(desc(salaryPays.payMonth))
        .limit(120);
      return payRepo.withNames(
        user,
        rows.map((x) => ({ ...x, id: String(x.id) })),
      );
    },
  });
}
