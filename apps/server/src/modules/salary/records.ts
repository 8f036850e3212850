/**
 * 工资核算 (`hjlSalaryRecord`): the month's computation (compute.ts, `POST compute`) and the records on the approval
 * kit — one (`submitAudit`) or a month (`submitBatchApproval`, one instance for all, the kit's batch), locked once
 * under approval; `detailByProcessInstanceId` with totals per department. The figures are the server's: a record
 * written by hand is computed from its person's standard and attendance with its adjustments. A month written marks
 * the later months of its year stale (`needsRecompute`, BUSINESS.md §1 "Salary"): `staleMonths` says which,
 * `recomputeStale` computes them again in one action, and a stale record is neither started nor approved.
 */
import { APPROVAL_STATUS, SALARY_MSG, compareMoney, permissionCodes, salaryRecordEntity, sumMoney } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { executeRows } from '../../platform/db/rows.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField, isBlank } from '../../platform/http/params.ts';
import { markLaterMonthsStale } from './api.ts';
import { computeMonth, prepareMonth, recomputeStale, staleMonths } from './compute.ts';
import { calculationOf, monthOf, noDictionary, type SalaryModuleContext } from './context.ts';
import { salaryRecords } from './schema.ts';

/** The figures of a record the server computes: a client never writes them. */
const SERVER_FIELDS = [
  'deptId',
  'salaryStandard',
  'basePay',
  'postPay',
  'performancePay',
  'allowance',
  'standardPay',
  'payableAmount',
  'deductionAmount',
  'labourPay',
  'grossPay',
  'socialPersonal',
  'fundPersonal',
  'socialCompany',
  'fundCompany',
  'needsRecompute',
  'specialDeduction',
  'cumulativeTaxable',
  'incomeTax',
  'netPay',
  'calcDetail',
  'payStatus',
  'payTime',
];

const def = salaryRecordEntity;
const codes = permissionCodes(def);
const tags = [def.label.zh];
const r = salaryRecords;

/** A year (yyyy) or the rule's 400. */
const yearOf = (value: unknown) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^\d{4}$/.test(text)) throw fail('年份格式应为yyyy');
  return text;
};

/** A non-negative amount of a record's adjustment, or 400. */
const adjustment = (value: unknown, label: string) => {
  if (isBlank(value)) return '0.00';
  if (compareMoney(String(value), '0') < 0) throw fail(`${label}不能为负数`);
  return String(value);
};

