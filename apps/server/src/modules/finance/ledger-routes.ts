/**
 * The ledger's calls (收支明细, S1 L123, S2 L440): `hjlIncomeExpends` — `POST list` with the filters in the body and
 * the `start_transactionDate` / `end_transactionDate` range, detail, hand entries (`save` / `update`, the income and
 * expense payment form S2 L312-316), remove, `get/account_info`, `reset/get/{id}` of a claim and the Excel export
 * with the list's filters — and `hjlIncomeExpend`, the same rows as generic CRUD with the 收支登记 process.
 * A row produced by a process is never changed or removed by hand (系统生成的收支记录不能修改).
 *
 * Totals at size: a page counts its rows exactly up to EXACT_COUNT_LIMIT; above it the planner's estimate (never
 * below the limit) is answered in `total` with `totalExact: false`, and the web shows it as 约… (docs/decisions.md).
 */
import {
  APPROVAL_DRAFT,
  APPROVAL_MSG,
  APPROVAL_STATUS,
  FINANCE_MSG,
  INCOME_OR_EXPEND,
  KNOW_GET,
  fenToMoney,
  incomeExpendEntity,
  isDateText,
  permissionCodes,
  submitSchema,
  toFen,
  type FieldDef,
} from '@hjl/core';
import { and, eq, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import { MAX_EXPORT_ROWS, type DictionaryLookup } from '../../platform/crud/export.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import type { Database, Statement } from '../../platform/db/index.ts';
import { quoteName } from '../../platform/crud/statements.ts';
import { plannedRows } from '../../platform/crud/total.ts';
import { sendWorkbook, writeWorkbook, type ExcelColumn } from '../../platform/excel/index.ts';
import { page } from '../../platform/http/envelope.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { idField, idsField } from '../../platform/http/params.ts';
import { parseListQuery } from '../../platform/http/query.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { ApprovalKit } from '../approval/api.ts';
import { applyEffect, assertAccount, openPending, positiveAmount } from './ledger.ts';
import { accountInfos, incomeExpends, pendingAccounts } from './schema.ts';

const def = incomeExpendEntity;
const t = incomeExpends;
const API = '/api/business/hjlIncomeExpends';
const tags = [def.label.zh];
const codes = permissionCodes(def);
/** Button of 重置认领 on the ledger. */
export const RESET_CODE = 'income_expend_reset';
/** Up to this many rows a list counts exactly; above it the total is estimated. */
export const EXACT_COUNT_LIMIT = 10_000;

/** Fields a hand entry never sets: the producing record, the claim, who handled it. */
const SERVER_FIELDS = ['bizType', 'bizId', 'claimBizType', 'claimBizId', 'optionPersonName'] as const;

const systemRow = (row: { bizType?: unknown }) => row.bizType !== null && row.bizType !== undefined && row.bizType !== '';

/** The conditions of the ledger list: filters of the body and query (declared fields only), and the date range. */
export function ledgerFilters(repo: EntityRepo, raw: Record<string, unknown>, maxSize: number) {
  const flat: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (v !== null && v !== undefined && typeof v !== 'object') flat[k] = String(v);
  const q = parseListQuery(flat, { ...repo.listSpec, maxSize });
  const conds: SQL[] = q.filters.map((f) => repo.filterCondition(f));
  const start = flat.start_transactionDate as string | undefined;
  const end = flat.end_transactionDate as string | undefined;
  for (const [name, v] of [
    ['start_transactionDate', start],
    ['end_transactionDate', end],
  ] as const)
    if (v && !isDateText(v)) throw fail(`${name}格式应为yyyy-MM-dd`);
  if (start && end && end < start) throw fail(FINANCE_MSG.rangeOrder);
  if (start) conds.push(gte(t.transactionDate, start));
  if (end) conds.push(lte(t.transactionDate, end));
  return { q, conds };
}

/**
 * The statements of the ledger list's total and sums for the conditions `where` (also sent by the benchmark's bare
 * handler): `counted` reads the matching rows up to EXACT_COUNT_LIMIT + 1 once, counting them and summing the income
 * and expense in effect (exact when no more rows match than the limit); `estimate` is the planner's estimate of them.
 */
export function ledgerTotalQueries(from: Statement): { counted: Statement; estimate: Statement; all: Statement } {
  const matching = `SELECT ${quoteName(t.incomeOrExpend.name)} AS ioe, ${quoteName(t.status.name)} AS st, ${quoteName(t.tradeAmount.name)} AS amount ${from.sql}`;
  const sums = (limit: string) => `SELECT count(*)::int AS n,
        coalesce(sum(m.amount) FILTER (WHERE m.ioe = 0 AND m.st = 2), 0)::text AS income,
        coalesce(sum(m.amount) FILTER (WHERE m.ioe = 1 AND m.st = 2), 0)::text AS expend
      FROM (${matching}${limit}) m`;
  return {
    counted: { sql: sums(` LIMIT ${EXACT_COUNT_LIMIT + 1}`), params: from.params },
    estimate: { sql: `EXPLAIN (FORMAT JSON) SELECT 1 ${from.sql}`, params: from.params },
    all: { sql: sums(''), params: from.params },
  };
}

/** What a ledger list's conditions count: the total (exact up to EXACT_COUNT_LIMIT, else the planner's estimate) and, exact, the sums. */
export interface LedgerCount {
  total: number;
  exact: boolean;
  incomeTotal: string | null;
  expendTotal: string | null;
}

/**
 * Counts (and sums) the rows of `where`: exactly up to EXACT_COUNT_LIMIT, else the planner's estimate (at least the
 * limit + 1), no sums. An estimate the page asked would reach (`reach`: its offset plus its size) is stale or low and
 * never caps the list: then every matching row is counted, so the pager's last page always answers (total.ts).
 */
export async function countLedger(database: Database, from: Statement, reach = 0): Promise<LedgerCount> {
  const q = ledgerTotalQueries(from);
  const c = (await database.raw(q.counted.sql, q.counted.params))[0];
  const n = Number(c?.n ?? 0);
  if (n <= EXACT_COUNT_LIMIT)
    return { total: n, exact: true, incomeTotal: fenToMoney(toFen(String(c?.income ?? '0'))), expendTotal: fenToMoney(toFen(String(c?.expend ?? '0'))) };
  const estimate = plannedRows(await database.raw(q.estimate.sql, q.estimate.params));
  const total = Math.max(estimate, EXACT_COUNT_LIMIT + 1);
  if (total > reach) return { total, exact: false, incomeTotal: null, expendTotal: null };
  const all = (await database.raw(q.all.sql, q.all.params))[0];
  return {
    total: Number(all?.n ?? 0),
    exact: true,
    incomeTotal: fenToMoney(toFen(String(all?.income ?? '0'))),
    expendTotal: fenToMoney(toFen(String(all?.expend ?? '0'))),
  };
}

/** Rows of a raw `db.execute` answer (node-postgres and PGlite both put them under `rows`). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] })?.rows ?? []) as Record<string, unknown>[];
}

export interface LedgerDeps {
  kit: ApprovalKit;
  dictionary: DictionaryLookup;
  userName: (user: AuthUser) => string;
}

const listBody = z.looseObject({});
const listQuery = z.looseObject({ current: z.string().optional(), size: z.string().optional() });

/** The pending account of a row, when it is under a claim's approval (then the row is not changed). */
const pendingOf = async (tx: Executor, tenantId: string, rowId: string) => {
  const [p] = await tx
    .select()
    .from(pendingAccounts)
    .where(and(eq(pendingAccounts.tenantId, tenantId), eq(pendingAccounts.incomeExpendId, rowId), eq(pendingAccounts.isDeleted, 0)))
    .limit(1);
  return p;
};
const closePending = (tx: Executor, tenantId: string, rowId: string) =>
  tx
    .update(pendingAccounts)
    .set({ isDeleted: 1, updateTime: sql`now()` })
    .where(and(eq(pendingAccounts.tenantId, tenantId), eq(pendingAccounts.incomeExpendId, rowId), eq(pendingAccounts.isDeleted, 0)));

/** A hand entry may be changed or removed: not a process's, not under a claim's approval. */
const assertHand = async (tx: Executor, user: AuthUser, row: Row, remove: boolean) => {
  if (systemRow(row)) throw fail(remove ? FINANCE_MSG.systemRowRemove : FINANCE_MSG.systemRow);
  if (Number(row.isDraft) !== APPROVAL_DRAFT.none && [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved].includes(Number(row.status) as 1 | 2))
    throw fail(remove ? APPROVAL_MSG.noRemove : APPROVAL_MSG.noChange);
  const p = await pendingOf(tx, user.tenantId, String(row.id));
  if (p && Number(p.status) === APPROVAL_STATUS.approving) throw fail('该款项认领审批中,不能修改');
};

export function registerLedger(ctx: ModuleContext, deps: LedgerDeps): EntityRepo {
  const rowHelpers = ledgerRows(ctx);
  const repo = registerLedgerEntity(ctx, deps, rowHelpers);
  const routes = ledgerRoutes(ctx, deps, rowHelpers, repo);
  registerLedgerList(routes);
  registerHandEntries(routes);
  registerAccountLookup(routes);
  registerClaimReset(routes);
  registerLedgerExport(routes);
  return repo;
}

/** Reading a row of the ledger and doing what it does to its account (the process's hooks and the routes). */
function ledgerRows(ctx: ModuleContext) {
  const db = ctx.database.db;
  const loadRow = async (user: AuthUser, id: string, tx: Executor = db) => {
    const [row] = await tx
      .select()
      .from(t)
      .where(and(eq(t.id, id), eq(t.tenantId, user.tenantId), eq(t.isDeleted, 0)))
      .limit(1);
    return row as Row | undefined;
  };
  /** The row just written in the transaction `tx`. */
  const writtenRow = async (user: AuthUser, id: string, tx: Executor) => {
    const row = await loadRow(user, id, tx);
    if (!row) throw new Error(`ledger entry ${id} just written is not there`);
    return row;
  };
  /** Undoes (sign -1) or does (1) what a row in effect does to its account. */
  const effect = (tx: Executor, user: AuthUser, row: Row, sign: 1 | -1) =>
    Number(row.status) === APPROVAL_STATUS.approved
      ? applyEffect(tx, {
          tenantId: user.tenantId,
          accountInfoId: row.accountInfoId ? String(row.accountInfoId) : null,
          incomeOrExpend: Number(row.incomeOrExpend),
          amount: String(row.tradeAmount),
          sign,
          bizType: def.table,
          bizId: String(row.id),
          operator: user.userId,
          remark: sign === -1 ? '收支记录修改或删除,冲回' : undefined,
        })
      : undefined;
  return { loadRow, writtenRow, effect };
}

type LedgerRows = ReturnType<typeof ledgerRows>;

/** hjlIncomeExpend on the approval kit; a row produced by a process is never changed or removed by hand. */
function registerLedgerEntity(ctx: ModuleContext, deps: LedgerDeps, { loadRow, effect }: LedgerRows) {
  const db = ctx.database.db;

  // hjlIncomeExpend: the rows as generic CRUD and the 收支登记 process (a row approved is in effect).
  const repo = deps.kit.register(def, t, {
    dictionary: deps.dictionary,
    async beforeWrite(user, data, id) {
      for (const f of SERVER_FIELDS) delete data[f];
      if (id) {
        const row = await loadRow(user, id);
        if (row && systemRow(row)) throw fail(FINANCE_MSG.systemRow);
      }
      if (data.tradeAmount !== undefined && data.tradeAmount !== null) data.tradeAmount = positiveAmount(data.tradeAmount);
    },
    async beforeRemove(user, ids) {
      const rows = await db
        .select({ bizType: t.bizType })
        .from(t)
        .where(and(inArray(t.id, ids), eq(t.tenantId, user.tenantId), eq(t.isDeleted, 0)));
      if (rows.some(systemRow)) throw fail(FINANCE_MSG.systemRowRemove);
    },
    async beforeStart(user, record, current) {
      if (current && systemRow(current)) throw fail(FINANCE_MSG.systemRow);
      for (const f of SERVER_FIELDS) record[f] = null;
      record.optionPersonName = deps.userName(user);
      record.tradeAmount = positiveAmount(record.tradeAmount);
    },
    async onStatus(tx, rec, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      const [row] = await tx.select().from(t).where(eq(t.id, rec.id));
      if (!row) return;
      const user = { tenantId: rec.tenantId, userId: String(row.createUser ?? '') } as AuthUser;
      await effect(tx, user, row as Row, 1);
      if (Number(row.isKnowGet) === KNOW_GET.unclaimed && Number(row.incomeOrExpend) === INCOME_OR_EXPEND.income)
        await openPending(tx, {
          id: rec.id,
          tenantId: rec.tenantId,
          tradeAmount: String(row.tradeAmount),
          payerName: String(row.payerName ?? ''),
          transactionDate: String(row.transactionDate),
          accountInfoId: row.accountInfoId ? String(row.accountInfoId) : null,
          userId: row.createUser ? String(row.createUser) : null,
        });
    },
  });
  return repo;
}

/** What the ledger's own routes share: the module, the repo, the row helpers and the list's query. */
function ledgerRoutes(ctx: ModuleContext, deps: LedgerDeps, rowHelpers: LedgerRows, repo: ReturnType<typeof registerLedgerEntity>) {
  const maxSize = (tenantId: string) => ctx.params.getInt(tenantId, 'page.maxSize', ctx.config.maxPageSize);

  /** The conditions and the rows of one page of the ledger for the caller (the statement, not run). */
  async function ledgerQuery(user: AuthUser, raw: Record<string, unknown>, cap?: number) {
    const { q, conds } = ledgerFilters(repo, raw, cap ?? (await maxSize(user.tenantId)));
    const where = and(...(await repo.scope(user)), ...conds);
    return { q, where, ...repo.pageRows(where, q) };
  }
  async function ledgerPage(user: AuthUser, raw: Record<string, unknown>, cap?: number) {
    const { q, where, rows } = await ledgerQuery(user, raw, cap);
    return { q, where, rows: (await repo.read(rows)) as Row[] };
  }
  return { ctx, deps, repo, ...rowHelpers, ledgerQuery, ledgerPage };
}

type LedgerRoutes = ReturnType<typeof ledgerRoutes>;

/** POST list (a page with its count and sums) and detail. */
function registerLedgerList({ ctx, repo, ledgerQuery }: LedgerRoutes) {
  ctx.route({
    method: 'POST',
    url: `${API}/list`,
    summary: '收支明细分页(过滤条件在请求体中,start_transactionDate/end_transactionDate 为日期范围)',
    tags,
    requires: { code: codes.view },
    readOnly: true,
    query: listQuery,
    body: listBody,
    handler: async ({ user, req }) => {
      const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
      const raw = { ...body, ...(req.query as Record<string, unknown>) };
      const { q, from, rows } = await ledgerQuery(user, raw);
      // The page (then its names) and its count with the sums at once, on two connections.
      const [named, counted] = await Promise.all([
        repo.read(rows).then((r) => repo.withNames(user, r as Row[])),
        countLedger(ctx.database, from, q.current * q.size),
      ]);
      const { total, exact, incomeTotal, expendTotal } = counted;
      return { ...page(named, total, q.current, q.size), totalExact: exact, incomeTotal, expendTotal };
    },
  });

  ctx.route({
    method: 'GET',
    url: `${API}/detail`,
    summary: '收支明细详情',
    tags,
    requires: { code: codes.view },
    query: z.object({ id: idField() }),
    handler: async ({ user, query }) => {
      const row = await repo.detail(user, query.id);
      if (!row) throw notFound();
      return (await repo.withNames(user, [row]))[0];
    },
  });
}

/** save, update and remove of hand entries, each in effect at once (its account moved, its pending account kept). */
function registerHandEntries({ ctx, deps, repo, writtenRow, effect }: LedgerRoutes) {
  const db = ctx.database.db;
  const entrySchema = submitSchema(def);
  /** The values of a hand entry, checked (the payment form's messages, a positive amount, a live account). */
  async function entryValues(user: AuthUser, body: Row, current?: Row) {
    const values: Row = {};
    for (const name of Object.keys(def.fields)) if (body[name] !== undefined) values[name] = body[name];
    for (const f of SERVER_FIELDS) delete values[f];
    const merged = { ...current, ...values };
    for (const [name, field] of Object.entries(def.fields as Record<string, FieldDef>))
      if (field.required && (merged[name] === null || merged[name] === undefined || merged[name] === '')) throw fail(field.required);
    if (values.tradeAmount !== undefined) values.tradeAmount = positiveAmount(values.tradeAmount);
    if (![0, 1].includes(Number(merged.incomeOrExpend))) throw fail('收支类型只能是0(收入)或1(支出)');
    if (values.isKnowGet !== undefined && values.isKnowGet !== null && ![0, 1].includes(Number(values.isKnowGet))) throw fail('认领状态只能是0或1');
    if (values.accountInfoId) await assertAccount(db, user.tenantId, String(values.accountInfoId));
    values.optionPersonName = deps.userName(user);
    return values;
  }

  ctx.route({
    method: 'POST',
    url: `${API}/save`,
    summary: '收支明细登记(收支付款单,立即生效)',
    tags,
    requires: { code: codes.add },
    body: entrySchema,
    handler: async ({ user, body }) => {
      const values = await entryValues(user, body as Row);
      const prepared = await repo.prepareWrite(user, values);
      await db.transaction(async (tx) => {
        await prepared.write(tx);
        await tx.update(t).set({ status: APPROVAL_STATUS.approved, isDraft: APPROVAL_DRAFT.none }).where(eq(t.id, prepared.id));
        const row = await writtenRow(user, prepared.id, tx);
        await effect(tx, user, row, 1);
        if (Number(row.isKnowGet) === KNOW_GET.unclaimed && Number(row.incomeOrExpend) === INCOME_OR_EXPEND.income)
          await openPending(tx, {
            id: prepared.id,
            tenantId: user.tenantId,
            tradeAmount: String(row.tradeAmount),
            payerName: String(row.payerName ?? ''),
            transactionDate: String(row.transactionDate),
            accountInfoId: row.accountInfoId ? String(row.accountInfoId) : null,
            userId: user.userId,
          });
      });
      return { id: prepared.id };
    },
  });

  ctx.route({
    method: 'POST',
    url: `${API}/update`,
    summary: '收支明细修改(系统生成的不能修改)',
    tags,
    requires: { code: codes.edit },
    body: entrySchema,
    handler: async ({ user, body }) => {
      const id = (body as Row).id as string | undefined;
      if (!id) throw fail('缺少必要的请求参数: id');
      const current = await repo.detail(user, id);
      if (!current) throw fail('数据不存在或已被删除');
      const values = await entryValues(user, body as Row, current as Row);
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(t).where(eq(t.id, id)).for('update');
        if (!locked || Number(locked.isDeleted) === 1) throw fail('数据不存在或已被删除');
        await assertHand(tx, user, locked as Row, false);
        await effect(tx, user, locked as Row, -1);
        await tx
          .update(t)
          .set({ ...values, updateUser: user.userId, updateTime: sql`now()` })
          .where(eq(t.id, id));
        const row = await writtenRow(user, id, tx);
        await effect(tx, user, row, 1);
        await closePending(tx, user.tenantId, id);
        if (Number(row.status) === APPROVAL_STATUS.approved && Number(row.isKnowGet) === KNOW_GET.unclaimed && Number(row.incomeOrExpend) === 0)
          await openPending(tx, {
            id,
            tenantId: user.tenantId,
            tradeAmount: String(row.tradeAmount),
            payerName: String(row.payerName ?? ''),
            transactionDate: String(row.transactionDate),
            accountInfoId: row.accountInfoId ? String(row.accountInfoId) : null,
            userId: user.userId,
          });
      });
      return { id };
    },
  });

  ctx.route({
    method: 'POST',
    url: `${API}/remove`,
    summary: '收支明细逻辑删除(系统生成的不能删除;在账户中冲回)',
    tags,
    requires: { code: codes.delete },
    query: z.object({ ids: idsField() }),
    handler: async ({ user, query }) => {
      await db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(t)
          .where(and(inArray(t.id, query.ids), eq(t.tenantId, user.tenantId), eq(t.isDeleted, 0), ...(await repo.scope(user))))
          .for('update');
        if (!rows.length) throw fail('数据不存在或已被删除');
        for (const row of rows) await assertHand(tx, user, row as Row, true);
        for (const row of rows) {
          await effect(tx, user, row as Row, -1);
          await tx
            .update(t)
            .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` })
            .where(eq(t.id, row.id));
          await closePending(tx, user.tenantId, String(row.id));
        }
      });
    },
  });
}

function registerAccountLookup({ ctx }: LedgerRoutes) {
  const db = ctx.database.db;

  // The internal accounts whose name contains the text (the payment form's payer and payee lookups).
  ctx.route({
    method: 'GET',
    url: `${API}/get/account_info`,
    summary: '按账户名称查询内部账户',
    tags,
    requires: { code: codes.view },
    query: z.looseObject({ accountName: z.string().max(100).optional() }),
    handler: async ({ user, query }) => {
      const name = query.accountName?.trim();
      return db
        .select({
          id: accountInfos.id,
          accountName: accountInfos.accountName,
          accountNum: accountInfos.accountNum,
          bankName: accountInfos.bankName,
          accountNature: accountInfos.accountNature,
        })
        .from(accountInfos)
        .where(
          and(
            eq(accountInfos.tenantId, user.tenantId),
            eq(accountInfos.isDeleted, 0),
            name ? like(accountInfos.accountName, `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
          ),
        )
        .orderBy(accountInfos.createTime)
        .limit(50);
    },
  });
}

