/**
 * The reviews of a project's deliverables (三级复核, BUSINESS.md WP2): 二级复核 (`POST hjlProject/start/two/audit`,
 * process secondCheck) and 三级审定 (`POST hjlProject/start/three/audit`, process thirdCheck), each a record of its
 * own on the approval kit (its status follows its process; 重新提交 with its id after a rejection). Rules, checked in
 * the start's transaction with the project locked: the project's 立项 is approved; a review is not started twice
 * while one is under approval or approved; 三级审定 only after an approved 二级复核 (`请先完成二级复核`). The project
 * follows its reviews: 二审中 while the second runs or once it is approved, 三审中, 已完成 when the third is approved
 * (finished today), back a step when one is rejected or withdrawn.
 */
import { APPROVAL_STATUS, PROJECT_MSG, PROJECT_STATUS, projectEntity, projectSecondCheckEntity, projectThirdCheckEntity, type EntityDef } from '@hjl/core';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import { columnOf, type EntityTable } from '../../platform/crud/table.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { fail } from '../../platform/http/errors.ts';
import type { Shared } from './context.ts';
import { projects, secondChecks, thirdChecks } from './schema.ts';

const OPEN = [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved];

export function registerChecks(s: Shared, projectRepo: EntityRepo): { second: EntityRepo; third: EntityRepo } {
  const { ctx } = s;
  const register = ({ level, def, table, path }: { level: 2 | 3; def: EntityDef; table: EntityTable; path: string }) => {
    const projectIdCol = columnOf(table, 'projectId');
    return ctx.approval.register(def, table, {
      parent: projectRepo,
      startAt: [path],
      async beforeStart(user, record) {
        const project = await projectRepo.detail(user, String(record.projectId));
        if (!project) throw fail(PROJECT_MSG.missing);
        // The process title and variables name the project.
        record.projectName = project.projectName;
      },
      async inTransaction(tx, _user, change) {
        const row = firstRow(await tx.select({ projectId: projectIdCol }).from(table).where(eq(table.id, change.id)), 'review just written');
        const projectId = String(row.projectId);
        const [project] = await tx.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId)).for('update');
        if (Number(project?.status) !== APPROVAL_STATUS.approved) throw fail(PROJECT_MSG.notApproved);
        const open = async (t: EntityTable, exceptId?: string) =>
          (
            await tx
              .select({ id: t.id })
              .from(t)
              .where(and(eq(columnOf(t, 'projectId'), projectId), eq(t.isDeleted, 0), inArray(t.status, OPEN), exceptId ? ne(t.id, exceptId) : undefined))
              .limit(1)
          ).length > 0;
        if (level === 2) {
          if (await open(secondChecks, change.id)) throw fail(PROJECT_MSG.checkRunning);
          if (await open(thirdChecks)) throw fail(PROJECT_MSG.threeRunning);
        } else {
          const [passed] = await tx
            .select({ id: secondChecks.id })
            .from(secondChecks)
            .where(and(eq(secondChecks.projectId, projectId), eq(secondChecks.isDeleted, 0), eq(secondChecks.status, APPROVAL_STATUS.approved)))
            .limit(1);
          if (!passed) throw fail(PROJECT_MSG.twoFirst);
          if (await open(thirdChecks, change.id)) throw fail(PROJECT_MSG.checkRunning);
        }
      },
      async onStatus(tx, record, status) {
        const [row] = await tx.select({ projectId: projectIdCol }).from(table).where(eq(table.id, record.id));
        if (!row) return;
        const where = eq(projects.id, String(row.projectId));
        const running = status === APPROVAL_STATUS.approving;
        const passed = status === APPROVAL_STATUS.approved;
        if (level === 2) {
          const projectStatus = running || passed ? PROJECT_STATUS.secondCheck : PROJECT_STATUS.running;
          await tx.update(projects).set({ twoAudit: status, projectStatus }).where(where);
        } else {
          const projectStatus = running ? PROJECT_STATUS.thirdCheck : passed ? PROJECT_STATUS.done : PROJECT_STATUS.secondCheck;
          await tx
            .update(projects)
            .set({ threeAudit: status, projectStatus, ...(passed ? { endDate: s.clock.today() } : {}) })
            .where(where);
        }
      },
    });
  };
  return {
    second: register({ level: 2, def: projectSecondCheckEntity, table: secondChecks, path: `${projectEntity.api}/start/two/audit` }),
    third: register({ level: 3, def: projectThirdCheckEntity, table: thirdChecks, path: `${projectEntity.api}/start/three/audit` }),
  };
}
