/**
 * 项目收支报表 (BUSINESS.md WP3 `hjlProject list/income_expend` and its export): one row per project the caller may
 * see — or summed per department, leader or client — with the figures of the 360 view (statement.ts) read from the
 * ledger, sortable and paged on the server, with the totals over every row.
 */
import { INVOICE_STATUS, fenToMoney, marginPercent, projectEntity, toFen } from '@hjl/core';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import { filterSql, type Row } from '../../platform/crud/repo.ts';
import { sendWorkbook, writeWorkbook, type ExcelColumn } from '../../platform/excel/index.ts';
import { page } from '../../platform/http/envelope.ts';
import { fail } from '../../platform/http/errors.ts';
import { parseListQuery, type ListQuery, type ValueKind } from '../../platform/http/query.ts';
import { projectLedgerTotals } from '../finance/api.ts';
import { projectContractShares } from '../project/api.ts';
import type { MoneyShared } from './context.ts';
import { invoices } from './schema.ts';
import { STATEMENT_CODE, STATEMENT_EXPORT_CODE } from './statement.ts';

const MAX_EXPORT = 5000;
const PRJ = projectEntity.api;
const tags = ['项目收支'];
/** The report's groupings: per project, or summed per department, leader or client. */
const GROUPS = { project: null, dept: 'deptId', leader: 'leaderUser', customer: 'customerId' } as const;
type GroupBy = keyof typeof GROUPS;

/** The report's figures (sortable). */
const FIGURES = ['contractAmount', 'invoiced', 'collect', 'outstanding', 'cost', 'labour', 'settlement', 'income', 'expend', 'profit', 'margin'] as const;

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
async function reportQuery(s: MoneyShared, user: AuthUser, raw: Record<string, unknown>, maxSize: number) {
  const { projects } = s;
  const db = s.ctx.database.db;
  const P = projects.projects;
  const pc = P.columns;

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
  // Its part of its contract: a framework contract over several projects counts once (project/api.ts).
  const shares = projectContractShares(db, user.tenantId);
  const contractAmount = sql`coalesce(${shares.contractShare}, 0)`;
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
      .leftJoin(shares, eq(shares.projectId, pc.id))
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
    .leftJoin(shares, eq(shares.projectId, pc.id))
    .where(where);
  const totalOf = (f: string) => fenToMoney(toFen(String(totalsRow?.[f] ?? '0')));
  const totals: Record<string, string | null> = {};
  for (const f of FIGURES) if (f !== 'margin') totals[f] = totalOf(f);
  totals.margin = marginPercent(totalOf('profit'), totalOf('income'));
  const records = await named(s, user, group as string | null, rows as Row[]);
  return { q, groupBy: groupBy as GroupBy, records, total: Number(group ? totalsRow?.groups : totalsRow?.n) || 0, totals };
}

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
async function named(s: MoneyShared, user: AuthUser, group: string | null, rows: Row[]) {
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
  return s.projects.projects.withNames(user, shaped);
}

async function exportReport(s: MoneyShared, user: AuthUser, raw: Record<string, unknown>, reply: FastifyReply) {
  const r = await reportQuery(s, user, { ...raw, current: '1', size: String(MAX_EXPORT) }, MAX_EXPORT);
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
}

export function registerStatementReport(s: MoneyShared) {
  const { ctx } = s;
  ctx.route({
    method: 'GET',
    url: `${PRJ}/list/income_expend`,
    summary: '项目收支报表(按项目,或按部门、负责人、委托方汇总;可排序,分页,含合计)',
    tags,
    requires: { code: STATEMENT_CODE },
    query: z.looseObject({}),
    handler: async ({ user, query }) => {
      const r = await reportQuery(s, user, query as Record<string, unknown>, 500);
      return { ...page(r.records, r.total, r.q.current, r.q.size), groupBy: r.groupBy, totals: r.totals };
    },
  });

  ctx.route({
    method: 'GET',
    url: `${PRJ}/list/income_expend/export`,
    summary: '导出项目收支报表(与列表相同的过滤、分组与排序)',
    tags,
    requires: { code: STATEMENT_EXPORT_CODE },
    raw: true,
    query: z.looseObject({}),
    handler: async ({ user, req, reply }) => exportReport(s, user, req.query as Record<string, unknown>, reply),
  });
}
