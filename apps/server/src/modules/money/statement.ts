/**
 * 项目收支 (issue 17 item 6; BUSINESS.md WP3 `hjlProject statistics/project/money/{id}`,
 * `statistics/project/income_expend/{id}`, `list/income_expend`; `hjlIncomeExpends project/get`,
 * `get/project-money/list`, `save/project/expend`): the project's money read from the ledger. Every money event a
 * project has is one ledger row linked to it (finance's postLedgerEntry, `bizType` = the producing table); the
 * statement groups those rows by figure (core project-statement.ts) — collected, other income, costs by cost type,
 * labour fees, settlement — so each figure is the sum of the rows the drawer lists, to the cent. The contract amount
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
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import { filterSql, type Row } from '../../platform/crud/repo.ts';
import { withRefNames } from '../../platform/crud/refs.ts';
import { nextId } from '../../platform/db/ids.ts';
import { sendWorkbook, writeWorkbook, type ExcelColumn } from '../../platform/excel/index.ts';
import { page } from '../../platform/http/envelope.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseListQuery, type ListQuery, type ValueKind } from '../../platform/http/query.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { ledgerEntryOf, positiveAmount, postLedgerEntry, projectLedgerGroups, projectLedgerPage, projectLedgerTotals } from '../finance/api.ts';
import { contractMoney } from '../project/api.ts';
import { userDisplayName } from '../user/api.ts';
import type { MoneyShared } from './context.ts';
import { invoices } from './schema.ts';

/** The menu (项目收支, the cross-project report) whose holders see projects' money; its export button. */
export const STATEMENT_CODE = 'project_income_expend';
export const STATEMENT_EXPORT_CODE = 'project_income_expend_export';
/** Who may enter a project expense straight into the ledger (finance: the ledger's 新增). */
export const DIRECT_EXPEND_CODE = 'income_expend_add';

const MAX_EXPORT = 5000;

/** The report's groupings: per project, or summed per department, leader or client. */
const GROUPS = { project: null, dept: 'deptId', leader: 'leaderUser', customer: 'customerId' } as const;
type GroupBy = keyof typeof GROUPS;

/** The report's figures (sortable). */
const FIGURES = ['contractAmount', 'invoiced', 'collect', 'outstanding', 'cost', 'labour', 'settlement', 'income', 'expend', 'profit', 'margin'] as const;

