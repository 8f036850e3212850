/**
 * The demo company's business processes (APPROVAL_PROCESSES, BUSINESS.md WP1), made on every start when missing:
 * a deployed model of each process key in the demo tenant — approvers by the tenant's posts and roles, in its
 * workflow category — and the route-key dictionary `wf_route` (dictKey = the business form, remark = the process
 * key, S2 L187) with one entry per process. The leave process's category is the real 行政审批/请假 (it was deployed
 * under a category code no category had).
 */
import { APPROVAL_PROCESSES, APPROVERS, LEAVE_PROCESS_KEY, type ApproverKind } from '@hjl/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { processBpmn, type ApproverIds } from '../modules/approval/models.ts';
import { ROUTE_DICT } from '../modules/approval/services.ts';
import { dictBiz } from '../modules/dict/schema.ts';
import { posts } from '../modules/org/schema.ts';
import { roles } from '../modules/system/schema.ts';
import { users } from '../modules/user/schema.ts';
import { createWorkflowModule } from '../modules/workflow/index.ts';
import { wfCategories } from '../modules/workflow/schema.ts';
import { LEAVE_BPMN } from '../modules/workflow/models/leave.ts';

/** The category id of a path of names (`行政审批`, `请假`): the deepest that exists. */
async function categoryOf(database: Database, tenantId: string, path: readonly string[]): Promise<string | undefined> {
  const rows = await database.db
    .select({ id: wfCategories.id!, name: wfCategories.name!, parentId: wfCategories.parentId! })
    .from(wfCategories)
    .where(and(eq(wfCategories.tenantId!, tenantId), eq(wfCategories.isDeleted!, 0)));
  let parent = '0';
  let found: string | undefined;
  for (const name of path) {
    const row = rows.find((r) => r.name === name && String(r.parentId) === parent);
    if (!row) break;
    found = parent = String(row.id);
  }
  return found;
}

export async function seedProcesses(database: Database, config: Config, tenantId: string) {
  const db = database.db;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')))
    .limit(1);
  if (!admin) return;
  const deployed = new Set((await database.raw(`SELECT DISTINCT key FROM blade_wf_procdef WHERE tenant_id = $1`, [tenantId])).map((r) => String(r.key)));
  const { engine } = createWorkflowModule({ database, config });

  const leaveCategory = await categoryOf(database, tenantId, ['行政审批', '请假']);
  if (!deployed.has(LEAVE_PROCESS_KEY))
    await engine.deploy(tenantId, LEAVE_BPMN, { name: '请假流程', resourceName: 'leave.bpmn20.xml', ...(leaveCategory ? { category: leaveCategory } : {}) });
  else if (leaveCategory)
    await database.raw(`UPDATE blade_wf_procdef SET category = $1 WHERE tenant_id = $2 AND key = $3 AND category = 'office'`, [
      leaveCategory,
      tenantId,
      LEAVE_PROCESS_KEY,
    ]);

  // The posts and roles that approve (部门经理, 财务, 总经理, 人事, 资料员, 出纳).
  const kinds = Object.keys(APPROVERS) as ApproverKind[];
  const postRows = await db
    .select({ id: posts.id, code: posts.postCode })
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.isDeleted, 0)));
  const roleRows = await db
    .select({ id: roles.id, alias: roles.roleAlias })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)));
  const ids: Partial<ApproverIds> = {};
  for (const k of kinds) {
    const a = APPROVERS[k];
    const id = a.by === 'post' ? postRows.find((p) => p.code === a.code)?.id : roleRows.find((r) => r.alias === a.code)?.id;
    if (id) ids[k] = { type: a.by, id: String(id) };
  }
  for (const proc of APPROVAL_PROCESSES) {
    if (deployed.has(proc.key)) continue;
    const needs: ApproverKind[] = [...proc.steps, ...(proc.threshold ? (['gm'] as const) : []), ...(proc.twoStep ? (['cashier'] as const) : [])];
    if (needs.some((k) => !ids[k])) continue; // a tenant without the post or role: nobody could approve it
    const category = await categoryOf(database, tenantId, proc.category);
    await engine.deploy(tenantId, processBpmn(proc, ids as ApproverIds), {
      name: proc.name,
      resourceName: `${proc.key}.bpmn20.xml`,
      ...(category ? { category } : {}),
    });
  }

  // The route-key dictionary: one entry per business form (an administrator re-points a form by its remark).
  const audit = { tenantId, createUser: admin.id, updateUser: admin.id };
  let [root] = await db
    .select({ id: dictBiz.id })
    .from(dictBiz)
    .where(and(eq(dictBiz.tenantId, tenantId), eq(dictBiz.code, ROUTE_DICT), eq(dictBiz.parentId, '0')))
    .limit(1);
  if (!root) {
    root = { id: nextId() };
    await db.insert(dictBiz).values({ id: root.id, ...audit, parentId: '0', code: ROUTE_DICT, dictKey: '-1', dictValue: '流程路由', sort: 90 });
  }
  const present = new Set(
    (
      await db
        .select({ key: dictBiz.dictKey })
        .from(dictBiz)
        .where(
          and(
            eq(dictBiz.tenantId, tenantId),
            eq(dictBiz.parentId, root.id),
            inArray(
              dictBiz.dictKey,
              APPROVAL_PROCESSES.map((p) => p.form),
            ),
          ),
        )
    ).map((r) => r.key),
  );
  const missing = APPROVAL_PROCESSES.map((p, i) => ({ p, i })).filter(({ p }) => !present.has(p.form));
  if (missing.length)
    await db.insert(dictBiz).values(
      missing.map(({ p, i }) => ({
        id: nextId(),
        ...audit,
        parentId: root.id,
        code: ROUTE_DICT,
        dictKey: p.form,
        dictValue: p.name,
        remark: p.key,
        sort: i + 1,
      })),
    );
}
