/**
 * The demo tenant's records under approval get real processes. The area seeds write some records as 审批中 (status 1)
 * without an instance — set-based inserts cannot start processes — so on the start that created the demo tenant each
 * of them is started through the approval kit as its creator would start it (提交): the same checks, variables,
 * title and routing. Approvers then find them in 待办, and their 流程记录, diagrams and the workbench's counts are real.
 * Records of any other tenant, or of an installation seeded before, are never touched. The start that seeds the
 * demo tenant marks this work as due (`markDemoApprovalsDue`, a row of hjl_start_state) and the marker goes only
 * when every record is started, so a first start stopped half-way finishes the rest on the next start.
 */
import type { EntityDef } from '@hjl/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../platform/auth/user.ts';
import { startState } from '../platform/db/schema.ts';
import { approvalColumnsOf, type EntityTable } from '../platform/crud/table.ts';
import type { Database, Db } from '../platform/db/index.ts';
import { roles } from '../modules/system/schema.ts';
import { users } from '../modules/user/schema.ts';
import { backdateDemoApprovals } from './approval-times.ts';
import { DEMO_TENANT } from './data.ts';

const APPROVING = 1;
const DRAFT = 0;
const DUE_KEY = 'demo-approvals';

/** Notes that the demo tenant's records under approval are to be started (prepareDatabase, as it seeds the tenant). */
export async function markDemoApprovalsDue(db: Db): Promise<void> {
  await db.insert(startState).values({ key: DUE_KEY, fingerprint: 'due' }).onConflictDoNothing();
}

/** Whether the demo tenant's records still wait for their processes (main.ts asks on every start). */
export async function demoApprovalsDue(database: Database): Promise<boolean> {
  return (await database.db.select({ key: startState.key }).from(startState).where(eq(startState.key, DUE_KEY))).length > 0;
}

/** Starts the demo tenant's records at 审批中 that have no process; answers how many started. */
export async function startDemoApprovals(app: FastifyInstance, database: Database): Promise<number> {
  const tenantId = DEMO_TENANT.tenantId;
  const db = database.db;
  const people = new Map<string, AuthUser | null>();
  const userOf = async (id: string): Promise<AuthUser | null> => {
    if (people.has(id)) return people.get(id) ?? null;
    const [u] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.tenantId, tenantId), eq(users.isDeleted, 0)))
      .limit(1);
    const split = (v: string) => v.split(',').filter(Boolean);
    const roleIds = u ? split(u.roleId) : [];
    const aliases = roleIds.length ? await db.select({ alias: roles.roleAlias }).from(roles).where(inArray(roles.id, roleIds)) : [];
    const user: AuthUser | null = u
      ? {
          tenantId,
          userId: String(u.id),
          account: u.account,
          userName: u.account,
          realName: u.realName ?? '',
          deptIds: split(u.deptId),
          roleIds,
          postIds: split(u.postId),
          roleAliases: aliases.map((a) => a.alias),
          clientId: 'demo-seed',
          jti: 'demo-seed',
          exp: Math.floor(Date.now() / 1000) + 3600,
        }
      : null;
    people.set(id, user);
    return user;
  };

  let started = 0;
  const since = app.workflow.zone.format(app.workflow.clock.now());
  for (const { def, table } of app.approval.registered()) {
    const cols = approvalColumnsOf(table);
    const waiting = await db
      .select({ id: table.id, createUser: table.createUser })
      .from(table)
      .where(and(eq(table.tenantId, tenantId), eq(table.isDeleted, 0), eq(cols.status, APPROVING), isNull(cols.processInstanceId)))
      .orderBy(table.id);
    for (const row of waiting) {
      const id = String(row.id);
      const user = await userOf(String(row.createUser));
      if (user && (await startOne(app, database, def, table, user, id))) started++;
    }
  }
  // Started just now: moved back into the last working weeks, so that they have waited (approval-times.ts).
  await backdateDemoApprovals(app, database, tenantId, since);
  await db.delete(startState).where(eq(startState.key, DUE_KEY));
  return started;
}

/** Puts the record back to a draft and starts it; a record its area refuses stays as the seed wrote it. */
async function startOne(app: FastifyInstance, database: Database, def: EntityDef, table: EntityTable, user: AuthUser, id: string): Promise<boolean> {
  const setStatus = (status: number) => database.db.update(table).set({ status }).where(eq(table.id, id));
  await setStatus(DRAFT);
  try {
    await app.approval.start(user, def, { id });
    return true;
  } catch (e) {
    await setStatus(APPROVING);
    app.log.warn({ err: e, kind: def.name, id }, 'demo record not started');
    return false;
  }
}
