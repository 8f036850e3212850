/**
 * Tenant-scoped data access for an entity: every read and write is confined to the caller's tenant (from the
 * token) and data scope, and to live rows (is_deleted = 0). The one read without the data scope, `tenantRow`,
 * still names its tenant; there is no path through here to another tenant's rows.
 */
import {
  APPROVAL_FIELDS,
  APPROVAL_MSG,
  APPROVAL_STATUS,
  type EntityDef,
  type FieldDef,
  type ListRowOf,
  type RowOf,
  regionCodePrefix,
  sortableFields,
  filterableFields,
} from '@hjl/core';
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, like, lt, ne, notInArray, notLike, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AccessProvider, ScopedColumns } from '../access/index.ts';
import type { AuthUser } from '../auth/user.ts';
import { isPlatformAdmin } from '../auth/user.ts';
import type { Database, Db, Statement } from '../db/index.ts';
import { nextId } from '../db/ids.ts';
import { page } from '../http/envelope.ts';
import { fail, forbidden, unauthorized } from '../http/errors.ts';
import { parseListQuery, type Filter, type ListQuery, type ListQuerySpec, type ValueKind } from '../http/query.ts';
import { checkRefs, RefRegistry, withRefNames } from './refs.ts';
import { fromWhere, TableReader, type OrderTerm } from './statements.ts';
import type { EntityColumns } from './table.ts';
import { DEFAULT_EXACT_TOTAL, exactMaxOf, pageTotal, totalStatements } from './total.ts';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function kindOf(def: EntityDef, field: string): ValueKind {
  if (field === 'createTime' || field === 'updateTime') return 'datetime';
  if (field === 'status') return 'int';
  if (def.approval && field in APPROVAL_FIELDS) return APPROVAL_FIELDS[field as keyof typeof APPROVAL_FIELDS].kind;
  const t = def.fields[field]?.type;
  return t === 'string' || t === 'text' || t === 'files' || t === undefined ? 'text' : t;
}

export type Row = Record<string, unknown>;

/**
 * A write checked and ready (`EntityRepo.prepareWrite`): `write` runs the one statement, with no reads, on the
 * database or in a transaction the caller holds (a record saved with other rows, e.g. its approval process).
 */
export interface PreparedWrite {
  id: string;
  insert: boolean;
  /** The declared fields written. */
  values: Row;
  write(tx?: Executor): Promise<void>;
}

/** Approval statuses during which an approvable record is neither changed nor removed (1 under approval, 2 approved). */
const LOCKED_STATUSES = [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved];

/** The database or a transaction of it: where a statement runs. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The SQL condition of one parsed list filter on a column (values bound, never spliced). */
export function filterSql(c: PgColumn, f: Filter): SQL {
  const v = f.value;
  switch (f.op) {
    case 'default':
      return f.kind === 'text' ? like(c, `%${escapeLike(String(v))}%`) : eq(c, v);
    case 'equal':
      return eq(c, v);
    case 'notequal':
      return ne(c, v);
    case 'like':
      return like(c, `%${escapeLike(String(v))}%`);
    case 'notlike':
      return notLike(c, `%${escapeLike(String(v))}%`);
    case 'gt':
      return gt(c, v);
    case 'lt':
      return lt(c, v);
    case 'dategt':
      return sql`${c} > ${v}::timestamp`;
    case 'datelt':
      return sql`${c} < ${v}::timestamp`;
    case 'dateequal':
      return sql`${c}::date = ${v}::date`;
    case 'null':
      return isNull(c);
    case 'notnull':
      return isNotNull(c);
  }
}

/**
 * The data access of one definition. `D` types what it answers (RowOf<D>); a repository of a plain EntityDef
 * answers loosely typed rows.
 */
export class EntityRepo<D extends EntityDef = EntityDef> {
  readonly columns: EntityColumns<D>;
  /** Filters and sorts a list accepts; the page-size cap is the tenant's, added per call. */
  readonly listSpec: ListQuerySpec;
  private readonly tenant: boolean;
  /** Columns by SQL name, handed to data-scope rules that name a column. */
  private readonly byName: Record<string, PgColumn>;
  /** Reads pages of the table's rows (statements.ts). */
  private readonly reader: TableReader;

