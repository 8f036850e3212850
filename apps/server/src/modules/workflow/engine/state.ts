/**
 * The rows of one process instance, loaded once per command (after the instance row is locked), changed in
 * memory by the agenda, and written back at the end of the command: inserts, updates and deletes per table.
 * Instances are small (tens of rows), so this is both simpler and faster than row-by-row statements.
 */
import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.ts';
import {
  wfComments,
  wfCopies,
  wfExecutions,
  wfProcDefs,
  wfHiActInsts,
  wfHiIdentityLinks,
  wfHiProcInsts,
  wfHiTaskInsts,
  wfHiVariables,
  wfIdentityLinks,
  wfJobs,
  wfTasks,
  wfVariables,
} from './schema.ts';
import { FixedStatement, runPrepared } from '../../../platform/db/prepared.ts';
import { firstRow } from '../../../platform/db/rows.ts';
import { fromJsonRows, jsonRows, writeStatement, type AnyTable, type Change } from './set-sql.ts';
import { knownUsersOf, namedUsersSql, type KnownUsers } from './identity.ts';

/** A transaction (or the database) drizzle hands to a command. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** An execution as the engine loads and writes it: without the instance row's lock count (set-sql.ts `LEFT_OUT`). */
export type ExecRow = Omit<typeof wfExecutions.$inferSelect, 'lockRev'>;
export type TaskRow = typeof wfTasks.$inferSelect;
export type LinkRow = typeof wfIdentityLinks.$inferSelect;
export type VarRow = typeof wfVariables.$inferSelect;
export type JobRow = typeof wfJobs.$inferSelect;
export type HiProcRow = typeof wfHiProcInsts.$inferSelect;
export type HiActRow = typeof wfHiActInsts.$inferSelect;
export type HiTaskRow = typeof wfHiTaskInsts.$inferSelect;
export type CommentRow = typeof wfComments.$inferInsert;
export type HiLinkRow = typeof wfHiIdentityLinks.$inferInsert;
export type CopyRow = typeof wfCopies.$inferInsert;
export type HiVarRow = typeof wfHiVariables.$inferInsert;

/** Rows of one table with what changed since loading. */
export class Rows<T extends { id: string }> {
  readonly map = new Map<string, T>();
  private readonly created = new Set<string>();
  private readonly updated = new Set<string>();
  private readonly deleted = new Set<string>();

  constructor(rows: T[] = []) {
    for (const r of rows) this.map.set(r.id, r);
  }
  get(id: string) {
    return this.map.get(id);
  }
  all() {
    return [...this.map.values()];
  }
  add(row: T) {
    this.map.set(row.id, row);
    this.created.add(row.id);
    return row;
  }
  /** Marks a row as changed (call after mutating it). */
  touch(row: T) {
    if (!this.created.has(row.id)) this.updated.add(row.id);
  }
  remove(id: string) {
    if (!this.map.delete(id)) return;
    if (this.created.delete(id)) return;
    this.updated.delete(id);
    this.deleted.add(id);
  }

  /** The pending changes as parts of one statement (see `writeStatement`), and forgets them. */
  changes(table: AnyTable): Change[] {
    const upserts = [...new Set([...this.created, ...this.updated])].map((id) => this.map.get(id)).filter((r): r is T => !!r);
    // An id removed and added again is written once, as its last state.
    const deletes = [...this.deleted].filter((id) => !this.map.has(id));
    this.created.clear();
    this.updated.clear();
    this.deleted.clear();
    return [
      ...(deletes.length ? [{ kind: 'delete' as const, table, ids: deletes }] : []),
      ...(upserts.length ? [{ kind: 'upsert' as const, table, rows: upserts }] : []),
    ];
  }
}

/** What `InstanceState.load` evaluates besides the rows, in the same statement (no round trip of its own). */
export interface LoadExtras {
  /** Whether a proxy of the tenant can be in force (`ProxyLookup.inForce`; placeholders `tenantId`, `at`). */
  proxyInForce?: SQL;
  /**
   * The id of the user named by a text (`IdentityResolver.userIdSql`, placeholder `tenantId`): the load then looks up
   * the users the command's new tasks are likely to name (`LoadValues.userVariables`, `userNames`, the starter).
   */
  userIdSql?: (tenantId: SQL, name: SQL) => SQL;
}

