/**
 * 项目费用申请 (project expenses, BUSINESS.md WP3; S2 L450 `hjlProjectApplyExpense` list, detail, remove, save,
 * update, statistics/money, my; S1 L128 `hjlProject` save/expense and get/expense/{id}): apply → approve
 * (`projectApplyExpence`) → pay (`projectMakePayment`, a payment record of its own with the payment form).
 *
 * An expense is a project's (one the caller may see), with lines (date, type of the `expense_type` dictionary,
 * amount, bills, remark): the kit's slot (approval/lines.ts: sent with it as `lines`, written in its transaction,
 * answered with its detail, removed with it); its total is the lines' sum to the cent (a total sent is ignored,
 * like the other server fields) and its type the type of its largest line. The applicant (who, when) is stamped by
 * the server; `my` lists the caller's own. Paying it starts `hjlProjectExpensePay/start` with the payment form
 * (only for an approved, unpaid expense, once — again under a lock at start and approval); approved, the expense is
 * paid and the ledger gets ONE expense row for it (bizType = the expense table, bizId = the expense, cost type = its
 * type mapped to the ledger's `cost_type` by core `costTypeOfExpense`, the project linked, idempotent).
 */
import {
  APPROVAL_MSG,
  APPROVAL_STATUS,
  MONEY_PAY_STATUS,
  PROJECT_EXPENSE_MSG as MSG,
  PROJECT_MONEY_MSG,
  compareMoney,
  fenToMoney,
  isDateText,
  projectExpenseEntity,
  projectExpenseLineEntity,
  sumMoney,
  toFen,
} from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { LinesSlot } from '../approval/api.ts';
import type { MoneyShared } from './context.ts';
import { projectExpenseLines, projectExpenses } from './schema.ts';

const PROJECT_API = '/api/business/hjlProject';
const SERVER_FIELDS = ['projectName', 'expenseType', 'totalAmount', 'applyUser', 'applyDate', 'payStatus', 'paidAmount', 'payDate'];

const lineSchema = z.object({
  expenseDate: z.string({ message: MSG.lineDate }).refine((v) => isDateText(v), { message: MSG.lineDate }),
  expenseType: z
    .union([z.number(), z.string()], { message: MSG.lineType })
    .transform((v) => Number(v))
    .refine((v) => Number.isInteger(v) && v > 0 && v < 1000, { message: MSG.lineType }),
  amount: z.union([z.string(), z.number()], { message: MSG.lineAmount }).transform((v) => String(v).trim()),
  bills: z
    .union([z.number(), z.string()], { message: MSG.bills })
    .transform((v) => Number(v))
    .refine((v) => Number.isInteger(v) && v >= 0 && v <= 999, { message: MSG.bills })
    .optional()
    .nullable(),
  remark: z.string().max(500, { message: '备注最多500个字符' }).optional().nullable(),
});
type LineInput = z.infer<typeof lineSchema>;

const def = projectExpenseEntity;
const tags = [def.label.zh];

/** The type of the largest line (the first of equal ones): the expense's cost type in the ledger; none without lines. */
const mainType = (lines: Row[]) =>
  lines.length ? Number(lines.reduce((best, l) => (compareMoney(String(l.amount), String(best.amount)) > 0 ? l : best)).expenseType) : null;

/**
 * An expense's lines (the kit's slot): each amount positive with at most two decimals, the bills counted (0 when
 * not said); the expense's type is derived from them. No `messages.total`: a total sent is not read.
 */
const expenseLines: LinesSlot<LineInput> = {
  def: projectExpenseLineEntity,
  table: projectExpenseLines,
  parentField: 'expenseId',
  schema: lineSchema,
  amountField: 'amount',
  complete(l) {
    if (!/^\d{1,16}(\.\d{1,2})?$/.test(l.amount) || toFen(l.amount) <= 0n) throw fail(MSG.lineAmount);
    return { expenseDate: l.expenseDate, expenseType: l.expenseType, amount: l.amount, bills: l.bills ?? 0, remark: l.remark ?? null, amountValue: l.amount };
  },
  derive: (lines) => ({ expenseType: mainType(lines) }),
  messages: { none: MSG.noLines, tooMany: MSG.tooManyLines, locked: APPROVAL_MSG.noChange, lockedRemove: APPROVAL_MSG.noRemove },
};

/** Project expenses on the approval kit (项目费用申请), with their lines, and the reads of them. */
export function registerExpenses(s: MoneyShared) {
  const repo = registerExpenseRecord(s);
  registerExpenseReads(s, repo);
  return { repo };
}

