/**
 * The engine's query part: tasks with their candidates, the inboxes, who holds a task, and the instance's history
 * (activities, tasks, comments, copies, urges, variables). Reads only; the commands' locked reads are the runner's.
 */
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { holdsTask, inboxSql, isCandidate, type InboxKind, type TaskHolding } from './inbox.ts';
import {
  wfComments,
  wfCopies,
  wfExecutions,
  wfHiActInsts,
  wfHiProcInsts,
  wfHiTaskInsts,
  wfHiVariables,
  wfIdentityLinks,
  wfTasks,
  wfUrges,
  wfVariables,
} from './schema.ts';
import { type TaskRow, type Tx } from './state.ts';

import type { TaskView } from './types.ts';
import { EngineRepository } from './repository.ts';

/** The history tables read by instance: activities, tasks, comments, urges. */
type InstanceHistory = typeof wfHiActInsts | typeof wfHiTaskInsts | typeof wfComments | typeof wfUrges;

export class EngineQueries extends EngineRepository {
  /** The instance of a task of the tenant, open or finished (a finished task's detail, its instance's actions). */
  async instanceOfTask(tenantId: string, taskId: string): Promise<string | null> {
    const [h] = await this.db
      .select({ p: wfHiTaskInsts.procInstId })
      .from(wfHiTaskInsts)
      .where(and(eq(wfHiTaskInsts.id, taskId), eq(wfHiTaskInsts.tenantId, tenantId)));
    return h?.p ?? null;
  }

  /** Tasks with their candidates (one statement: the identity links come as a JSON column). */
  private taskQuery() {
    const links = sql<unknown>`(SELECT coalesce(json_agg(json_build_object('u', l.user_id, 'g', l.group_id) ORDER BY l.id), '[]'::json) FROM ${wfIdentityLinks} l WHERE l.task_id = blade_wf_task.id)`;
    return this.db.select({ ...getTableColumns(wfTasks), links }).from(wfTasks);
  }

  private views(tasks: (TaskRow & { links: unknown })[]): TaskView[] {
    return tasks.map((t) => this.view(t));
  }

  protected view(t: TaskRow & { links: unknown }): TaskView {
    const links = (typeof t.links === 'string' ? JSON.parse(t.links) : t.links) as { u: string | null; g: string | null }[];
    return {
      id: t.id,
      name: t.name,
      taskDefKey: t.taskDefKey,
      processInstanceId: t.procInstId,
      processDefinitionId: t.procDefId,
      processKey: t.procDefKey,
      executionId: t.executionId,
      assignee: t.assignee,
      owner: t.owner,
      delegationState: t.delegation as TaskView['delegationState'],
      candidateUsers: links.flatMap((l) => (l.u ? [l.u] : [])),
      candidateGroups: links.flatMap((l) => (l.g ? [l.g] : [])),
      description: t.description,
      createTime: t.createTime,
      dueDate: t.dueDate,
      suspended: t.suspensionState === 2,
    };
  }

  async task(tenantId: string, taskId: string): Promise<TaskView | null> {
    const rows = await this.taskQuery().where(and(eq(wfTasks.id, taskId), eq(wfTasks.tenantId, tenantId)));
    return this.views(rows)[0] ?? null;
  }

  /** Open tasks of an instance, oldest first. */
  async tasks(tenantId: string, procInstId: string): Promise<TaskView[]> {
    const rows = await this.taskQuery()
      .where(and(eq(wfTasks.tenantId, tenantId), eq(wfTasks.procInstId, procInstId)))
      .orderBy(asc(wfTasks.createTime), asc(wfTasks.id));
    return this.views(rows);
  }

  /** 待办 (inbox.ts): assigned to the user, or unassigned with the user as candidate. */
  async todo(tenantId: string, userId: string, page = { limit: 100, offset: 0 }): Promise<TaskView[]> {
    return this.inbox('todo', tenantId, userId, page);
  }

  /** 待签 (inbox.ts): unassigned tasks where the user is a candidate. */
  async claimable(tenantId: string, userId: string, page = { limit: 100, offset: 0 }): Promise<TaskView[]> {
    return this.inbox('claim', tenantId, userId, page);
  }

  private async inbox(kind: InboxKind, tenantId: string, userId: string, page: { limit: number; offset: number }) {
    const groups = await this.groupsOf(tenantId, userId);
    const rows = await this.taskQuery()
      .where(inboxSql(kind, tenantId, userId, groups, 'blade_wf_task'))
      .orderBy(desc(wfTasks.createTime), desc(wfTasks.id))
      .limit(page.limit)
      .offset(page.offset);
    return this.views(rows);
  }

  /**
   * The workflow items of a user's notifications, as SQL rows (kind, sourceId, processInstanceId, taskId,
   * processDefinitionName, taskName, title, message, fromUserId, time): the to-do tasks (the inbox's one
   * definition: candidate tasks too), the urges sent to the user and the copies received.
   */
  async notificationItems(tenantId: string, userId: string): Promise<SQL> {
    const groups = await this.groupsOf(tenantId, userId);
    return sql`
      SELECT 'todo' AS kind, t.id::text AS "sourceId", t.proc_inst_id::text AS "processInstanceId", t.id::text AS "taskId",
        h.proc_def_name AS "processDefinitionName", t.name AS "taskName", h.title AS title, NULL::text AS message,
        h.start_user_id AS "fromUserId", t.create_time AS time
      FROM blade_wf_task t JOIN blade_wf_hi_procinst h ON h.id = t.proc_inst_id
      WHERE ${inboxSql('todo', tenantId, userId, groups)}
      UNION ALL
      SELECT 'urge', g.id::text, g.proc_inst_id::text, g.task_id::text, h.proc_def_name, NULL, h.title, g.message, g.from_user_id, g.create_time
      FROM blade_wf_urge g JOIN blade_wf_hi_procinst h ON h.id = g.proc_inst_id
      WHERE g.tenant_id = ${tenantId} AND ${userId} = ANY (string_to_array(g.to_user_ids, ','))
      UNION ALL
      SELECT 'copy', c.id::text, c.proc_inst_id::text, c.task_id::text, h.proc_def_name, NULL, coalesce(c.title, h.title), h.title, c.from_user_id, c.create_time
      FROM blade_wf_copy c JOIN blade_wf_hi_procinst h ON h.id = c.proc_inst_id
      WHERE c.tenant_id = ${tenantId} AND c.user_id = ${userId}`;
  }