/** The values of a load's extras' placeholders. */
export interface LoadValues {
  tenantId: string;
  /** The command's time as the server zone's date-time text (`proxyInForce`). */
  at: string;
  /** Variables of the instance whose values name users (`userNamesOf`), and names besides: the users looked up. */
  userVariables: string[];
  userNames: string[];
  /** The starter is looked up too. */
  userStarter: boolean;
}

/** Where a load takes the names it looks users up by (`userNamesSql`): two JSON arrays of texts and a boolean. */
interface NameSources {
  variables: SQL;
  names: SQL;
  starter: SQL;
}

/** The names as the load's placeholders (`LoadValues`). */
const namesFromValues: () => NameSources = () => ({
  variables: sql`${sql.placeholder('userVariables')}::json`,
  names: sql`${sql.placeholder('userNames')}::json`,
  starter: sql`${sql.placeholder('userStarter')}::boolean`,
});

/**
 * The names as the definition's stored `user_names` (`spec`, jsonb: model.ts `UserNames`), the operator (placeholder
 * `operator`) among them when a designer rule names the operator. A definition stored without them names nobody.
 */
const namesFromDefinition = (spec: SQL): NameSources => ({
  variables: sql`(${spec}->'variables')::json`,
  names: sql`(CASE WHEN (${spec}->>'operator')::boolean AND ${sql.placeholder('operator')}::text IS NOT NULL
    THEN ${spec}->'names' || to_jsonb(${sql.placeholder('operator')}::text) ELSE ${spec}->'names' END)::json`,
  starter: sql`coalesce((${spec}->>'starter')::boolean, false)`,
});

/**
 * The texts a command's new tasks are likely to name users by (`LoadExtras.userIdSql`): the values of the instance's
 * variables named by `from.variables` (a list's elements), the starter when `from.starter`, and `from.names`. A text's
 * comma-separated parts (a candidate list written as one text) are not among them: they are looked up when met.
 * Kept this plain on purpose: a common table expression splitting the texts doubled what the cell costs PostgreSQL
 * (pgbench: 0.09 against 0.06 ms a load with the cell, 0.035 a look-up statement of its own, 0.024 an empty one).
 */
function userNamesSql(id: SQL, from: NameSources): SQL {
  const v = wfVariables;
  return sql`SELECT e.value FROM ${v}, json_array_elements_text(CASE json_typeof(${v.value}::json) WHEN 'array' THEN ${v.value}::json ELSE json_build_array(${v.value}::json) END) e
      WHERE ${v.procInstId} = ${id} AND ${v.name} = ANY(ARRAY(SELECT json_array_elements_text(${from.variables})))
    UNION ALL SELECT x.start_user_id FROM ${wfExecutions} x WHERE x.id = ${id} AND ${from.starter}
    UNION ALL SELECT json_array_elements_text(${from.names})`;
}

/**
 * The instance's rows in one statement (one round trip): each table's rows as a JSON array, bigint and
 * date-time columns as text so they read back exactly as the driver gives them. Built once, prepared.
 * `extras`: more cells evaluated in the same statement.
 */
export const loadStatement = (extras: LoadExtras = {}) =>
  new FixedStatement(() => sql`SELECT ${sql.join(loadCells(sql`${sql.placeholder('id')}`, extras, namesFromValues()), sql`, `)}`);

