/** Test harness of the engine: a seeded database, a clock the test moves, samples read from ../shared. */
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../testing/app.ts';
import { WorkflowHistory } from '../history.ts';
import { WorkflowQueries, type ListKind } from './lists.ts';
import { TestClock } from './clock.ts';
import { WorkflowEngine, type EngineOptions } from './engine.ts';
import { TableIdentityResolver } from './identity.ts';
import type { Tx } from './state.ts';

/** The repository's sibling folder of shared design material (never copied into the project). */
const SAMPLES = path.resolve(import.meta.dirname, '../../../../../../../shared/bpmn-samples');

export const sample = (file: string) => fs.readFileSync(path.join(SAMPLES, file), 'utf8');

/** The seeded users' tables, plus extra group memberships a test hands out (e.g. Flowable's `management`). */
export class TestIdentity extends TableIdentityResolver {
  readonly extraGroups = new Map<string, string[]>();
  override async groupsOf(tx: Tx, tenantId: string, userId: string) {
    return [...(await super.groupsOf(tx, tenantId, userId)), ...(this.extraGroups.get(userId) ?? [])];
  }
}

export interface Harness {
  t: TestApp;
  engine: WorkflowEngine;
  clock: TestClock;
  identity: TestIdentity;
  /** Seeded user ids by account. */
  users: Record<string, string>;
  /** The timeline the routes answer (history-flow-list), over this engine. */
  history: WorkflowHistory;
  /** Process instance ids of a user's list as the routes answer it (first page of 1000). */
  listed(kind: ListKind, userId: string, tenantId?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function harness(opts: Partial<EngineOptions> = {}): Promise<Harness> {
  const t = await createTestApp();
  const clock = new TestClock(new Date('2026-03-02T01:00:00Z'));
  const identity = new TestIdentity();
  const engine = new WorkflowEngine(t.database, { timeZone: t.config.timeZone, identity, clock, ...opts });
  const rows = await t.database.raw(`SELECT id::text AS id, account FROM blade_user WHERE tenant_id = '000000' AND is_deleted = 0`);
  const users = Object.fromEntries(rows.map((r) => [String(r.account), String(r.id)]));
  const history = new WorkflowHistory(t.database, { ...t.app.workflow, engine });
  const queries = new WorkflowQueries(
    t.database,
    (tenantId, userId) => identity.groupsOf(t.database.db, tenantId, userId),
    async () => 1000,
  );
  const listed = async (kind: ListKind, userId: string, tenantId = '000000') =>
    ((await queries.page(kind, tenantId, userId, { size: '1000' })).records as { processInstanceId: string }[]).map((r) => r.processInstanceId);
  return { t, engine, clock, identity, users, history, listed, close: () => t.close() };
}

/** Open tasks of an instance as `{ key: assignee|candidates }` for compact assertions. */
export async function openTasks(engine: WorkflowEngine, procInstId: string, tenantId = '000000') {
  const tasks = await engine.tasks(tenantId, procInstId);
  return tasks.map((t) => ({ key: t.taskDefKey, name: t.name, assignee: t.assignee, users: t.candidateUsers, groups: t.candidateGroups, id: t.id }));
}
