/**
 * 费用报销 (BUSINESS.md WP4, S1 L120-124, S2 L450): a claim with lines (报销明细) that sum to its total, each
 * within its department's budget of the year and type (budgets.ts); finance pays it at its finance node, and the
 * approval posts the payment and uses the budgets. Also the lines on their own routes, `my` and
 * `statistics/money`.
 */
import {
  APPROVAL_STATUS,
  FINANCE_MSG,
  applyExpenseEntity,
  applyExpenseInfoEntity,
  compareMoney,
  fenToMoney,
  isDateText,
  permissionCodes,
  sumMoney,
  toFen,
  type RowOf,
} from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { blank, markPaid, paymentStep, payOut, type Applications } from './application.ts';
import { checkBudgets, useBudgets, type ChargedLine } from './budgets.ts';
import { positiveAmount } from './ledger.ts';
import { paymentFormMessages } from './payment-form.ts';
import { applyExpenseInfos, applyExpenses } from './schema.ts';

const lineSchema = z.object({
  expenseDate: z.string({ message: '请选择费用日期' }).refine(isDateText, { message: '费用日期格式应为yyyy-MM-dd' }),
  expenseType: z.union([z.number(), z.string()], { message: '请选择费用类型' }).transform((v) => Number(v)),
  amount: z.union([z.string(), z.number()], { message: '请输入金额' }).transform((v) => String(v)),
  billCount: z.union([z.number(), z.string()]).optional().nullable(),
  remark: z.string().max(500, { message: '备注最多500个字符' }).optional().nullable(),
});
type Line = z.infer<typeof lineSchema> & ChargedLine;
const linesField = z.array(lineSchema, { message: FINANCE_MSG.noLines }).max(200, { message: '报销明细最多200条' }).optional();
const UNDER_APPROVAL: number[] = [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved];

/** Lines sent: amounts positive, the total (when sent) equal to their sum. Answers the total. */
function totalOfLines(lines: Line[], sentTotal: unknown): string {
  if (!lines.length) throw fail(FINANCE_MSG.noLines);
  for (const l of lines) l.amount = positiveAmount(l.amount);
  const total = sumMoney(lines.map((l) => l.amount));
  if (!blank(sentTotal) && compareMoney(positiveAmount(sentTotal), total) !== 0) throw fail(FINANCE_MSG.linesTotal);
  return total;
}

type StoredLine = RowOf<typeof applyExpenseInfoEntity>;
const linesOf = async (tx: Executor, claimId: string): Promise<StoredLine[]> =>
  (await tx
    .select()
    .from(applyExpenseInfos)
    .where(and(eq(applyExpenseInfos.applyExpenseId, claimId), eq(applyExpenseInfos.isDeleted, 0)))
    .orderBy(applyExpenseInfos.sort)) as StoredLine[];

async function writeLines(tx: Executor, user: AuthUser, claimId: string, lines: Line[]) {
  await tx
    .update(applyExpenseInfos)
    .set({ isDeleted: 1 })
    .where(and(eq(applyExpenseInfos.applyExpenseId, claimId), eq(applyExpenseInfos.isDeleted, 0)));
  if (!lines.length) return;
  await tx.insert(applyExpenseInfos).values(
    lines.map((l, i) => ({
      id: nextId(),
      tenantId: user.tenantId,
      createUser: user.userId,
      updateUser: user.userId,
      applyExpenseId: claimId,
      expenseDate: l.expenseDate,
      expenseType: Number(l.expenseType),
      amount: l.amount,
      billCount: l.billCount === undefined || l.billCount === null ? 0 : Number(l.billCount),
      budgetId: l.budgetId ?? null,
      sort: i + 1,
      remark: l.remark ?? null,
    })),
  );
}