function registerClaimReset({ ctx, repo }: LedgerRoutes) {
  const db = ctx.database.db;

  // 重置认领 (S1 L123): a claimed income row becomes unclaimed again, a pending account to claim anew.
  ctx.route({
    method: 'GET',
    url: `${API}/reset/get/:id`,
    summary: '重置认领(认领状态回到未认领)',
    tags,
    requires: { anyOf: [RESET_CODE, codes.edit] },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      const row = await repo.detail(user, id);
      if (!row) throw fail('数据不存在或已被删除');
      if (Number(row.incomeOrExpend) !== INCOME_OR_EXPEND.income || Number(row.status) !== APPROVAL_STATUS.approved)
        throw fail('只有生效的收入记录可以重置认领');
      if (Number(row.isKnowGet) !== KNOW_GET.claimed) throw fail('该款项尚未认领');
      if (row.claimBizType && row.claimBizType !== def.table && row.claimBizType !== 'hjl_pending_account')
        throw fail('该款项已由业务单据认领,请在业务单据中处理');
      await db.transaction(async (tx) => {
        await tx
          .update(t)
          .set({ isKnowGet: KNOW_GET.unclaimed, claimBizType: null, claimBizId: null, updateUser: user.userId, updateTime: sql`now()` })
          .where(eq(t.id, id));
        await closePending(tx, user.tenantId, id);
        await openPending(tx, {
          id,
          tenantId: user.tenantId,
          tradeAmount: String(row.tradeAmount),
          payerName: String(row.payerName ?? ''),
          transactionDate: String(row.transactionDate),
          accountInfoId: row.accountInfoId ? String(row.accountInfoId) : null,
          userId: user.userId,
        });
      });
      return { id, isKnowGet: KNOW_GET.unclaimed };
    },
  });
}

