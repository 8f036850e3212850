/**
 * 项目付款 (projectMakePayment, BUSINESS.md WP3): the payment of an approved, unpaid project expense with the
 * payment form (`hjlProjectExpensePay/start`; once — again under a lock at start and approval). Approved, the
 * expense is paid and the ledger gets ONE expense row for it (bizType = the expense table, bizId = the expense, cost
 * type = its type mapped by core `costTypeOfExpense`, the project linked, idempotent).
 */
import {
  APPROVAL_STATUS,
  MONEY_PAY_STATUS,
  PROJECT_EXPENSE_MSG as MSG,
  costTypeOfExpense,
  fenToMoney,
  projectExpenseEntity,
  projectExpensePayEntity,
  toFen,
} from '@hjl/core';
import { eq, sql } from 'drizzle-orm';
import type { EntityRepo, Executor } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { assertPayable, ledgerEntryOf, paymentFormMessages, postLedgerEntry } from '../finance/api.ts';
import type { MoneyShared } from './context.ts';
import { projectExpensePays, projectExpenses } from './schema.ts';

type ExpenseRepo = EntityRepo<typeof projectExpenseEntity>;
const def = projectExpenseEntity;

/** The expense is approved and not paid nor being paid (but `except`); answers it. */
async function assertExpensePayable(expenses: ExpenseRepo, tx: Executor, tenantId: string, expenseId: string, except?: string, lock = false) {
  return assertPayable(tx, tenantId, {
    record: await expenses.tenantRow(tenantId, expenseId, { tx, lock }),
    payments: projectExpensePays,
    paying: [eq(projectExpensePays.expenseId, expenseId)],
    except,
    messages: { missing: MSG.missing, notApproved: MSG.notApproved, paid: MSG.paid },
    paid: (exp) => Number(exp.payStatus) === MONEY_PAY_STATUS.paid,
  });
}

export function registerExpensePay(s: MoneyShared, expenses: ExpenseRepo) {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  // The hooks read the stored payment by the tenant only: the kit checked the caller's scope before they run.
  const repo: EntityRepo<typeof projectExpensePayEntity> = ctx.approval.register(projectExpensePayEntity, projectExpensePays, {
    parent: projects.projects,
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      for (const f of ['projectId', 'projectName', 'amount']) delete data[f];
      const current = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      const expenseId = String(data.expenseId ?? current?.expenseId ?? '');
      // The expense must be one the caller may see.
      const exp = await expenses.find(user, [eq(projectExpenses.id, expenseId)]);
      if (!exp) throw fail(MSG.missing);
      data.projectId = String(exp.projectId);
      data.projectName = exp.projectName;
      data.amount = fenToMoney(toFen(String(exp.totalAmount ?? '0')));
    },
    async beforeStart(user, record, current) {
      const messages = paymentFormMessages(record);
      if (messages.length) throw fail(messages.join(' | '));
      await assertExpensePayable(expenses, db, user.tenantId, String(record.expenseId), current ? String(current.id) : undefined);
    },
    async startWith(tx, user, id, record) {
      await assertExpensePayable(expenses, tx, user.tenantId, String(record.expenseId), id, true);
    },
    async onStatus(tx, rec, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      const pay = await repo.tenantRow(rec.tenantId, rec.id, { tx });
      if (!pay) return;
      const exp = await expenses.tenantRow(rec.tenantId, String(pay.expenseId), { tx, lock: true });
      if (!exp) throw fail(MSG.missing);
      // The payment form's columns come from the payment; the project and the cost type from the expense.
      const posted = await postLedgerEntry(
        tx,
        ledgerEntryOf(pay, {
          tenantId: rec.tenantId,
          bizType: def.table,
          bizId: exp.id,
          direction: 'expense',
          amount: String(exp.totalAmount),
          date: String(pay.transactionDate),
          accountInfoId: pay.accountInfoId || null,
          costStage: 1,
          costType: costTypeOfExpense(exp.expenseType),
          projectId: String(exp.projectId),
          projectName: exp.projectName,
          payeeName: pay.personName ?? pay.customerName,
          remark: `项目费用: ${exp.title ?? ''}`.slice(0, 500),
          userId: pay.createUser || null,
        }),
      );
      if (!posted.created) return;
      await tx
        .update(projectExpenses)
        .set({ payStatus: MONEY_PAY_STATUS.paid, paidAmount: String(exp.totalAmount), payDate: String(pay.transactionDate), updateTime: sql`now()` })
        .where(eq(projectExpenses.id, String(exp.id)));
    },
  });
  return repo;
}
