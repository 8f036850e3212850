/**
 * 项目完工 (projectCompletion, S2 L71 `/workflow/projectCompletion`), BUSINESS.md WP3 "Settlement: … after approval
 * the project status becomes 已完成 (or via `projectCompletion`)"; the settlement fee's payment is completion-pay.ts.
 *
 * A completion completes a project that has no settlement (docs/decisions.md): an approved settlement completes its
 * project by itself, so a completion is refused for a project already 已完成 and while a settlement of it is under
 * approval; one completion under approval or approved per project (checked again under a lock of the project row at
 * start). Approved, the project is 已完成 on the completion date (`project/api.ts completeProject`), unless a
 * settlement completed it meanwhile (its date stands).
 */
import { APPROVAL_STATUS, COMPLETION_MSG as MSG, PROJECT_MONEY_MSG, PROJECT_STATUS, projectCompletionEntity } from '@hjl/core';
import { eq, sql } from 'drizzle-orm';
import { anotherCounted } from '../approval/api.ts';
import type { EntityRepo, Executor } from '../../platform/crud/repo.ts';
import { executeRows } from '../../platform/db/rows.ts';
import { fail } from '../../platform/http/errors.ts';
import { completeProject } from '../project/api.ts';
import type { MoneyShared } from './context.ts';
import { projectCompletions, projectDecisions } from './schema.ts';

export function registerCompletion(s: MoneyShared) {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  const assertCompletable = async (tx: Executor, tenantId: string, projectId: string, except: string | undefined, lock = false) => {
    const q = sql`SELECT project_status AS "projectStatus", status FROM hjl_project WHERE id = ${projectId} AND tenant_id = ${tenantId} AND is_deleted = 0`;
    const [p] = await executeRows<{ projectStatus: number | null; status: number }>(tx, lock ? sql`${q} FOR UPDATE` : q);
    if (!p) throw fail(PROJECT_MONEY_MSG.projectMissing);
    if (Number(p.status) !== APPROVAL_STATUS.approved) throw fail(MSG.projectNotApproved);
    if (Number(p.projectStatus) >= PROJECT_STATUS.done) throw fail(MSG.projectDone);
    if (await anotherCounted(tx, projectDecisions, tenantId, [eq(projectDecisions.projectId, projectId)], { statuses: [APPROVAL_STATUS.approving] }))
      throw fail(MSG.settlementPending);
    if (await anotherCounted(tx, projectCompletions, tenantId, [eq(projectCompletions.projectId, projectId)], { except })) throw fail(MSG.once);
  };

  // The hooks read the stored completion by the tenant only: the kit checked the caller's scope before they run.
  const repo: EntityRepo<typeof projectCompletionEntity> = ctx.approval.register(projectCompletionEntity, projectCompletions, {
    parent: projects.projects,
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      delete data.projectName;
      const current = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      const projectId = String(data.projectId !== undefined ? data.projectId : (current?.projectId ?? ''));
      const project = await projects.projectOf(user, projectId);
      if (!project) throw fail(PROJECT_MONEY_MSG.projectMissing);
      data.projectName = project.projectName;
      await assertCompletable(db, user.tenantId, projectId, id);
    },
    async startWith(tx, user, id, record) {
      // Two completions (or a completion and a settlement) of one project started at once queue on the project row.
      await assertCompletable(tx, user.tenantId, String(record.projectId), id, true);
    },
    async onStatus(tx, rec, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      const row = await repo.tenantRow(rec.tenantId, rec.id, { tx });
      if (!row) return;
      const [p] = await executeRows<{ projectStatus: number | null }>(
        tx,
        sql`SELECT project_status AS "projectStatus" FROM hjl_project WHERE id = ${String(row.projectId)} FOR UPDATE`,
      );
      // A settlement approved meanwhile completed the project on its own date: that stands.
      if (p && Number(p.projectStatus) >= PROJECT_STATUS.done) return;
      await completeProject(tx, rec.tenantId, String(row.projectId), { endDate: String(row.completionDate) });
    },
  });
  return repo;
}
