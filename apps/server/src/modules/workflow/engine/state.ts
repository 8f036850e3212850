/**
 * The rows of one process instance, loaded once per command (after the instance row is locked), changed in
 * memory by the agenda, and written back at the end of the command: inserts, updates and deletes per table.
 * Instances are small (tens of rows), so this is both simpler and faster than row-by-row statements.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/index.ts';
import {
  wfComments, wfCopies, wfExecutions, wfHiActInsts, wfHiIdentityLinks, wfHiProcInsts, wfHiTaskInsts, wfHiVariables, wfIdentityLinks, wfJobs, wfTasks,
  wfVariables,
} from './schema.ts';

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

  async flush(tx: Tx, table: PgTable & { id: unknown }) {
    const idCol = (table as unknown as { id: Parameters<typeof eq>[0] }).id;
    if (this.deleted.size) await tx.delete(table).where(inArray(idCol, [...this.deleted]));
    const created = [...this.created].map((id) => this.map.get(id)!).filter(Boolean);
    if (created.length) await tx.insert(table).values(created as never);
    for (const id of this.updated) {
      const row = this.map.get(id);
      if (row) await tx.update(table).set(row as never).where(eq(idCol, id));
    }
    this.created.clear();
    this.updated.clear();
    this.deleted.clear();
  }
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
  readonly comments: CommentRow[] = [];
  readonly hiLinks: HiLinkRow[] = [];
  readonly copies: CopyRow[] = [];
  /** Variable history rows to insert or update, by variable id. */
  readonly hiVars = new Map<string, HiVarRow>();

  static empty(hiProc: HiProcRow) {
    const s = new InstanceState(hiProc.id, new Rows(), new Rows(), new Rows(), new Rows(), new Rows(), new Rows(), new Rows(), hiProc);
    return s;
  }

  static async load(tx: Tx, procInstId: string): Promise<InstanceState> {
    // One after the other: a transaction is one connection, which runs one query at a time anyway (the pg driver
    // deprecates queueing concurrent queries on a client).
    const execs = await tx.select().from(wfExecutions).where(eq(wfExecutions.procInstId, procInstId));
    const tasks = await tx.select().from(wfTasks).where(eq(wfTasks.procInstId, procInstId));
    const links = await tx.select().from(wfIdentityLinks).where(eq(wfIdentityLinks.procInstId, procInstId));
    const vars = await tx.select().from(wfVariables).where(eq(wfVariables.procInstId, procInstId));
    const jobs = await tx.select().from(wfJobs).where(eq(wfJobs.procInstId, procInstId));
    const hiActs = await tx.select().from(wfHiActInsts).where(and(eq(wfHiActInsts.procInstId, procInstId), isNull(wfHiActInsts.endTime)));
    const hiTasks = await tx.select().from(wfHiTaskInsts).where(and(eq(wfHiTaskInsts.procInstId, procInstId), isNull(wfHiTaskInsts.endTime)));
    const [hiProc] = await tx.select().from(wfHiProcInsts).where(eq(wfHiProcInsts.id, procInstId));
    if (!hiProc) throw new Error(`history row of instance ${procInstId} missing`);
    return new InstanceState(procInstId, new Rows(execs), new Rows(tasks), new Rows(links), new Rows(vars), new Rows(jobs), new Rows(hiActs), new Rows(hiTasks), hiProc);
  }

  async flush(tx: Tx, created: boolean) {
    if (created) await tx.insert(wfHiProcInsts).values(this.hiProc);
    else if (this.hiProcDirty) await tx.update(wfHiProcInsts).set(this.hiProc).where(eq(wfHiProcInsts.id, this.procInstId));
    this.hiProcDirty = false;
    // Children are deleted before parents and inserted after them (no foreign keys, but keep it tidy).
    await this.executions.flush(tx, wfExecutions);
    await this.tasks.flush(tx, wfTasks);
    await this.links.flush(tx, wfIdentityLinks);
    await this.vars.flush(tx, wfVariables);
    await this.jobs.flush(tx, wfJobs);
    await this.hiActs.flush(tx, wfHiActInsts);
    await this.hiTasks.flush(tx, wfHiTaskInsts);
    if (this.comments.length) await tx.insert(wfComments).values(this.comments.splice(0));
    if (this.hiLinks.length) await tx.insert(wfHiIdentityLinks).values(this.hiLinks.splice(0));
    if (this.copies.length) await tx.insert(wfCopies).values(this.copies.splice(0));
    if (this.hiVars.size) {
      await tx
        .insert(wfHiVariables)
        .values([...this.hiVars.values()])
        .onConflictDoUpdate({ target: wfHiVariables.id, set: { value: sql`excluded.value`, type: sql`excluded.type`, updateTime: sql`excluded.update_time` } });
      this.hiVars.clear();
    }
  }
}