function registerExpenseRecord(s: MoneyShared) {
  const { ctx, projects } = s;
  // The expenses as the kit's repository reads them (the caller's scope), for its own hooks: register answers that one.
  const records = ctx.repo(def, projectExpenses, projects.projects);
  const stamp = (user: AuthUser, data: Row) => {
    data.applyUser = user.userId;
    data.applyDate = s.clock.today();
  };

  return ctx.approval.register(def, projectExpenses, {
    parent: projects.projects,
    dictionary: s.dictionary,
    // hjlProject POST save/expense (S1 L128): the project's 费用申请, saved and started as the list's 提交.
    startAt: [`${PROJECT_API}/save/expense`],
    lines: expenseLines,
    async beforeWrite(user, data, id) {
      for (const f of SERVER_FIELDS) delete data[f];
      const current = id ? await records.detail(user, id) : undefined;
      // Not the caller's to change: refused as the write would refuse it, before its project or lines are read.
      if (id && !current) throw fail(APPROVAL_MSG.missing);
      const projectId = String(data.projectId !== undefined ? data.projectId : (current?.projectId ?? ''));
      const project = await projects.projectOf(user, projectId);
      if (!project) throw fail(PROJECT_MONEY_MSG.projectMissing);
      data.projectName = project.projectName;
      if (!id) {
        stamp(user, data);
        data.payStatus = MONEY_PAY_STATUS.unpaid;
      }
    },
    async beforeStart(user, record) {
      stamp(user, record);
      record.payStatus = MONEY_PAY_STATUS.unpaid;
    },
  });
}

/** The caller's own expenses, their sums, and a project's expenses with their sums. */
function registerExpenseReads(s: MoneyShared, repo: EntityRepo) {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  const A = def.api;
  const pageQuery = z.looseObject({ current: z.string().optional(), size: z.string().optional() });

  // GET my: the caller's own applications (whatever their data scope says of others').
  ctx.route({
    method: 'GET',
    url: `${A}/my`,
    summary: '我的项目费用申请',
    tags,
    requires: { code: def.name },
    query: pageQuery,
    handler: async ({ user, req }) => {
      const p = await repo.page(user, req.query as Record<string, unknown>, [eq(projectExpenses.applyUser, user.userId)]);
      return { ...p, records: await repo.withNames(user, p.records) };
    },
  });

  // GET statistics/money: the caller's own (default), or the visible ones of a project: applied, approved, paid, pending.
  ctx.route({
    method: 'GET',
    url: `${A}/statistics/money`,
    summary: '项目费用统计(申请、已通过、已付款、审批中;默认本人,可按项目)',
    tags,
    requires: { code: def.name },
    query: z.looseObject({ projectId: idField().optional() }),
    handler: async ({ user, query }) => {
      if (query.projectId && !(await projects.projectOf(user, query.projectId))) throw fail(PROJECT_MONEY_MSG.projectMissing);
      const scope = await repo.scope(user);
      const [row] = await db
        .select({
          n: sql<number>`count(*)::int`,
          applied: sql<string>`coalesce(sum(${projectExpenses.totalAmount}), 0)::text`,
          approved: sql<string>`coalesce(sum(${projectExpenses.totalAmount}) FILTER (WHERE ${projectExpenses.status} = ${APPROVAL_STATUS.approved}), 0)::text`,
          paid: sql<string>`coalesce(sum(${projectExpenses.paidAmount}) FILTER (WHERE ${projectExpenses.payStatus} = ${MONEY_PAY_STATUS.paid}), 0)::text`,
          pending: sql<string>`coalesce(sum(${projectExpenses.totalAmount}) FILTER (WHERE ${projectExpenses.status} = ${APPROVAL_STATUS.approving}), 0)::text`,
        })
        .from(projectExpenses)
        .where(
          and(
            eq(projectExpenses.tenantId, user.tenantId),
            eq(projectExpenses.isDeleted, 0),
            ...scope,
            query.projectId ? eq(projectExpenses.projectId, query.projectId) : eq(projectExpenses.applyUser, user.userId),
          ),
        );
      const m = (v: string | undefined) => fenToMoney(toFen(v ?? '0'));
      return {
        count: Number(row?.n ?? 0),
        applyMoney: m(row?.applied),
        approvedMoney: m(row?.approved),
        paidMoney: m(row?.paid),
        pendingMoney: m(row?.pending),
      };
    },
  });

  // hjlProject GET get/expense/{id} (S1 L128): the project's expenses with their sums (save/expense is the start's alias).
  ctx.route({
    method: 'GET',
    url: `${PROJECT_API}/get/expense/:id`,
    summary: '项目的费用申请及合计',
    tags,
    requires: { code: def.name },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      if (!(await projects.projectOf(user, id))) throw fail(PROJECT_MONEY_MSG.projectMissing);
      const page = await repo.page(user, { size: '1000', descs: 'applyDate' }, [eq(projectExpenses.projectId, id)], 1000);
      const records = await repo.withNames(user, page.records);
      const approved = records.filter((r) => Number(r.status) === APPROVAL_STATUS.approved);
      return {
        records,
        total: page.total,
        totalAmount: sumMoney(records.map((r) => String(r.totalAmount ?? '0'))),
        approvedAmount: sumMoney(approved.map((r) => String(r.totalAmount ?? '0'))),
        paidAmount: sumMoney(records.map((r) => String(r.paidAmount ?? '0'))),
      };
    },
  });
}
