/**
 * Accounts: internal accounts (内部账户) with their opening balance, book balance (opening + Σ income − Σ expense
 * in effect), reconciled practical amount and history; staff accounts (员工账户) with their `accountList` on the
 * user search rows (the picker's account check).
 */
import {
  ACCOUNT_CHANGE,
  FINANCE_MSG,
  MONEY_TEXT_RE,
  accountHisInfoEntity,
  accountInfoEntity,
  fenToMoney,
  permissionCodes,
  submitSchema,
  subtractMoney,
  toFen,
  userAccountEntity,
} from '@hjl/core';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { assertMayWrite, registerEntityRoutes, type EntityHooks } from '../../platform/crud/routes.ts';
import { nextId } from '../../platform/db/ids.ts';
import { executeRows } from '../../platform/db/rows.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField, idsField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { SearchRowExtension } from '../user/api.ts';
import { accountHisInfos, accountInfos, incomeExpends, userAccounts } from './schema.ts';

const tags = [accountInfoEntity.label.zh];
const codes = permissionCodes(accountInfoEntity);
/** Button of 设置实际金额 on the account list. */
export const PRACTICAL_CODE = 'account_info_practical';

/** Book figures of an account from the ledger rows in effect: opening + Σ income − Σ expense. */
export async function accountSums(db: Executor, tenantId: string, accountIds: readonly string[]) {
  const out = new Map<string, { income: string; expend: string }>();
  if (!accountIds.length) return out;
  const rows = await db
    .select({
      id: incomeExpends.accountInfoId,
      income: sql<string>`coalesce(sum(${incomeExpends.tradeAmount}) FILTER (WHERE ${incomeExpends.incomeOrExpend} = 0), 0)::text`,
      expend: sql<string>`coalesce(sum(${incomeExpends.tradeAmount}) FILTER (WHERE ${incomeExpends.incomeOrExpend} = 1), 0)::text`,
    })
    .from(incomeExpends)
    .where(
      and(
        eq(incomeExpends.tenantId, tenantId),
        eq(incomeExpends.isDeleted, 0),
        eq(incomeExpends.status, 2),
        inArray(incomeExpends.accountInfoId, [...accountIds]),
      ),
    )
    .groupBy(incomeExpends.accountInfoId);
  for (const r of rows) out.set(String(r.id), { income: fenToMoney(toFen(r.income)), expend: fenToMoney(toFen(r.expend)) });
  return out;
}

/** Writes one history row of an account. */
export async function accountHistory(
  tx: Executor,
  h: {
    tenantId: string;
    accountInfoId: string;
    changeType: number;
    amount: string;
    balanceAfter: string;
    bizType: string;
    bizId: string;
    operator: string | null;
    remark?: string | null;
  },
) {
  await tx.insert(accountHisInfos).values({
    id: nextId(),
    tenantId: h.tenantId,
    createUser: h.operator,
    updateUser: h.operator,
    accountInfoId: h.accountInfoId,
    changeType: h.changeType,
    amount: h.amount,
    balanceAfter: h.balanceAfter,
    bizType: h.bizType,
    bizId: h.bizId,
    operator: h.operator,
    operateTime: sql`now()`,
    remark: h.remark ?? null,
  });
}

const practicalBody = z.looseObject({
  id: idField(),
  practicalAmount: z
    .union([z.string(), z.number()], { message: '请输入实际金额' })
    .transform((v) => String(v).trim())
    .refine((v) => MONEY_TEXT_RE.test(v), { message: '实际金额最多保留两位小数' }),
  remark: z.string().max(500, { message: '备注最多500个字符' }).optional().nullable(),
});

/** Fields of an account only the server writes. */
const ACCOUNT_COMPUTED = ['balance', 'practicalAmount', 'practicalTime'] as const;

