/**
 * References between records (FieldDef.ref): how a kind of record is named and found. The module owning a
 * kind registers its resolver (from its api.ts, at registration); the entity routes then show the names of a
 * whole page with one query per kind, and refuse a write naming a record that is not the caller's tenant's.
 */
import type { EntityDef, FieldDef } from '@hjl/core';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db, Statement } from '../db/index.ts';
import { fail } from '../http/errors.ts';

export interface RefResolver {
  /**
   * Names of the records among `keys` in the tenant, deleted ones included (a list keeps showing the name of
   * a user who has since left) unless `liveOnly`. One query, whatever the number of keys.
   */
  names(tenantId: string, keys: readonly string[], opts?: { liveOnly?: boolean }): Promise<Map<string, string>>;
  /** The keys among `keys` that name live records of the tenant (what a write may refer to). One query. */
  existing(tenantId: string, keys: readonly string[]): Promise<Set<string>>;
  /**
   * The `names` query (deleted records included) as a select of text columns `kind`, `key` and `name`, so that
   * a page naming several kinds sends them as one statement (`UNION ALL`) instead of one per kind.
   */
  namesQuery?(kind: string, tenantId: string, keys: readonly string[]): NamesQuery;
}

/** A select of (kind, key, name) text columns, as `RefResolver.namesQuery` builds it. */
export type NamesQuery = ReturnType<typeof namesSelect>;

function namesSelect(db: Db, kind: string, key: AnyPgColumn, name: AnyPgColumn | SQL, table: PgTable, where: SQL | undefined) {
  return db
    .select({ kind: sql<string>`${kind}::text`.as('kind'), key: sql<string>`${key}::text`.as('key'), name: sql<string>`(${name})::text`.as('name') })
    .from(table)
    .where(where);
}

/**
 * A resolver over a table: `key` is the column a reference stores (an id, a region's code), `name` the name
 * shown (a column or an SQL expression), `tenant` the tenant column (omitted for platform-wide records such as
 * regions), `live` the condition of a record that may still be referred to.
 */
export function tableResolver(
  db: Db,
  spec: { table: PgTable; key: AnyPgColumn; name: AnyPgColumn | SQL; tenant?: AnyPgColumn; live: SQL | undefined },
): RefResolver {
  const where = (tenantId: string, keys: readonly string[], live: boolean) =>
    and(inArray(spec.key, [...new Set(keys)]), spec.tenant ? eq(spec.tenant, tenantId) : undefined, live ? spec.live : undefined);
  const query = async (tenantId: string, keys: readonly string[], live: boolean) => {
    if (!keys.length) return [];
    return db
      .select({ key: spec.key, name: spec.name })
      .from(spec.table)
      .where(where(tenantId, keys, live));
  };
  return {
    namesQuery: (kind, tenantId, keys) => namesSelect(db, kind, spec.key, spec.name, spec.table, where(tenantId, keys, false)),
    async names(tenantId, keys, opts) {
      return new Map((await query(tenantId, keys, !!opts?.liveOnly)).map((r) => [String(r.key), String(r.name ?? '')]));
    },
    async existing(tenantId, keys) {
      return new Set((await query(tenantId, keys, true)).map((r) => String(r.key)));
    },
  };
}

/** A slot of a cached names statement's parameters: a value of its own, the tenant, or the j-th key of the i-th kind. */
type NamesParam = { value: unknown } | { tenant: true } | { kind: number; key: number };

/** Marks the values of a names statement rendered once per shape (never the first character of a key or tenant id). */
const SLOT = '\u0001';

/** Names statements kept per shape (the kinds and how many keys of each); beyond this many the cache starts over. */
const NAMES_CACHE_SIZE = 500;

/** The resolvers of every kind, filled by the modules that own them (ModuleContext.refs). */
export class RefRegistry {
  private readonly resolvers = new Map<string, RefResolver>();
  /**
   * The names statement of a page by shape: built and rendered through drizzle once, with marked values in place
   * of the keys and the tenant, then only filled in — building the union was a sixth of a list request's CPU.
   */
  private readonly namesStatements = new Map<string, { sql: string; params: NamesParam[] }>();

  constructor(private readonly database: Pick<Database, 'raw'>) {}

  register(kind: string, resolver: RefResolver): void {
    if (this.resolvers.has(kind)) throw new Error(`ref kind ${kind} is registered twice`);
    this.resolvers.set(kind, resolver);
  }

  resolver(kind: string): RefResolver {
    const r = this.resolvers.get(kind);
    if (!r) throw new Error(`no module registers the ref kind ${kind}`);
    return r;
  }

  has(kind: string): boolean {
    return this.resolvers.has(kind);
  }