export function registerClaims(a: Applications) {
  const { db } = a;
  /** Lines of a start, checked in beforeStart and written in startWith (the same record object). */
  const startLines = new WeakMap<object, Line[]>();
  /**
   * Lines sent with a save / update (a draft claim), written in the claim's own transaction (inTransaction), per
   * request. A start runs beforeWrite too (the kit's order: beforeWrite, beforeStart): beforeStart takes the lines
   * over, so a start writes them once, in startWith, after the budget check.
   */
  const draftLines = new WeakMap<AuthUser, Line[]>();
  const claims = a.kit.register(
    applyExpenseEntity,
    applyExpenses,
    a.options(applyExpenseEntity, applyExpenses, null, {
      extraBody: { lines: linesField, expenseInfoList: linesField },
      // A claim is paid by finance at its finance node (financeTask of the demo model): the payment form is filled there.
      steps: { financeTask: paymentStep(), finalStep: paymentStep() },
      async beforeWrite(user, data, id, input) {
        const lines = (input.body.lines ?? input.body.expenseInfoList) as Line[] | undefined;
        if (lines) {
          data.totalAmount = totalOfLines(lines, input.body.totalAmount);
          draftLines.set(user, lines);
        } else if (!id) throw fail(FINANCE_MSG.noLines);
      },
      async beforeStart(user, record, current, body) {
        draftLines.delete(user);
        const sent = (body.lines ?? body.expenseInfoList) as Line[] | undefined;
        // 重新提交 without lines: the stored ones, checked again.
        const lines = sent ?? (current ? ((await linesOf(db, current.id)) as Line[]) : []);
        record.totalAmount = totalOfLines(lines, body.totalAmount);
        startLines.set(record, lines);
      },
      async startWith(tx, user, id, record) {
        const lines = startLines.get(record) ?? [];
        const dept = record.applyDept ?? null;
        // Under a lock of the budgets' department: two claims started at once queue here and see each other.
        if (dept) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`budget:${user.tenantId}:${dept}`}))`);
        await checkBudgets(tx, user.tenantId, dept, lines, id);
        await writeLines(tx, user, id, lines);
      },
      async inTransaction(tx, user, change) {
        const lines = draftLines.get(user);
        draftLines.delete(user);
        if (lines) await writeLines(tx, user, change.id, lines);
      },
      async afterWrite(_user, change) {
        if (change.op === 'remove') await db.update(applyExpenseInfos).set({ isDeleted: 1 }).where(inArray(applyExpenseInfos.applyExpenseId, change.ids));
      },
      decorate: async (_user, row) => ({ ...row, lines: await linesOf(db, row.id) }),
      async onStatus(tx, row, status) {
        if (status !== APPROVAL_STATUS.approved) return;
        const [refusal] = paymentFormMessages(row);
        if (refusal) throw fail(refusal);
        const amount = row.totalAmount ?? '0';
        const posted = await payOut(tx, { tenantId: row.tenantId, bizType: applyExpenseEntity.table, row, amount, today: a.clock.today() });
        if (!posted.created) return;
        await useBudgets(tx, await linesOf(tx, row.id));
        await markPaid(tx, applyExpenses, row.id, a.clock.now(), { paidAmount: amount });
      },
    }),
  );
  registerClaimLines(a, claims);
  registerClaimQueries(a);
  return claims;
}

/** The lines of claims (报销明细) on their own routes: read and written only by those who may see their claim. */
function registerClaimLines(a: Applications, claims: EntityRepo) {
  const { ctx, db } = a;
  const visibleClaims = claims.narrowed((user) => a.scope.conditions(user, { applyUser: applyExpenses.applyUser, applyDept: applyExpenses.applyDept }));
  registerEntityRoutes(ctx.route, ctx.repo(applyExpenseInfoEntity, applyExpenseInfos, visibleClaims), ctx.access, {
    dictionary: a.dictionary,
    async beforeWrite(user, data, id) {
      const claimId = String(data.applyExpenseId ?? '');
      const current = id ? await db.select().from(applyExpenseInfos).where(eq(applyExpenseInfos.id, id)).limit(1) : [];
      const [claim] = await db
        .select({ status: applyExpenses.status })
        .from(applyExpenses)
        .where(and(eq(applyExpenses.id, claimId || String(current[0]?.applyExpenseId ?? '0')), eq(applyExpenses.tenantId, user.tenantId)));
      if (claim && UNDER_APPROVAL.includes(Number(claim.status))) throw fail('审批中或已通过的数据不能修改');
      if (data.amount !== undefined && data.amount !== null) data.amount = positiveAmount(data.amount);
      delete data.budgetId;
    },
    async beforeRemove(user, ids) {
      const rows = await db
        .select({ status: applyExpenses.status })
        .from(applyExpenseInfos)
        .innerJoin(applyExpenses, eq(applyExpenses.id, applyExpenseInfos.applyExpenseId))
        .where(and(inArray(applyExpenseInfos.id, ids), eq(applyExpenseInfos.tenantId, user.tenantId)));
      if (rows.some((r) => UNDER_APPROVAL.includes(Number(r.status)))) throw fail('审批中或已通过的数据不能删除');
    },
  });
}

/** 我的报销 (S1 L124) and 报销金额统计 (S1 L124, S2 L450). */
function registerClaimQueries(a: Applications) {
  const { ctx, db } = a;
  const claimCodes = permissionCodes(applyExpenseEntity);
  const claimRepo = ctx.repo(applyExpenseEntity, applyExpenses);
  ctx.route({
    method: 'GET',
    url: `${applyExpenseEntity.api}/my`,
    summary: '我的报销(本人的报销单,分页)',
    tags: [applyExpenseEntity.label.zh],
    requires: { anyOf: ['apply_expense_my', claimCodes.view] },
    query: z.looseObject({ current: z.string().optional(), size: z.string().optional() }),
    handler: async ({ user, req }) => {
      const p = await claimRepo.page(user, req.query as Record<string, unknown>, [eq(applyExpenses.applyUser, user.userId)]);
      return { ...p, records: await claimRepo.withNames(user, p.records) };
    },
  });

  // Per applicant, what was applied, approved and paid — over the rows the caller sees.
  ctx.route({
    method: 'GET',
    url: `${applyExpenseEntity.api}/statistics/money`,
    summary: '报销金额统计(申请、审批通过、已付款;按申请人,数据范围内)',
    tags: [applyExpenseEntity.label.zh],
    requires: { anyOf: ['apply_expense_my', claimCodes.view] },
    query: z.looseObject({ applyUser: idField().optional(), my: z.string().optional() }),
    handler: async ({ user, query }) => {
      const where = and(
        eq(applyExpenses.tenantId, user.tenantId),
        eq(applyExpenses.isDeleted, 0),
        ...(await a.scope.conditions(user, { applyUser: applyExpenses.applyUser, applyDept: applyExpenses.applyDept })),
        ...(query.applyUser ? [eq(applyExpenses.applyUser, query.applyUser)] : []),
        ...(query.my === 'true' || query.my === '1' ? [eq(applyExpenses.applyUser, user.userId)] : []),
      );
      const rows = await db
        .select({
          applyUser: applyExpenses.applyUser,
          count: sql<number>`count(*)::int`,
          applyMoney: sql<string>`coalesce(sum(${applyExpenses.totalAmount}) FILTER (WHERE ${applyExpenses.status} IN (1, 2)), 0)::text`,
          approvedMoney: sql<string>`coalesce(sum(${applyExpenses.totalAmount}) FILTER (WHERE ${applyExpenses.status} = 2), 0)::text`,
          paidMoney: sql<string>`coalesce(sum(${applyExpenses.totalAmount}) FILTER (WHERE ${applyExpenses.payStatus} = 1), 0)::text`,
        })
        .from(applyExpenses)
        .where(where)
        .groupBy(applyExpenses.applyUser);
      const names = await a.kit.services.queries.names(
        user.tenantId,
        rows.map((r) => String(r.applyUser)),
      );
      const byUser = rows.map((r) => ({
        applyUser: String(r.applyUser),
        applyUserName: names.get(String(r.applyUser)) ?? '',
        count: r.count,
        applyMoney: fenToMoney(toFen(r.applyMoney)),
        approvedMoney: fenToMoney(toFen(r.approvedMoney)),
        paidMoney: fenToMoney(toFen(r.paidMoney)),
      }));
      return {
        count: byUser.reduce((n, r) => n + r.count, 0),
        applyMoney: sumMoney(byUser.map((r) => r.applyMoney)),
        approvedMoney: sumMoney(byUser.map((r) => r.approvedMoney)),
        paidMoney: sumMoney(byUser.map((r) => r.paidMoney)),
        byUser,
      };
    },
  });
}
