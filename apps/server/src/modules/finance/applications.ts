/**
 * The applications that move money (BUSINESS.md WP4), each on the approval kit with its demo process (models.ts):
 * payments (`applyPayment`, the cashier's payment form at `finalStep`), expense claims with lines against budgets
 * (`applyExpence`, `check/{id}`, `statistics/money`, `my`), the expenditure form (`expendForm`), refunds
 * (`applyRefund`, paid through a payment record with `refundMakePay`), loans (`applyLendReturn`) and repayments
 * (`repayment`, `return-money/{id}`), tax settlements, finance forms, pending money claimed in batches
 * (`submitApproval`), payment records (`makePayment`) and account settlements. Every approved money event posts
 * exactly one ledger row (ledger.ts, unique on the producing record) in the engine's transaction.
 * Applicants see their own applications, department managers their departments', finance all (ApplicantScope of the approval module).
 */
import {
  ACCOUNT_CHANGE,
  APPROVAL_STATUS,
  BUSINESS_SUBJECT,
  FINANCE_MSG,
  FINANCE_PROCESS,
  INCOME_OR_EXPEND,
  KNOW_GET,
  PAY_STATUS,
  accountSettlementEntity,
  applyExpenseEntity,
  applyExpenseInfoEntity,
  applyPaymentEntity,
  applyRefundEntity,
  budgetExpendEntity,
  compareMoney,
  expendFromEntity,
  fenToMoney,
  financeFormEntity,
  fullTaxEntity,
  isDateText,
  lendMoneyEntity,
  multiplyMoney,
  paymentHisEntity,
  pendingAccountEntity,
  permissionCodes,
  returnMoneyEntity,
  subtractMoney,
  sumMoney,
  toFen,
  type EntityDef,
} from '@hjl/core';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Executor, Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { approvalColumnsOf, columnOf, type EntityTable } from '../../platform/crud/table.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { ApplicantScope, ApprovalKit, ApprovalOptions, StepForm } from '../approval/api.ts';
import { liveDeptNames } from '../org/api.ts';
import { userNameOf } from '../user/api.ts';
import type { Tx } from '../workflow/api.ts';
import { accountHistory } from './accounts.ts';
import { assertUsersHaveAccounts } from './api.ts';
import { assertAccount, positiveAmount, postLedgerEntry } from './ledger.ts';
import { PAYMENT_FIELDS, paymentFormMessages } from './payment-form.ts';
import {
  accountInfos,
  accountSettlements,
  applyExpenseInfos,
  applyExpenses,
  applyPayments,
  applyRefunds,
  budgetExpends,
  expendFroms,
  financeForms,
  fullTaxes,
  incomeExpends,
  lendMoneys,
  paymentHis,
  pendingAccounts,
  returnMoneys,
} from './schema.ts';

/** The permission code of seeing every application (财务 and 公司领导; a button of 财务管理). */
export const FINANCE_ALL = 'finance_all';

export interface ApplicationDeps {
  kit: ApprovalKit;
  scope: ApplicantScope;
  dictionary: ApprovalOptions['dictionary'];
  userName: (user: AuthUser) => string;
}

/** Fields of an application only the server writes (who applied, whether it is paid, what a payment filled). */
const APPLICANT_FIELDS = ['applyUser', 'applyDept', 'applyDeptName', 'applyTime'] as const;
const PAID_FIELDS = ['payStatus', 'payTime', 'paidAmount'] as const;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A date in the company's zone (UTC+8), yyyy-MM-dd. */
const todayText = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const nowText = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The internal account a payment went through: the one chosen, else the one whose number the payer's account is. */
async function accountOfPayment(tx: Executor, tenantId: string, v: Row): Promise<string | null> {
  if (!blank(v.accountInfoId)) return String(v.accountInfoId);
  if (blank(v.debitAccountNo)) return null;
  const [a] = await tx
    .select({ id: accountInfos.id })
    .from(accountInfos)
    .where(and(eq(accountInfos.tenantId, tenantId), eq(accountInfos.isDeleted, 0), eq(accountInfos.accountNum, String(v.debitAccountNo))))
    .limit(1);
  return a ? String(a.id) : null;
}

/**
 * The payment step of a two-step process: the payment form's messages (the account named is checked when the
 * approval posts the payment, in the completion's transaction).
 */
function paymentStep(): StepForm {
  return {
    fields: [...PAYMENT_FIELDS],
    check: (values, record) => paymentFormMessages({ ...record, ...values }),
  };
}

/** Which kinds of application a payment record (付款记录, makePayment) may pay, with their amount and title. */
const PAYABLE: Record<string, { table: EntityTable; amount: string; title: string; payee?: boolean }> = {
  [applyExpenseEntity.table]: { table: applyExpenses, amount: 'totalAmount', title: 'title' },
  [applyPaymentEntity.table]: { table: applyPayments, amount: 'amount', title: 'title', payee: true },
  [applyRefundEntity.table]: { table: applyRefunds, amount: 'refundAmount', title: 'title', payee: true },
  [lendMoneyEntity.table]: { table: lendMoneys, amount: 'lendAmount', title: 'purpose' },
};

