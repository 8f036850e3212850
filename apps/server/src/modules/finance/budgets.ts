/**
 * 预算 (BUSINESS.md WP4): a department's budget of a year for an expense type. Claim lines are charged to it: what
 * remains is the amount less what approved claims used and what claims under approval hold; `check/{id}` answers it.
 */
import {
  APPROVAL_STATUS,
  FINANCE_MSG,
  applyExpenseEntity,
  budgetExpendEntity,
  compareMoney,
  fenToMoney,
  permissionCodes,
  subtractMoney,
  sumMoney,
  toFen,
} from '@hjl/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor, Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { liveDeptNames } from '../org/api.ts';
import { blank, type Applications } from './application.ts';
import { positiveAmount } from './ledger.ts';
import { applyExpenseInfos, applyExpenses, budgetExpends } from './schema.ts';

type Budget = typeof budgetExpends.$inferSelect;

/** The budget of a department, year and expense type (none: no budget control). */
async function budgetFor(tx: Executor, tenantId: string, deptId: string | null, year: number, type: number) {
  if (!deptId) return undefined;
  const [b] = await tx
    .select()
    .from(budgetExpends)
    .where(
      and(
        eq(budgetExpends.tenantId, tenantId),
        eq(budgetExpends.isDeleted, 0),
        eq(budgetExpends.deptId, deptId),
        eq(budgetExpends.budgetYear, year),
        eq(budgetExpends.budgetType, type),
      ),
    )
    .limit(1);
  return b as Budget | undefined;
}

/** What a budget still allows: amount − used − lines of claims under approval (other than `exceptClaim`). */
async function remainingOf(tx: Executor, budget: Row, exceptClaim?: string) {
  const [r] = await tx
    .select({ pending: sql<string>`coalesce(sum(${applyExpenseInfos.amount}), 0)::text` })
    .from(applyExpenseInfos)
    .innerJoin(applyExpenses, eq(applyExpenses.id, applyExpenseInfos.applyExpenseId))
    .where(
      and(
        eq(applyExpenseInfos.budgetId, String(budget.id)),
        eq(applyExpenseInfos.isDeleted, 0),
        eq(applyExpenses.isDeleted, 0),
        eq(applyExpenses.status, APPROVAL_STATUS.approving),
        ...(exceptClaim ? [ne(applyExpenses.id, exceptClaim)] : []),
      ),
    );
  const pending = fenToMoney(toFen(r?.pending ?? '0'));
  const used = fenToMoney(toFen(String(budget.usedAmount ?? '0')));
  return {
    budgetAmount: fenToMoney(toFen(String(budget.budgetAmount))),
    usedAmount: used,
    pendingAmount: pending,
    remaining: subtractMoney(subtractMoney(String(budget.budgetAmount), used), pending),
  };
}

/** A claim line as the budget check reads it: its date, type and amount; the check assigns its budget. */
export interface ChargedLine {
  expenseDate: string;
  expenseType: number;
  amount: string;
  budgetId?: string | null;
}

/** Assigns each line its budget and refuses an overrun with what remains (超出预算,剩余可用金额为x元). */
export async function checkBudgets(tx: Executor, tenantId: string, deptId: string | null, lines: ChargedLine[], exceptClaim?: string) {
  const byBudget = new Map<string, { budget: Budget; amounts: string[] }>();
  for (const l of lines) {
    const b = await budgetFor(tx, tenantId, deptId, Number(l.expenseDate.slice(0, 4)), Number(l.expenseType));
    l.budgetId = b ? String(b.id) : null;
    if (b) byBudget.set(String(b.id), { budget: b, amounts: [...(byBudget.get(String(b.id))?.amounts ?? []), l.amount] });
  }
  for (const { budget, amounts } of byBudget.values()) {
    const { remaining } = await remainingOf(tx, budget, exceptClaim);
    if (compareMoney(sumMoney(amounts), remaining) > 0) throw fail(FINANCE_MSG.overBudget(remaining));
  }
}

/** An approved claim uses its budgets by its lines (once: the claim's posting is once). */
export async function useBudgets(tx: Executor, lines: { budgetId: string | null; amount: string | null }[]) {
  for (const l of lines)
    if (l.budgetId)
      await tx
        .update(budgetExpends)
        .set({ usedAmount: sql`coalesce(${budgetExpends.usedAmount}, 0) + ${String(l.amount)}::numeric` })
        .where(eq(budgetExpends.id, l.budgetId));
}

export function registerBudgets(a: Applications) {
  const { ctx, db } = a;
  const budgetCodes = permissionCodes(budgetExpendEntity);
  const budgetRepo = ctx.repo(budgetExpendEntity, budgetExpends);
  registerEntityRoutes(ctx.route, budgetRepo, ctx.access, {
    dictionary: a.dictionary,
    async beforeWrite(user, data, id) {
      delete data.usedAmount;
      if (data.budgetAmount !== undefined && data.budgetAmount !== null) data.budgetAmount = positiveAmount(data.budgetAmount);
      if (data.deptId) {
        const name = (await liveDeptNames(db, user.tenantId, [String(data.deptId)])).get(String(data.deptId));
        if (!name) throw fail('部门不存在');
        data.deptName = name;
      }
      const current = id ? await budgetRepo.detail(user, id) : undefined;
      const key = {
        deptId: String(data.deptId ?? current?.deptId ?? ''),
        year: Number(data.budgetYear ?? current?.budgetYear),
        type: Number(data.budgetType ?? current?.budgetType),
      };
      const [dup] = await db
        .select({ id: budgetExpends.id })
        .from(budgetExpends)
        .where(
          and(
            eq(budgetExpends.tenantId, user.tenantId),
            eq(budgetExpends.isDeleted, 0),
            eq(budgetExpends.deptId, key.deptId),
            eq(budgetExpends.budgetYear, key.year),
            eq(budgetExpends.budgetType, key.type),
            ...(id ? [ne(budgetExpends.id, id)] : []),
          ),
        )
        .limit(1);
      if (dup) throw fail('该部门本年度已有此类型的预算');
    },
  });
  ctx.route({
    method: 'GET',
    url: `${budgetExpendEntity.api}/check/:id`,
    summary: '预算检查(剩余可用金额;带 amount 时超出预算则拒绝)',
    tags: [budgetExpendEntity.label.zh],
    requires: { anyOf: [budgetCodes.view, 'apply_expense_my', permissionCodes(applyExpenseEntity).add] },
    query: z.looseObject({ amount: z.string().optional() }),
    handler: async ({ user, req, query }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      // Tenant only: a claimant (apply_expense_my) checks a claim line's budget outside the budget list's data scope.
      const budget = await budgetRepo.tenantRow(user.tenantId, id);
      if (!budget) throw notFound();
      const r = await remainingOf(db, budget);
      if (!blank(query.amount) && compareMoney(positiveAmount(query.amount), r.remaining) > 0) throw fail(FINANCE_MSG.overBudget(r.remaining));
      return { id, ...r };
    },
  });
  return budgetRepo;
}