/** The records, a month approved by one instance; answers their repository (the payslips read through it). */
export function registerSalaryRecords(ctx: SalaryModuleContext) {
  const db = ctx.database.db;
  const approval = def.approval;
  if (!approval) throw new Error('salary records declare their approval');
  const openIdsOf = async (user: AuthUser, month: string): Promise<string[]> => {
    const rows = await recordRepo.page(
      user,
      { size: '10000' },
      [eq(r.importMonth, month), inArray(r.status, [APPROVAL_STATUS.draft, APPROVAL_STATUS.rejected, APPROVAL_STATUS.withdrawn])],
      10_000,
    );
    return (rows.records as Row[]).map((x) => String(x.id));
  };
  const recordRepo = ctx.approval.register(def, salaryRecords, {
    dictionary: noDictionary,
    batch: {
      processKey: approval.processKey,
      routeKey: approval.routeKey,
      path: 'submitBatchApproval',
      title: '{userName}提交的工资审批({count}人,实发{money}元)',
      async idsOf(user, body, query) {
        const month = monthOf(body.importMonth ?? query.importMonth);
        const ids = await openIdsOf(user, month);
        if (!ids.length) throw fail(SALARY_MSG.noRecords);
        if ((await staleMonths(db, user.tenantId, month.slice(0, 4))).some((m) => m.month === month)) throw fail(SALARY_MSG.stale);
        return ids;
      },
    },
    async beforeWrite(user, data, id) {
      const current = id ? ((await recordRepo.detail(user, id)) as Row | undefined) : undefined;
      if (id && !current) throw notFound();
      for (const f of SERVER_FIELDS) delete data[f];
      const userId = String(data.userId ?? current?.userId ?? '');
      const month = String(data.importMonth ?? current?.importMonth ?? '');
      if (current && (userId !== String(current.userId) || month !== String(current.importMonth))) throw fail('不能修改工资记录的员工或月份');
      if (!userId || !month) return;
      if (!current) {
        const [other] = await db
          .select({ id: r.id })
          .from(r)
          .where(and(eq(r.tenantId, user.tenantId), eq(r.isDeleted, 0), eq(r.userId, userId), eq(r.importMonth, month)))
          .limit(1);
        if (other) throw fail(SALARY_MSG.recordExists);
      }
      const otherPay = adjustment(data.otherPay !== undefined ? data.otherPay : current?.otherPay, '其他应发');
      const otherDeduction = adjustment(data.otherDeduction !== undefined ? data.otherDeduction : current?.otherDeduction, '其他扣款');
      const { values } = await prepareMonth(db, user.tenantId, month, { userIds: [userId], adjust: new Map([[userId, { otherPay, otherDeduction }]]) });
      const v = values.get(userId);
      if (!v) throw fail(SALARY_MSG.noInfo);
      Object.assign(data, v);
    },
    async afterWrite(user, change) {
      if (!change.ids.length) return;
      // A month written or removed: the later months of its year of the same person read it — compute them again.
      const rows = await executeRows<{ userId: string; month: string }>(
        db,
        sql`SELECT user_id::text AS "userId", import_month AS month FROM hjl_salary_record WHERE tenant_id = ${user.tenantId} AND id IN (${sql.join(
          change.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      // (A draft saved without its person or month marks nothing.)
      for (const x of rows) if (x.userId && x.month) await markLaterMonthsStale(db, user.tenantId, [x.userId], x.month);
    },
    onStatus(_tx, row, status) {
      // No stale month is started or approved: an earlier month changed since it was computed.
      if ((status === APPROVAL_STATUS.approving || status === APPROVAL_STATUS.approved) && Number(row.needsRecompute) === 1) throw fail(SALARY_MSG.stale);
    },
    decorate: (_user, row) => ({ ...row, calculation: calculationOf(row) }),
    decorateRows: (_user, rows) => rows.map(({ calcDetail: _omit, ...row }) => row),
  });

  ctx.route({
    method: 'POST',
    url: `${def.api}/compute`,
    summary: '核算某月工资(全部有薪资标准的员工,或 userIds;审批中和已通过的不变)',
    tags,
    requires: { code: codes.add },
    msg: '核算完成',
    body: z.looseObject({ importMonth: z.unknown().optional(), userIds: z.array(idField()).max(10_000).optional() }),
    handler: async ({ user, body }) => {
      return computeMonth(db, user, monthOf(body.importMonth), body.userIds);
    },
  });

  ctx.route({
    method: 'GET',
    url: `${def.api}/staleMonths`,
    summary: '需要重新核算的月份(较早月份的工资已变动;year: yyyy)',
    tags,
    requires: { code: codes.view },
    query: z.looseObject({ year: z.unknown().optional() }),
    handler: async ({ user, query }) => {
      const months = await staleMonths(db, user.tenantId, yearOf(query.year));
      return months.map((m) => ({ importMonth: m.month, open: m.open.length, locked: m.locked.length }));
    },
  });

  ctx.route({
    method: 'POST',
    url: `${def.api}/recomputeStale`,
    summary: '重新核算某年全部需要重新核算的月份(按月份顺序,一个事务)',
    tags,
    requires: { code: codes.add },
    msg: '重新核算完成',
    body: z.looseObject({ year: z.unknown().optional() }),
    handler: async ({ user, body }) => recomputeStale(db, user, yearOf(body.year)),
  });

  ctx.route({
    method: 'POST',
    url: `${def.api}/submitAudit`,
    summary: '提交一条工资记录审批',
    tags,
    requires: { code: codes.add },
    msg: '发起成功',
    body: z.looseObject({ id: idField().optional() }).optional(),
    query: z.looseObject({ id: idField().optional() }),
    handler: async ({ user, body, query }) => {
      const id = body?.id ?? query.id;
      if (!id) throw fail('请选择要提交的数据');
      return ctx.approval.batches.start(user, def.name, [id]);
    },
  });

  ctx.route({
    method: 'GET',
    url: `${def.api}/detailByProcessInstanceId`,
    summary: '工资审批详情(该流程的全部记录、部门合计与总计)',
    tags,
    requires: 'user',
    query: z.object({ processInstanceId: idField({ message: '缺少必要的请求参数: processInstanceId' }) }),
    handler: async ({ user, query }) => {
      const batch = await ctx.approval.batches.detail(user, query.processInstanceId);
      const records = (batch.records as Row[]).map(({ calcDetail: _omit, ...x }) => x);
      const totalsOf = (rows: Row[]) => ({
        count: rows.length,
        grossPay: sumMoney(rows.map((x) => String(x.grossPay ?? '0'))),
        socialPersonal: sumMoney(rows.map((x) => String(x.socialPersonal ?? '0'))),
        incomeTax: sumMoney(rows.map((x) => String(x.incomeTax ?? '0'))),
        netPay: sumMoney(rows.map((x) => String(x.netPay ?? '0'))),
      });
      const byDept = new Map<string, Row[]>();
      for (const x of records) {
        const key = String(x.deptId ?? '');
        byDept.set(key, [...(byDept.get(key) ?? []), x]);
      }
      const deptTotals = [...byDept.entries()].map(([deptId, rows]) => ({
        deptId: deptId || null,
        deptName: String(rows[0]?.deptName ?? '未分配部门'),
        ...totalsOf(rows),
      }));
      return { ...batch, records, deptTotals, totals: totalsOf(records) };
    },
  });

  return { repo: recordRepo };
}
