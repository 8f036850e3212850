/**
 * Salary and attendance (薪资管理, BUSINESS.md §1 "Salary" and §3 WP6), on the definitions of
 * packages/core/src/entities/salary.ts and the rule of packages/core/src/payroll.ts:
 * - configuration: salary levels (`hjlSalaryConfig`, `levelList`), each person's standard (`hjlUserSalaryInfo`, lookups by
 *   account and name, `updateSalaryStandard`, `page` with `deptId`), attendance fields (`attendance-field-config`);
 * - attendance import with its dry run (attendance.ts);
 * - the month's computation (compute.ts, `POST hjlSalaryRecord/compute`) and the records on the approval kit: one
 *   (`submitAudit`) or a month (`submitBatchApproval`, one instance for all, the kit's batch), locked once under approval;
 *   `detailByProcessInstanceId` with totals per department;
 * - payslips: each person their own approved records (`my`, `myDetail`); paying a month (pay.ts); statistics (statistics.ts).
 */
import {
  APPROVAL_STATUS,
  SALARY_MSG,
  attendanceFieldConfigEntity,
  compareMoney,
  isIdText,
  permissionCodes,
  salaryConfigEntity,
  salaryRecordEntity,
  sumMoney,
  userSalaryInfoEntity,
} from '@hjl/core';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { tableResolver } from '../../platform/crud/refs.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField, isBlank } from '../../platform/http/params.ts';
import { parseListQuery } from '../../platform/http/query.ts';
import { page } from '../../platform/http/envelope.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { ApprovalKit } from '../approval/api.ts';
import { deptTreeIdsSql } from '../org/api.ts';
import { liveUsersBrief, userIdsInDeptsSql, usersByAccountOrName } from '../user/api.ts';
import { monthOf, registerAttendance } from './attendance.ts';
import { computeMonth, prepareMonth } from './compute.ts';
import { registerSalaryPay } from './pay.ts';
import { attendanceFields, salaryConfigs, salaryInfos, salaryRecords } from './schema.ts';
import { registerSalaryStatistics } from './statistics.ts';

export interface SalaryModuleContext extends ModuleContext {
  approval: ApprovalKit;
}

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
  'grossPay',
  'socialPersonal',
  'specialDeduction',
  'cumulativeTaxable',
  'incomeTax',
  'netPay',
  'calcDetail',
  'payStatus',
  'payTime',
];

/** The permission of the payslip menu (工资条): a person's own approved records. */
export const PAYSLIP_CODE = 'salary_payslip';
const PAGING = { filterable: new Map(), sortable: new Set<string>(), maxSize: 1000 };

/** A non-negative amount of a record's adjustment, or 400. */
const adjustment = (value: unknown, label: string) => {
  if (isBlank(value)) return '0.00';
  if (compareMoney(String(value), '0') < 0) throw fail(`${label}不能为负数`);
  return String(value);
};

/** The area's fields name no dictionary: exports write their values as they are. */
const noDictionary = async () => [];

/** A record's stored calculation as an object (the payslip's and the calculation detail's steps). */
const calculationOf = (row: Row) => {
  try {
    return row.calcDetail ? (JSON.parse(String(row.calcDetail)) as unknown) : null;
  } catch {
    return null;
  }
};