  constructor(
    readonly def: D,
    readonly table: PgTable,
    private readonly database: Database,
    private readonly access: AccessProvider,
    /** Largest page a tenant's lists answer (the `page.maxSize` system parameter). */
    private readonly pageLimit: (tenantId: string) => Promise<number>,
    /** The repository of the parent records (EntityDef.parent): rows are confined to parents the caller may see. */
    readonly parent?: EntityRepo,
    /** How referenced records are named and found (FieldDef.ref); the application's registry (ModuleContext.refs). */
    private readonly refs: RefRegistry = new RefRegistry(database),
    /** Lists count their total exactly up to this many rows, and estimate beyond (LIST_EXACT_TOTAL; total.ts). */
    readonly exactTotal: number = DEFAULT_EXACT_TOTAL,
  ) {
    if (def.parent && !parent) throw new Error(`${def.name} belongs to ${def.parent.entity}: pass its repository`);
    this.columns = getTableColumns(table) as EntityColumns<D>;
    this.tenant = def.tenant !== false;
    this.reader = new TableReader(table);
    this.byName = Object.fromEntries(Object.values(this.columns).map((c) => [c.name, c]));
    this.listSpec = {
      filterable: new Map(filterableFields(def).map((f) => [f, kindOf(def, f)])),
      sortable: new Set(sortableFields(def)),
      maxSize: Number.MAX_SAFE_INTEGER,
    };
  }

  private get fields(): Record<string, FieldDef> {
    return this.def.fields;
  }

  /** The column of a field named at run time (a filter's or a sort's field, a definition's `owner`). */
  column(field: string): PgColumn {
    const c = this.columns[field];
    if (!c) throw new Error(`${this.def.name} has no column ${field}`);
    return c;
  }

  /**
   * The columns the data-scope rules of this record kind read; an entity with an owner (EntityDef.owner): 本人可见
   * means the records the caller owns. Undefined for a kind without tenants (no data scope applies).
   */
  scopedColumns(): ScopedColumns | undefined {
    if (!this.tenant) return undefined;
    return { createUser: this.column(this.def.owner ?? 'createUser'), createDept: this.column('createDept'), byName: this.byName };
  }

  /** Conditions every statement carries: live rows of the caller's tenant, within their data scope. */
  async scope(user: AuthUser): Promise<SQL[]> {
    if (!user?.tenantId) throw unauthorized();
    const conds: SQL[] = [eq(this.column('isDeleted'), 0)];
    const columns = this.scopedColumns();
    if (columns) {
      conds.push(eq(this.column('tenantId'), user.tenantId));
      const ds = await this.access.dataScope(user, this.def.name, columns);
      if (ds) conds.push(ds);
    }
    if (this.parent && this.def.parent) {
      const visible = await this.parent.scope(user);
      // A subquery (not awaited: awaiting a drizzle query runs it).
      conds.push(
        inArray(
          this.column(this.def.parent.field),
          this.database.db
            .select({ id: this.parent.columns.id })
            .from(this.parent.table)
            .where(and(...visible)),
        ),
      );
    }
    return conds;
  }

  /**
   * This repository seen through more conditions than the data scope (e.g. who sees an area's applications,
   * ApplicantScope): the parent to give the records that belong to such rows, so that their lines are read and
   * written only by those who may see the row they belong to.
   */
  narrowed(extra: (user: AuthUser) => Promise<SQL[]> | SQL[]): EntityRepo<D> {
    const base = this.scope.bind(this);
    return Object.create(this, { scope: { value: async (user: AuthUser) => [...(await base(user)), ...(await extra(user))] } }) as EntityRepo<D>;
  }

  /** Refuses a write naming a parent the caller may not see (another tenant's, outside their scope, deleted). */
  private async checkParent(user: AuthUser, data: Row) {
    const link = this.def.parent;
    if (!link || !this.parent || data[link.field] === undefined || data[link.field] === null) return;
    if (!(await this.parent.detail(user, String(data[link.field])))) throw fail(link.missing);
  }

  filterCondition(f: Filter): SQL {
    if (f.op === 'default' && this.fields[f.field]?.regionTree) return like(this.column(f.field), `${escapeLike(regionCodePrefix(String(f.value)))}%`);
    return filterSql(this.column(f.field), f);
  }

  /** The order of a page: the asked sort (or the definition's), then the id, so that pages are stable. */
  orderTerms(q: ListQuery): OrderTerm[] {
    const sort = q.sort.length ? q.sort : [{ field: String(this.def.defaultSort?.field ?? 'createTime'), dir: this.def.defaultSort?.dir ?? 'desc' }];
    const order: OrderTerm[] = sort.map((s) => ({ column: this.column(s.field), dir: s.dir === 'asc' ? 'asc' : 'desc' }));
    // Ties (rows of the same second) follow the first sort's direction, so ascending lists keep creation order.
    order.push({ column: this.column('id'), dir: sort[0]?.dir === 'asc' ? 'asc' : 'desc' });
    return order;
  }

  orderBy(q: ListQuery): SQL[] {
    return this.orderTerms(q).map((o) => (o.dir === 'asc' ? asc(o.column) : desc(o.column)));
  }

