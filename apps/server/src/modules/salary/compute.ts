/**
 * The payroll of a month (BUSINESS.md WP6, §1 "Salary"): one record per person with a salary standard, from their
 * standard, the month's attendance (each configured field payable or deducted at its unit amount), the labour fees
 * paid to them as employees that joined the month (wages: money/api.ts), their social security (the month's
 * contribution record of 社保缴纳, else their scheme's rates on their base clamped to the scheme's floor and ceiling;
 * the personal part withheld, the housing fund's and the company's parts kept for the payables of pay.ts), their
 * itemised special deductions of the month and the income tax withheld by the cumulative method over their earlier
 * records of the year, with the basic deduction of the months employed (from the entry date of 员工档案, else
 * January; payroll.ts). Set-based: a handful of queries and one transaction for the whole month.
 * Records under approval or approved are left as they are; open ones (0, 3, 6) are recomputed in place (same id,
 * same approval columns, their other pay and deductions kept), so a rejected month is corrected and submitted again.
 * A month computed marks the later months of its year of the same people to be computed again (their cumulative
 * figures read it); `recomputeStale` computes every marked month of a year in order, in one transaction.
 */
import {
  APPROVAL_DRAFT,
  APPROVAL_STATUS,
  ATTENDANCE_KIND,
  SALARY_MSG,
  approvalOpen,
  compareMoney,
  computePayroll,
  employedMonths,
  specialDeductionOf,
  type PayrollResult,
  type SpecialDeductionItems,
} from '@hjl/core';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Executor, Row } from '../../platform/crud/repo.ts';
import { nextId } from '../../platform/db/ids.ts';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/errors.ts';
import { baseWithin, contributions, entryDatesOf, housingFundPart, personalSocialOfMonth, socialSchemesById } from '../hr/api.ts';
import { employeeLabourPayOf } from '../money/api.ts';
import { liveUsersBrief } from '../user/api.ts';
import { markLaterMonthsStale } from './api.ts';
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

type Adjust = Map<string, { otherPay?: unknown; otherDeduction?: unknown }>;

/** A salary standard's itemised special deductions (special-deduction.ts). */
export const specialItemsOf = (info: Row): SpecialDeductionItems => ({
  childrenCount: info.childrenCount == null ? 0 : Number(info.childrenCount),
  infantCount: info.infantCount == null ? 0 : Number(info.infantCount),
  degreeEducation: info.degreeEducation == null ? 0 : Number(info.degreeEducation),
  certificateMonth: txt(info.certificateMonth),
  housingLoan: info.housingLoan == null ? 0 : Number(info.housingLoan),
  housingRent: info.housingRent == null ? 0 : Number(info.housingRent),
  elderlySupport: info.elderlySupport == null ? 0 : Number(info.elderlySupport),
  elderlyShare: txt(info.elderlyShare),
  seriousIllness: txt(info.seriousIllness),
});

/** What the month's computation reads besides the standards: attendance, social security, prior months, labour fees. */
async function monthInputs(db: Executor, tenantId: string, month: string, infos: { info: Row }[]) {
  const year = month.slice(0, 4);
  const people = infos.map((i) => String(i.info.userId));
  const scope = (t: typeof attendances | typeof salaryRecords) =>
    and(eq(t.tenantId, tenantId), eq(t.isDeleted, 0), people.length ? inArray(t.userId, people) : sql`false`);
  const attendanceRows = people.length
    ? await db
        .select({ userId: attendances.userId, values: attendances.attendanceValues })
        .from(attendances)
        .where(and(scope(attendances), eq(attendances.importMonth, month)))
    : [];
  const socialOfMonth = await personalSocialOfMonth(db, tenantId, people, month);
  const schemeIds = [...infos.map((i) => i.info.socialSchemeId), ...[...socialOfMonth.values()].map((c) => c.schemeId)].filter((x): x is string => !!x);
  const schemes = await socialSchemesById(db, tenantId, [...new Set(schemeIds.map(String))]);
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
  const existingRows = people.length
    ? await db
        .select()
        .from(r)
        .where(and(scope(r), eq(r.importMonth, month)))
    : [];
  return {
    fields: await fieldsOf(db, tenantId),
    attendanceOf: new Map(attendanceRows.map((x) => [String(x.userId), JSON.parse(String(x.values ?? '{}')) as Record<string, string>])),
    socialOfMonth,
    schemes,
    priorOf: new Map(priorRows.map((p) => [String(p.userId), p])),
    existing: new Map(existingRows.map((e) => [String(e.userId), e as Row])),
    entryOf: await entryDatesOf(db, tenantId, people),
    labourOf: await employeeLabourPayOf(db, tenantId, people, month),
  };
}

