/**
 * The user's lists (待办, 待签, 我的请求, 已办, 办结, 抄送: the engine's paged lists, `WorkflowQueries`) and the
 * start list (新建流程): the latest active definitions the user may start, by category and name.
 */
import { z } from 'zod';
import type { AuthUser } from '../../../platform/auth/user.ts';
import { page } from '../../../platform/http/envelope.ts';
import { parseOrFail } from '../../../platform/http/route.ts';
import { categoryAndBelow, categoryNameOf, tenantCategories } from '../design-catalog.ts';
import { startableKeys } from '../design-scope.ts';
import type { ListKind } from '../engine/index.ts';
import type { ProcessContext } from './context.ts';

/** One page of a user's list (the filters are the list's whitelisted fields). */
export function listPage(c: ProcessContext, user: AuthUser, kind: ListKind, input: Record<string, unknown>) {
  return c.queries.page(kind, user.tenantId, user.userId, input);
}

/** What the start check needs of the user, read once for a whole start list (groups only when a model names some). */
export interface StarterFacts {
  scopeAllows: ReadonlySet<string>;
  groups: () => Promise<ReadonlySet<string>>;
}

export async function starterFacts(c: ProcessContext, user: AuthUser, keys: string[]): Promise<StarterFacts> {
  let groups: Promise<ReadonlySet<string>> | undefined;
  return {
    scopeAllows: await startableKeys(c.wf.db, user, keys),
    groups: () => (groups ??= starterGroups(c, user)),
  };
}

/** The user's groups, as the BPMN's candidate starter groups name them. */
export const starterGroups = (c: ProcessContext, user: AuthUser): Promise<ReadonlySet<string>> =>
  c.wf.identity.groupsOf(c.wf.db, user.tenantId, user.userId).then((g) => new Set(g));

/**
 * Whether the user may start a definition: one of the BPMN's candidate starters (everyone when it names none)
 * and within the designed model's scope (模型权限; everyone when it has none).
 */
export async function mayStart(c: ProcessContext, user: AuthUser, definitionId: string, key: string, facts?: StarterFacts) {
  const m = await c.engine.model(definitionId);
  const f = facts ?? (await starterFacts(c, user, [key]));
  if (!f.scopeAllows.has(key)) return false;
  if (!m.candidateStarterUsers.length && !m.candidateStarterGroups.length) return true;
  if (m.candidateStarterUsers.includes(user.userId) || m.candidateStarterUsers.includes(user.account)) return true;
  const groups = await f.groups();
  return m.candidateStarterGroups.some((g) => groups.has(g));
}

const startListQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).default(10),
  category: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
  processDefinitionName: z.string().max(255).optional(),
});

/**
 * 新建流程: the latest active definitions of the tenant the user may start, by category (a category takes those
 * below it too), paged; each with its category's name and its deploy time (also as BladeX's `deploymentTime`).
 */
export async function startList(c: ProcessContext, user: AuthUser, input: Record<string, unknown>) {
  const q = parseOrFail(startListQuery, input);
  const name = q.name ?? q.processDefinitionName;
  const categories = await tenantCategories(c.wf.db, user.tenantId);
  const rows = await c.engine.latestActiveDefinitions(user.tenantId, {
    ...(q.category ? { categories: categoryAndBelow(categories, q.category) } : {}),
    ...(name ? { name } : {}),
  });
  const facts = await starterFacts(
    c,
    user,
    rows.map((r) => r.key),
  );
  const allowed = [];
  for (const r of rows) {
    if (!(await mayStart(c, user, r.id, r.key, facts))) continue;
    allowed.push({
      id: r.id,
      processDefinitionId: r.id,
      processDefinitionKey: r.key,
      key: r.key,
      name: r.name,
      processDefinitionName: r.name,
      version: r.version,
      category: r.category,
      categoryName: categoryNameOf(categories, r.category) ?? null,
      description: r.description,
      deploymentId: r.deploymentId,
      deployTime: r.deployTime,
      deploymentTime: r.deployTime,
      suspensionState: r.suspensionState,
    });
  }
  const size = Math.min(q.size, await c.maxSize(user.tenantId));
  return page(allowed.slice((q.current - 1) * size, q.current * size), allowed.length, q.current, size);
}