  /**
   * The statements of one list page (also sent by the benchmark's bare handler): the rows, then — when the page
   * is full — the capped count and the estimate of the total (total.ts). The conditions are rendered once and
   * the statements written around them (statements.ts).
   */
  async pageQueries(user: AuthUser, rawQuery: Record<string, unknown>, extra: SQL[] = [], maxSize?: number) {
    const q = parseListQuery(rawQuery, { ...this.listSpec, maxSize: maxSize ?? (await this.pageLimit(user.tenantId)) });
    const where = and(...(await this.scope(user)), ...q.filters.map((f) => this.filterCondition(f)), ...extra);
    const { from, rows } = this.pageRows(where, q);
    return { q, where, from, rows, exactMax: exactMaxOf(q.filters, this.exactTotal), ...totalStatements(from, exactMaxOf(q.filters, this.exactTotal)) };
  }

  /** The statement of the page `q` asks of the rows matching `where`, in the list's order (statements.ts). */
  pageRows(where: SQL | undefined, q: ListQuery): { from: Statement; rows: Statement } {
    const from = fromWhere(this.table, where);
    return { from, rows: this.reader.pageStatement(from, this.orderTerms(q), q.size, (q.current - 1) * q.size) };
  }

  /** The rows of a statement selecting every column (`pageRows`). */
  read(statement: Statement): Promise<RowOf<D>[]> {
    return this.reader.read<RowOf<D>>(this.database, statement);
  }

  /**
   * One page of the caller's rows; `maxSize` overrides the tenant's page-size cap (exports). The total is exact
   * up to `exactTotal` rows and an estimate beyond, marked `totalEstimated` (total.ts).
   */
  async page(user: AuthUser, rawQuery: Record<string, unknown>, extra: SQL[] = [], maxSize?: number) {
    const { q, from, rows, exactMax } = await this.pageQueries(user, rawQuery, extra, maxSize);
    const records = await this.read(rows);
    const offset = (q.current - 1) * q.size;
    const t = await pageTotal(this.database, from, { offset, size: q.size, onPage: records.length }, exactMax);
    return page(records, t.total, q.current, q.size, t.estimated);
  }

