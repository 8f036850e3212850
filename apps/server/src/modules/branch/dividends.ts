/**
 * 分红 (hjlDividend list, detail, save, `PUT update`, `DELETE remove` with a body of ids — S1 L120, kept exactly):
 * a branch's dividend for a period, computed from the profit items it carries (the component_details page, S2 L51):
 * profit = Σ income items − Σ cost items, dividend = profit × ratio ÷ 100 to the fen; both the server's. Paying it
 * (`POST hjlDividend/pay`, ours: docs/compatibility.md) posts its expense on the paying account once; a paid
 * dividend is neither changed nor removed.
 */
import {
  BRANCH_MSG,
  DIVIDEND_PAY_STATE,
  compareMoney,
  dividendComponentEntity,
  dividendEntity,
  isDateText,
  percentOfMoney,
  profitOfItems,
  submitSchema,
} from '@hjl/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { userDisplayName } from '../user/api.ts';
import { dividendComponents, dividends } from './schema.ts';
import { BRANCH_LEDGER_BIZ, checkPercents, postBranchMoney, type BranchShared } from './shared.ts';
import { DIVIDEND_PAY_CODE } from './codes.ts';

/** Most profit items one dividend carries. */
const MAX_ITEMS = 100;
/** Fields of a dividend only the server writes (computed, or set by its payment). */
const SERVER_FIELDS = ['profit', 'dividendAmount', 'payState', 'payDate', 'accountInfoId'] as const;

const itemSchema = submitSchema(dividendComponentEntity);
const itemsSchema = z.array(itemSchema, { message: '利润项目格式不正确' }).max(MAX_ITEMS, { message: `利润项目最多${MAX_ITEMS}项` });

type Item = { itemName: string | null; itemType: number | null; amount: string | null; sort?: number | null; remark?: string | null };

/** A dividend's live profit items, in their order. */
export async function itemsOf(db: Executor, tenantId: string, dividendId: string) {
  return db
    .select()
    .from(dividendComponents)
    .where(and(eq(dividendComponents.tenantId, tenantId), eq(dividendComponents.dividendId, dividendId), eq(dividendComponents.isDeleted, 0)))
    .orderBy(asc(dividendComponents.sort), asc(dividendComponents.id));
}

export function registerDividends(s: BranchShared) {
  const repo = s.ctx.repo(dividendEntity, dividends, s.filiales);
  registerEntityRoutes(s.ctx.route, repo, s.ctx.access, {
    dictionary: s.dictionary,
    extraBody: { components: itemsSchema.optional() },
    async beforeWrite(user, data, id, { body }) {
      const stored = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      if (stored && Number(stored.payState) === DIVIDEND_PAY_STATE.paid) throw fail(BRANCH_MSG.paid);
      for (const f of SERVER_FIELDS) delete data[f];
      checkPercents(dividendEntity, data);
      const sent = body.components as Item[] | undefined;
      const items: Item[] =
        sent ??
        (id
          ? (await itemsOf(s.db, user.tenantId, id)).map((r) => ({ itemName: String(r.itemName), itemType: Number(r.itemType), amount: String(r.amount) }))
          : []);
      if (!items.length) throw fail(BRANCH_MSG.noProfitItems);
      const profit = profitOfItems(items);
      const amount = percentOfMoney(profit, String(data.ratio ?? stored?.ratio ?? '0'));
      if (compareMoney(amount, '0') <= 0) throw fail(BRANCH_MSG.notPositive);
      data.profit = profit;
      data.dividendAmount = amount;
      if (!id) data.payState = DIVIDEND_PAY_STATE.unpaid;
    },
    async inTransaction(tx, user, change) {
      const sent = change.body?.components as Item[] | undefined;
      if (!sent) return;
      await tx
        .update(dividendComponents)
        .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` })
        .where(and(eq(dividendComponents.tenantId, user.tenantId), eq(dividendComponents.dividendId, change.id)));
      await tx.insert(dividendComponents).values(
        sent.map((item, i) => ({
          id: nextId(),
          tenantId: user.tenantId,
          createUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          updateUser: user.userId,
          dividendId: change.id,
          itemName: item.itemName,
          itemType: item.itemType,
          amount: item.amount,
          sort: item.sort ?? i + 1,
          remark: item.remark ?? null,
        })),
      );
    },
    async decorate(user, row) {
      return { ...row, components: await itemsOf(s.db, user.tenantId, row.id) };
    },
    async beforeRemove(user, ids) {
      const paid = await s.db
        .select({ id: dividends.id })
        .from(dividends)
        .where(
          and(eq(dividends.tenantId, user.tenantId), inArray(dividends.id, ids), eq(dividends.payState, DIVIDEND_PAY_STATE.paid), eq(dividends.isDeleted, 0)),
        )
        .limit(1);
      if (paid.length) throw fail(BRANCH_MSG.paidRemove);
    },
  });

  // POST hjlDividend/pay: the dividend paid from an internal account on a date (one expense in the ledger).
  s.ctx.route({
    method: 'POST',
    url: `${dividendEntity.api}/pay`,
    summary: '发放分红(记入收支明细)',
    tags: [dividendEntity.label.zh],
    requires: { code: DIVIDEND_PAY_CODE },
    body: z.object({
      id: idField(),
      accountInfoId: idField({ message: '付款账户不存在' }),
      payDate: z.string({ message: '请选择发放日期' }).refine(isDateText, { message: '发放日期格式应为yyyy-MM-dd' }),
    }),
    handler: async ({ user, body }) => {
      if (!(await repo.detail(user, body.id))) throw notFound();
      await repo.transaction(async (tx) => {
        const row = await repo.tenantRow(user.tenantId, body.id, { tx, lock: true });
        if (!row) throw notFound();
        if (Number(row.payState) === DIVIDEND_PAY_STATE.paid) throw fail(BRANCH_MSG.alreadyPaid);
        await tx
          .update(dividends)
          .set({ payState: DIVIDEND_PAY_STATE.paid, payDate: body.payDate, accountInfoId: body.accountInfoId, updateUser: user.userId, updateTime: sql`now()` })
          .where(eq(dividends.id, row.id));
        await postBranchMoney(tx, {
          tenantId: user.tenantId,
          bizType: BRANCH_LEDGER_BIZ.dividend,
          bizId: row.id,
          direction: 'expense',
          amount: String(row.dividendAmount),
          date: body.payDate,
          accountInfoId: body.accountInfoId,
          optionPersonName: userDisplayName(user),
          remark: `分公司分红(${row.dividendYear ?? ''}${row.dividendPeriod ? ` ${row.dividendPeriod}` : ''})`,
          userId: user.userId,
          deptId: user.deptIds[0] ?? null,
        });
      });
      const paid = await repo.detail(user, body.id);
      return paid ? (await repo.withNames(user, [paid]))[0] : undefined;
    },
  });
  return repo;
}
