/**
 * Out-of-office proxies (/api/blade-workflow/ops/proxy): who takes the new tasks of whom, for which process,
 * and when. The engine asks `proxyOf` when it assigns a task (WORKFLOW.md "Who gets a task").
 */
import { isIdText, WF_PROXY_TYPE, wfProxyEntity } from '@hjl/core';
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { Row } from '../../platform/crud/repo.ts';
import type { Db } from '../../platform/db/index.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { QueryBuilder, type PgColumn } from 'drizzle-orm/pg-core';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { FixedStatement } from '../../platform/db/prepared.ts';
import { wfProxies } from './schema.ts';

export function registerProxy(ctx: ModuleContext) {
  const repo = ctx.repo(wfProxyEntity, wfProxies);
  /** Display names of the tenant's live users among `ids` (the `user` reference kind). */
  const realNames = (tenantId: string, ids: string[]) => ctx.refs.resolver('user').names(tenantId, [...new Set(ids.filter(Boolean))], { liveOnly: true });

  const withNames = async (user: AuthUser, rows: Row[]) => {
    const names = await realNames(
      user.tenantId,
      rows.flatMap((r) => [String(r.userId ?? ''), String(r.proxyUserId ?? '')]),
    );
    return rows.map((r) => ({ ...r, userName: names.get(String(r.userId)) ?? '', proxyUserName: names.get(String(r.proxyUserId)) ?? '' }));
  };

  registerEntityRoutes(ctx.route, repo, ctx.access, {
    async beforeWrite(user, data, id) {
      const current = id ? await repo.detail(user, id) : undefined;
      if (id && !current) throw fail('数据不存在或已被删除');
      const merged = { ...current, ...data };
      const userId = String(merged.userId ?? '');
      const proxyUserId = String(merged.proxyUserId ?? '');
      if (userId === proxyUserId) throw fail('代理人不能是被代理人本人');
      const names = await realNames(user.tenantId, [userId, proxyUserId]);
      if (!names.has(userId)) throw fail('被代理人不存在');
      if (!names.has(proxyUserId)) throw fail('代理人不存在');
      if (Number(merged.type) === WF_PROXY_TYPE.window) {
        if (!merged.startTime || !merged.endTime) throw fail('请选择代理的开始时间和结束时间');
        if (String(merged.startTime) >= String(merged.endTime)) throw fail('结束时间必须晚于开始时间');
      } else {
        // A permanent proxy has no time window.
        data.startTime = null;
        data.endTime = null;
      }
      if (data.processDefKey === '') data.processDefKey = null;
    },
    decorate: async (user, row) => firstRow(await withNames(user, [row]), 'proxy names'),
    decorateRows: withNames,
  });
}

/**
 * The proxy user taking new tasks of `userId` in the tenant for process `processKey` at `at` (the server's
 * zone, 'yyyy-MM-dd HH:mm:ss'), if one is in force: a proxy for that key wins over one for every process,
 * the newest first.
 */
export async function proxyOf(db: Db, tenantId: string, userId: string, processKey: string, at: string): Promise<string | undefined> {
  // An assignee that is no user of ours (Flowable keeps any name: `kermit_0`) has no proxy.
  if (!isIdText(userId)) return undefined;
  const [row] = await PROXY_OF.run(db, { tenantId, userId, processKey, at });
  return row?.proxy_user_id ? String(row.proxy_user_id) : undefined;
}

/**
 * True when the tenant has a proxy in force at the time (any user, any process; placeholders `tenantId`, `at`):
 * the engine's `ProxyLookup.inForce`, evaluated in its instance load, so that a command asks `proxyOf` only when
 * some proxy could answer. `is_deleted = 0` is written out so that a generic plan can use the partial index.
 */
export const PROXY_IN_FORCE = sql`EXISTS (SELECT 1 FROM ${wfProxies} p WHERE p.tenant_id = ${sql.placeholder('tenantId')} AND p.is_deleted = 0 AND p.status = 1
  AND (p.type = ${WF_PROXY_TYPE.permanent} OR (p.start_time <= ${sql.placeholder('at')} AND p.end_time > ${sql.placeholder('at')})))`;

/**
 * True when the tenant has a proxy in force at any time from `from` to `to` (placeholders `tenantId`, `from`, `to`: the
 * server zone's date-time texts): false lets a start whose time falls in the window look up no proxy (the start
 * reads it with its definition, before its transaction).
 */
export const PROXY_IN_FORCE_DURING = sql`EXISTS (SELECT 1 FROM ${wfProxies} p WHERE p.tenant_id = ${sql.placeholder('tenantId')} AND p.is_deleted = 0 AND p.status = 1
  AND (p.type = ${WF_PROXY_TYPE.permanent} OR (p.start_time <= ${sql.placeholder('to')} AND p.end_time > ${sql.placeholder('from')})))`;

/** The look-up of `proxyOf`, built once and prepared (it runs in every command that creates a task). */
const PROXY_OF = new FixedStatement(() => {
  const t = wfProxies as typeof wfProxies &
    Record<'tenantId' | 'isDeleted' | 'status' | 'userId' | 'proxyUserId' | 'processDefKey' | 'type' | 'startTime' | 'endTime' | 'createTime', PgColumn>;
  const at = sql.placeholder('at');
  return new QueryBuilder()
    .select({ proxyUserId: t.proxyUserId })
    .from(t)
    .where(
      and(
        eq(t.tenantId, sql.placeholder('tenantId')),
        eq(t.isDeleted, 0),
        eq(t.status, 1),
        eq(t.userId, sql.placeholder('userId')),
        or(isNull(t.processDefKey), eq(t.processDefKey, sql.placeholder('processKey'))),
        or(eq(t.type, WF_PROXY_TYPE.permanent), and(lte(t.startTime, at), gt(t.endTime, at))),
      ),
    )
    .orderBy(sql`${t.processDefKey} IS NULL`, desc(t.createTime))
    .limit(1)
    .getSQL();
});
