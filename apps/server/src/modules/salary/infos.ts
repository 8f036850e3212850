/**
 * 薪资标准 (`hjlUserSalaryInfo`): one per person; a level chosen without amounts takes the level's; the special
 * additional deductions itemised within their 2023 caps, the social-security base within the scheme's floor and
 * ceiling (BUSINESS.md §1 "Salary"). `page` with
 * `deptId` (the department and those under it), lookups by account and by name, `updateSalaryStandard` (a new level
 * and its amounts).
 */
import {
  SALARY_MSG,
  SPECIAL_DEDUCTION_MSG,
  compareMoney,
  isIdText,
  permissionCodes,
  specialDeductionMessages,
  specialDeductionOf,
  userSalaryInfoEntity,
} from '@hjl/core';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField, isBlank } from '../../platform/http/params.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { baseIsWithin, socialSchemesById } from '../hr/api.ts';
import { deptTreeIdsSql } from '../org/api.ts';
import { liveUsersBrief, userIdsInDeptsSql, usersByAccountOrName } from '../user/api.ts';
import { specialItemsOf } from './compute.ts';
import { noDictionary } from './context.ts';
import { fromLevel, levelOf } from './levels.ts';
import { salaryInfos } from './schema.ts';

const infoDef = userSalaryInfoEntity;
const infoCodes = permissionCodes(infoDef);
const infoTags = [infoDef.label.zh];

export function registerSalaryInfos(ctx: ModuleContext) {
  const db = ctx.database.db;
  const infoRepo = ctx.repo(infoDef, salaryInfos);
  /**
   * The special deductions itemised within their caps (their monthly total the server's: a total sent that is not
   * theirs is the free amount BUSINESS.md §1 refuses), and the social-security base within the scheme's floor and
   * ceiling. `data` merged over the stored standard.
   */
  const checkDeductionsAndBase = async (user: AuthUser, data: Row, current: Row | undefined) => {
    const merged = { ...(current ?? {}), ...data };
    const items = specialItemsOf(merged);
    const messages = specialDeductionMessages(items);
    if (messages.length) throw fail(messages.join(' | '));
    const total = specialDeductionOf(items).total;
    if (!isBlank(data.specialDeduction) && compareMoney(String(data.specialDeduction), total) !== 0) throw fail(SPECIAL_DEDUCTION_MSG.freeAmount);
    data.specialDeduction = total;
    if (isBlank(merged.socialSchemeId) || isBlank(merged.socialBase)) return;
    const scheme = (await socialSchemesById(db, user.tenantId, [String(merged.socialSchemeId)])).get(String(merged.socialSchemeId));
    if (scheme && !baseIsWithin(String(merged.socialBase), scheme))
      throw fail(`${SALARY_MSG.socialBaseRange}(${String(scheme.baseMin ?? '不限')}~${String(scheme.baseMax ?? '不限')})`);
  };
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
        ['elderlyShare', '赡养老人分摊额'],
        ['seriousIllness', '大病医疗'],
      ] as const)
        if (!isBlank(data[k]) && compareMoney(String(data[k]), '0') < 0) throw fail(`${label}不能为负数`);
      await checkDeductionsAndBase(user, data, current);
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
      if (data.salaryStandard != null && isBlank(data.basePay)) Object.assign(data, fromLevel(await levelOf(db, user, String(data.salaryStandard))));
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
      const level = await levelOf(db, user, body.salaryStandard);
      await infoRepo.update(user, body.id, { salaryStandard: body.salaryStandard, ...fromLevel(level) });
      return true;
    },
  });
}