function registerLedgerExport({ ctx, deps, repo, ledgerPage }: LedgerRoutes) {
  // Excel export with the list's filters, as the list shows it: `GET export` with them in the query, `POST export`
  // with them in the body (as `POST list` takes them) — the same conditions, the date range included.
  const exportLedger = async (user: AuthUser, raw: Record<string, unknown>, reply: FastifyReply) => {
    const { columns: named, current: _c, size: _s, ...filters } = raw;
    const { rows } = await ledgerPage(user, { ...filters, current: '1', size: String(MAX_EXPORT_ROWS) }, MAX_EXPORT_ROWS);
    const listed = Object.entries(def.fields as Record<string, FieldDef>).filter(([, f]) => f.list);
    const chosen =
      typeof named === 'string' && named.trim()
        ? named.split(',').map((n) => {
            const hit = listed.find(([k]) => k === n.trim());
            if (!hit) throw fail(`不支持导出该列: ${n.trim().slice(0, 40)}`);
            return hit;
          })
        : listed;
    const columns: ExcelColumn[] = [];
    for (const [name, field] of chosen)
      columns.push({
        key: field.display ?? name,
        header: field.label.zh,
        width: field.width ? Math.max(10, Math.round(field.width / 7)) : undefined,
        dict: field.dict ? await deps.dictionary(user, field) : undefined,
      });
    const named2 = await repo.withNames(user, rows);
    return sendWorkbook(reply, `${def.label.zh}.xlsx`, await writeWorkbook(def.label.zh, columns, named2));
  };
  ctx.route({
    method: 'GET',
    url: `${API}/export`,
    summary: '导出收支明细(列表的过滤条件与日期范围,在查询参数中)',
    tags,
    requires: { code: codes.export },
    raw: true,
    query: z.looseObject({ columns: z.string().optional() }),
    handler: async ({ user, req, reply }) => exportLedger(user, req.query as Record<string, unknown>, reply),
  });
  ctx.route({
    method: 'POST',
    url: `${API}/export`,
    summary: '导出收支明细(过滤条件在请求体中,同 POST list;start_transactionDate/end_transactionDate 为日期范围)',
    tags,
    requires: { code: codes.export },
    raw: true,
    query: z.looseObject({ columns: z.string().optional() }),
    body: listBody,
    handler: async ({ user, req, reply }) => {
      const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
      return exportLedger(user, { ...body, ...(req.query as Record<string, unknown>) }, reply);
    },
  });
}