export function registerAccounts(ctx: ModuleContext, hooks: Pick<EntityHooks, 'dictionary'>) {
  const db = ctx.database.db;
  const def = accountInfoEntity;
  const repo = ctx.repo(def, accountInfos);
  const schema = submitSchema(def);

  // List and detail carry the book figures; submit writes the opening balance's history; remove refuses an
  // account the ledger uses.
  registerEntityRoutes(ctx.route, ctx.repo({ ...def, routes: ['list', 'detail'] }, accountInfos), ctx.access, { dictionary: hooks.dictionary });
  ctx.route({
    method: 'POST',
    url: `${def.api}/submit`,
    summary: '内部账户新增或修改(期初余额变动记入账户历史)',
    tags,
    requires: { anyOf: [codes.add, codes.edit] },
    body: schema,
    handler: async ({ user, body }) => {
      const { id, ...fields } = body as Row & { id?: string };
      await assertMayWrite(ctx.access, user, def, id !== undefined);
      for (const f of ACCOUNT_COMPUTED) delete fields[f];
      const current = id ? await repo.detail(user, id) : undefined;
      if (id && !current) throw fail('数据不存在或已被删除');
      const opening = fields.openingBalance === undefined || fields.openingBalance === null ? undefined : String(fields.openingBalance);
      if (!id) fields.balance = opening ?? '0';
      const delta = current && opening !== undefined ? subtractMoney(opening, String(current.openingBalance ?? '0')) : '0.00';
      if (toFen(delta) !== 0n) fields.balance = sql`coalesce(${accountInfos.balance}, 0) + (${opening}::numeric - coalesce(${accountInfos.openingBalance}, 0))`;
      const prepared = await repo.prepareWrite(user, fields, id);
      await db.transaction(async (tx) => {
        await prepared.write(tx);
        if (!id || toFen(delta) !== 0n) {
          const [a] = await tx.select({ balance: accountInfos.balance }).from(accountInfos).where(eq(accountInfos.id, prepared.id));
          await accountHistory(tx, {
            tenantId: user.tenantId,
            accountInfoId: prepared.id,
            changeType: id ? ACCOUNT_CHANGE.opening : ACCOUNT_CHANGE.open,
            amount: id ? delta : (opening ?? '0'),
            balanceAfter: String(a?.balance ?? '0'),
            bizType: def.table,
            bizId: prepared.id,
            operator: user.userId,
            remark: id ? '期初余额调整' : '开户',
          });
        }
      });
      return { id: prepared.id };
    },
  });
  ctx.route({
    method: 'POST',
    url: `${def.api}/remove`,
    summary: '内部账户逻辑删除(已有收支记录的账户不能删除)',
    tags,
    requires: { code: codes.delete },
    query: z.object({ ids: idsField() }),
    handler: async ({ user, query }) => {
      const ids = query.ids;
      const [used] = await db
        .select({ id: incomeExpends.id })
        .from(incomeExpends)
        .where(and(eq(incomeExpends.tenantId, user.tenantId), eq(incomeExpends.isDeleted, 0), inArray(incomeExpends.accountInfoId, ids)))
        .limit(1);
      if (used) throw fail('该账户已有收支记录,不能删除');
      await repo.remove(user, ids);
    },
  });

  // 设置实际金额 (S2 L441): the counted balance after reconciliation, with a history row.
  ctx.route({
    method: 'POST',
    url: `${def.api}/setting/practical`,
    summary: '设置账户实际金额(对账后,记入账户历史)',
    tags,
    requires: { anyOf: [PRACTICAL_CODE, codes.edit] },
    body: practicalBody,
    handler: async ({ user, body }) => {
      const account = await repo.detail(user, body.id);
      if (!account) throw fail(FINANCE_MSG.accountMissing);
      await db.transaction(async (tx) => {
        await tx
          .update(accountInfos)
          .set({ practicalAmount: body.practicalAmount, practicalTime: sql`now()`, updateUser: user.userId, updateTime: sql`now()` })
          .where(and(eq(accountInfos.id, body.id), eq(accountInfos.tenantId, user.tenantId)));
        await accountHistory(tx, {
          tenantId: user.tenantId,
          accountInfoId: body.id,
          changeType: ACCOUNT_CHANGE.practical,
          amount: body.practicalAmount,
          balanceAfter: String(account.balance ?? '0'),
          bizType: def.table,
          bizId: body.id,
          operator: user.userId,
          remark: body.remark ?? '设置实际金额',
        });
      });
      return { id: body.id, practicalAmount: fenToMoney(toFen(body.practicalAmount)) };
    },
  });

  // 汇总实际金额 (S2 L441): opening + Σ income − Σ expense of the rows in effect, beside the stored figures.
  ctx.route({
    method: 'GET',
    url: `${def.api}/sum-practical/:id`,
    summary: '账户余额汇总(期初 + 收入 − 支出)与实际金额的差额',
    tags,
    requires: { code: codes.view },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      const account = await repo.detail(user, id);
      if (!account) throw notFound();
      const sums = (await accountSums(db, user.tenantId, [id])).get(id) ?? { income: '0.00', expend: '0.00' };
      const opening = fenToMoney(toFen(String(account.openingBalance ?? '0')));
      const sum = fenToMoney(toFen(opening) + toFen(sums.income) - toFen(sums.expend));
      const practical = account.practicalAmount === null || account.practicalAmount === undefined ? null : fenToMoney(toFen(String(account.practicalAmount)));
      return {
        id,
        accountName: account.accountName,
        accountNum: account.accountNum,
        openingBalance: opening,
        incomeAmount: sums.income,
        expendAmount: sums.expend,
        sumPractical: sum,
        balance: fenToMoney(toFen(String(account.balance ?? '0'))),
        practicalAmount: practical,
        practicalTime: account.practicalTime,
        difference: practical === null ? null : subtractMoney(practical, sum),
      };
    },
  });

  registerAccountHistory(ctx, hooks);
  const userAccountRepo = registerUserAccounts(ctx, hooks);
  return { repo, userAccountRepo };
}

