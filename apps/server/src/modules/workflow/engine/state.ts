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

/** A transaction (or the database) drizzle hands to a command. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type ExecRow = typeof wfExecutions.$inferSelect;
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

/**
 * The instance's rows in one statement (one round trip): each table's rows as a JSON array, bigint and
 * date-time columns as text so they read back exactly as the driver gives them. Built once, prepared.
 * `extra`: one more cell, a boolean expression evaluated in the same statement (`ProxyLookup.inForce`).
 */
const loadStatement = (extra?: SQL) =>
  new FixedStatement(() => {
    const id = sql.placeholder('id');
    return sql`SELECT ${sql.join(
      [
        jsonRows(wfExecutions, eq(wfExecutions.procInstId, id)),
        jsonRows(wfTasks, eq(wfTasks.procInstId, id)),
        jsonRows(wfIdentityLinks, eq(wfIdentityLinks.procInstId, id)),
        jsonRows(wfVariables, eq(wfVariables.procInstId, id)),
        jsonRows(wfJobs, eq(wfJobs.procInstId, id)),
        jsonRows(wfHiActInsts, sql`(${eq(wfHiActInsts.procInstId, id)} and ${isNull(wfHiActInsts.endTime)})`),
        jsonRows(wfHiTaskInsts, sql`(${eq(wfHiTaskInsts.procInstId, id)} and ${isNull(wfHiTaskInsts.endTime)})`),
        jsonRows(wfHiProcInsts, eq(wfHiProcInsts.id, id)),
        ...(extra ? [sql`(${extra})`] : []),
      ].map((q, i) => sql`${q} AS ${sql.identifier(`t${i}`)}`),
      sql`, `,
    )}`;
  });
const LOAD = loadStatement();
/** The load with an extra cell, per expression (an engine's proxies give one, fixed for its life). */
const loadsWith = new WeakMap<SQL, FixedStatement>();

/** What `InstanceState.load` evaluates besides the rows: whether a proxy can be in force (`ProxyLookup.inForce`). */
export interface LoadExtra {
  proxyInForce: SQL;
  values: { tenantId: string; at: string };
}

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
   * False when the load found no out-of-office proxy of the tenant in force at the command's time (`LoadExtra`):
   * then no assignee of this command has one and none is looked up. True when unknown.
   */
  proxyInForce = true;
  readonly comments: CommentRow[] = [];
  readonly hiLinks: HiLinkRow[] = [];
  readonly copies: CopyRow[] = [];
  /** Variable history rows to insert or update, by variable id. */
  readonly hiVars = new Map<string, HiVarRow>();

  static empty(hiProc: HiProcRow) {
    const s = new InstanceState(hiProc.id, new Rows(), new Rows(), new Rows(), new Rows(), new Rows(), new Rows(), new Rows(), hiProc);
    return s;
  }

  /** The instance's rows (LOAD), and what `extra` asks in the same statement. */
  static async load(tx: Tx, procInstId: string, extra?: LoadExtra): Promise<InstanceState> {
    let statement = LOAD;
    if (extra) {
      statement = loadsWith.get(extra.proxyInForce) ?? loadStatement(extra.proxyInForce);
      loadsWith.set(extra.proxyInForce, statement);
    }
    // A select of scalar sub-selects: always one row.
    const cells = Object.values(firstRow(await statement.run(tx, { id: procInstId, ...extra?.values }), 'instance load'));
    const read = <T>(i: number, table: AnyTable) => fromJsonRows(table, cells[i]) as T[];
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
    if (extra) state.proxyInForce = cells[8] !== false;
    return state;
  }

  /** Writes every change of the command in one statement (one round trip; see `writeStatement`). */
  async flush(tx: Tx, created: boolean) {
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
    for (const statement of [writeStatement(first), writeStatement(changes.filter((c) => !first.includes(c)))]) if (statement) await runPrepared(tx, statement);
  }
}