  /** The (kind, key, name) rows naming `keys` (by kind) in one statement (RefResolver.namesQuery). */
  async namesOf(tenantId: string, keys: readonly [string, readonly string[]][]): Promise<{ kind: string; key: string; name: string | null }[]> {
    const shape = keys.map(([kind, ks]) => `${kind}:${ks.length}`).join('|');
    let cached = this.namesStatements.get(shape);
    if (!cached) {
      const queries = keys.map(([kind, ks], i) => {
        const q = this.resolver(kind).namesQuery?.(
          kind,
          `${SLOT}t`,
          ks.map((_, j) => `${SLOT}${i}.${j}`),
        );
        if (!q) throw new Error(`ref kind ${kind} has no names query`);
        return q;
      });
      const [first, second, ...rest] = queries;
      if (!first) return [];
      const built: Statement = (second ? unionAll(first, second, ...rest) : first).toSQL();
      const params = built.params.map((p): NamesParam => {
        if (typeof p !== 'string' || !p.startsWith(SLOT)) return { value: p };
        if (p === `${SLOT}t`) return { tenant: true };
        const [i, j] = p.slice(1).split('.').map(Number);
        return { kind: i ?? 0, key: j ?? 0 };
      });
      if (this.namesStatements.size >= NAMES_CACHE_SIZE) this.namesStatements.clear();
      cached = { sql: built.sql, params };
      this.namesStatements.set(shape, cached);
    }
    const values = cached.params.map((p) => ('value' in p ? p.value : 'tenant' in p ? tenantId : keys[p.kind]?.[1][p.key]));
    return (await this.database.raw(cached.sql, values)) as { kind: string; key: string; name: string | null }[];
  }

  /** Refuses, at start-up, a definition referring to a kind no module registered. */
  assertKnown(defs: Iterable<EntityDef>): void {
    for (const def of defs)
      for (const [name, field] of refFields(def))
        if (!field.ref || !this.has(field.ref)) throw new Error(`${def.name}.${name}: no resolver for ref ${field.ref}`);
  }
}

/** The reference fields of a definition. */
export function refFields(def: EntityDef): [string, FieldDef & { ref: string; display: string }][] {
  return Object.entries(def.fields).filter((e): e is [string, FieldDef & { ref: string; display: string }] => !!e[1].ref && !!e[1].display);
}

type Row = Record<string, unknown>;

const keyOf = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);

/** Reference fields whose names are resolved on reads (not stored in a field of their own). */
function resolvedOnRead(def: EntityDef) {
  return refFields(def).filter(([, f]) => !(f.display in def.fields));
}

/**
 * Groups the referenced keys of `rows` by kind and names them: the kinds whose resolvers build a names query in
 * one statement (a page of contracts names its customers, departments, people and main contracts with one round
 * trip, docs/performance.md), any other kind with a query of its own.
 */
async function namesByKind(refs: RefRegistry, tenantId: string, fields: [string, FieldDef & { ref: string }][], rows: readonly Row[]) {
  const keys = new Map<string, Set<string>>();
  for (const [name, f] of fields) {
    const set = keys.get(f.ref) ?? new Set<string>();
    for (const r of rows) {
      const k = keyOf(r[name]);
      if (k) set.add(k);
    }
    keys.set(f.ref, set);
  }
  const out = new Map<string, Map<string, string>>();
  const combined: [string, string[]][] = [];
  const separate: [string, Set<string>][] = [];
  for (const [kind, set] of keys) {
    out.set(kind, new Map());
    if (!set.size) continue;
    if (refs.resolver(kind).namesQuery) combined.push([kind, [...set]]);
    else separate.push([kind, set]);
  }
  for (const r of combined.length ? await refs.namesOf(tenantId, combined) : []) out.get(r.kind)?.set(r.key, r.name ?? '');
  await Promise.all(separate.map(async ([kind, set]) => out.set(kind, await refs.resolver(kind).names(tenantId, [...set]))));
  return out;
}

/**
 * Writes the name of every reference into the rows under its `display` ('' when the record is gone) and answers
 * them. The rows are the caller's fresh query results: named in place, not copied (a copy of a wide row cost as
 * much as reading it).
 */
export async function withRefNames<R extends Row>(refs: RefRegistry, def: EntityDef, tenantId: string, rows: R[]): Promise<R[]> {
  const fields = resolvedOnRead(def);
  if (!fields.length || !rows.length) return rows;
  const names = await namesByKind(refs, tenantId, fields, rows);
  for (const r of rows) {
    const out: Row = r;
    for (const [name, f] of fields) {
      const k = keyOf(r[name]);
      out[f.display] = k ? (names.get(f.ref)?.get(k) ?? '') : '';
    }
  }
  return rows;
}

/**
 * Checks the references a write sets (`<label>不存在` for one that is not a live record of the tenant) and
 * stores the names of those whose `display` is a field. `skip` names fields checked otherwise (the parent).
 */
export async function checkRefs(refs: RefRegistry, def: EntityDef, tenantId: string, data: Row, skip?: string): Promise<void> {
  const set = refFields(def).filter(([name]) => name !== skip && data[name] !== undefined);
  if (!set.length) return;
  const byKind = new Map<string, string[]>();
  for (const [name, f] of set) {
    const k = keyOf(data[name]);
    if (k) byKind.set(f.ref, [...(byKind.get(f.ref) ?? []), k]);
  }
  const found = new Map<string, Set<string>>();
  await Promise.all([...byKind].map(async ([kind, keys]) => found.set(kind, await refs.resolver(kind).existing(tenantId, keys))));
  for (const [name, f] of set) {
    const k = keyOf(data[name]);
    if (k && !found.get(f.ref)?.has(k)) throw fail(`${f.label.zh}不存在`);
  }
  const stored = set.filter(([, f]) => f.display in def.fields);
  if (!stored.length) return;
  const names = await namesByKind(refs, tenantId, stored, [data]);
  for (const [name, f] of stored) {
    const k = keyOf(data[name]);
    data[f.display] = k ? (names.get(f.ref)?.get(k) ?? null) : null;
  }
}
