/**
 * Who has which open task — the one definition (WORKFLOW.md "Lists"), used by the lists (lists.ts), the engine's
 * own queries and commands, the route guard of the task actions, the notifications and every count of them:
 * - a task is **claimable** by a user when nobody holds it and the user is one of its candidates (a candidate
 *   user, or a member of a candidate group: role id or alias, dept id, post id or code);
 * - a user's **to-do** is the open tasks assigned to the user plus those the user may claim;
 * - a user **holds** a task (may act on it) when it is assigned to the user, or is claimable by the user.
 */
import { sql, type SQL } from 'drizzle-orm';

export type InboxKind = 'todo' | 'claim';

/** What the predicates need of a task: its assignee and its candidates. */
export interface TaskHolding {
  assignee: string | null;
  candidateUsers: readonly string[];
  candidateGroups: readonly string[];
}

/** Whether the user is a candidate of the task (a candidate user, or in a candidate group). */
export function isCandidate(task: TaskHolding, userId: string, groups: ReadonlySet<string>): boolean {
  return task.candidateUsers.includes(userId) || task.candidateGroups.some((g) => groups.has(g));
}

/** Claimable: nobody holds the task and the user is a candidate. */
export function mayClaim(task: TaskHolding, userId: string, groups: ReadonlySet<string>): boolean {
  return !task.assignee && isCandidate(task, userId, groups);
}

/** Holds: assigned to the user, or claimable by the user (who then claims it by acting). */
export function holdsTask(task: TaskHolding, userId: string, groups: ReadonlySet<string>): boolean {
  return task.assignee === userId || mayClaim(task, userId, groups);
}

/** SQL: the open task `t` (an alias of blade_wf_task) has the user as candidate. */
export function candidateSql(tenantId: string, userId: string, groups: readonly string[], t = 't'): SQL {
  const task = sql.raw(`${t}.id`);
  const inGroups = groups.length
    ? sql` OR l.group_id IN (${sql.join(
        groups.map((g) => sql`${g}`),
        sql`, `,
      )})`
    : sql``;
  return sql`EXISTS (SELECT 1 FROM blade_wf_identity_link l WHERE l.task_id = ${task} AND l.tenant_id = ${tenantId} AND (l.user_id = ${userId}${inGroups}))`;
}

/** SQL: the open task `t` is in the user's to-do (`todo`) or claimable by the user (`claim`); `t` also names the tenant. */
export function inboxSql(kind: InboxKind, tenantId: string, userId: string, groups: readonly string[], t = 't'): SQL {
  const col = (c: string) => sql.raw(`${t}.${c}`);
  const claimable = sql`${col('assignee')} IS NULL AND ${candidateSql(tenantId, userId, groups, t)}`;
  const own = sql`${col('tenant_id')} = ${tenantId}`;
  return kind === 'claim' ? sql`(${own} AND ${claimable})` : sql`(${own} AND (${col('assignee')} = ${userId} OR (${claimable})))`;
}