/**
 * The running balance of history rows (by id): the account's changes up to and including the row in the history's
 * order — time, then id (the list's order) —, a reconciliation (设置实际金额) changing nothing. Computed, never the
 * stored balance at writing, so that adjacent rows of an account always chain: the newer = the older + its amount
 * (BUSINESS.md §1 Accounts and the ledger).
 */
export async function runningBalances(db: Executor, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const h = accountHisInfos;
  const listed = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const change = sql`CASE WHEN x.change_type = ${ACCOUNT_CHANGE.practical} THEN 0 ELSE x.amount END`;
  // Per account of the rows: what came before the earliest of them (one sum), then the running sum over the span
  // from the earliest to the latest of them — not a sum per row.
  const rows = await executeRows<{ id: string; balance: string }>(
    db,
    sql`WITH span AS (
          SELECT account_info_id AS acc, min(operate_time) AS lo, max(operate_time) AS hi FROM ${h}
           WHERE tenant_id = ${tenantId} AND id IN (${listed}) GROUP BY account_info_id
        ), before AS (
          SELECT span.acc, coalesce((SELECT sum(${change}) FROM ${h} x
             WHERE x.tenant_id = ${tenantId} AND x.account_info_id = span.acc AND x.is_deleted = 0 AND x.operate_time < span.lo), 0) AS sum
            FROM span
        ), running AS (
          SELECT x.id, before.sum + sum(${change}) OVER (PARTITION BY x.account_info_id ORDER BY x.operate_time, x.id) AS balance
            FROM ${h} x JOIN span ON span.acc = x.account_info_id JOIN before ON before.acc = span.acc
           WHERE x.tenant_id = ${tenantId} AND x.is_deleted = 0 AND x.operate_time >= span.lo AND x.operate_time <= span.hi
        )
        SELECT id::text AS id, balance::text AS balance FROM running WHERE id IN (${listed})`,
  );
  for (const r of rows) out.set(String(r.id), fenToMoney(toFen(String(r.balance))));
  return out;
}

