/**
 * 代扣代缴 (BUSINESS.md §1 "Salary"): what paying a month leaves owed, as payables — the income tax withheld, the
 * social insurance and the housing fund (the personal parts withheld from the pay and the company's parts), one row
 * per kind and month — and the later tax or social-security payment that clears them (`POST payLiability`: one
 * ledger expense per payable, 人工成本, on the paying account; a payable is cleared once).
 */
import {
  SALARY_LIABILITY_KIND,
  SALARY_LIABILITY_KIND_OPTIONS,
  SALARY_MSG,
  isDateText,
  isIdText,
  permissionCodes,
  salaryLiabilityEntity,
  salaryRecordEntity,
  subtractMoney,
  sumMoney,
  toFen,
} from '@hjl/core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/crud/repo.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { idsField, isBlank } from '../../platform/http/params.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { firmClock } from '../../platform/time/index.ts';
import { ledgerEntryOf, postLedgerEntry } from '../finance/api.ts';
import { userDisplayName } from '../user/api.ts';
import { monthOf } from './context.ts';
import { salaryLiabilities } from './schema.ts';

/** A month's record as far as the payables read it: incomeTax, socialPersonal, fundPersonal, socialCompany, fundCompany. */
export type LiabilitySource = Record<string, unknown>;

/** Who writes the payables (the paying user, or the demo seed's clerk). */
export interface LiabilityWriter {
  tenantId: string;
  userId: string;
  deptId: string | null;
}

/** The payables of a month's records: per kind, the personal part, the company's part and their total. */
export function liabilitiesOf(records: readonly LiabilitySource[]) {
  const sum = (field: string) => sumMoney(records.map((x) => (x[field] == null ? null : String(x[field]))));
  const fundPersonal = sum('fundPersonal');
  const fundCompany = sum('fundCompany');
  // socialPersonal is the whole personal contribution: its housing-fund part is fundPersonal (compute.ts); the
  // company's social insurance is socialCompany less its housing-fund part.
  const parts = [
    { kind: SALARY_LIABILITY_KIND.incomeTax, personal: sum('incomeTax'), company: '0.00' },
    {
      kind: SALARY_LIABILITY_KIND.social,
      personal: subtractMoney(sum('socialPersonal'), fundPersonal),
      company: subtractMoney(sum('socialCompany'), fundCompany),
    },
    { kind: SALARY_LIABILITY_KIND.housingFund, personal: fundPersonal, company: fundCompany },
  ];
  return parts.map((p) => ({ ...p, amount: sumMoney([p.personal, p.company]) })).filter((p) => toFen(p.amount) > 0n);
}

/** Records the payables of a month paid (inside its payment's transaction). */
export async function recordLiabilities(tx: Executor, who: LiabilityWriter, month: string, salaryPayId: string, records: readonly LiabilitySource[]) {
  const rows = liabilitiesOf(records).map((p) => ({
    id: nextId(),
    tenantId: who.tenantId,
    createUser: who.userId,
    createDept: who.deptId,
    updateUser: who.userId,
    payMonth: month,
    salaryPayId,
    liabilityKind: p.kind,
    personalAmount: p.personal,
    companyAmount: p.company,
    amount: p.amount,
    clearStatus: 0,
  }));
  if (rows.length) await tx.insert(salaryLiabilities).values(rows);
  return rows;
}

/** Whom a payable is paid to (the ledger row's payee). */
const PAYEE: Record<number, string> = {
  [SALARY_LIABILITY_KIND.incomeTax]: '税务机关(代扣个人所得税)',
  [SALARY_LIABILITY_KIND.social]: '社会保险经办机构',
  [SALARY_LIABILITY_KIND.housingFund]: '住房公积金管理中心',
};
const kindName = (kind: unknown) => SALARY_LIABILITY_KIND_OPTIONS.find((o) => o.key === Number(kind))?.zh ?? '代扣代缴';

