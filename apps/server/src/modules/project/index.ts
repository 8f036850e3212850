/**
 * Contracts and the project register (BUSINESS.md §3 WP2): contracts with supplementary agreements
 * (contract.ts), projects with persons, the contract link and bid status (project.ts), tasks and templates
 * (tasks.ts), the second- and third-level reviews (checks.ts), seal requests and quality checks (seals.ts),
 * expiry reminders (notices.ts), reports and workbench statistics (report.ts). Approvals run on the approval kit;
 * numbers come from the numbering service (platform/numbering) in the save's transaction; project staff see the
 * projects they work on and those projects' records (members.ts). What other modules use is in api.ts.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/auth/user.ts';
import { NumberingService } from '../../platform/numbering/index.ts';
import { contractRefResolver, projectRefResolver, taskTemplateRefResolver, type ContractRow, type ProjectModule, type ProjectRow } from './api.ts';
import { registerChecks } from './checks.ts';
import { shared, type ProjectModuleContext } from './context.ts';
import { registerContracts } from './contract.ts';
import { registerNotices } from './notices.ts';
import { registerProjects } from './project.ts';
import { registerReports } from './report.ts';
import { auditSeals, contracts, projects, qualities, secondChecks, thirdChecks } from './schema.ts';
import { registerSeals } from './seals.ts';
import { registerTasks } from './tasks.ts';

export type { ProjectModuleContext } from './context.ts';

export function registerProject(ctx: ProjectModuleContext): ProjectModule {
  const db = ctx.database.db;
  ctx.refs.register('project', projectRefResolver(db));
  ctx.refs.register('contract', contractRefResolver(db));
  ctx.refs.register('task_template', taskTemplateRefResolver(db));
  const s = shared(ctx, new NumberingService(ctx.database, ctx.params, ctx.config.timeZone));
  const engine = ctx.approval.services.wf.engine;

  /** Every instance of the records of `table` whose `column` is `id` (a project's reviews, a contract's agreements). */
  const instancesOfRecords = async (tenantId: string, table: typeof contracts | typeof secondChecks, column: AnyPgColumn, id: string, name: string) => {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(sql`${column} = ${id} AND ${table.tenantId} = ${tenantId} AND ${table.isDeleted} = 0`);
    const out: string[] = [];
    for (const r of rows) for (const i of await engine.instancesOf(tenantId, `${name}:${String(r.id)}`)) out.push(i.id);
    return out;
  };

  const contract = registerContracts(s, (tenantId, id) => instancesOfRecords(tenantId, contracts, contracts.parentId, id, 'hjl_contract'));
  const project = registerProjects(s, {
    contracts: contract.repo,
    guards: contract.guards,
    relatedInstances: async (tenantId, id) => [
      ...(await instancesOfRecords(tenantId, secondChecks, secondChecks.projectId, id, 'hjl_project_second_check')),
      ...(await instancesOfRecords(tenantId, thirdChecks, thirdChecks.projectId, id, 'hjl_project_third_check')),
      ...(await instancesOfRecords(tenantId, auditSeals as never, auditSeals.projectId, id, 'hjl_audit_seal')),
      ...(await instancesOfRecords(tenantId, qualities as never, qualities.projectId, id, 'hjl_project_quality')),
    ],
  });
  const tasks = registerTasks(s, project.repo);
  registerChecks(s, project.repo);
  const sealParts = registerSeals(s, project.repo, project.persons);
  const notices = registerNotices(s);
  registerReports(s, { contracts: contract.repo, projects: project.repo, tasks: tasks.repo });

  const projectRepo = project.repo;
  return {
    projects: projectRepo,
    contracts: contract.repo,
    tasks: tasks.repo,
    seals: sealParts.seals as never,
    qualities: sealParts.qualities as never,
    projectOf: (user: AuthUser, id: string) => projectRepo.detail(user, id) as Promise<ProjectRow | undefined>,
    contractOf: (user: AuthUser, id: string) => contract.repo.detail(user, id) as Promise<ContractRow | undefined>,
    async visibleProjects(user: AuthUser, column: SQL | AnyPgColumn): Promise<SQL> {
      const scope = await projectRepo.scope(user);
      return inArray(
        column as AnyPgColumn,
        db
          .select({ id: projects.id })
          .from(projects)
          .where(sql.join(scope, sql` AND `)),
      );
    },
    async projectsOfUser(tenantId: string, userId: string) {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(
          sql`${projects.tenantId} = ${tenantId} AND ${projects.isDeleted} = 0 AND string_to_array(${projects.memberUsers}, ',') && ARRAY[${userId}]::text[]`,
        );
      return rows.map((r) => String(r.id));
    },
    addUnlinkGuard: (guard) => void contract.guards.push(guard),
    addExpireNotices: notices.add,
  };
}
