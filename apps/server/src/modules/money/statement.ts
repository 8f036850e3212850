/**
 * 项目收支 (BUSINESS.md WP3 `hjlProject statistics/project/money/{id}`,
 * `statistics/project/income_expend/{id}`, `list/income_expend`; `hjlIncomeExpends project/get`,
 * `get/project-money/list`, `save/project/expend`): the project's money read from the ledger. Every money event a
 * project has is one ledger row linked to it (finance's postLedgerEntry, `bizType` = the producing table); the
 * statement groups those rows by figure (core project-statement.ts) — collected, other income, costs by cost type,
 * labour fees, settlement, guarantee money paid out and back (kept out of income, expense and profit) — so each
 * figure is the sum of the rows the drawer lists, to the cent. The contract amount
 * (with approved supplementary agreements) and the invoiced total (issued invoices) come from the contract and the
 * invoices. Confined to the projects the caller may see (project staff: theirs; finance and leaders: all), rows
 * and totals alike.
 */
import {
  INCOME_OR_EXPEND,
  INVOICE_STATUS,
  PROJECT_FIGURE_RE,
  PROJECT_LEDGER_BIZ,
  PROJECT_MONEY_MSG as MSG,
  fenToMoney,
  figureOfRow,
  FINANCE_MSG,
  incomeExpendEntity,
  isDateText,
  marginPercent,
  projectEntity,
  subtractMoney,
  sumMoney,
  toFen,
  UNCLASSIFIED_COST_LABEL,
  type ChartData,
  type ProjectFigureKey,
} from '@hjl/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import { type Executor, type Row } from '../../platform/crud/repo.ts';
import { withRefNames } from '../../platform/crud/refs.ts';
import { nextId } from '../../platform/db/ids.ts';
import { page } from '../../platform/http/envelope.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { ledgerEntryOf, positiveAmount, postLedgerEntry, projectLedgerGroups, projectLedgerPage } from '../finance/api.ts';
import { contractMoney, projectContractShare } from '../project/api.ts';
import { userDisplayName } from '../user/api.ts';
import type { MoneyShared } from './context.ts';
import { invoices } from './schema.ts';

/** The menu (项目收支, the cross-project report) whose holders see projects' money; its export button. */
export const STATEMENT_CODE = 'project_income_expend';
export const STATEMENT_EXPORT_CODE = 'project_income_expend_export';
/** Who may enter a project expense straight into the ledger (finance: the ledger's 新增). */
export const DIRECT_EXPEND_CODE = 'income_expend_add';

/** The project the caller may see, or 400. */
export async function visibleProject(s: MoneyShared, user: AuthUser, id: string) {
  const project = await s.projects.projectOf(user, id);
  if (!project) throw fail(MSG.projectMissing);
  return project;
}