/** The cells of a load (`InstanceState.fromRow`) of the instance `id`. */
function loadCells(id: SQL, extras: LoadExtras, names: NameSources): SQL[] {
  const cells = [
    jsonRows(wfExecutions, eq(wfExecutions.procInstId, id)),
    jsonRows(wfTasks, eq(wfTasks.procInstId, id)),
    jsonRows(wfIdentityLinks, eq(wfIdentityLinks.procInstId, id)),
    jsonRows(wfVariables, eq(wfVariables.procInstId, id)),
    jsonRows(wfJobs, eq(wfJobs.procInstId, id)),
    jsonRows(wfHiActInsts, sql`(${eq(wfHiActInsts.procInstId, id)} and ${isNull(wfHiActInsts.endTime)})`),
    jsonRows(wfHiTaskInsts, sql`(${eq(wfHiTaskInsts.procInstId, id)} and ${isNull(wfHiTaskInsts.endTime)})`),
    jsonRows(wfHiProcInsts, eq(wfHiProcInsts.id, id)),
  ].map((q, i) => sql`${q} AS ${sql.identifier(`t${i}`)}`);
  if (extras.proxyInForce) cells.push(sql`(${extras.proxyInForce}) AS proxy_in_force`);
  const userIdSql = extras.userIdSql;
  if (userIdSql) cells.push(sql`${namedUsersSql((name) => userIdSql(sql`${sql.placeholder('tenantId')}`, name), userNamesSql(id, names))} AS users`);
  return cells;
}
const LOAD = loadStatement();

/**
 * Locks an instance of the tenant and loads it, in one statement: named by its id (placeholder `id`) or by one of its
 * open tasks (`taskId`; the task is found by its key alone and the tenant checked on the instance, so that even a
 * plan made for small tables looks both up by their keys). Answers no row when there is no such instance, else its
 * `id`, its definition `def`, whether the load is `fresh`, and the cells of a load (`InstanceState.fromRow`), with
 * the users its definition's stored `user_names` name looked up.
 *
 * The lock is an update that adds one to the instance row's `lock_rev` (every lock statement does). The cells read
 * the statement's snapshot, taken before the lock was granted: when another command held the lock, the update waited
 * for it and then counted on from the row that command left, so `lock_rev` is then more than the snapshot's plus
 * one — `fresh` is false and the caller loads again (`loadStatement`: a new statement, a new snapshot).
 */
export const lockLoadStatement = (by: 'task' | 'instance', extras: LoadExtras = {}) =>
  new FixedStatement(() => {
    const e = wfExecutions;
    const target = by === 'task' ? sql`(SELECT t.proc_inst_id FROM ${wfTasks} t WHERE t.id = ${sql.placeholder('taskId')})` : sql`${sql.placeholder('id')}`;
    const cells = loadCells(sql`l.id`, extras, namesFromDefinition(sql`d.user_names`));
    return sql`WITH locked AS (UPDATE ${e} SET lock_rev = ${e}.lock_rev + 1
        WHERE ${e}.id = ${target} AND ${e}.tenant_id = ${sql.placeholder('tenantId')} AND ${e}.parent_id IS NULL
        RETURNING ${e}.id, ${e}.proc_def_id, ${e}.lock_rev)
      SELECT l.id::text AS id, l.proc_def_id::text AS def, l.lock_rev = (SELECT x.lock_rev + 1 FROM ${e} x WHERE x.id = l.id) AS fresh,
        ${sql.join(cells, sql`, `)}
      FROM locked l LEFT JOIN ${wfProcDefs} d ON d.id = l.proc_def_id`;
  });

export class InstanceState {
  constructor(
    public readonly procInstId: string,
    public readonly executions: Rows<ExecRow>,
    public readonly tasks: Rows<TaskRow>,
    public readonly links: Rows<LinkRow>,
    public readonly vars: Rows<VarRow>,
    public readonly jobs: Rows<JobRow>,
    /** Open history rows only: finished ones never change again. */
    public readonly hiActs: Rows<HiActRow>,
    public readonly hiTasks: Rows<HiTaskRow>,
    public hiProc: HiProcRow,
  ) {}
  hiProcDirty = false;
  /**
   * False when the load found no out-of-office proxy of the tenant in force at the command's time (`LoadExtras`):
   * then no assignee of this command has one and none is looked up. True when unknown.
   */
  proxyInForce = true;
  /** Users named by texts, looked up ahead (in the load, or the start's read): `Run.userId` asks no statement for these. */
  knownUsers: KnownUsers = new Map();
  readonly comments: CommentRow[] = [];
  readonly hiLinks: HiLinkRow[] = [];
  readonly copies: CopyRow[] = [];
  /** Variable history rows to insert or update, by variable id. */
  readonly hiVars = new Map<string, HiVarRow>();