export function registerStatement(s: MoneyShared) {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  const P = projects.projects;
  const pc = P.columns;
  const C = projects.contracts;
  const cc = C.columns;
  const tags = ['项目收支'];
  const costField = incomeExpendEntity.fields.costType;

  /** The project the caller may see, or 400. */
  const visibleProject = async (user: AuthUser, id: string) => {
    const project = await projects.projectOf(user, id);
    if (!project) throw fail(MSG.projectMissing);
    return project;
  };

  /** Issued invoices of a project: their sum and count. */
  const invoicedOf = async (tenantId: string, projectId: string) => {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${invoices.invoiceAmount}), 0)::text`, n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(
        and(eq(invoices.tenantId, tenantId), eq(invoices.projectId, projectId), eq(invoices.isDeleted, 0), eq(invoices.invoiceStatus, INVOICE_STATUS.issued)),
      );
    return { amount: fenToMoney(toFen(row?.sum ?? '0')), count: Number(row?.n ?? 0) };
  };

  const costNames = async (user: AuthUser) => new Map((await s.dictionary(user, costField)).map((d) => [d.key, d.label]));

  /** The 360 view of one project: every figure with its row count, the costs by type, the months. */
  const statement = async (user: AuthUser, projectId: string) => {
    const project = await visibleProject(user, projectId);
    const [groups, invoiced, contract, names] = await Promise.all([
      projectLedgerGroups(db, user.tenantId, projectId),
      invoicedOf(user.tenantId, projectId),
      project.contractId ? contractMoney(db, user.tenantId, String(project.contractId)) : Promise.resolve(undefined),
      costNames(user),
    ]);
    const figures = new Map<string, { amount: string; count: number }>();
    const add = (key: string, amount: string, count: number) => {
      const f = figures.get(key) ?? { amount: '0.00', count: 0 };
      figures.set(key, { amount: sumMoney([f.amount, amount]), count: f.count + count });
    };
    const months = new Map<string, { income: string; expend: string }>();
    for (const g of groups) {
      add(figureOfRow(g), g.amount, g.count);
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
    const contractAmount = contract?.effectiveAmount ?? '0.00';
    const monthList = [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, m]) => ({ month, ...m, net: subtractMoney(m.income, m.expend) }));
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
      income,
      incomeCount: fig('income').count,
      expend,
      expendCount: fig('expend').count,
      profit,
      margin: marginPercent(profit, income),
      months: monthList,
      chart,
    };
  };

  const idParam = z.object({ id: idField() });
  const PRJ = projectEntity.api;
  const IE = '/api/business/hjlIncomeExpends';

  // GET hjlProject/statistics/project/money/{id}: the 360 view.
  ctx.route({
    method: 'GET',
    url: `${PRJ}/statistics/project/money/:id`,
    summary: '项目资金全景(合同、开票、收款、未收、成本、劳务费、结算、毛利;按月)',
    tags,
    requires: { code: STATEMENT_CODE },
    handler: async ({ user, req }) => statement(user, parseOrFail(idParam, req.params).id),
  });

  /** Income, expense, balance and the costs by type (statistics/project/income_expend, project/get). */
  const incomeExpend = async (user: AuthUser, projectId: string) => {
    const st = await statement(user, projectId);
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
    summary: '项目某一收支项目的明细(figure: collect/otherIncome/labour/settlement/cost:N/cost:none/income/expend/invoiced)',
    tags,
    requires: { code: STATEMENT_CODE },
    query: z.object({
      projectId: idField({ message: '请选择项目' }),
      figure: z.string({ message: '收支项目不正确' }).refine((v) => v === 'invoiced' || PROJECT_FIGURE_RE.test(v), { message: '收支项目不正确' }),
      current: pageParam('current', 1, 1_000_000),
      size: pageParam('size', 10, 500),
    }),
    handler: async ({ user, query }) => {
      await visibleProject(user, query.projectId);
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
        const sums = await invoicedOf(user.tenantId, query.projectId);
        return { ...page(rows as Row[], sums.count, query.current, query.size), sum: sums.amount };
      }
      const found = await projectLedgerPage(db, user.tenantId, query.projectId, query.figure as ProjectFigureKey, query);
      const named = await withRefNames(ctx.refs, incomeExpendEntity, user.tenantId, found.records as Row[]);
      return { ...page(named, found.total, query.current, query.size), sum: found.sum };
    },
  });

  // POST hjlIncomeExpends/save/project/expend: finance enters a project's expense straight into the ledger.
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
    accountInfoId: idField({ message: '内部账户不存在' }).optional().nullable(),
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
      const project = await visibleProject(user, body.projectId);
      const amount = positiveAmount(body.tradeAmount);
      if (!(await costNames(user)).has(String(body.costType))) throw fail('成本类型不存在');
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
            accountInfoId: body.accountInfoId ?? null,
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

  // -------------------------------------------------------------------------------------------------------------
  // The cross-project report: GET hjlProject/list/income_expend (and its export).

  const filterable = new Map<string, ValueKind>([
    ['projectName', 'text'],
    ['projectNum', 'text'],
    ['deptId', 'id'],
    ['leaderUser', 'id'],
    ['customerId', 'id'],
    ['projectStatus', 'int'],
    ['projectType', 'int'],
  ]);
  const sortable = new Set<string>([...FIGURES, 'projectName', 'projectNum']);

  /** The report's query: one row per project (or per group), its figures, within the caller's projects. */
  const reportQuery = async (user: AuthUser, raw: Record<string, unknown>, maxSize: number) => {
    const groupBy = (raw.groupBy ?? 'project') as string;
    if (!Object.hasOwn(GROUPS, groupBy)) throw fail('分组方式只能是project、dept、leader或customer');
    const q: ListQuery = parseListQuery(raw, { filterable, sortable, maxSize });
    const visible = await P.scope(user);
    const filters = q.filters.map((f) => filterSql(P.column(f.field), f));
    const where = and(...visible, ...filters);
    const ids = db.select({ id: pc.id }).from(P.table).where(where);
    const ledger = projectLedgerTotals(db, user.tenantId, sql`(${ids})`);
    const inv = db
      .select({
        projectId: sql<string>`${invoices.projectId}`.as('inv_project_id'),
        invoiced: sql<string>`coalesce(sum(${invoices.invoiceAmount}), 0)`.as('inv_amount'),
      })
      .from(invoices)
      .where(and(eq(invoices.tenantId, user.tenantId), eq(invoices.isDeleted, 0), eq(invoices.invoiceStatus, INVOICE_STATUS.issued)))
      .groupBy(invoices.projectId)
      .as('inv');
    const z0 = (v: SQL | unknown) => sql`coalesce(${v}, 0)`;
    const contractAmount = sql`coalesce(${cc.effectiveAmount}, ${cc.contractAmount}, 0)`;
    const base = {
      contractAmount,
      invoiced: z0(inv.invoiced),
      collect: z0(ledger.collect),
      cost: sql`${z0(ledger.expend)} - ${z0(ledger.labour)} - ${z0(ledger.settlement)}`,
      labour: z0(ledger.labour),
      settlement: z0(ledger.settlement),
      income: z0(ledger.income),
      expend: z0(ledger.expend),
    };
    const group = GROUPS[groupBy as GroupBy];
    const agg = (e: SQL) => (group ? sql`sum(${e})` : e);
    const exprs: Record<(typeof FIGURES)[number], SQL> = {
      contractAmount: agg(base.contractAmount),
      invoiced: agg(base.invoiced),
      collect: agg(base.collect),
      outstanding: agg(sql`${base.contractAmount} - ${base.collect}`),
      cost: agg(base.cost),
      labour: agg(base.labour),
      settlement: agg(base.settlement),
      income: agg(base.income),
      expend: agg(base.expend),
      profit: agg(sql`${base.income} - ${base.expend}`),
      margin: sql`0`,
    };
    exprs.margin = sql`CASE WHEN ${exprs.income} > 0 THEN (${exprs.profit}) * 100 / (${exprs.income}) END`;
    const selection: Record<string, SQL> = {};
    for (const f of FIGURES) selection[f] = f === 'margin' ? exprs.margin : sql`(${exprs[f]})::numeric(18,2)::text`;
    const keyCol = group ? pc[group] : pc.id;
    const from = () =>
      db
        .select({
          key: sql<string>`${keyCol}::text`,
          n: group ? sql<number>`count(*)::int` : sql<number>`1`,
          ...selection,
          ...(group
            ? {}
            : {
                projectName: pc.projectName,
                projectNum: pc.projectNum,
                deptId: pc.deptId,
                leaderUser: pc.leaderUser,
                customerId: pc.customerId,
                contractId: pc.contractId,
                projectStatus: pc.projectStatus,
              }),
        })
        .from(P.table)
        .leftJoin(ledger, eq(ledger.projectId, pc.id))
        .leftJoin(inv, eq(inv.projectId, pc.id))
        .leftJoin(C.table, and(eq(cc.id, pc.contractId), eq(cc.tenantId, user.tenantId), eq(cc.isDeleted, 0)))
        .where(where);
    const sortKey = q.sort[0];
    const orderCol = (field: string): SQL =>
      (FIGURES as readonly string[]).includes(field)
        ? field === 'margin'
          ? exprs.margin
          : exprs[field as (typeof FIGURES)[number]]
        : group
          ? sql`min(${P.column(field)})`
          : sql`${P.column(field)}`;
    const order: SQL[] = sortKey
      ? [sortKey.dir === 'asc' ? sql`${orderCol(sortKey.field)} ASC NULLS FIRST` : sql`${orderCol(sortKey.field)} DESC NULLS LAST`, asc(keyCol)]
      : [sql`${exprs.profit} DESC`, asc(keyCol)];
    const rowsQ = group ? from().groupBy(keyCol) : from();
    const rows = await rowsQ
      .orderBy(...order)
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    // The totals over every row of the report (not only the page).
    const totalsSel: Record<string, SQL> = { n: sql`count(*)::int`, groups: sql`count(DISTINCT ${keyCol})::int` };
    for (const f of FIGURES) if (f !== 'margin') totalsSel[f] = sql`(sum(${exprs0(f, base)}))::numeric(18,2)::text`;
    const [totalsRow] = await db
      .select(totalsSel)
      .from(P.table)
      .leftJoin(ledger, eq(ledger.projectId, pc.id))
      .leftJoin(inv, eq(inv.projectId, pc.id))
      .leftJoin(C.table, and(eq(cc.id, pc.contractId), eq(cc.tenantId, user.tenantId), eq(cc.isDeleted, 0)))
      .where(where);
    const totalOf = (f: string) => fenToMoney(toFen(String(totalsRow?.[f] ?? '0')));
    const totals: Record<string, string | null> = {};
    for (const f of FIGURES) if (f !== 'margin') totals[f] = totalOf(f);
    totals.margin = marginPercent(totalOf('profit'), totalOf('income'));
    const records = await named(user, group as string | null, rows as Row[]);
    return { q, groupBy: groupBy as GroupBy, records, total: Number(group ? totalsRow?.groups : totalsRow?.n) || 0, totals };
  };

  /** A figure per project (the totals sum them over projects, whatever the grouping). */
  function exprs0(
    f: Exclude<(typeof FIGURES)[number], 'margin'>,
    base: Record<Exclude<(typeof FIGURES)[number], 'outstanding' | 'profit' | 'margin'>, SQL>,
  ): SQL {
    switch (f) {
      case 'outstanding':
        return sql`${base.contractAmount} - ${base.collect}`;
      case 'profit':
        return sql`${base.income} - ${base.expend}`;
      default:
        return base[f];
    }
  }

  /** Rows with their names (project, department, leader, client) and the money as two-decimal strings. */
  const named = async (user: AuthUser, group: string | null, rows: Row[]) => {
    const shaped = rows.map((r) => {
      const out: Row = { ...r };
      for (const f of FIGURES) if (f !== 'margin') out[f] = fenToMoney(toFen(String(r[f] ?? '0')));
      out.margin = marginPercent(String(out.profit), String(out.income));
      out.projectCount = Number(r.n);
      delete out.n;
      if (group) out[group] = r.key;
      else out.id = r.key;
      return out;
    });
    return P.withNames(user, shaped);
  };

  ctx.route({
    method: 'GET',
    url: `${PRJ}/list/income_expend`,
    summary: '项目收支报表(按项目,或按部门、负责人、委托方汇总;可排序,分页,含合计)',
    tags,
    requires: { code: STATEMENT_CODE },
    query: z.looseObject({}),
    handler: async ({ user, query }) => {
      const r = await reportQuery(user, query as Record<string, unknown>, 500);
      return { ...page(r.records, r.total, r.q.current, r.q.size), groupBy: r.groupBy, totals: r.totals };
    },
  });

  const exportReport = async (user: AuthUser, raw: Record<string, unknown>, reply: FastifyReply) => {
    const r = await reportQuery(user, { ...raw, current: '1', size: String(MAX_EXPORT) }, MAX_EXPORT);
    const money = (key: string, header: string): ExcelColumn => ({ key, header, width: 16 });
    // The first column carries 合计 on the totals row.
    const lead: ExcelColumn =
      r.groupBy === 'project'
        ? { key: 'projectNum', header: '项目编号', width: 22 }
        : {
            key: r.groupBy === 'dept' ? 'deptName' : r.groupBy === 'leader' ? 'leaderName' : 'customerName',
            header: r.groupBy === 'dept' ? '部门' : r.groupBy === 'leader' ? '负责人' : '委托方',
            width: 28,
          };
    const head: ExcelColumn[] =
      r.groupBy === 'project'
        ? [
            lead,
            { key: 'projectName', header: '项目名称', width: 36 },
            { key: 'deptName', header: '所属部门', width: 14 },
            { key: 'leaderName', header: '负责人', width: 12 },
            { key: 'customerName', header: '委托方', width: 28 },
          ]
        : [lead, { key: 'projectCount', header: '项目数', width: 10 }];
    const columns: ExcelColumn[] = [
      ...head,
      money('contractAmount', '合同金额(元)'),
      money('invoiced', '已开票(元)'),
      money('collect', '已收款(元)'),
      money('outstanding', '未收款(元)'),
      money('cost', '成本支出(元)'),
      money('labour', '劳务费(元)'),
      money('settlement', '结算费用(元)'),
      money('income', '收入合计(元)'),
      money('expend', '支出合计(元)'),
      money('profit', '毛利(元)'),
      { key: 'margin', header: '毛利率(%)', width: 12 },
    ];
    const totalRow: Row = { ...r.totals, projectCount: null, [lead.key]: '合计' };
    return sendWorkbook(reply, '项目收支报表.xlsx', await writeWorkbook('项目收支报表', columns, [...r.records, totalRow]));
  };
  ctx.route({
    method: 'GET',
    url: `${PRJ}/list/income_expend/export`,
    summary: '导出项目收支报表(与列表相同的过滤、分组与排序)',
    tags,
    requires: { code: STATEMENT_EXPORT_CODE },
    raw: true,
    query: z.looseObject({}),
    handler: async ({ user, req, reply }) => exportReport(user, req.query as Record<string, unknown>, reply),
  });
}