export function registerApplications(ctx: ModuleContext, deps: ApplicationDeps) {
  const db = ctx.database.db;
  const { kit, scope } = deps;

  /** The caller's first department and its name. */
  const deptOf = async (user: AuthUser) => {
    const id = user.deptIds[0];
    if (!id) return { id: null, name: null };
    return { id, name: (await liveDeptNames(db, user.tenantId, [id])).get(id) ?? null };
  };
  const stampApplicant = async (user: AuthUser, record: Row) => {
    const d = await deptOf(user);
    record.applyUser = user.userId;
    record.applyDept = d.id;
    record.applyDeptName = d.name;
    record.applyTime = nowText();
  };

  /** The options every application shares: scope (own / department / all), applicant stamped, money positive. */
  function application(def: EntityDef, table: EntityTable, amountField: string | null, more: ApprovalOptions = {}): ApprovalOptions {
    const cols = { applyUser: columnOf(table, 'applyUser'), applyDept: columnOf(table, 'applyDept') };
    // The payment form is the cashier's, filled at the last node: never the applicant's.
    const cashierFills = Boolean(more.steps?.finalStep);
    return {
      dictionary: deps.dictionary,
      ...more,
      visible: (user) => scope.conditions(user, cols),
      async beforeWrite(user, data, id, input) {
        for (const f of [...APPLICANT_FIELDS, ...PAID_FIELDS, ...(cashierFills ? PAYMENT_FIELDS : [])]) delete data[f];
        if (!id) {
          await stampApplicant(user, data);
          if ('payStatus' in def.fields) data.payStatus = PAY_STATUS.unpaid;
        }
        if (amountField && data[amountField] !== undefined && data[amountField] !== null) data[amountField] = positiveAmount(data[amountField]);
        await more.beforeWrite?.(user, data, id, input);
      },
      async beforeStart(user, record, current, body) {
        for (const f of [...PAID_FIELDS, ...(cashierFills ? PAYMENT_FIELDS : [])]) delete record[f];
        await stampApplicant(user, record);
        if ('payStatus' in def.fields) record.payStatus = PAY_STATUS.unpaid;
        if (amountField && !blank(record[amountField])) record[amountField] = positiveAmount(record[amountField]);
        await more.beforeStart?.(user, record, current, body);
      },
      variables: (user, record) => ({ ...more.variables?.(user, record) }),
    };
  }

  /** Posts the payment of an application (in the approval's transaction): one ledger row, one payment record, paid. */
  async function payOut(
    tx: Tx,
    tenantId: string,
    bizType: string,
    row: Row,
    p: { amount: string; incomeOrExpend?: 0 | 1; isRefund?: 0 | 1; payee?: string | null; remark?: string | null; paymentRecord?: boolean },
  ) {
    const accountInfoId = await accountOfPayment(tx, tenantId, row);
    const posted = await postLedgerEntry(tx, {
      tenantId,
      bizType,
      bizId: String(row.id),
      incomeOrExpend: p.incomeOrExpend ?? INCOME_OR_EXPEND.expend,
      tradeAmount: p.amount,
      transactionDate: isDateText(String(row.transactionDate ?? '')) ? String(row.transactionDate) : todayText(),
      accountInfoId,
      costType: row.costType === undefined || row.costType === null ? null : Number(row.costType),
      costStage: row.costStage === undefined || row.costStage === null ? null : Number(row.costStage),
      projectId: (row.projectId as string | null) ?? null,
      projectName: (row.projectName as string | null) ?? null,
      transactionReferenceNumber: (row.transactionReferenceNumber as string | null) ?? null,
      payerName: (row.payerName as string | null) ?? null,
      debitAccountNo: (row.debitAccountNo as string | null) ?? null,
      payerAccountBank: (row.payerAccountBank as string | null) ?? null,
      payeeName: p.payee ?? (row.payeeName as string | null) ?? (row.applyUserName as string | null) ?? null,
      payeeAccountNumber: (row.payeeAccountNumber as string | null) ?? null,
      beneficiaryAccountBank: (row.beneficiaryAccountBank as string | null) ?? null,
      isRefund: p.isRefund ?? 0,
      remark: p.remark ?? (row.title as string | null) ?? (row.purpose as string | null) ?? null,
      userId: row.applyUser ? String(row.applyUser) : null,
      deptId: row.applyDept ? String(row.applyDept) : null,
    });
    if (!posted.created) return posted;
    if (p.paymentRecord !== false)
      await tx.insert(paymentHis).values({
        id: nextId(),
        tenantId,
        createUser: row.applyUser ? String(row.applyUser) : null,
        updateUser: row.applyUser ? String(row.applyUser) : null,
        status: APPROVAL_STATUS.approved,
        isDraft: 2,
        bizType,
        bizId: String(row.id),
        bizTitle: String(row.title ?? row.purpose ?? '').slice(0, 200) || null,
        amount: p.amount,
        expenseType: row.expenseType === undefined || row.expenseType === null ? 0 : Number(row.expenseType),
        transactionDate: isDateText(String(row.transactionDate ?? '')) ? String(row.transactionDate) : todayText(),
        transactionReferenceNumber: (row.transactionReferenceNumber as string | null) ?? null,
        payerName: (row.payerName as string | null) ?? null,
        debitAccountNo: (row.debitAccountNo as string | null) ?? null,
        payerAccountBank: (row.payerAccountBank as string | null) ?? null,
        accountInfoId,
        accountNum: (row.accountNum as string | null) ?? null,
        businessSubjectType: row.businessSubjectType === undefined || row.businessSubjectType === null ? 1 : Number(row.businessSubjectType),
        personId: (row.personId as string | null) ?? null,
        personName: (row.personName as string | null) ?? null,
        customerId: (row.customerId as string | null) ?? null,
        customerName: (row.customerName as string | null) ?? null,
        payeeName: p.payee ?? (row.payeeName as string | null) ?? null,
      });
    return posted;
  }

  const approvedRow = async (tx: Tx, table: EntityTable, id: string) => {
    const [row] = await tx.select().from(table).where(eq(table.id, id)).limit(1);
    return row as Row | undefined;
  };
  const markPaid = (tx: Tx, table: EntityTable, id: string, extra: Row = {}) => {
    return tx
      .update(table)
      .set({ payStatus: PAY_STATUS.paid, payTime: nowText(), ...extra } as never)
      .where(eq(table.id, id));
  };

  // -------------------------------------------------------------------------------------------------------------
  // 付款申请: the applicant asks (payee, amount, reason); the cashier pays at the last node with the payment form.
  const payments = kit.register(
    applyPaymentEntity,
    applyPayments,
    application(applyPaymentEntity, applyPayments, 'amount', {
      steps: { finalStep: paymentStep() },
      async beforeStart(user, record) {
        // A person paid must have a staff account (请选择已维护账户信息的用户!); a customer's name is stored beside it.
        if (Number(record.businessSubjectType ?? BUSINESS_SUBJECT.person) === BUSINESS_SUBJECT.person && !blank(record.personId)) {
          await assertUsersHaveAccounts(db, user.tenantId, [String(record.personId)]);
          record.businessSubjectId = record.personId;
          if (blank(record.payeeName)) record.payeeName = record.personName ?? null;
        }
        if (Number(record.businessSubjectType) === BUSINESS_SUBJECT.customer && !blank(record.customerId)) {
          record.businessSubjectId = record.customerId;
          if (blank(record.payeeName)) record.payeeName = record.customerName ?? null;
        }
      },
      async onStatus(tx, rec, status) {
        if (status !== APPROVAL_STATUS.approved) return;
        const row = await approvedRow(tx, applyPayments, rec.id);
        if (!row) return;
        const [refusal] = paymentFormMessages(row);
        if (refusal) throw fail(refusal);
        await payOut(tx, rec.tenantId, applyPaymentEntity.table, row, { amount: String(row.amount) });
        await markPaid(tx, applyPayments, rec.id);
      },
    }),
  );

  // -------------------------------------------------------------------------------------------------------------
  // 费用报销: lines that sum to the total, each within its department's budget of the year and type.
  const lineSchema = z.object({
    expenseDate: z.string({ message: '请选择费用日期' }).refine(isDateText, { message: '费用日期格式应为yyyy-MM-dd' }),
    expenseType: z.union([z.number(), z.string()], { message: '请选择费用类型' }).transform((v) => Number(v)),
    amount: z.union([z.string(), z.number()], { message: '请输入金额' }).transform((v) => String(v)),
    billCount: z.union([z.number(), z.string()]).optional().nullable(),
    remark: z.string().max(500, { message: '备注最多500个字符' }).optional().nullable(),
  });
  type Line = z.infer<typeof lineSchema>;
  const linesField = z.array(lineSchema, { message: FINANCE_MSG.noLines }).max(200, { message: '报销明细最多200条' }).optional();

  /** Checks and completes the lines of a claim: amounts positive, total equal to their sum, budgets not overrun. */
  async function claimLines(user: AuthUser, record: Row, body: Row, current: Row | undefined): Promise<Line[]> {
    let lines = (body.lines ?? body.expenseInfoList) as Line[] | undefined;
    if (!lines && current) lines = (await linesOf(String(current.id))) as Line[];
    if (!lines?.length) throw fail(FINANCE_MSG.noLines);
    for (const l of lines) l.amount = positiveAmount(l.amount);
    const total = sumMoney(lines.map((l) => l.amount));
    if (!blank(body.totalAmount) && compareMoney(positiveAmount(body.totalAmount), total) !== 0) throw fail(FINANCE_MSG.linesTotal);
    record.totalAmount = total;
    return lines;
  }

  const linesOf = async (claimId: string, tx: Executor = db) =>
    (await tx
      .select()
      .from(applyExpenseInfos)
      .where(and(eq(applyExpenseInfos.applyExpenseId, claimId), eq(applyExpenseInfos.isDeleted, 0)))
      .orderBy(applyExpenseInfos.sort)) as Row[];

  /** The budget of a department, year and expense type (none: no budget control). */
  const budgetFor = async (tx: Executor, tenantId: string, deptId: string | null, year: number, type: number) => {
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
    return b as Row | undefined;
  };

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

  /** Assigns each line its budget and refuses an overrun with what remains (超出预算,剩余可用金额为x元). */
  async function checkBudgets(tx: Executor, tenantId: string, deptId: string | null, lines: (Line & { budgetId?: string | null })[], exceptClaim?: string) {
    const byBudget = new Map<string, { budget: Row; amounts: string[] }>();
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

  const writeLines = async (tx: Executor, user: AuthUser, claimId: string, lines: (Line & { budgetId?: string | null })[]) => {
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
  };

  const pendingLines = new WeakMap<Row, Line[]>();
  /**
   * Lines sent with a save / update (a draft claim), written in the claim's own transaction (inTransaction), per
   * request. A start runs beforeWrite too (the kit's order: beforeWrite, beforeStart): beforeStart takes the lines
   * over, so a start writes them once, in startWith, after the budget check.
   */
  const draftLines = new WeakMap<AuthUser, Line[]>();
  const claims = kit.register(
    applyExpenseEntity,
    applyExpenses,
    application(applyExpenseEntity, applyExpenses, null, {
      extraBody: { lines: linesField, expenseInfoList: linesField },
      // A claim is paid by finance at its finance node (financeTask of the demo model): the payment form is filled there.
      steps: { financeTask: paymentStep(), finalStep: paymentStep() },
      async beforeWrite(user, data, id, input) {
        const lines = (input.body.lines ?? input.body.expenseInfoList) as Line[] | undefined;
        if (lines) {
          if (!lines.length) throw fail(FINANCE_MSG.noLines);
          for (const l of lines) l.amount = positiveAmount(l.amount);
          const total = sumMoney(lines.map((l) => l.amount));
          if (!blank(input.body.totalAmount) && compareMoney(positiveAmount(input.body.totalAmount), total) !== 0) throw fail(FINANCE_MSG.linesTotal);
          data.totalAmount = total;
          draftLines.set(user, lines);
        } else if (!id) throw fail(FINANCE_MSG.noLines);
      },
      async beforeStart(user, record, current, body) {
        draftLines.delete(user);
        pendingLines.set(record, await claimLines(user, record, body, current));
      },
      async startWith(tx, user, id, record) {
        const lines = pendingLines.get(record) ?? [];
        // Under a lock of the budgets' department: two claims started at once queue here and see each other.
        if (record.applyDept) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`budget:${user.tenantId}:${String(record.applyDept)}`}))`);
        await checkBudgets(tx, user.tenantId, (record.applyDept as string | null) ?? null, lines, id);
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
      decorate: async (_user, row) => ({ ...row, lines: await linesOf(String(row.id)) }),
      async onStatus(tx, rec, status) {
        if (status !== APPROVAL_STATUS.approved) return;
        const row = await approvedRow(tx, applyExpenses, rec.id);
        if (!row) return;
        const [refusal] = paymentFormMessages(row);
        if (refusal) throw fail(refusal);
        const posted = await payOut(tx, rec.tenantId, applyExpenseEntity.table, row, { amount: String(row.totalAmount) });
        if (!posted.created) return;
        // The budgets are used by the lines (once: the posting above is once per claim).
        for (const l of await linesOf(rec.id, tx))
          if (l.budgetId)
            await tx
              .update(budgetExpends)
              .set({ usedAmount: sql`coalesce(${budgetExpends.usedAmount}, 0) + ${String(l.amount)}::numeric` })
              .where(eq(budgetExpends.id, String(l.budgetId)));
        await markPaid(tx, applyExpenses, rec.id, { paidAmount: String(row.totalAmount) });
      },
    }),
  );
  const claimCodes = permissionCodes(applyExpenseEntity);

  // The lines of claims (报销明细): read and written only by those who may see their claim (scope and applicant).
  const visibleClaims = claims.narrowed((user) => scope.conditions(user, { applyUser: applyExpenses.applyUser, applyDept: applyExpenses.applyDept }));
  registerEntityRoutes(ctx.route, ctx.repo(applyExpenseInfoEntity, applyExpenseInfos, visibleClaims), ctx.access, {
    dictionary: deps.dictionary,
    async beforeWrite(user, data, id) {
      const claimId = String(data.applyExpenseId ?? '');
      const current = id ? await db.select().from(applyExpenseInfos).where(eq(applyExpenseInfos.id, id)).limit(1) : [];
      const [claim] = await db
        .select({ status: applyExpenses.status })
        .from(applyExpenses)
        .where(and(eq(applyExpenses.id, claimId || String(current[0]?.applyExpenseId ?? '0')), eq(applyExpenses.tenantId, user.tenantId)));
      if (claim && [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved].includes(Number(claim.status) as 1 | 2)) throw fail('审批中或已通过的数据不能修改');
      if (data.amount !== undefined && data.amount !== null) data.amount = positiveAmount(data.amount);
      delete data.budgetId;
    },
    async beforeRemove(user, ids) {
      const rows = await db
        .select({ status: applyExpenses.status })
        .from(applyExpenseInfos)
        .innerJoin(applyExpenses, eq(applyExpenses.id, applyExpenseInfos.applyExpenseId))
        .where(and(inArray(applyExpenseInfos.id, ids), eq(applyExpenseInfos.tenantId, user.tenantId)));
      if (rows.some((r) => [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved].includes(Number(r.status) as 1 | 2)))
        throw fail('审批中或已通过的数据不能删除');
    },
  });

  // 我的报销 (S1 L124): the caller's own claims, paged.
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

  // 报销金额统计 (S1 L124, S2 L450): per applicant, what was applied, approved and paid — over the rows the caller sees.
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
        ...(await scope.conditions(user, { applyUser: applyExpenses.applyUser, applyDept: applyExpenses.applyDept })),
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
      const names = await kit.services.queries.names(
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
        count: byUser.reduce((a, r) => a + r.count, 0),
        applyMoney: sumMoney(byUser.map((r) => r.applyMoney)),
        approvedMoney: sumMoney(byUser.map((r) => r.approvedMoney)),
        paidMoney: sumMoney(byUser.map((r) => r.paidMoney)),
        byUser,
      };
    },
  });

  // -------------------------------------------------------------------------------------------------------------
  // 预算: a department's budget of a year for an expense type; `check/{id}` answers what remains.
  const budgetCodes = permissionCodes(budgetExpendEntity);
  const budgetRepo = ctx.repo(budgetExpendEntity, budgetExpends);
  registerEntityRoutes(ctx.route, budgetRepo, ctx.access, {
    dictionary: deps.dictionary,
    async beforeWrite(user, data, id) {
      delete data.usedAmount;
      if (data.budgetAmount !== undefined && data.budgetAmount !== null) data.budgetAmount = positiveAmount(data.budgetAmount);
      if (data.deptId) {
        const name = (await liveDeptNames(db, user.tenantId, [String(data.deptId)])).get(String(data.deptId));
        if (!name) throw fail('部门不存在');
        data.deptName = name;
      }
      const current = id ? ((await budgetRepo.detail(user, id)) as Row | undefined) : undefined;
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
      const [budget] = await db
        .select()
        .from(budgetExpends)
        .where(and(eq(budgetExpends.id, id), eq(budgetExpends.tenantId, user.tenantId), eq(budgetExpends.isDeleted, 0)))
        .limit(1);
      if (!budget) throw notFound();
      const r = await remainingOf(db, budget as Row);
      if (!blank(query.amount) && compareMoney(positiveAmount(query.amount), r.remaining) > 0) throw fail(FINANCE_MSG.overBudget(r.remaining));
      return { id, ...r };
    },
  });

  // -------------------------------------------------------------------------------------------------------------
  // 支出单: a direct expense on an account, written to the ledger once approved.
  kit.register(
    expendFromEntity,
    expendFroms,
    application(expendFromEntity, expendFroms, 'amount', {
      async beforeStart(user, record) {
        await assertAccount(db, user.tenantId, String(record.accountInfoId));
        if (!isDateText(String(record.expendDate))) throw fail('支出日期格式应为yyyy-MM-dd');
      },
      async onStatus(tx, rec, status) {
        if (status !== APPROVAL_STATUS.approved) return;
        const row = await approvedRow(tx, expendFroms, rec.id);
        if (!row) return;
        await payOut(
          tx,
          rec.tenantId,
          expendFromEntity.table,
          { ...row, transactionDate: row.expendDate },
          { amount: String(row.amount), paymentRecord: false },
        );
      },
    }),
  );

  // -------------------------------------------------------------------------------------------------------------
  // 退款申请: approved, it waits for its payment (a payment record with the refundMakePay process).
  kit.register(applyRefundEntity, applyRefunds, application(applyRefundEntity, applyRefunds, 'refundAmount'));

  // -------------------------------------------------------------------------------------------------------------
  // 借款 and 还款: a loan paid out at its last node has its balance; repayments reduce it, never below zero.
  const lends = kit.register(
    lendMoneyEntity,
    lendMoneys,
    application(lendMoneyEntity, lendMoneys, 'lendAmount', {
      steps: { finalStep: paymentStep() },
      async beforeWrite(_user, data) {
        delete data.balance;
        delete data.returnedAmount;
      },
      async beforeStart(_user, record) {
        delete record.balance;
        delete record.returnedAmount;
        if (!isDateText(String(record.planReturnDate))) throw fail('计划还款日期格式应为yyyy-MM-dd');
      },
      async onStatus(tx, rec, status) {
        if (status !== APPROVAL_STATUS.approved) return;
        const row = await approvedRow(tx, lendMoneys, rec.id);
        if (!row) return;
        const [refusal] = paymentFormMessages(row);
        if (refusal) throw fail(refusal);
        const posted = await payOut(tx, rec.tenantId, lendMoneyEntity.table, row, { amount: String(row.lendAmount) });
        if (posted.created) await markPaid(tx, lendMoneys, rec.id, { balance: String(row.lendAmount), returnedAmount: '0.00' });
      },
    }),
  );

  /** Repayments of a loan under approval (their amounts are held against the balance). */
  const heldOf = async (tx: Executor, lendId: string, except?: string) => {
    const [r] = await tx
      .select({ held: sql<string>`coalesce(sum(${returnMoneys.returnAmount}), 0)::text` })
      .from(returnMoneys)
      .where(
        and(
          eq(returnMoneys.lendId, lendId),
          eq(returnMoneys.isDeleted, 0),
          eq(returnMoneys.status, APPROVAL_STATUS.approving),
          ...(except ? [ne(returnMoneys.id, except)] : []),
        ),
      );
    return fenToMoney(toFen(r?.held ?? '0'));
  };
  const lendOf = async (tx: Executor, tenantId: string, lendId: string, lock = false) => {
    const q = tx
      .select()
      .from(lendMoneys)
      .where(and(eq(lendMoneys.id, lendId), eq(lendMoneys.tenantId, tenantId), eq(lendMoneys.isDeleted, 0)))
      .limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row as Row | undefined;
  };
  const assertRepayable = async (tx: Executor, tenantId: string, lendId: string, amount: string, except?: string, lock = false) => {
    const lend = await lendOf(tx, tenantId, lendId, lock);
    if (!lend) throw fail('借款单不存在');
    if (Number(lend.status) !== APPROVAL_STATUS.approved || Number(lend.payStatus) !== PAY_STATUS.paid) throw fail(FINANCE_MSG.lendNotPaid);
    const available = subtractMoney(String(lend.balance ?? '0'), await heldOf(tx, lendId, except));
    if (compareMoney(amount, available) > 0) throw fail(FINANCE_MSG.overBalance);
    return lend;
  };
  kit.register(
    returnMoneyEntity,
    returnMoneys,
    application(returnMoneyEntity, returnMoneys, 'returnAmount', {
      steps: {
        finalStep: {
          fields: [...PAYMENT_FIELDS],
          async check(values, record) {
            const v = { ...record, ...values };
            const out: string[] = [];
            if (blank(v.transactionDate)) out.push('请选择打款日期');
            if (blank(v.accountInfoId)) out.push('请选择收款账户');
            return out;
          },
        },
      },
      async beforeStart(user, record, current) {
        const lend = await assertRepayable(db, user.tenantId, String(record.lendId), String(record.returnAmount), current ? String(current.id) : undefined);
        if (!isDateText(String(record.returnDate))) throw fail('还款日期格式应为yyyy-MM-dd');
        record.lendPurpose = lend.purpose;
      },
      async startWith(tx, user, id, record) {
        // Two repayments started at once queue on the loan and see each other's held amount.
        await assertRepayable(tx, user.tenantId, String(record.lendId), String(record.returnAmount), id, true);
      },
      async onStatus(tx, rec, status) {
        if (status !== APPROVAL_STATUS.approved) return;
        const row = await approvedRow(tx, returnMoneys, rec.id);
        if (!row) return;
        const lend = await lendOf(tx, rec.tenantId, String(row.lendId), true);
        if (!lend) throw fail('借款单不存在');
        const posted = await postLedgerEntry(tx, {
          tenantId: rec.tenantId,
          bizType: returnMoneyEntity.table,
          bizId: rec.id,
          incomeOrExpend: INCOME_OR_EXPEND.income,
          tradeAmount: String(row.returnAmount),
          transactionDate: isDateText(String(row.transactionDate ?? '')) ? String(row.transactionDate) : String(row.returnDate),
          accountInfoId: (row.accountInfoId as string | null) ?? null,
          payerName: (row.payerName as string | null) ?? null,
          remark: `还款: ${String(lend.purpose ?? '')}`.slice(0, 500),
          userId: row.applyUser ? String(row.applyUser) : null,
        });
        if (!posted.created) return;
        if (compareMoney(String(row.returnAmount), String(lend.balance ?? '0')) > 0) throw fail(FINANCE_MSG.overBalance);
        await tx
          .update(lendMoneys)
          .set({
            balance: subtractMoney(String(lend.balance ?? '0'), String(row.returnAmount)),
            returnedAmount: sumMoney([String(lend.returnedAmount ?? '0'), String(row.returnAmount)]),
          })
          .where(eq(lendMoneys.id, String(lend.id)));
      },
    }),
  );
  // The repayments of a loan (the drawer's 还款详情, S2 L253).
  const lendRepo = ctx.repo(lendMoneyEntity, lendMoneys);
  ctx.route({
    method: 'GET',
    url: `${lendMoneyEntity.api}/return-money/:id`,
    summary: '借款的还款记录',
    tags: [lendMoneyEntity.label.zh],
    requires: { code: permissionCodes(lendMoneyEntity).view },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      const lend = await lendRepo.find(user, [
        eq(lendMoneys.id, id),
        ...(await scope.conditions(user, { applyUser: lendMoneys.applyUser, applyDept: lendMoneys.applyDept })),
      ]);
      if (!lend) throw notFound();
      const rows = await db
        .select()
        .from(returnMoneys)
        .where(and(eq(returnMoneys.lendId, id), eq(returnMoneys.tenantId, user.tenantId), eq(returnMoneys.isDeleted, 0)))
        .orderBy(desc(returnMoneys.createTime));
      return rows;
    },
  });

  // -------------------------------------------------------------------------------------------------------------
  // 完税: the tax of a period is the taxable amount × the rate, to the fen.
  registerEntityRoutes(ctx.route, ctx.repo(fullTaxEntity, fullTaxes), ctx.access, {
    dictionary: deps.dictionary,
    async beforeWrite(user, data, id) {
      if (data.taxableAmount !== undefined && data.taxableAmount !== null) data.taxableAmount = positiveAmount(data.taxableAmount);
      if (data.accountInfoId) await assertAccount(db, user.tenantId, String(data.accountInfoId));
      let current: Row | undefined;
      if (id)
        [current] = (await db
          .select()
          .from(fullTaxes)
          .where(and(eq(fullTaxes.id, id), eq(fullTaxes.tenantId, user.tenantId)))) as Row[];
      const taxable = data.taxableAmount ?? current?.taxableAmount;
      const rate = data.taxRate ?? current?.taxRate;
      if (!blank(taxable) && !blank(rate)) data.taxAmount = multiplyMoney(String(taxable), String(rate));
    },
  });

  // -------------------------------------------------------------------------------------------------------------
  // 财务单据: lines (name, amount) whose sum is the document's money.
  const formLine = z.object({
    name: z.string({ message: '请输入明细名称' }).min(1, { message: '请输入明细名称' }).max(100, { message: '明细名称最多100个字符' }),
    amount: z.union([z.string(), z.number()], { message: '请输入金额' }).transform((v) => String(v)),
  });
  const formLines = z.array(formLine, { message: '请添加单据明细' }).max(100, { message: '单据明细最多100条' }).optional();
  kit.register(
    financeFormEntity,
    financeForms,
    application(financeFormEntity, financeForms, null, {
      extraBody: { lines: formLines },
      async beforeWrite(_user, data, _id, input) {
        const lines = input.body.lines as { name: string; amount: string }[] | undefined;
        delete data.money;
        if (lines) {
          if (!lines.length) throw fail('请添加单据明细');
          for (const l of lines) l.amount = positiveAmount(l.amount);
          data.content = JSON.stringify(lines);
          data.money = sumMoney(lines.map((l) => l.amount));
        }
      },
      async beforeStart(_user, record, current, body) {
        const lines = (body.lines as { name: string; amount: string }[] | undefined) ?? (current?.content ? JSON.parse(String(current.content)) : undefined);
        if (!lines?.length) throw fail('请添加单据明细');
        for (const l of lines) l.amount = positiveAmount(l.amount);
        record.content = JSON.stringify(lines);
        record.money = sumMoney(lines.map((l: { amount: string }) => l.amount));
      },
    }),
  );

  // -------------------------------------------------------------------------------------------------------------
  // 待认领款项: claimed in batches (submitApproval); approved, the money is the claimer's (isKnowGet 1).
  kit.register(pendingAccountEntity, pendingAccounts, {
    dictionary: deps.dictionary,
    batch: {
      processKey: FINANCE_PROCESS.pendingAccount.processKey,
      routeKey: FINANCE_PROCESS.pendingAccount.routeKey,
      path: 'submitApproval',
      title: '{userName}的待认领款项认领({count}笔,{money}元)',
    },
    beforeStart(_user, _record, current) {
      if (!current) throw fail('请选择待认领款项');
    },
    async onStatus(tx, rec, status, event) {
      const [p] = await tx.select().from(pendingAccounts).where(eq(pendingAccounts.id, rec.id)).limit(1);
      if (!p) return;
      if (status === APPROVAL_STATUS.approving && event.userId) {
        await tx.update(pendingAccounts).set({ claimUser: event.userId }).where(eq(pendingAccounts.id, rec.id));
        return;
      }
      if (status !== APPROVAL_STATUS.approved) return;
      const claimer = String(p.claimUser ?? p.createUser ?? '');
      await tx
        .update(incomeExpends)
        .set({
          isKnowGet: KNOW_GET.claimed,
          claimBizType: pendingAccountEntity.table,
          claimBizId: rec.id,
          // Named in the statement (the engine's transaction; never another connection's query).
          optionPersonName: claimer ? userNameOf(sql`${claimer}`, sql`${rec.tenantId}`) : null,
          updateTime: sql`now()`,
        })
        .where(and(eq(incomeExpends.id, String(p.incomeExpendId)), eq(incomeExpends.tenantId, rec.tenantId)));
      await tx.update(pendingAccounts).set({ claimTime: nowText() }).where(eq(pendingAccounts.id, rec.id));
    },
  });

  // -------------------------------------------------------------------------------------------------------------
  // 付款记录 (makePayment; refundMakePay for a refund): pays an approved, unpaid application with the payment form.
  const payable = async (tx: Executor, tenantId: string, bizType: string, bizId: string, lock = false) => {
    const kind = PAYABLE[bizType];
    if (!kind) throw fail('不支持的付款业务');
    const t = kind.table;
    const q = tx
      .select()
      .from(kind.table)
      .where(and(eq(t.id, bizId), eq(t.tenantId, tenantId), eq(t.isDeleted, 0)))
      .limit(1);
    const [row] = (lock ? await q.for('update') : await q) as Row[];
    if (!row) throw fail('付款的申请不存在');
    return { kind, row };
  };
  const assertUnpaid = async (tx: Executor, tenantId: string, bizType: string, bizId: string, except?: string, lock = false) => {
    const { kind, row } = await payable(tx, tenantId, bizType, bizId, lock);
    if (Number(row.status) !== APPROVAL_STATUS.approved) throw fail(FINANCE_MSG.notApproved);
    if (Number(row.payStatus) === PAY_STATUS.paid) throw fail(FINANCE_MSG.paid);
    const [other] = await tx
      .select({ id: paymentHis.id })
      .from(paymentHis)
      .where(
        and(
          eq(paymentHis.tenantId, tenantId),
          eq(paymentHis.isDeleted, 0),
          eq(paymentHis.bizType, bizType),
          eq(paymentHis.bizId, bizId),
          inArray(paymentHis.status, [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved]),
          ...(except ? [ne(paymentHis.id, except)] : []),
        ),
      )
      .limit(1);
    if (other) throw fail(FINANCE_MSG.paid);
    return { kind, row };
  };
  const fillPayment = async (user: AuthUser, data: Row, current?: Row) => {
    const bizType = String(data.bizType ?? current?.bizType ?? '');
    const bizId = String(data.bizId ?? current?.bizId ?? '');
    const { kind, row } = await payable(db, user.tenantId, bizType, bizId);
    data.amount = fenToMoney(toFen(String(row[kind.amount] ?? '0')));
    data.bizTitle = String(row[kind.title] ?? '').slice(0, 200);
    if (kind.payee && blank(data.payeeName)) data.payeeName = row.payeeName ?? null;
    if (data.accountInfoId) await assertAccount(db, user.tenantId, String(data.accountInfoId));
  };
  kit.register(paymentHisEntity, paymentHis, {
    dictionary: deps.dictionary,
    async beforeWrite(user, data, id) {
      delete data.amount;
      delete data.bizTitle;
      const current = id
        ? ((
            await db
              .select()
              .from(paymentHis)
              .where(and(eq(paymentHis.id, id), eq(paymentHis.tenantId, user.tenantId)))
          )[0] as Row | undefined)
        : undefined;
      if (current && Number(current.isDraft) === 2) throw fail('由审批生成的付款记录不能修改');
      await fillPayment(user, data, current);
    },
    async beforeRemove(user, ids) {
      const rows = await db
        .select({ isDraft: approvalColumnsOf(paymentHis).isDraft })
        .from(paymentHis)
        .where(and(inArray(paymentHis.id, ids), eq(paymentHis.tenantId, user.tenantId)));
      if (rows.some((r) => Number(r.isDraft) === 2)) throw fail('由审批生成的付款记录不能删除');
    },
    async beforeStart(user, record, current) {
      const [refusal] = paymentFormMessages(record);
      if (refusal) throw fail(refusal);
      await assertUnpaid(db, user.tenantId, String(record.bizType), String(record.bizId), current ? String(current.id) : undefined);
      await fillPayment(user, record, current);
    },
    processFor: (_user, record) => (record.bizType === applyRefundEntity.table ? FINANCE_PROCESS.refundMakePay : undefined),
    async startWith(tx, user, id, record) {
      await assertUnpaid(tx, user.tenantId, String(record.bizType), String(record.bizId), id, true);
    },
    async onStatus(tx, rec, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      const [pay] = (await tx.select().from(paymentHis).where(eq(paymentHis.id, rec.id)).limit(1)) as Row[];
      if (!pay) return;
      const { kind, row } = await payable(tx, rec.tenantId, String(pay.bizType), String(pay.bizId), true);
      if (Number(row.payStatus) === PAY_STATUS.paid) throw fail(FINANCE_MSG.paid);
      const refund = pay.bizType === applyRefundEntity.table;
      const posted = await postLedgerEntry(tx, {
        tenantId: rec.tenantId,
        bizType: paymentHisEntity.table,
        bizId: rec.id,
        incomeOrExpend: INCOME_OR_EXPEND.expend,
        tradeAmount: String(pay.amount),
        transactionDate: String(pay.transactionDate),
        accountInfoId: await accountOfPayment(tx, rec.tenantId, pay),
        costType: row.costType === undefined || row.costType === null ? null : Number(row.costType),
        projectId: (row.projectId as string | null) ?? null,
        projectName: (row.projectName as string | null) ?? null,
        transactionReferenceNumber: (pay.transactionReferenceNumber as string | null) ?? null,
        payerName: (pay.payerName as string | null) ?? null,
        debitAccountNo: (pay.debitAccountNo as string | null) ?? null,
        payerAccountBank: (pay.payerAccountBank as string | null) ?? null,
        payeeName: (pay.payeeName as string | null) ?? (pay.personName as string | null) ?? (pay.customerName as string | null) ?? null,
        payeeAccountNumber: (pay.payeeAccountNumber as string | null) ?? null,
        beneficiaryAccountBank: (pay.beneficiaryAccountBank as string | null) ?? null,
        isRefund: refund ? 1 : 0,
        remark: (pay.bizTitle as string | null) ?? null,
        userId: pay.createUser ? String(pay.createUser) : null,
      });
      if (!posted.created) return;
      const extra: Row = pay.bizType === lendMoneyEntity.table ? { balance: String(row.lendAmount), returnedAmount: '0.00' } : {};
      if (pay.bizType === applyExpenseEntity.table) extra.paidAmount = String(pay.amount);
      await markPaid(tx, kind.table, String(row.id), extra);
    },
  });

  // -------------------------------------------------------------------------------------------------------------
  // 账户结算: the counted amount of an account against its book balance; approved, it is the account's practical amount.
  kit.register(
    accountSettlementEntity,
    accountSettlements,
    application(accountSettlementEntity, accountSettlements, null, {
      async beforeWrite(user, data) {
        delete data.bookBalance;
        delete data.difference;
        if (data.accountInfoId) await assertAccount(db, user.tenantId, String(data.accountInfoId));
      },
      async beforeStart(user, record) {
        await assertAccount(db, user.tenantId, String(record.accountInfoId));
        const text = String(record.practicalAmount ?? '').trim();
        if (!/^-?\d{1,16}(\.\d{1,2})?$/.test(text)) throw fail('实际金额最多保留两位小数');
        const [a] = await db
          .select({ balance: accountInfos.balance })
          .from(accountInfos)
          .where(eq(accountInfos.id, String(record.accountInfoId)));
        record.bookBalance = fenToMoney(toFen(String(a?.balance ?? '0')));
        record.difference = subtractMoney(text, String(record.bookBalance));
      },
      async onStatus(tx, rec, status) {
        if (status !== APPROVAL_STATUS.approved) return;
        const [row] = (await tx.select().from(accountSettlements).where(eq(accountSettlements.id, rec.id))) as Row[];
        if (!row) return;
        const [a] = await tx
          .update(accountInfos)
          .set({ practicalAmount: String(row.practicalAmount), practicalTime: sql`now()` })
          .where(and(eq(accountInfos.id, String(row.accountInfoId)), eq(accountInfos.tenantId, rec.tenantId)))
          .returning({ balance: accountInfos.balance });
        await accountHistory(tx, {
          tenantId: rec.tenantId,
          accountInfoId: String(row.accountInfoId),
          changeType: ACCOUNT_CHANGE.practical,
          amount: String(row.practicalAmount),
          balanceAfter: String(a?.balance ?? '0'),
          bizType: accountSettlementEntity.table,
          bizId: rec.id,
          operator: row.applyUser ? String(row.applyUser) : null,
          remark: '账户结算',
        });
      },
    }),
  );

  return { payments, claims, lends, budgets: budgetRepo };
}
