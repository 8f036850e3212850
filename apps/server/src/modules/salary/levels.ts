/**
 * 薪资等级配置 (`hjlSalaryConfig`): the levels a person's standard names, with their amounts; `levelList` for the
 * pickers. A level in use by a person's standard is not removed.
 */
import { SALARY_MSG, permissionCodes, salaryConfigEntity, userSalaryInfoEntity } from '@hjl/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import { tableResolver } from '../../platform/crud/refs.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { salaryConfigs, salaryInfos } from './schema.ts';

/** A live level of the caller's tenant, or 400. */
export async function levelOf(db: Db, user: AuthUser, id: string) {
  const [level] = await db
    .select()
    .from(salaryConfigs)
    .where(and(eq(salaryConfigs.id, id), eq(salaryConfigs.tenantId, user.tenantId), eq(salaryConfigs.isDeleted, 0)))
    .limit(1);
  if (!level) throw fail(SALARY_MSG.levelMissing);
  return level;
}

/** The amounts of a standard taken from its level. */
export const fromLevel = (level: typeof salaryConfigs.$inferSelect) => ({
  basePay: level.basePay,
  postPay: level.postPay ?? '0.00',
  performancePay: level.performancePay ?? '0.00',
  allowance: level.allowance ?? '0.00',
});

export function registerSalaryLevels(ctx: ModuleContext) {
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
}