  /** How many of the caller's rows match `where`, always counted exactly. */
  async count(user: AuthUser, where: SQL[] = []): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(this.table)
      .where(and(...(await this.scope(user)), ...where));
    return Number(row?.n ?? 0);
  }

  async find(user: AuthUser, where: SQL[]): Promise<RowOf<D> | undefined> {
    const rows = await this.database.db
      .select()
      .from(this.table)
      .where(and(...(await this.scope(user)), ...where))
      .limit(1);
    return rows[0] as RowOf<D> | undefined;
  }

  detail(user: AuthUser, id: string) {
    return this.find(user, [eq(this.column('id'), id)]);
  }

  /**
   * The live row of a tenant by id, without the data scope: for an area's hooks that run once the caller's scope
   * was checked (the approval kit's), or with no caller at all (a status change, `onStatus`). In `tx` when given;
   * `lock` reads it FOR UPDATE, so that a concurrent start or approval of what depends on it waits.
   */
  async tenantRow(tenantId: string, id: string, opts: { tx?: Executor; lock?: boolean } = {}): Promise<RowOf<D> | undefined> {
    const tenant = this.tenant ? [eq(this.column('tenantId'), tenantId)] : [];
    const q = (opts.tx ?? this.database.db)
      .select()
      .from(this.table)
      .where(and(eq(this.column('id'), id), ...tenant, eq(this.column('isDeleted'), 0)))
      .limit(1);
    const [row] = opts.lock ? await q.for('update') : await q;
    return row as RowOf<D> | undefined;
  }

  /** The rows with the names of their references (FieldDef.ref) under each `display`: one query per kind. */
  withNames<R extends Row>(user: AuthUser, rows: R[]): Promise<(R & ListRowOf<D>)[]> {
    return withRefNames(this.refs, this.def, user.tenantId, rows) as Promise<(R & ListRowOf<D>)[]>;
  }

  private assertCanWrite(user: AuthUser) {
    if (!this.tenant && !isPlatformAdmin(user)) throw forbidden();
  }

  private async checkUnique(user: AuthUser, data: Row, id?: string) {
    for (const [name, field] of Object.entries(this.fields)) {
      if (!field.unique || data[name] === undefined || data[name] === null) continue;
      const other = await this.find(user, [eq(this.column(name), data[name]), ...(id ? [ne(this.column('id'), id)] : [])]);
      if (other) throw fail(field.unique);
    }
  }

  /** Only declared fields; audit columns come from the token, never from the body. */
  private fieldsOf(data: Row): Row {
    const out: Row = {};
    for (const name of Object.keys(this.fields)) if (data[name] !== undefined) out[name] = data[name];
    return out;
  }

  /**
   * The checks of an insert (no id) or an update of the caller's record — declared fields only, defaults, the
   * parent, reference (FieldDef.ref) and unique rules, the tenant and data scope — made now; the statement runs
   * when `write` is called.
   * An approvable record (EntityDef.approval) under approval or approved is not changed (400).
   */
  async prepareWrite(user: AuthUser, data: Row, id?: string): Promise<PreparedWrite> {
    this.assertCanWrite(user);
    const values = this.fieldsOf(data);
    if (!id) for (const [name, field] of Object.entries(this.fields)) if (values[name] == null && field.default !== undefined) values[name] = field.default;
    await this.checkParent(user, values);
    await checkRefs(this.refs, this.def, user.tenantId, values, this.def.parent?.field);
    await this.checkUnique(user, values, id);
    if (!id) {
      const newId = nextId();
      const row = {
        ...values,
        id: newId,
        ...(this.tenant ? { tenantId: user.tenantId } : {}),
        createUser: user.userId,
        createDept: user.deptIds[0] ?? null,
        updateUser: user.userId,
      };
      return {
        id: newId,
        insert: true,
        values,
        write: async (tx = this.database.db) => {
          await tx.insert(this.table).values(row);
        },
      };
    }
    const where = and(eq(this.column('id'), id), ...(await this.scope(user)));
    const locked = this.def.approval ? notInArray(this.column('status'), LOCKED_STATUSES) : undefined;
    const failLocked = async () => {
      if (locked && (await this.find(user, [eq(this.column('id'), id)]))) throw fail(APPROVAL_MSG.noChange);
      throw fail('数据不存在或已被删除');
    };
    if (locked && !(await this.find(user, [eq(this.column('id'), id), locked]))) await failLocked();
    return {
      id,
      insert: false,
      values,
      write: async (tx = this.database.db) => {
        const done = await tx
          .update(this.table)
          .set({ ...values, updateUser: user.userId, updateTime: sql`now()` })
          .where(and(where, locked))
          .returning({ id: this.column('id') });
        // Only a transaction can make this happen between the check and the write: answered without a read.
        if (!done.length) throw fail(locked ? APPROVAL_MSG.noChange : '数据不存在或已被删除');
      },
    };
  }

  /** Runs `fn` in a transaction of this repository's database (a write with more rows: `prepareWrite`, then `write(tx)`). */
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.database.db.transaction((tx) => fn(tx));
  }

  async insert(user: AuthUser, data: Row): Promise<string> {
    const w = await this.prepareWrite(user, data);
    await w.write();
    return w.id;
  }

  async update(user: AuthUser, id: string, data: Row): Promise<void> {
    await (await this.prepareWrite(user, data, id)).write();
  }

  /**
   * Sets `values` (columns, audit ones filled here) on the caller's rows among ids — tenant, live, data scope —
   * in `tx` when given; answers how many changed, and refuses when none of them is the caller's.
   */
  async updateMany(user: AuthUser, ids: string[], values: Row, tx: Executor = this.database.db): Promise<number> {
    this.assertCanWrite(user);
    const done = await tx
      .update(this.table)
      .set({ ...values, updateUser: user.userId, updateTime: sql`now()` })
      .where(and(inArray(this.column('id'), ids), ...(await this.scope(user))))
      .returning({ id: this.column('id') });
    if (!done.length) throw fail('数据不存在或已被删除');
    return done.length;
  }

  /**
   * Logical delete of the caller's rows among ids; answers how many were deleted. An approvable record under
   * approval or approved is not removed (400, and none of the ids is).
   */
  async remove(user: AuthUser, ids: string[]): Promise<number> {
    if (!this.def.approval) return this.updateMany(user, ids, { isDeleted: 1 });
    this.assertCanWrite(user);
    const status = this.column('status');
    const scope = await this.scope(user);
    if ((await this.find(user, [inArray(this.column('id'), ids), inArray(status, LOCKED_STATUSES)])) !== undefined) throw fail(APPROVAL_MSG.noRemove);
    return this.database.db.transaction(async (tx) => {
      const done = await tx
        .update(this.table)
        .set({ isDeleted: 1, updateUser: user.userId, updateTime: sql`now()` })
        .where(and(inArray(this.column('id'), ids), ...scope))
        .returning({ id: this.column('id'), status });
      if (!done.length) throw fail('数据不存在或已被删除');
      // Started between the check and the delete: nothing is removed.
      if (done.some((r) => (LOCKED_STATUSES as readonly number[]).includes(Number(r.status)))) throw fail(APPROVAL_MSG.noRemove);
      return done.length;
    });
  }
}