/**
 * A person's social security of the month: the contribution record of 社保缴纳 when there is one, else their scheme's
 * rates on their base within the scheme's floor and ceiling; the housing fund's parts of it; how it was reached.
 */
function socialOf(info: Row, inputs: Awaited<ReturnType<typeof monthInputs>>) {
  const userId = String(info.userId);
  const record = inputs.socialOfMonth.get(userId);
  const scheme = info.socialSchemeId ? inputs.schemes.get(String(info.socialSchemeId)) : undefined;
  if (record) {
    const own = (record.schemeId ? inputs.schemes.get(record.schemeId) : undefined) ?? scheme;
    return {
      personal: record.personal,
      company: record.company,
      fundPersonal: housingFundPart(record.personal, own, 'personal'),
      fundCompany: housingFundPart(record.company, own, 'company'),
      from: '社保缴纳记录',
    };
  }
  if (!scheme || !info.socialBase) return { personal: '0.00', company: '0.00', fundPersonal: '0.00', fundCompany: '0.00', from: '未设置社保方案' };
  const base = baseWithin(String(info.socialBase), scheme);
  const c = contributions(base, scheme);
  const clamped = compareMoney(base, String(info.socialBase)) !== 0 ? `(基数 ${String(info.socialBase)} 按方案上下限计为 ${base})` : '';
  return {
    personal: c.personalAmount,
    company: c.companyAmount,
    fundPersonal: housingFundPart(c.personalAmount, scheme, 'personal'),
    fundCompany: housingFundPart(c.companyAmount, scheme, 'company'),
    from: `社保方案「${String(scheme.schemeName)}」× 基数 ${base}${clamped}`,
  };
}

/**
 * The computed values of `month` for the people of `userIds` (all with a salary standard when absent), keyed by
 * user; `adjust` gives a person's other pay and deductions (else those of their stored record).
 */
export async function prepareMonth(
  db: Executor,
  tenantId: string,
  month: string,
  opts: { userIds?: readonly string[]; adjust?: Adjust } = {},
): Promise<{ values: Map<string, RecordValues>; existing: Map<string, Row> }> {
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
    return person ? [{ info: info as Row, deptId: person.deptId }] : [];
  });
  const inputs = await monthInputs(db, tenantId, month, infos);
  const values = new Map<string, RecordValues>();
  for (const { info, deptId } of infos) {
    const userId = String(info.userId);
    const stored = inputs.existing.get(userId);
    const adjust = opts.adjust?.get(userId);
    const otherPay = String((adjust && adjust.otherPay !== undefined ? adjust.otherPay : stored?.otherPay) ?? '0');
    const otherDeduction = String((adjust && adjust.otherDeduction !== undefined ? adjust.otherDeduction : stored?.otherDeduction) ?? '0');
    const att = inputs.attendanceOf.get(userId) ?? {};
    const social = socialOf(info, inputs);
    const special = specialDeductionOf(specialItemsOf(info), month);
    const labour = inputs.labourOf.get(userId);
    const prior = inputs.priorOf.get(userId);
    const result: PayrollResult = computePayroll({
      basePay: txt(info.basePay),
      postPay: txt(info.postPay),
      performancePay: txt(info.performancePay),
      allowance: txt(info.allowance),
      items: inputs.fields.map((f) => ({
        code: String(f.fieldCode),
        name: String(f.fieldName),
        unit: txt(f.unit),
        kind: Number(f.payableOrDeduction ?? ATTENDANCE_KIND.none),
        unitAmount: txt(f.unitAmount),
        value: att[String(f.fieldCode)] ?? '0',
      })),
      otherPay,
      otherDeduction,
      labourPay: labour?.amount ?? '0',
      labourText: labour?.fees.map((f) => `${f.projectName ?? '劳务费'} ${f.amount}`).join(' + '),
      socialPersonal: social.personal,
      specialDeduction: special.total,
      specialLines: special.lines,
      employedMonths: employedMonths(inputs.entryOf.get(userId), month),
      prior: prior ?? { months: 0, income: '0', social: '0', special: '0', tax: '0' },
    });
    const social0 = result.steps.find((s) => s.label === '个人社保公积金');
    if (social0) social0.formula = social.from;
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
      otherPay,
      otherDeduction,
      labourPay: result.labourPay,
      grossPay: result.grossPay,
      socialPersonal: result.socialPersonal,
      fundPersonal: social.fundPersonal,
      socialCompany: social.company,
      fundCompany: social.fundCompany,
      specialDeduction: result.specialDeduction,
      cumulativeTaxable: result.cumulativeTaxable,
      incomeTax: result.incomeTax,
      netPay: result.netPay,
      needsRecompute: 0,
      calcDetail: JSON.stringify({ ...result, labourFees: labour?.fees ?? [] }),
    });
  }
  return { values, existing: inputs.existing };
}

