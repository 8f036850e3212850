/**
 * The engine's job part: timer jobs run when due (any server may poll: jobs and instances are taken with SKIP
 * LOCKED), and the operations console's list and "run now".
 */
import { and, asc, eq, lte, gt, sql } from 'drizzle-orm';
import { wfJobs } from './schema.ts';

import { refuse } from './errors.ts';
import { EngineRunner } from './runner.ts';

export class EngineJobs extends EngineRunner {
  /** Runs due jobs (timers); any server may call it: jobs and instances are taken with SKIP LOCKED. */
  async runDueJobs(limit = 20): Promise<number> {
    const now = this.zt.format(this.now());
    const due = await this.db
      .select({ id: wfJobs.id })
      .from(wfJobs)
      .where(and(lte(wfJobs.dueTime, now), gt(wfJobs.retries, 0)))
      .orderBy(asc(wfJobs.dueTime))
      .limit(limit);
    let ran = 0;
    for (const { id } of due) if (await this.runJob(id)) ran++;
    return ran;
  }

  /** Runs one job now (also the operations console's "run now"). Answers false when it is gone or busy. */
  async runJob(jobId: string, tenantId?: string): Promise<boolean> {
    try {
      return await this.db.transaction(async (tx) => {
        const [job] = await tx
          .select()
          .from(wfJobs)
          .where(tenantId ? and(eq(wfJobs.id, jobId), eq(wfJobs.tenantId, tenantId)) : eq(wfJobs.id, jobId))
          .for('update', { skipLocked: true });
        if (!job) return false;
        const run = await this.open(tx, job.tenantId, job.procInstId, null, true);
        if (!run) return false;
        run.state.jobs.remove(job.id);
        if (job.type === 'boundary-timer')
          await run.fireBoundary(job.executionId, job.elementId, (job.config ?? {}) as { remaining?: number; period?: string });
        await this.finish(tx, run, { owned: true });
        return true;
      });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      await this.db
        .update(wfJobs)
        .set({ retries: sql`${wfJobs.retries} - 1`, exception: message.slice(0, 4000) })
        .where(eq(wfJobs.id, jobId));
      return false;
    }
  }

  async jobs(tenantId: string) {
    return this.db.select().from(wfJobs).where(eq(wfJobs.tenantId, tenantId)).orderBy(asc(wfJobs.dueTime));
  }

  /**
   * The tenant's pending timer jobs for the operations console, soonest first, with their instance and the node
   * they wait on; `due` is judged by the engine's clock (the one the poller uses, which tests move).
   */
  async jobPage(tenantId: string, opts: { due?: boolean; processInstanceId?: string; limit: number; offset: number }) {
    const now = this.zt.format(this.now());
    const conds = [sql`j.tenant_id = ${tenantId}`];
    if (opts.due === true) conds.push(sql`j.due_time <= ${now}::timestamp AND j.retries > 0`);
    if (opts.due === false) conds.push(sql`j.due_time > ${now}::timestamp`);
    if (opts.processInstanceId) conds.push(sql`j.proc_inst_id = ${opts.processInstanceId}`);
    const where = sql.join(conds, sql` AND `);
    const [rows, total] = await Promise.all([
      this.database.rows<Record<string, unknown>>(sql`SELECT j.id::text AS "id", j.type AS "type", j.element_id AS "elementId",
          j.proc_inst_id::text AS "processInstanceId", j.proc_def_id::text AS "processDefinitionId", h.proc_def_key AS "processDefinitionKey",
          h.proc_def_name AS "processDefinitionName", h.title AS "title", h.serial_number AS "serialNumber",
          (SELECT string_agg(t.name, ',') FROM blade_wf_task t WHERE t.execution_id = j.execution_id
             OR t.execution_id IN (SELECT e.id FROM blade_wf_execution e WHERE e.parent_id = j.execution_id)) AS "taskName",
          to_char(j.due_time, 'YYYY-MM-DD HH24:MI:SS') AS "dueTime", j.retries AS "retries", j.exception AS "exception",
          to_char(j.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime", (j.due_time <= ${now}::timestamp) AS "due"
        FROM blade_wf_job j JOIN blade_wf_hi_procinst h ON h.id = j.proc_inst_id
        WHERE ${where} ORDER BY j.due_time, j.id LIMIT ${opts.limit} OFFSET ${opts.offset}`),
      this.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM blade_wf_job j WHERE ${where}`),
    ]);
    return { rows, total: Number(total[0]?.n ?? 0) };
  }

  /**
   * The console's "run now": the job of the tenant runs at once, due or not. A job that fails keeps its error and
   * loses a retry, and the error is the answer (400); one gone or running elsewhere is refused.
   */
  async runJobNow(tenantId: string, jobId: string) {
    const [job] = await this.db
      .select({ id: wfJobs.id })
      .from(wfJobs)
      .where(and(eq(wfJobs.id, jobId), eq(wfJobs.tenantId, tenantId)));
    if (!job) throw refuse('定时任务不存在或已执行');
    if (await this.runJob(jobId, tenantId)) return;
    const [after] = await this.db.select({ exception: wfJobs.exception }).from(wfJobs).where(eq(wfJobs.id, jobId));
    throw refuse(after?.exception ? `定时任务执行失败: ${after.exception}` : '定时任务正在执行，请稍后再试');
  }
}
