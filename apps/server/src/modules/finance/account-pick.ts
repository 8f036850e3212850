/**
 * The account picker's calls (`pick`, `pick-detail`): every form that moves money names the account it went
 * through (BUSINESS.md §1 Accounts and the ledger) — a project member's collection, a labour fee, a settlement fee —,
 * but the account list (内部账户, with balances) is finance's. So any signed-in user of the tenant may pick among its
 * accounts by name, number, bank and nature: what an invoice or a payment slip shows anyway, never a balance.
 */
import { accountInfoEntity } from '@hjl/core';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import { z } from 'zod';
import { page } from '../../platform/http/envelope.ts';
import { notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { accountInfos } from './schema.ts';

const tags = [accountInfoEntity.label.zh];
const columns = {
  id: sql<string>`${accountInfos.id}::text`,
  accountName: accountInfos.accountName,
  accountNum: accountInfos.accountNum,
  bankName: accountInfos.bankName,
  accountNature: accountInfos.accountNature,
};

export function registerAccountPick(ctx: ModuleContext) {
  const db = ctx.database.db;
  ctx.route({
    method: 'GET',
    url: `${accountInfoEntity.api}/pick`,
    summary: '选择账户(名称、账号、开户行、性质;不含余额)',
    tags,
    requires: 'user',
    query: z.object({
      current: z.coerce.number().int().min(1).max(100_000).default(1),
      size: z.coerce.number().int().min(1).max(100).default(10),
      accountName: z.string().max(100).optional(),
    }),
    handler: async ({ user, query }) => {
      const where = and(
        eq(accountInfos.tenantId, user.tenantId),
        eq(accountInfos.isDeleted, 0),
        ...(query.accountName ? [ilike(accountInfos.accountName, `%${query.accountName.replace(/[%_\\]/g, '\\$&')}%`)] : []),
      );
      const [rows, [n]] = await Promise.all([
        db
          .select(columns)
          .from(accountInfos)
          .where(where)
          .orderBy(asc(accountInfos.id))
          .limit(query.size)
          .offset((query.current - 1) * query.size),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(accountInfos)
          .where(where),
      ]);
      return page(rows, n?.n ?? 0, query.current, query.size);
    },
  });
  ctx.route({
    method: 'GET',
    url: `${accountInfoEntity.api}/pick-detail`,
    summary: '选择账户的一条(名称、账号、开户行、性质)',
    tags,
    requires: 'user',
    query: z.object({ id: idField() }),
    handler: async ({ user, query }) => {
      const [row] = await db
        .select(columns)
        .from(accountInfos)
        .where(and(eq(accountInfos.tenantId, user.tenantId), eq(accountInfos.isDeleted, 0), eq(accountInfos.id, query.id)));
      if (!row) throw notFound('账户不存在');
      return row;
    },
  });
}