/** Rows per insert (well under PostgreSQL's 65,535 parameters at ~40 columns). */
const CHUNK = 500;

/**
 * Computes and stores the month's records of everyone with a salary standard (or of `userIds`): new ones inserted,
 * open ones recomputed in place, locked ones (under approval, approved) skipped. One transaction.
 */
export async function computeMonth(db: Db, user: AuthUser, month: string, userIds?: readonly string[]) {
  return db.transaction((tx) => writeMonth(tx, user, month, userIds));
}

/** computeMonth on a transaction; the later months of the year of the people computed are marked stale. */
async function writeMonth(tx: Executor, user: AuthUser, month: string, userIds?: readonly string[]) {
  const [any] = await tx
    .select({ id: attendances.id })
    .from(attendances)
    .where(and(eq(attendances.tenantId, user.tenantId), eq(attendances.isDeleted, 0), eq(attendances.importMonth, month)))
    .limit(1);
  if (!any) throw fail(SALARY_MSG.noAttendance);
  const { values, existing } = await prepareMonth(tx, user.tenantId, month, userIds ? { userIds } : {});
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
  // Recomputed records keep their ids and approval columns: rewritten as a whole, in one statement per chunk.
  for (let i = 0; i < replaced.length; i += CHUNK) await tx.delete(salaryRecords).where(inArray(salaryRecords.id, replaced.slice(i, i + CHUNK)));
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(salaryRecords).values(rows.slice(i, i + CHUNK) as (typeof salaryRecords.$inferInsert)[]);
  await markLaterMonthsStale(
    tx,
    user.tenantId,
    rows.map((x) => String(x.userId)),
    month,
  );
  return { importMonth: month, computed: rows.length, skipped, total: values.size };
}

/** The months of `year` (yyyy) with records to be computed again, each with the people marked, in order. */
export async function staleMonths(db: Executor, tenantId: string, year: string, userIds?: readonly string[]) {
  const r = salaryRecords;
  const rows = await db
    .select({ month: r.importMonth, userId: r.userId, status: r.status })
    .from(r)
    .where(
      and(
        eq(r.tenantId, tenantId),
        eq(r.isDeleted, 0),
        eq(r.needsRecompute, 1),
        sql`${r.importMonth} LIKE ${`${year}-%`}`,
        userIds ? inArray(r.userId, userIds.length ? [...userIds] : ['0']) : undefined,
      ),
    )
    .orderBy(r.importMonth);
  const months = new Map<string, { open: string[]; locked: string[] }>();
  for (const x of rows) {
    const m = months.get(String(x.month)) ?? { open: [], locked: [] };
    (approvalOpen(x.status) ? m.open : m.locked).push(String(x.userId));
    months.set(String(x.month), m);
  }
  return [...months.entries()].map(([month, people]) => ({ month, ...people }));
}

/**
 * Computes again, in one transaction and month after month, every open record of `year` marked stale (an earlier
 * month changed); those under approval or approved stay marked (their approval is refused: records.ts).
 */
export async function recomputeStale(db: Db, user: AuthUser, year: string, userIds?: readonly string[]) {
  return db.transaction(async (tx) => {
    const done: { importMonth: string; computed: number }[] = [];
    for (let guard = 0; guard < 12; guard++) {
      // Read again each time: a month computed marks the later ones.
      const next = (await staleMonths(tx, user.tenantId, year, userIds)).find((m) => m.open.length && !done.some((d) => d.importMonth === m.month));
      if (!next) break;
      const r = await writeMonth(tx, user, next.month, next.open);
      done.push({ importMonth: next.month, computed: r.computed });
    }
    if (!done.length) throw fail(SALARY_MSG.noStale);
    return { months: done, computed: done.reduce((n, d) => n + d.computed, 0) };
  });
}