/** Issued invoices of a project: their sum and count. */
async function issuedInvoicesOf(db: Executor, tenantId: string, projectId: string) {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${invoices.invoiceAmount}), 0)::text`, n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(
      and(eq(invoices.tenantId, tenantId), eq(invoices.projectId, projectId), eq(invoices.isDeleted, 0), eq(invoices.invoiceStatus, INVOICE_STATUS.issued)),
    );
  return { amount: fenToMoney(toFen(row?.sum ?? '0')), count: Number(row?.n ?? 0) };
}

/** The names of the ledger's cost types (the dictionary of its field). */
async function costNames(s: MoneyShared, user: AuthUser) {
  return new Map((await s.dictionary(user, incomeExpendEntity.fields.costType)).map((d) => [d.key, d.label]));
}

/** The 360 view of one project: every figure with its row count, the costs by type, the months. */
export async function projectStatement(s: MoneyShared, user: AuthUser, projectId: string) {
  const db = s.ctx.database.db;
  const project = await visibleProject(s, user, projectId);
  const [groups, invoiced, contract, names, contractShare] = await Promise.all([
    projectLedgerGroups(db, user.tenantId, projectId),
    issuedInvoicesOf(db, user.tenantId, projectId),
    project.contractId ? contractMoney(db, user.tenantId, String(project.contractId)) : Promise.resolve(undefined),
    costNames(s, user),
    // Its part of the contract: a framework contract over several projects counts once (project/api.ts).
    projectContractShare(db, user.tenantId, projectId),
  ]);
  const figures = new Map<string, { amount: string; count: number }>();
  const add = (key: string, amount: string, count: number) => {
    const f = figures.get(key) ?? { amount: '0.00', count: 0 };
    figures.set(key, { amount: sumMoney([f.amount, amount]), count: f.count + count });
  };
  const months = new Map<string, { income: string; expend: string }>();
  for (const g of groups) {
    const figure = figureOfRow(g);
    add(figure, g.amount, g.count);
    // Guarantee money is held, not earned or spent: its own figures, outside income, expense, profit and the months.
    if (figure === 'depositOut' || figure === 'depositIn') continue;
    const income = g.incomeOrExpend === INCOME_OR_EXPEND.income;
    add(income ? 'income' : 'expend', g.amount, g.count);
    const m = months.get(g.month) ?? { income: '0.00', expend: '0.00' };
    if (income) m.income = sumMoney([m.income, g.amount]);
    else m.expend = sumMoney([m.expend, g.amount]);
    months.set(g.month, m);
  }
  const fig = (key: string) => figures.get(key) ?? { amount: '0.00', count: 0 };
  const costs = [...figures.entries()]
    .filter(([k]) => k.startsWith('cost:'))
    .map(([key, f]) => {
      const type = key === 'cost:none' ? null : key.slice(5);
      return {
        key,
        costType: type === null ? null : Number(type),
        name: type === null ? UNCLASSIFIED_COST_LABEL.zh : (names.get(type) ?? `成本类型${type}`),
        ...f,
      };
    })
    .sort((a, b) => (a.costType ?? 9999) - (b.costType ?? 9999));
  const income = fig('income').amount;
  const expend = fig('expend').amount;
  const profit = subtractMoney(income, expend);
  const contractAmount = contract ? contractShare : '0.00';
  const monthList = [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, m]) => ({ month, ...m, net: subtractMoney(m.income, m.expend) }));
  const chart: ChartData = {
    kind: 'bar',
    title: '每月收支',
    categories: monthList.map((m) => m.month),
    series: [
      { name: '收入(元)', data: monthList.map((m) => Number(m.income)) },
      { name: '支出(元)', data: monthList.map((m) => Number(m.expend)) },
    ],
  };
  return {
    projectId: String(project.id),
    projectName: project.projectName ?? null,
    projectNum: project.projectNum ?? null,
    contractId: contract?.id ?? null,
    contractName: contract?.contractName ?? null,
    contractAmount: fenToMoney(toFen(contractAmount)),
    invoiced: invoiced.amount,
    invoicedCount: invoiced.count,
    collect: fig('collect').amount,
    collectCount: fig('collect').count,
    outstanding: subtractMoney(contractAmount, fig('collect').amount),
    otherIncome: fig('otherIncome').amount,
    otherIncomeCount: fig('otherIncome').count,
    costs,
    cost: sumMoney(costs.map((c) => c.amount)),
    labour: fig('labour').amount,
    labourCount: fig('labour').count,
    settlement: fig('settlement').amount,
    settlementCount: fig('settlement').count,
    depositOut: fig('depositOut').amount,
    depositOutCount: fig('depositOut').count,
    depositIn: fig('depositIn').amount,
    depositInCount: fig('depositIn').count,
    depositHeld: subtractMoney(fig('depositOut').amount, fig('depositIn').amount),
    income,
    incomeCount: fig('income').count,
    expend,
    expendCount: fig('expend').count,
    profit,
    margin: marginPercent(profit, income),
    months: monthList,
    chart,
  };
}

const PRJ = projectEntity.api;
const IE = '/api/business/hjlIncomeExpends';
const tags = ['项目收支'];

/** The 360 view of a project, its income and expense, and the rows one figure sums. */
export function registerStatement(s: MoneyShared) {
  const { ctx } = s;
  const db = ctx.database.db;
  const idParam = z.object({ id: idField() });

  // GET hjlProject/statistics/project/money/{id}: the 360 view.
  ctx.route({
    method: 'GET',
    url: `${PRJ}/statistics/project/money/:id`,
    summary: '项目资金全景(合同、开票、收款、未收、成本、劳务费、结算、毛利;按月)',
    tags,
    requires: { code: STATEMENT_CODE },
    handler: async ({ user, req }) => projectStatement(s, user, parseOrFail(idParam, req.params).id),
  });

  /** Income, expense, balance and the costs by type (statistics/project/income_expend, project/get). */
  const incomeExpend = async (user: AuthUser, projectId: string) => {
    const st = await projectStatement(s, user, projectId);
    return {
      projectId: st.projectId,
      projectName: st.projectName,
      income: st.income,
      expend: st.expend,
      balance: st.profit,
      collect: st.collect,
      otherIncome: st.otherIncome,
      labour: st.labour,
      settlement: st.settlement,
      byCostType: st.costs,
    };
  };

  ctx.route({
    method: 'GET',
    url: `${PRJ}/statistics/project/income_expend/:id`,
    summary: '项目收支合计(收入、支出、结余、各成本类型)',
    tags,
    requires: { code: STATEMENT_CODE },
    handler: async ({ user, req }) => incomeExpend(user, parseOrFail(idParam, req.params).id),
  });

  ctx.route({
    method: 'POST',
    url: `${IE}/project/get`,
    summary: '项目收支合计(请求体 projectId)',
    tags,
    requires: { code: STATEMENT_CODE },
    readOnly: true,
    body: z.object({ projectId: idField({ message: '请选择项目' }) }),
    handler: async ({ user, body }) => incomeExpend(user, body.projectId),
  });

  // GET hjlIncomeExpends/get/project-money/list: the rows one figure sums (the 360 view's drawer).
  const pageParam = (name: string, fallback: number, max: number) =>
    z
      .union([z.string(), z.number()])
      .optional()
      .transform((v, c) => {
        if (v === undefined || v === '') return fallback;
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1) {
          c.addIssue({ code: 'custom', message: `${name}必须是正整数` });
          return z.NEVER;
        }
        return Math.min(n, max);
      });
  ctx.route({
    method: 'GET',
    url: `${IE}/get/project-money/list`,
    summary: '项目某一收支项目的明细(figure: collect/otherIncome/labour/settlement/cost:N/cost:none/income/expend/depositOut/depositIn/invoiced)',
    tags,
    requires: { code: STATEMENT_CODE },
    query: z.object({
      projectId: idField({ message: '请选择项目' }),
      figure: z.string({ message: '收支项目不正确' }).refine((v) => v === 'invoiced' || PROJECT_FIGURE_RE.test(v), { message: '收支项目不正确' }),
      current: pageParam('current', 1, 1_000_000),
      size: pageParam('size', 10, 500),
    }),
    handler: async ({ user, query }) => {
      await visibleProject(s, user, query.projectId);
      if (query.figure === 'invoiced') {
        const where = and(
          eq(invoices.tenantId, user.tenantId),
          eq(invoices.projectId, query.projectId),
          eq(invoices.isDeleted, 0),
          eq(invoices.invoiceStatus, INVOICE_STATUS.issued),
        );
        const rows = await db
          .select()
          .from(invoices)
          .where(where)
          .orderBy(desc(invoices.invoiceDate), desc(invoices.id))
          .limit(query.size)
          .offset((query.current - 1) * query.size);
        const sums = await issuedInvoicesOf(db, user.tenantId, query.projectId);
        return { ...page(rows as Row[], sums.count, query.current, query.size), sum: sums.amount };
      }
      const found = await projectLedgerPage(db, user.tenantId, query.projectId, query.figure as ProjectFigureKey, query);
      const named = await withRefNames(ctx.refs, incomeExpendEntity, user.tenantId, found.records as Row[]);
      return { ...page(named, found.total, query.current, query.size), sum: found.sum };
    },
  });
}

/** POST hjlIncomeExpends/save/project/expend: finance enters a project's expense straight into the ledger. */
export function registerDirectExpend(s: MoneyShared) {
  const { ctx } = s;
  const db = ctx.database.db;
  const expendBody = z.object({
    projectId: idField({ message: '请选择项目' }),
    costType: z.union([z.string(), z.number()], { message: '请选择成本类型' }).transform((v, c) => {
      const n = Number(v);
      if (v === '' || !Number.isInteger(n) || n < 0 || n > 9999) {
        c.addIssue({ code: 'custom', message: '请选择成本类型' });
        return z.NEVER;
      }
      return n;
    }),
    costStage: z
      .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { message: '成本阶段只能是0(前期)或1(过程)' })
      .optional()
      .nullable(),
    tradeAmount: z.union([z.string(), z.number()], { message: '请输入交易金额(元)' }),
    transactionDate: z.string({ message: '请选择打款日期' }).refine(isDateText, { message: '交易日期格式应为yyyy-MM-dd' }),
    // The paying account: every ledger row names one (BUSINESS.md §1 Accounts and the ledger).
    accountInfoId: z.union([z.string(), z.number()], { message: FINANCE_MSG.payingAccount }).pipe(idField({ message: '内部账户不存在' })),
    payeeName: z.string().max(100, { message: '收款人最多100个字符' }).optional().nullable(),
    remark: z.string().max(500, { message: '备注最多500个字符' }).optional().nullable(),
  });
  ctx.route({
    method: 'POST',
    url: `${IE}/save/project/expend`,
    summary: '登记项目支出(直接记入收支明细,关联项目与成本类型)',
    tags,
    requires: { code: DIRECT_EXPEND_CODE },
    body: expendBody,
    handler: async ({ user, body }) => {
      const project = await visibleProject(s, user, body.projectId);
      const amount = positiveAmount(body.tradeAmount);
      if (!(await costNames(s, user)).has(String(body.costType))) throw fail('成本类型不存在');
      const bizId = nextId();
      // No producing record: the form's payment columns are the posting's own.
      const form = {
        costStage: body.costStage === undefined || body.costStage === null ? null : Number(body.costStage),
        costType: body.costType,
        projectId: project.id,
        projectName: project.projectName,
        payeeName: body.payeeName ?? null,
      };
      const posted = await db.transaction((tx) =>
        postLedgerEntry(
          tx,
          ledgerEntryOf(form, {
            tenantId: user.tenantId,
            bizType: PROJECT_LEDGER_BIZ.direct,
            bizId,
            direction: 'expense',
            amount,
            date: body.transactionDate,
            accountInfoId: body.accountInfoId,
            optionPersonName: userDisplayName(user),
            remark: body.remark ?? `项目支出: ${project.projectName ?? ''}`.slice(0, 500),
            userId: user.userId,
            deptId: user.deptIds[0] ?? null,
          }),
        ),
      );
      return { id: posted.id };
    },
  });
}
