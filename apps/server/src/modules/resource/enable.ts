/** "Exactly one enabled per tenant" for OSS and SMS configurations. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import type { EntityTable } from '../../platform/crud/table.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/errors.ts';
import { DISABLED, ENABLED } from './schema.ts';

/**
 * Enables the caller's configuration `id` and disables the tenant's others, in one transaction (a partial
 * unique index refuses a second enabled row should two enables race).
 */
export async function enableOne(db: Db, repo: EntityRepo, table: EntityTable, user: AuthUser, id: string) {
  const row = await repo.detail(user, id);
  if (!row) throw fail('数据不存在或已被删除');
  const stamp = { updateUser: user.userId, updateTime: sql`now()` };
  await db.transaction(async (tx) => {
    await tx
      .update(table)
      .set({ status: DISABLED, ...stamp })
      .where(and(eq(table.tenantId, user.tenantId), eq(table.status, ENABLED), ne(table.id, id)));
    await tx
      .update(table)
      .set({ status: ENABLED, ...stamp })
      .where(and(eq(table.id, id), eq(table.tenantId, user.tenantId), eq(table.isDeleted, 0)));
  });
  return row;
}