/** The history of the accounts: written by the server; only its remark may be changed, nothing removed. */
function registerAccountHistory(ctx: ModuleContext, hooks: Pick<EntityHooks, 'dictionary'>) {
  const def = accountHisInfoEntity;
  const repo = ctx.repo(def, accountHisInfos);
  registerEntityRoutes(ctx.route, repo, ctx.access, {
    dictionary: hooks.dictionary,
    async decorateRows(user, rows) {
      const balances = await runningBalances(
        ctx.database.db,
        user.tenantId,
        rows.map((r) => String(r.id)),
      );
      return rows.map((r) => ({ ...r, balanceAfter: balances.get(String(r.id)) ?? r.balanceAfter }));
    },
    async decorate(user, row) {
      const balances = await runningBalances(ctx.database.db, user.tenantId, [String(row.id)]);
      return { ...row, balanceAfter: balances.get(String(row.id)) ?? row.balanceAfter };
    },
    beforeWrite(_user, data, id) {
      if (!id) throw fail('账户变动历史由系统生成,不能新增');
      for (const k of Object.keys(data)) if (k !== 'remark') delete data[k];
    },
    beforeRemove() {
      throw fail('账户变动历史不能删除');
    },
  });
}

/** Staff accounts: one default per person; the same number twice for a person refused. */
function registerUserAccounts(ctx: ModuleContext, hooks: Pick<EntityHooks, 'dictionary'>): EntityRepo<typeof userAccountEntity> {
  const db = ctx.database.db;
  const def = userAccountEntity;
  const repo = ctx.repo(def, userAccounts);
  registerEntityRoutes(ctx.route, repo, ctx.access, {
    dictionary: hooks.dictionary,
    async beforeWrite(user, data, id) {
      const current = id ? await repo.detail(user, id) : undefined;
      const userId = String(data.userId ?? current?.userId ?? '');
      const num = data.accountNum ?? current?.accountNum;
      if (userId && num) {
        const [dup] = await db
          .select({ id: userAccounts.id })
          .from(userAccounts)
          .where(
            and(
              eq(userAccounts.tenantId, user.tenantId),
              eq(userAccounts.isDeleted, 0),
              eq(userAccounts.userId, userId),
              eq(userAccounts.accountNum, String(num)),
              ...(id ? [ne(userAccounts.id, id)] : []),
            ),
          )
          .limit(1);
        if (dup) throw fail('该员工已维护此账号');
      }
      if (data.isDefault !== undefined && data.isDefault !== null && ![0, 1].includes(Number(data.isDefault))) throw fail('默认账户只能是0或1');
    },
    async afterWrite(user, change) {
      const [changed] = change.ids;
      if (change.op === 'remove' || changed === undefined) return;
      // One default per person: the one just made default wins.
      const [row] = await db.select().from(userAccounts).where(eq(userAccounts.id, changed));
      if (row && Number(row.isDefault) === 1)
        await db
          .update(userAccounts)
          .set({ isDefault: 0 })
          .where(and(eq(userAccounts.tenantId, user.tenantId), eq(userAccounts.userId, String(row.userId)), ne(userAccounts.id, String(row.id))));
    },
  });
  return repo;
}

/** The staff accounts of users, default first: what `accountList` on a user search row holds. */
export async function accountLists(db: Executor, tenantId: string, userIds: readonly string[]) {
  const out = new Map<string, Row[]>();
  if (!userIds.length) return out;
  const rows = await db
    .select({
      id: userAccounts.id,
      userId: userAccounts.userId,
      accountName: userAccounts.accountName,
      accountNum: userAccounts.accountNum,
      bankName: userAccounts.bankName,
      isDefault: userAccounts.isDefault,
    })
    .from(userAccounts)
    .where(and(eq(userAccounts.tenantId, tenantId), eq(userAccounts.isDeleted, 0), inArray(userAccounts.userId, [...userIds])))
    .orderBy(desc(userAccounts.isDefault), asc(userAccounts.createTime));
  for (const r of rows) out.set(String(r.userId), [...(out.get(String(r.userId)) ?? []), { ...r, userId: String(r.userId) }]);
  return out;
}

/** `accountList` on the rows of /api/blade-user/search/user (S1 L61). */
export function accountListExtension(ctx: ModuleContext): SearchRowExtension {
  return async (user: AuthUser, rows) => {
    const lists = await accountLists(
      ctx.database.db,
      user.tenantId,
      rows.map((r) => String(r.id)),
    );
    return rows.map((r) => ({ ...r, accountList: lists.get(String(r.id)) ?? [] }));
  };
}
