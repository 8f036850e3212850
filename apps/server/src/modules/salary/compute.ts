/**
 * The payroll of a month (BUSINESS.md WP6): one record per person with a salary standard, from their standard, the
 * month's attendance (each configured field payable or deducted at its unit amount), their personal social security
 * (the month's contribution record of 社保缴纳, else their scheme's personal rates on their base) and the income tax
 * withheld by the cumulative method over their earlier records of the year (payroll.ts). Set-based: a handful of
 * queries and one transaction for the whole month, whatever the number of people.
 * Records under approval or approved are left as they are; open ones (0, 3, 6) are recomputed in place (same id,
 * same approval columns, their other pay and deductions kept), so a rejected month is corrected and submitted again.
 */
import { APPROVAL_DRAFT, APPROVAL_STATUS, ATTENDANCE_KIND, SALARY_MSG, approvalOpen, computePayroll, type PayrollResult } from '@hjl/core';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Executor, Row } from '../../platform/crud/repo.ts';
import { nextId } from '../../platform/db/ids.ts';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/errors.ts';
import { contributions, personalSocialOfMonth, socialSchemesById } from '../hr/api.ts';
import { liveUsersBrief } from '../user/api.ts';
import { attendanceFields, attendances, salaryInfos, salaryRecords } from './schema.ts';

/** The attendance fields of a tenant in their order. */
export async function fieldsOf(db: Executor, tenantId: string) {
  return db
    .select()
    .from(attendanceFields)
    .where(and(eq(attendanceFields.tenantId, tenantId), eq(attendanceFields.isDeleted, 0)))
    .orderBy(attendanceFields.sort, attendanceFields.id);
}

/** A stored value as text (the tables derived from definitions type their columns loosely). */
const txt = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** A record's values as the payroll computed them (columns of hjl_salary_record). */
export type RecordValues = Row & { userId: string; deptId: string | null; netPay: string; grossPay: string };

/**
 * The computed values of `month` for the people of `userIds` (all with a salary standard when absent), keyed by
 * user; `adjust` gives a person's other pay and deductions (else those of their stored record).
 */
export async function prepareMonth(
  db: Executor,
  tenantId: string,
  month: string,
  opts: { userIds?: readonly string[]; adjust?: Map<string, { otherPay?: unknown; otherDeduction?: unknown }> } = {},
): Promise<{ values: Map<string, RecordValues>; existing: Map<string, Row> }> {
  const year = month.slice(0, 4);
  const standards = await db
    .select()
    .from(salaryInfos)
    .where(
      and(
        eq(salaryInfos.tenantId, tenantId),
        eq(salaryInfos.isDeleted, 0),
        opts.userIds ? inArray(salaryInfos.userId, opts.userIds.length ? [...opts.userIds] : ['0']) : undefined,
      ),
    );
  // Only live people are paid (a deleted user's standard stays, unused).
  const living = await liveUsersBrief(db, tenantId, opts.userIds ?? undefined);
  const infos = standards.flatMap((info) => {
    const person = living.get(String(info.userId));
    return person ? [{ info, deptId: person.deptId }] : [];
  });
  const people = infos.map((i) => String(i.info.userId));
  const fields = await fieldsOf(db, tenantId);
  const scope = (t: typeof attendances | typeof salaryRecords) =>
    and(eq(t.tenantId, tenantId), eq(t.isDeleted, 0), people.length ? inArray(t.userId, people) : sql`false`);
  const attendanceRows = people.length
    ? await db
        .select({ userId: attendances.userId, values: attendances.attendanceValues })
        .from(attendances)
        .where(and(scope(attendances), eq(attendances.importMonth, month)))
    : [];
  const attendanceOf = new Map(attendanceRows.map((r) => [String(r.userId), JSON.parse(String(r.values ?? '{}')) as Record<string, string>]));
  const socialOfMonth = await personalSocialOfMonth(db, tenantId, people, month);
  const schemes = await socialSchemesById(db, tenantId, [
    ...new Set(
      infos
        .map((i) => i.info.socialSchemeId)
        .filter((x): x is string => !!x)
        .map(String),
    ),
  ]);
  const r = salaryRecords;
  const priorRows = people.length
    ? await db
        .select({
          userId: r.userId,
          months: sql<number>`count(*)::int`,
          income: sql<string>`coalesce(sum(${r.grossPay}), 0)::text`,
          social: sql<string>`coalesce(sum(${r.socialPersonal}), 0)::text`,
          special: sql<string>`coalesce(sum(${r.specialDeduction}), 0)::text`,
          tax: sql<string>`coalesce(sum(${r.incomeTax}), 0)::text`,
        })
        .from(r)
        .where(and(scope(r), sql`${r.importMonth} LIKE ${`${year}-%`}`, lt(r.importMonth, month)))
        .groupBy(r.userId)
    : [];
  const priorOf = new Map(priorRows.map((p) => [String(p.userId), p]));
  const existingRows = people.length
    ? await db
        .select()
        .from(r)
        .where(and(scope(r), eq(r.importMonth, month)))
    : [];
  const existing = new Map(existingRows.map((e) => [String(e.userId), e as Row]));

  const values = new Map<string, RecordValues>();
  for (const { info, deptId } of infos) {
    const userId = String(info.userId);
    const stored = existing.get(userId);
    const adjust = opts.adjust?.get(userId);
    const att = attendanceOf.get(userId) ?? {};
    let social = socialOfMonth.get(userId);
    let socialFrom = '社保缴纳记录';
    if (social === undefined) {
      const scheme = info.socialSchemeId ? schemes.get(String(info.socialSchemeId)) : undefined;
      social = scheme && info.socialBase ? contributions(String(info.socialBase), scheme).personalAmount : '0.00';
      socialFrom = scheme && info.socialBase ? `社保方案「${String(scheme.schemeName)}」× 基数 ${String(info.socialBase)}` : '未设置社保方案';
    }
    const prior = priorOf.get(userId);
    const result: PayrollResult = computePayroll({
      basePay: txt(info.basePay),
      postPay: txt(info.postPay),
      performancePay: txt(info.performancePay),
      allowance: txt(info.allowance),
      items: fields.map((f) => ({
        code: String(f.fieldCode),
        name: String(f.fieldName),
        unit: txt(f.unit),
        kind: Number(f.payableOrDeduction ?? ATTENDANCE_KIND.none),
        unitAmount: txt(f.unitAmount),
        value: att[String(f.fieldCode)] ?? '0',
      })),
      otherPay: String((adjust && adjust.otherPay !== undefined ? adjust.otherPay : stored?.otherPay) ?? '0'),
      otherDeduction: String((adjust && adjust.otherDeduction !== undefined ? adjust.otherDeduction : stored?.otherDeduction) ?? '0'),
      socialPersonal: social,
      specialDeduction: txt(info.specialDeduction),
      prior: prior ?? { months: 0, income: '0', social: '0', special: '0', tax: '0' },
    });
    const social0 = result.steps.find((s) => s.label === '个人社保公积金');
    if (social0) social0.formula = socialFrom;
    values.set(userId, {
      importMonth: month,
      userId,
      deptId,
      salaryStandard: info.salaryStandard ? String(info.salaryStandard) : null,
      basePay: String(info.basePay ?? '0'),
      postPay: String(info.postPay ?? '0'),
      performancePay: String(info.performancePay ?? '0'),
      allowance: String(info.allowance ?? '0'),
      standardPay: result.standardPay,
      payableAmount: result.payableAmount,
      deductionAmount: result.deductionAmount,
      otherPay: String((adjust && adjust.otherPay !== undefined ? adjust.otherPay : stored?.otherPay) ?? '0'),
      otherDeduction: String((adjust && adjust.otherDeduction !== undefined ? adjust.otherDeduction : stored?.otherDeduction) ?? '0'),
      grossPay: result.grossPay,
      socialPersonal: result.socialPersonal,
      specialDeduction: result.specialDeduction,
      cumulativeTaxable: result.cumulativeTaxable,
      incomeTax: result.incomeTax,
      netPay: result.netPay,
      calcDetail: JSON.stringify(result),
    });
  }
  return { values, existing };
}

