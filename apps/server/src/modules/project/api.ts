/**
 * What other modules may use of contracts and the project register (the only file of this module they import):
 * the `project`, `contract` and `task_template` reference kinds, and the module's public surface (ProjectModule,
 * handed to later areas by app.ts — project money (BUSINESS.md WP3), archives, KPI): lookups confined to the caller's
 * tenant and data scope, "the projects this user works on", the SQL of the visible projects for a module's own
 * data scope, the guards of unlinking a contract (a project with collections), and expiry reminders.
 */
import {
  PROJECT_STATUS,
  fenToMoney,
  toFen,
  type auditSealEntity,
  type contractEntity,
  type projectEntity,
  type projectQualityEntity,
  type projectTaskEntity,
  type RowOf,
} from '@hjl/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor } from '../../platform/crud/repo.ts';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import type { Db } from '../../platform/db/index.ts';
import { contracts, projects, taskTemplates } from './schema.ts';

export function projectRefResolver(db: Db): RefResolver {
  return tableResolver(db, { table: projects, key: projects.id, name: projects.projectName, tenant: projects.tenantId, live: eq(projects.isDeleted, 0) });
}

export function contractRefResolver(db: Db): RefResolver {
  return tableResolver(db, {
    table: contracts,
    key: contracts.id,
    name: contracts.contractName,
    tenant: contracts.tenantId,
    live: eq(contracts.isDeleted, 0),
  });
}

export function taskTemplateRefResolver(db: Db): RefResolver {
  return tableResolver(db, {
    table: taskTemplates,
    key: taskTemplates.id,
    name: taskTemplates.templateName,
    tenant: taskTemplates.tenantId,
    live: eq(taskTemplates.isDeleted, 0),
  });
}

export type ProjectRow = RowOf<typeof projectEntity>;

/** The ids of a branch's live projects (a subquery, not run: `IN` it), for the branch's statement and its removal. */
export function branchProjectIds(db: Executor, tenantId: string, filialeId: string) {
  return db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.tenantId, tenantId), eq(projects.filialeId, filialeId), eq(projects.isDeleted, 0)));
}

/** What project money (BUSINESS.md WP3) needs of a contract: its approval status, effective amount and client. */
export interface ContractMoney {
  id: string;
  contractName: string | null;
  /** Approval status (0/1/2/3/6). */
  status: number;
  /** Its own amount plus its approved supplementary agreements' (a decimal string). */
  effectiveAmount: string;
  customerId: string | null;
}

/**
 * A live contract of the tenant for the money rules (ought income, invoiced total), in the caller's transaction;
 * `lock` holds the row (FOR UPDATE) so that concurrent collections or invoices of one contract queue on it.
 */
export async function contractMoney(tx: Executor, tenantId: string, contractId: string, lock = false): Promise<ContractMoney | undefined> {
  const q = tx
    .select({
      id: contracts.id,
      contractName: contracts.contractName,
      status: contracts.status,
      effectiveAmount: contracts.effectiveAmount,
      contractAmount: contracts.contractAmount,
      customerId: contracts.customerId,
    })
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.tenantId, tenantId), eq(contracts.isDeleted, 0)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) return undefined;
  return {
    id: String(row.id),
    contractName: (row.contractName as string | null) ?? null,
    status: Number(row.status),
    effectiveAmount: String(row.effectiveAmount ?? row.contractAmount ?? '0'),
    customerId: row.customerId === null || row.customerId === undefined ? null : String(row.customerId),
  };
}
/**
 * Each project's part of its main contract's amount (the effective amount, else the signed one), for reports over
 * projects: a contract over several projects (a framework agreement) is counted once — split by the projects' own
 * amounts (咨询费) where they have one, else all of it under its first project —, never once per linked project
 * (BUSINESS.md §1 A contract over several projects). The parts of a contract add up to its amount exactly: each is
 * rounded to the fen and the first project (by id) takes the difference. A subquery of (projectId, contractShare)
 * over the tenant's live projects with a live contract, whoever may see them (the split is the contract's).
 */
export function projectContractShares(db: Executor, tenantId: string) {
  const amount = sql`coalesce(${contracts.effectiveAmount}, ${contracts.contractAmount}, 0)`;
  const own = sql`CASE WHEN ${projects.projectAmount} > 0 THEN ${projects.projectAmount} ELSE 0 END`;
  const byContract = sql`PARTITION BY ${projects.contractId}`;
  const ownSum = sql`sum(${own}) OVER (${byContract})`;
  const parts = db
    .select({
      projectId: sql<string>`${projects.id}`.as('share_project_id'),
      contractId: sql<string>`${projects.contractId}`.as('share_contract_id'),
      amount: sql<string>`${amount}`.as('share_amount'),
      rounded: sql<string>`CASE WHEN ${ownSum} > 0 THEN round(${amount} * ${own} / ${ownSum}, 2) ELSE 0 END`.as('share_rounded'),
      k: sql<number>`row_number() OVER (${byContract} ORDER BY ${projects.id})`.as('share_k'),
    })
    .from(projects)
    .innerJoin(contracts, and(eq(contracts.id, projects.contractId), eq(contracts.tenantId, tenantId), eq(contracts.isDeleted, 0)))
    .where(and(eq(projects.tenantId, tenantId), eq(projects.isDeleted, 0)))
    .as('share_parts');
  return db
    .select({
      projectId: parts.projectId,
      contractShare: sql<string>`CASE WHEN ${parts.k} = 1
        THEN ${parts.amount} - (sum(${parts.rounded}) OVER (PARTITION BY ${parts.contractId}) - ${parts.rounded})
        ELSE ${parts.rounded} END`.as('contract_share'),
    })
    .from(parts)
    .as('contract_shares');
}

