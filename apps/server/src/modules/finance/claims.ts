/**
 * 费用报销 (BUSINESS.md WP4, S1 L120-124, S2 L450): a claim with lines (报销明细) that sum to its total, each
 * within its department's budget of the year and type (budgets.ts); finance pays it at its finance node, and the
 * approval posts the payment and uses the budgets. The lines are the kit's slot (approval/lines.ts: sent, written,
 * summed and answered with the claim, and on their own routes); also `my` and `statistics/money`.
 */
import {
  APPROVAL_STATUS,
  FINANCE_MSG,
  applyExpenseEntity,
  applyExpenseInfoEntity,
  fenToMoney,
  isDateText,
  permissionCodes,
  sumMoney,
  toFen,
  type RowOf,
} from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { linesOf as slotLines, type LinesSlot } from '../approval/api.ts';
import { markPaid, paymentStep, payOut, type Applications } from './application.ts';
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
type Line = z.infer<typeof lineSchema>;

/** A claim's lines (the kit's slot): each amount positive, their sum the claim's total. */
const claimLines: LinesSlot = {
  def: applyExpenseInfoEntity,
  table: applyExpenseInfos,
  parentField: 'applyExpenseId',
  schema: lineSchema,
  amountField: 'amount',
  aliases: ['expenseInfoList'],
  // The budget a line is charged to is the server's (checkBudgets, when the claim starts).
  serverFields: ['budgetId'],
  complete: (l) => {
    const line = l as Line;
    const amount = positiveAmount(line.amount);
    const billCount = line.billCount === undefined || line.billCount === null ? 0 : Number(line.billCount);
    return { expenseDate: line.expenseDate, expenseType: line.expenseType, amount, billCount, remark: line.remark ?? null, amountValue: amount };
  },
  messages: {
    none: FINANCE_MSG.noLines,
    tooMany: '报销明细最多200条',
    total: FINANCE_MSG.linesTotal,
    locked: '审批中或已通过的数据不能修改',
    lockedRemove: '审批中或已通过的数据不能删除',
  },
};

type StoredLine = RowOf<typeof applyExpenseInfoEntity>;
const linesOf = async (tx: Executor, claimId: string) => (await slotLines(tx, claimLines, claimId)) as StoredLine[];

export function registerClaims(a: Applications) {
  const claims = a.kit.register(
    applyExpenseEntity,
    applyExpenses,
    a.options(applyExpenseEntity, applyExpenses, null, {
      lines: claimLines,
      // A claim is paid by finance at its finance node (financeTask of the demo model): the payment form is filled there.
      steps: { financeTask: paymentStep(), finalStep: paymentStep() },
      async startWith(tx, user, id, record) {
        const dept = record.applyDept ?? null;
        // Under a lock of the budgets' department: two claims started at once queue here and see each other.
        if (dept) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`budget:${user.tenantId}:${dept}`}))`);
        const lines: (ChargedLine & { id: string })[] = (await linesOf(tx, id)).map((l) => ({
          id: l.id,
          expenseDate: String(l.expenseDate),
          expenseType: Number(l.expenseType),
          amount: String(l.amount),
        }));
        await checkBudgets(tx, user.tenantId, dept, lines, id);
        for (const l of lines)
          await tx
            .update(applyExpenseInfos)
            .set({ budgetId: l.budgetId ?? null })
            .where(eq(applyExpenseInfos.id, l.id));
      },
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
  registerClaimQueries(a);
  return claims;
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