  static empty(hiProc: HiProcRow) {
    const s = new InstanceState(hiProc.id, new Rows(), new Rows(), new Rows(), new Rows(), new Rows(), new Rows(), new Rows(), hiProc);
    return s;
  }

  /**
   * The instance's rows (`statement`: LOAD, or a `loadStatement` with extras, built once by its caller), and what the
   * extras ask in the same statement (`values` fills their placeholders).
   */
  static async load(tx: Tx, procInstId: string, statement: FixedStatement = LOAD, values?: LoadValues): Promise<InstanceState> {
    // A select of scalar sub-selects: always one row.
    const row = firstRow(
      await statement.run(tx, {
        id: procInstId,
        ...values,
        ...(values && { userVariables: JSON.stringify(values.userVariables), userNames: JSON.stringify(values.userNames) }),
      }),
      'instance load',
    );
    return InstanceState.fromRow(procInstId, row);
  }

  /** The instance from the cells of a load (`loadStatement`, `lockLoadStatement`). */
  static fromRow(procInstId: string, row: Record<string, unknown>): InstanceState {
    const read = <T>(i: number, table: AnyTable) => fromJsonRows(table, row[`t${i}`]) as T[];
    const [hiProc] = read<HiProcRow>(7, wfHiProcInsts);
    if (!hiProc) throw new Error(`history row of instance ${procInstId} missing`);
    const state = new InstanceState(
      procInstId,
      new Rows(read<ExecRow>(0, wfExecutions)),
      new Rows(read<TaskRow>(1, wfTasks)),
      new Rows(read<LinkRow>(2, wfIdentityLinks)),
      new Rows(read<VarRow>(3, wfVariables)),
      new Rows(read<JobRow>(4, wfJobs)),
      new Rows(read<HiActRow>(5, wfHiActInsts)),
      new Rows(read<HiTaskRow>(6, wfHiTaskInsts)),
      hiProc,
    );
    // PGlite and node-postgres both read a boolean as true/false.
    if ('proxy_in_force' in row) state.proxyInForce = row.proxy_in_force !== false;
    if ('users' in row) state.knownUsers = knownUsersOf(row.users);
    return state;
  }

  /**
   * Writes every change of the command in one statement (one round trip; see `writeStatement`). `last`: nothing follows in the transaction, so its COMMIT may go with the write (one round
   * trip fewer on PostgreSQL: platform/db/pg-client.ts).
   */
  async flush(tx: Tx, created: boolean, last = false) {
    const changes: Change[] = [];
    if (created || this.hiProcDirty) changes.push({ kind: 'upsert', table: wfHiProcInsts, rows: [this.hiProc] });
    this.hiProcDirty = false;
    changes.push(
      ...this.executions.changes(wfExecutions),
      ...this.tasks.changes(wfTasks),
      ...this.links.changes(wfIdentityLinks),
      ...this.vars.changes(wfVariables),
      ...this.jobs.changes(wfJobs),
      ...this.hiActs.changes(wfHiActInsts),
      ...this.hiTasks.changes(wfHiTaskInsts),
    );
    if (this.comments.length) changes.push({ kind: 'insert', table: wfComments, rows: this.comments.splice(0) });
    if (this.hiLinks.length) changes.push({ kind: 'insert', table: wfHiIdentityLinks, rows: this.hiLinks.splice(0) });
    if (this.copies.length) changes.push({ kind: 'insert', table: wfCopies, rows: this.copies.splice(0) });
    // A variable's history keeps its creation time: only type, value and update time change.
    if (this.hiVars.size) changes.push({ kind: 'upsert', table: wfHiVariables, rows: [...this.hiVars.values()], set: ['type', 'value', 'update_time'] });
    this.hiVars.clear();
    // Variables are unique by (execution, name): one removed and set again under a new id must be gone first.
    const varChanges = changes.filter((c) => c.table === wfVariables);
    const first: Change[] = varChanges.length > 1 ? varChanges.filter((c) => c.kind === 'delete') : [];
    const statements = [writeStatement(first), writeStatement(changes.filter((c) => !first.includes(c)))].filter((st) => st !== null);
    for (const [i, statement] of statements.entries()) await runPrepared(tx, statement, { commit: last && i === statements.length - 1 });
  }
}