export function registerSalary(ctx: SalaryModuleContext) {
  const db = ctx.database.db;
  ctx.refs.register(
    'salary_config',
    tableResolver(db, {
      table: salaryConfigs,
      key: salaryConfigs.id,
      name: salaryConfigs.levelName,
      tenant: salaryConfigs.tenantId,
      live: eq(salaryConfigs.isDeleted, 0),
    }),
  );

  // 薪资等级配置: a level in use by a person's standard is not removed.
  const levelCodes = permissionCodes(salaryConfigEntity);
  const levelRepo = ctx.repo(salaryConfigEntity, salaryConfigs);
  registerEntityRoutes(ctx.route, levelRepo, ctx.access, {
    async beforeRemove(user, ids) {
      const [used] = await db
        .select({ id: salaryInfos.id })
        .from(salaryInfos)
        .where(and(eq(salaryInfos.tenantId, user.tenantId), eq(salaryInfos.isDeleted, 0), inArray(salaryInfos.salaryStandard, ids)))
        .limit(1);
      if (used) throw fail(SALARY_MSG.levelInUse);
    },
  });
  ctx.route({
    method: 'GET',
    url: `${salaryConfigEntity.api}/levelList`,
    summary: '薪资等级列表(下拉,不分页)',
    tags: [salaryConfigEntity.label.zh],
    requires: { anyOf: [levelCodes.view, permissionCodes(userSalaryInfoEntity).view] },
    handler: async ({ user }) =>
      db
        .select({
          id: salaryConfigs.id,
          levelCode: salaryConfigs.levelCode,
          levelName: salaryConfigs.levelName,
          basePay: salaryConfigs.basePay,
          postPay: salaryConfigs.postPay,
          performancePay: salaryConfigs.performancePay,
          allowance: salaryConfigs.allowance,
        })
        .from(salaryConfigs)
        .where(and(eq(salaryConfigs.tenantId, user.tenantId), eq(salaryConfigs.isDeleted, 0)))
        .orderBy(salaryConfigs.sort, salaryConfigs.id)
        .limit(500)
        .then((rows) => rows.map((r) => ({ ...r, id: String(r.id) }))),
  });

  const levelOf = async (user: AuthUser, id: string) => {
    const [level] = await db
      .select()
      .from(salaryConfigs)
      .where(and(eq(salaryConfigs.id, id), eq(salaryConfigs.tenantId, user.tenantId), eq(salaryConfigs.isDeleted, 0)))
      .limit(1);
    if (!level) throw fail(SALARY_MSG.levelMissing);
    return level;
  };
  const fromLevel = (level: typeof salaryConfigs.$inferSelect) => ({
    basePay: level.basePay,
    postPay: level.postPay ?? '0.00',
    performancePay: level.performancePay ?? '0.00',
    allowance: level.allowance ?? '0.00',
  });

  // 薪资标准: one per person; a level chosen without amounts takes the level's.
  const infoDef = userSalaryInfoEntity;
  const infoCodes = permissionCodes(infoDef);
  const infoTags = [infoDef.label.zh];
  const infoRepo = ctx.repo(infoDef, salaryInfos);
  const infoHooks = {
    async beforeWrite(user: AuthUser, data: Row, id: string | undefined) {
      const current = id ? ((await infoRepo.detail(user, id)) as Row | undefined) : undefined;
      const userId = data.userId !== undefined ? data.userId : current?.userId;
      if (userId != null) {
        const [other] = await db
          .select({ id: salaryInfos.id })
          .from(salaryInfos)
          .where(
            and(
              eq(salaryInfos.tenantId, user.tenantId),
              eq(salaryInfos.isDeleted, 0),
              eq(salaryInfos.userId, String(userId)),
              ...(id ? [ne(salaryInfos.id, id)] : []),
            ),
          )
          .limit(1);
        if (other) throw fail(SALARY_MSG.infoExists);
      }
      for (const [k, label] of [
        ['basePay', '基本工资'],
        ['postPay', '岗位工资'],
        ['performancePay', '绩效工资'],
        ['allowance', '津贴补贴'],
        ['socialBase', '社保缴费基数'],
        ['specialDeduction', '专项附加扣除'],
      ] as const)
        if (!isBlank(data[k]) && compareMoney(String(data[k]), '0') < 0) throw fail(`${label}不能为负数`);
    },
    async decorateRows(user: AuthUser, rows: Row[]) {
      const people = await liveUsersBrief(
        db,
        user.tenantId,
        rows.map((r) => String(r.userId)),
      );
      return rows.map((r) => ({ ...r, account: people.get(String(r.userId))?.account ?? null }));
    },
  };
  registerEntityRoutes(ctx.route, ctx.repo({ ...infoDef, routes: infoDef.routes.filter((r) => r !== 'page') }, salaryInfos), ctx.access, {
    ...infoHooks,
    dictionary: noDictionary,
    async beforeWrite(user, data, id) {
      if (data.salaryStandard != null && isBlank(data.basePay)) Object.assign(data, fromLevel(await levelOf(user, String(data.salaryStandard))));
      await infoHooks.beforeWrite(user, data, id);
    },
  });
  const infoPage = async (user: AuthUser, query: Record<string, unknown>, extra: SQL[] = []) => {
    const conds = [...extra];
    if (!isBlank(query.deptId)) {
      const deptId = String(query.deptId);
      if (!isIdText(deptId)) throw fail('部门不存在');
      conds.push(sql`${salaryInfos.userId} IN (${userIdsInDeptsSql(user.tenantId, deptTreeIdsSql(user.tenantId, [deptId]))})`);
    }
    const p = await infoRepo.page(user, query, conds);
    return { ...p, records: await infoHooks.decorateRows(user, await infoRepo.withNames(user, p.records as Row[])) };
  };
  ctx.route({
    method: 'GET',
    url: `${infoDef.api}/page`,
    summary: '薪资标准分页(deptId: 部门及下级)',
    tags: infoTags,
    requires: { code: infoCodes.view },
    query: z.looseObject({ deptId: z.string().optional() }),
    handler: ({ user, req }) => infoPage(user, req.query as Record<string, unknown>),
  });
  const infoBy = async (user: AuthUser, key: string, by: 'account' | 'realName') => {
    const people = (await usersByAccountOrName(db, user.tenantId, [key])).filter((p) => (by === 'account' ? p.account === key : p.realName === key));
    if (!people.length) return by === 'account' ? null : [];
    const p = await infoPage(user, { size: '100' }, [
      inArray(
        salaryInfos.userId,
        people.map((x) => x.id),
      ),
    ]);
    return by === 'account' ? (p.records[0] ?? null) : p.records;
  };
  ctx.route({
    method: 'GET',
    url: `${infoDef.api}/getUserInfoByAccount`,
    summary: '按登录账号查询薪资标准',
    tags: infoTags,
    requires: { code: infoCodes.view },
    query: z.object({ account: z.string({ message: '请输入登录账号' }).trim().min(1, '请输入登录账号').max(45) }),
    handler: ({ user, query }) => infoBy(user, query.account, 'account'),
  });
  ctx.route({
    method: 'GET',
    url: `${infoDef.api}/getUserInfoByName`,
    summary: '按姓名查询薪资标准(同名者全部)',
    tags: infoTags,
    requires: { code: infoCodes.view },
    query: z.object({ realName: z.string({ message: '请输入姓名' }).trim().min(1, '请输入姓名').max(45) }),
    handler: ({ user, query }) => infoBy(user, query.realName, 'realName'),
  });
  ctx.route({
    method: 'POST',
    url: `${infoDef.api}/updateSalaryStandard`,
    summary: '调整薪资等级(金额取该等级的标准)',
    tags: infoTags,
    requires: { code: infoCodes.edit },
    body: z.object({ id: idField({ message: '请选择薪资标准' }), salaryStandard: idField({ message: '请选择薪资等级' }) }),
    handler: async ({ user, body }) => {
      const current = await infoRepo.detail(user, body.id);
      if (!current) throw notFound();
      const level = await levelOf(user, body.salaryStandard);
      await infoRepo.update(user, body.id, { salaryStandard: body.salaryStandard, ...fromLevel(level) });
      return true;
    },
  });

  // 考勤字段配置: the lists the import and the configuration page read.
  const fieldDef = attendanceFieldConfigEntity;
  const fieldCodes = permissionCodes(fieldDef);
  const fieldRepo = ctx.repo(fieldDef, attendanceFields);
  registerEntityRoutes(ctx.route, fieldRepo, ctx.access, {
    beforeWrite(_user, data) {
      if (!isBlank(data.unitAmount) && compareMoney(String(data.unitAmount), '0') < 0) throw fail('单价不能为负数');
      if (!isBlank(data.maxValue) && compareMoney(String(data.maxValue), '0') < 0) throw fail('最大值不能为负数');
    },
  });
  const fieldsWhere = (user: AuthUser, extra?: SQL) => and(eq(attendanceFields.tenantId, user.tenantId), eq(attendanceFields.isDeleted, 0), extra);
  const fieldList = (user: AuthUser, extra?: SQL) =>
    db
      .select()
      .from(attendanceFields)
      .where(fieldsWhere(user, extra))
      .orderBy(attendanceFields.sort, attendanceFields.id)
      .limit(500)
      .then((rows) => rows.map((r) => ({ ...r, id: String(r.id) })));
  const fieldRead = (url: string, summary: string, extra?: SQL) =>
    ctx.route({
      method: 'GET',
      url: `${fieldDef.api}/${url}`,
      summary,
      tags: [fieldDef.label.zh],
      requires: { anyOf: [fieldCodes.view, 'attendance_import', salaryRecordEntity.name] },
      handler: ({ user }) => fieldList(user, extra),
    });
  fieldRead('all-displayable', '导入显示的考勤字段', eq(attendanceFields.displayable, 1));
  fieldRead('not-displayable-list', '不在导入中显示的考勤字段', ne(attendanceFields.displayable, 1));
  fieldRead('payable-deduction', '计薪的考勤字段(应发或扣款)', inArray(attendanceFields.payableOrDeduction, [1, 2]));
  ctx.route({
    method: 'POST',
    url: `${fieldDef.api}/update`,
    summary: '批量修改考勤字段(显示、计薪方式、单价、最大值、排序)',
    tags: [fieldDef.label.zh],
    requires: { code: fieldCodes.edit },
    body: z.union([
      z.array(z.looseObject({ id: idField({ message: '请选择考勤字段' }) })).max(200, '一次最多修改200个字段'),
      z.looseObject({ id: idField({ message: '请选择考勤字段' }) }),
    ]),
    handler: async ({ user, body }) => {
      const list = Array.isArray(body) ? body : [body];
      if (!list.length) throw fail('请选择考勤字段');
      const keep = ['fieldName', 'unit', 'displayable', 'payableOrDeduction', 'unitAmount', 'maxValue', 'sort', 'remark'];
      const found = await fieldRepo.count(user, [
        inArray(
          attendanceFields.id,
          list.map((x) => x.id),
        ),
      ]);
      if (found < new Set(list.map((x) => x.id)).size) throw fail('考勤字段不存在');
      // Each change is checked as a submit would be (the definition's rules), then all written in one transaction.
      const prepared: Awaited<ReturnType<typeof fieldRepo.prepareWrite>>[] = [];
      for (const item of list) {
        const change = Object.fromEntries(Object.entries(item).filter(([k]) => keep.includes(k)));
        if (!isBlank(change.unitAmount) && compareMoney(String(change.unitAmount), '0') < 0) throw fail('单价不能为负数');
        prepared.push(await fieldRepo.prepareWrite(user, change, item.id));
      }
      await db.transaction(async (tx) => {
        for (const p of prepared) await p.write(tx);
      });
      return true;
    },
  });

  registerAttendance(ctx);

  // 工资核算: the records on the approval kit, a month approved by one instance.
  const def = salaryRecordEntity;
  const approval = def.approval;
  if (!approval) throw new Error('salary records declare their approval');
  const codes = permissionCodes(def);
  const tags = [def.label.zh];
  const r = salaryRecords;
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

  // 工资条: a person's own approved records only; anyone else's id is not found.
  const mine = (user: AuthUser) => [eq(r.tenantId, user.tenantId), eq(r.isDeleted, 0), eq(r.userId, user.userId), eq(r.status, APPROVAL_STATUS.approved)];
  const payslip = (row: Row) => {
    const { calcDetail: _omit, ...rest } = row;
    return { ...rest, calculation: calculationOf(row) };
  };
  ctx.route({
    method: 'GET',
    url: `${def.api}/my`,
    summary: '我的工资条(本人已审批的工资,按月)',
    tags,
    requires: { code: PAYSLIP_CODE },
    query: z.looseObject({
      year: z
        .string()
        .regex(/^\d{4}$/, '年份格式应为yyyy')
        .optional(),
      current: z.string().optional(),
      size: z.string().optional(),
    }),
    handler: async ({ user, query }) => {
      const { current, size } = parseListQuery({ current: query.current, size: query.size }, PAGING);
      const where = and(...mine(user), query.year ? sql`${r.importMonth} LIKE ${`${query.year}-%`}` : undefined);
      const rows = await db
        .select()
        .from(r)
        .where(where)
        .orderBy(sql`${r.importMonth} DESC`)
        .limit(size)
        .offset((current - 1) * size);
      const total = await db.$count(r, where);
      const [sums] = await db
        .select({
          grossPay: sql<string>`coalesce(sum(${r.grossPay}), 0)::text`,
          netPay: sql<string>`coalesce(sum(${r.netPay}), 0)::text`,
          incomeTax: sql<string>`coalesce(sum(${r.incomeTax}), 0)::text`,
        })
        .from(r)
        .where(where);
      const named = await recordRepo.withNames(user, rows as Row[]);
      return {
        ...page(
          named.map((x) => {
            const { calcDetail: _omit, ...rest } = x as Row;
            return rest;
          }),
          total,
          current,
          size,
        ),
        totals: { grossPay: sumMoney([sums?.grossPay]), netPay: sumMoney([sums?.netPay]), incomeTax: sumMoney([sums?.incomeTax]) },
      };
    },
  });
  ctx.route({
    method: 'GET',
    url: `${def.api}/myDetail`,
    summary: '我的工资条详情(含核算明细)',
    tags,
    requires: { code: PAYSLIP_CODE },
    query: z.object({ id: idField() }),
    handler: async ({ user, query }) => {
      const [row] = await db
        .select()
        .from(r)
        .where(and(...mine(user), eq(r.id, query.id)))
        .limit(1);
      if (!row) throw notFound();
      const [named] = await recordRepo.withNames(user, [row as Row]);
      return payslip(named as Row);
    },
  });

  registerSalaryPay(ctx);
  registerSalaryStatistics(ctx);
}