/** One project's part of its main contract's amount (projectContractShares), '0.00' without a live contract. */
export async function projectContractShare(db: Executor, tenantId: string, projectId: string): Promise<string> {
  const shares = projectContractShares(db, tenantId);
  const [row] = await db.select({ share: shares.contractShare }).from(shares).where(eq(shares.projectId, projectId));
  return fenToMoney(toFen(String(row?.share ?? '0')));
}

export type ContractRow = RowOf<typeof contractEntity>;

/**
 * A project settled (项目结算 approved, BUSINESS.md WP3): 已完成 on `endDate`, with the settlement's submitted (送审) and
 * approved (审定) amounts, in the caller's transaction (the approval's). Answers false when the project is gone.
 */
export async function completeProject(
  tx: Executor,
  tenantId: string,
  projectId: string,
  done: { endDate: string; submittedAmount?: string | null; approvedAmount?: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(projects)
    .set({
      projectStatus: PROJECT_STATUS.done,
      endDate: done.endDate,
      ...(done.submittedAmount ? { investmentAmount: done.submittedAmount } : {}),
      ...(done.approvedAmount ? { approvedAmount: done.approvedAmount } : {}),
      updateTime: sql`now()`,
    })
    .where(and(eq(projects.id, projectId), eq(projects.tenantId, tenantId), eq(projects.isDeleted, 0)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

/**
 * A project archived (档案归档 approved, BUSINESS.md WP7): 已归档, in the caller's transaction (the approval's). Only a
 * finished project moves (已完成 → 已归档); answers whether it did.
 */
export async function archiveProject(tx: Executor, tenantId: string, projectId: string): Promise<boolean> {
  const rows = await tx
    .update(projects)
    .set({ projectStatus: PROJECT_STATUS.archived, updateTime: sql`now()` })
    .where(and(eq(projects.id, projectId), eq(projects.tenantId, tenantId), eq(projects.isDeleted, 0), eq(projects.projectStatus, PROJECT_STATUS.done)))
    .returning({ id: projects.id });
  return rows.length > 0;
}

/**
 * Refuses (throws `fail(...)`) unlinking a contract from a project, e.g. once the project has collections
 * (BUSINESS.md §1: `reset/link` is refused then). Runs inside the unlink's transaction.
 */
export type UnlinkGuard = (tx: Executor, tenantId: string, projectIds: string[]) => Promise<void> | void;

/** An expiry reminder another area adds (a certificate, a deposit, a work contract ending). */
export interface ExpireNoticeInput {
  tenantId: string;
  userId: string;
  /** EXPIRE_BIZ_TYPE */
  bizType: number;
  bizId: string;
  title: string;
  /** yyyy-MM-dd */
  expireDate: string;
}

export interface ProjectModule {
  /** Projects as the caller sees them (tenant, data scope: project staff see the projects they work on). */
  projects: EntityRepo<typeof projectEntity>;
  contracts: EntityRepo<typeof contractEntity>;
  tasks: EntityRepo<typeof projectTaskEntity>;
  seals: EntityRepo<typeof auditSealEntity>;
  qualities: EntityRepo<typeof projectQualityEntity>;
  /** A project the caller may see, or undefined. */
  projectOf(user: AuthUser, id: string): Promise<ProjectRow | undefined>;
  /** A contract the caller may see, or undefined. */
  contractOf(user: AuthUser, id: string): Promise<ContractRow | undefined>;
  /**
   * The condition "`column` names a project the caller may see" (a subquery, for the lists, totals and
   * statistics of records of a project kept by another module).
   */
  visibleProjects(user: AuthUser, column: SQL | import('drizzle-orm/pg-core').AnyPgColumn): Promise<SQL>;
  /** Ids of the live projects the user works on (leader, creator or a person of it), in their tenant. */
  projectsOfUser(tenantId: string, userId: string): Promise<string[]>;
  /** Adds a guard of `reset/link` (and of relinking a project to another contract). */
  addUnlinkGuard(guard: UnlinkGuard): void;
  /** Adds reminders that are missing (one per user and record); answers how many were added. */
  addExpireNotices(notices: ExpireNoticeInput[], tx?: Executor): Promise<number>;
}