/** Clears the payables `ids` of the payer's tenant: one ledger expense each, on the paying account. */
export async function clearLiabilities(
  tx: Executor,
  who: LiabilityWriter & { name: string },
  ids: readonly string[],
  payDate: string,
  accountInfoId: string | null,
) {
  const t = salaryLiabilities;
  const rows = await tx
    .select()
    .from(t)
    .where(and(eq(t.tenantId, who.tenantId), eq(t.isDeleted, 0), inArray(t.id, [...ids])))
    .for('update');
  if (rows.length !== new Set(ids).size) throw fail(SALARY_MSG.liabilityMissing);
  if (rows.some((x) => Number(x.clearStatus) === 1)) throw fail(SALARY_MSG.liabilityCleared);
  for (const x of rows) {
    const posted = await postLedgerEntry(
      tx,
      ledgerEntryOf(
        {},
        {
          tenantId: who.tenantId,
          bizType: salaryLiabilityEntity.table,
          bizId: String(x.id),
          direction: 'expense',
          amount: String(x.amount),
          date: payDate,
          accountInfoId,
          costType: 1,
          payeeName: PAYEE[Number(x.liabilityKind)] ?? '代扣代缴',
          optionPersonName: who.name,
          remark: `${String(x.payMonth)}${kindName(x.liabilityKind)}(个人${String(x.personalAmount)}元,单位${String(x.companyAmount)}元)`,
          userId: who.userId,
          deptId: who.deptId,
        },
      ),
    );
    await tx.update(t).set({ clearStatus: 1, clearDate: payDate, accountInfoId, incomeExpendId: posted.id, updateUser: who.userId }).where(eq(t.id, x.id));
  }
  return { cleared: rows.length, amount: sumMoney(rows.map((x) => String(x.amount))) };
}

export function registerLiabilityRoutes(ctx: ModuleContext) {
  const db = ctx.database.db;
  const api = salaryRecordEntity.api;
  const tags = [salaryRecordEntity.label.zh];
  const clock = firmClock(ctx.config.timeZone);
  const repo = ctx.repo(salaryLiabilityEntity, salaryLiabilities);
  const t = salaryLiabilities;

  ctx.route({
    method: 'GET',
    url: `${api}/liabilityList`,
    summary: '代扣代缴款项(工资发放时记录的个税、社保、公积金应付;payMonth, clearStatus)',
    tags,
    requires: { code: permissionCodes(salaryRecordEntity).view },
    query: z.looseObject({ payMonth: z.unknown().optional(), clearStatus: z.enum(['0', '1'], { message: '缴纳状态应为0或1' }).optional() }),
    handler: async ({ user, query }) => {
      const rows = await db
        .select()
        .from(t)
        .where(
          and(
            eq(t.tenantId, user.tenantId),
            eq(t.isDeleted, 0),
            isBlank(query.payMonth) ? undefined : eq(t.payMonth, monthOf(query.payMonth)),
            query.clearStatus === undefined ? undefined : eq(t.clearStatus, Number(query.clearStatus)),
          ),
        )
        .orderBy(desc(t.payMonth), t.liabilityKind)
        .limit(360);
      const named = await repo.withNames(
        user,
        rows.map((x) => ({ ...x, id: String(x.id) })),
      );
      return named.map((x) => ({ ...x, liabilityKindName: kindName(x.liabilityKind) }));
    },
  });

  ctx.route({
    method: 'POST',
    url: `${api}/payLiability`,
    summary: '缴纳代扣代缴款项(个税、社保、公积金;每项写入收支明细一次)',
    tags,
    requires: { code: `${salaryRecordEntity.name}_pay` },
    msg: '缴纳成功',
    body: z.looseObject({
      ids: idsField({ missing: SALARY_MSG.liabilityMissing, message: SALARY_MSG.liabilityMissing, max: 100, unique: true }),
      payDate: z.unknown().optional(),
      accountInfoId: z.unknown().optional(),
    }),
    handler: async ({ user, body }) => {
      const payDate = isBlank(body.payDate) ? clock.today() : String(body.payDate);
      if (!isDateText(payDate)) throw fail('缴纳日期格式应为yyyy-MM-dd');
      const accountInfoId = isBlank(body.accountInfoId) ? null : String(body.accountInfoId);
      if (accountInfoId !== null && !isIdText(accountInfoId)) throw fail('付款账户不存在');
      const who = { tenantId: user.tenantId, userId: user.userId, deptId: user.deptIds[0] ?? null, name: userDisplayName(user) };
      return db.transaction((tx) => clearLiabilities(tx, who, body.ids, payDate, accountInfoId));
    },
  });
}