  /** Every variable the instance had, with its last value (also after it ended). */
  async historicVariables(tenantId: string, procInstId: string): Promise<Record<string, unknown>> {
    const rows = await this.db
      .select({ name: wfHiVariables.name, value: wfHiVariables.value, executionId: wfHiVariables.executionId })
      .from(wfHiVariables)
      .where(and(eq(wfHiVariables.tenantId, tenantId), eq(wfHiVariables.procInstId, procInstId), eq(wfHiVariables.executionId, procInstId)));
    return Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));
  }

  /** Every instance started with a business key (a record's processes, resubmissions included), newest first. */
  async instancesOf(tenantId: string, businessKey: string) {
    return this.db
      .select()
      .from(wfHiProcInsts)
      .where(and(eq(wfHiProcInsts.tenantId, tenantId), eq(wfHiProcInsts.businessKey, businessKey)))
      .orderBy(desc(wfHiProcInsts.startTime), desc(wfHiProcInsts.id));
  }

  /** The instance as history keeps it, with `status` (processIsFinished). */
  async processInstance(tenantId: string, procInstId: string, tx: Tx = this.db) {
    const [h] = await tx
      .select()
      .from(wfHiProcInsts)
      .where(and(eq(wfHiProcInsts.id, procInstId), eq(wfHiProcInsts.tenantId, tenantId)));
    return h ?? null;
  }

  /** The rows of one of an instance's history tables, in the order given. */
  private async ofInstance<T extends InstanceHistory>(table: T, tenantId: string, procInstId: string, order: SQL[]): Promise<T['$inferSelect'][]> {
    // Drizzle selects from a table of the union, not from a generic one; the rows are the table's.
    const t: InstanceHistory = table;
    return this.db
      .select()
      .from(t)
      .where(and(eq(t.tenantId, tenantId), eq(t.procInstId, procInstId)))
      .orderBy(...order);
  }

  /** Activity rows in time order (including sequence flows and deleted ones). */
  async activities(tenantId: string, procInstId: string) {
    return this.ofInstance(wfHiActInsts, tenantId, procInstId, [asc(wfHiActInsts.startTime), asc(wfHiActInsts.id)]);
  }

  async historicTasks(tenantId: string, procInstId: string) {
    return this.ofInstance(wfHiTaskInsts, tenantId, procInstId, [asc(wfHiTaskInsts.startTime), asc(wfHiTaskInsts.id)]);
  }

  async comments(tenantId: string, procInstId: string) {
    return this.ofInstance(wfComments, tenantId, procInstId, [asc(wfComments.time), asc(wfComments.id)]);
  }

  async copies(tenantId: string, userId: string) {
    return this.db
      .select()
      .from(wfCopies)
      .where(and(eq(wfCopies.tenantId, tenantId), eq(wfCopies.userId, userId)))
      .orderBy(desc(wfCopies.createTime));
  }

  async urges(tenantId: string, procInstId: string) {
    return this.ofInstance(wfUrges, tenantId, procInstId, [asc(wfUrges.createTime)]);
  }

  /** Process-level variables of a running instance. */
  async variables(tenantId: string, procInstId: string): Promise<Record<string, unknown>> {
    const rows = await this.db
      .select({ name: wfVariables.name, value: wfVariables.value })
      .from(wfVariables)
      .where(and(eq(wfVariables.tenantId, tenantId), eq(wfVariables.executionId, procInstId)));
    return Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));
  }

  /** Local variables of every execution of an instance (tests and the ops console). */
  async executions(tenantId: string, procInstId: string) {
    const execs = await this.db
      .select()
      .from(wfExecutions)
      .where(and(eq(wfExecutions.tenantId, tenantId), eq(wfExecutions.procInstId, procInstId)));
    const vars = await this.db.select().from(wfVariables).where(eq(wfVariables.procInstId, procInstId));
    return execs.map((e) => ({
      ...e,
      variables: Object.fromEntries(vars.filter((v) => v.executionId === e.id).map((v) => [v.name, JSON.parse(v.value) as unknown])),
    }));
  }

  protected async groupsOf(tenantId: string, userId: string, tx: Tx = this.db) {
    return this.opts.identity.groupsOf(tx, tenantId, userId);
  }

  /**
   * Whether the user holds the open task (inbox.ts: assigned to the user, or unassigned with the user as
   * candidate) — the check of the task actions' route guard, the same the commands make.
   */
  async holds(tenantId: string, task: TaskHolding, userId: string, tx: Tx = this.db): Promise<boolean> {
    if (holdsTask(task, userId, new Set())) return true;
    if (task.assignee || !task.candidateGroups.length) return false;
    return holdsTask(task, userId, new Set(await this.groupsOf(tenantId, userId, tx)));
  }

  /** Whether the user is a candidate of the task (groups read only when needed). */
  async candidate(tenantId: string, task: TaskHolding, userId: string): Promise<boolean> {
    if (isCandidate(task, userId, new Set())) return true;
    if (!task.candidateGroups.length) return false;
    return isCandidate(task, userId, new Set(await this.groupsOf(tenantId, userId)));
  }
}