/** Rows per insert (well under PostgreSQL's 65,535 parameters at ~40 columns). */
const CHUNK = 500;

/**
 * Computes and stores the month's records of everyone with a salary standard (or of `userIds`): new ones inserted,
 * open ones recomputed in place, locked ones (under approval, approved) skipped. One transaction.
 */
export async function computeMonth(db: Db, user: AuthUser, month: string, userIds?: readonly string[]) {
  const [any] = await db
    .select({ id: attendances.id })
    .from(attendances)
    .where(and(eq(attendances.tenantId, user.tenantId), eq(attendances.isDeleted, 0), eq(attendances.importMonth, month)))
    .limit(1);
  if (!any) throw fail(SALARY_MSG.noAttendance);
  const { values, existing } = await prepareMonth(db, user.tenantId, month, userIds ? { userIds } : {});
  if (!values.size) throw fail(SALARY_MSG.noInfo);
  const rows: Row[] = [];
  let skipped = 0;
  const replaced: string[] = [];
  for (const [userId, v] of values) {
    const stored = existing.get(userId);
    if (stored && !approvalOpen(stored.status)) {
      skipped++;
      continue;
    }
    if (stored) replaced.push(String(stored.id));
    rows.push({
      ...(stored ?? {}),
      ...v,
      id: stored ? String(stored.id) : nextId(),
      tenantId: user.tenantId,
      createUser: stored ? stored.createUser : user.userId,
      createDept: stored ? stored.createDept : (user.deptIds[0] ?? null),
      updateUser: user.userId,
      updateTime: sql`now()`,
      status: stored ? stored.status : APPROVAL_STATUS.draft,
      isDraft: stored ? stored.isDraft : APPROVAL_DRAFT.draft,
      isDeleted: 0,
      payStatus: 0,
    });
  }
  if (!rows.length) throw fail('该月工资已审批,不能重新核算');
  await db.transaction(async (tx) => {
    // Recomputed records keep their ids and approval columns: rewritten as a whole, in one statement per chunk.
    for (let i = 0; i < replaced.length; i += CHUNK) await tx.delete(salaryRecords).where(inArray(salaryRecords.id, replaced.slice(i, i + CHUNK)));
    for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(salaryRecords).values(rows.slice(i, i + CHUNK) as (typeof salaryRecords.$inferInsert)[]);
  });
  return { importMonth: month, computed: rows.length, skipped, total: values.size };
}
