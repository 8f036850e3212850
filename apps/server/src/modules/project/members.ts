/**
 * Who works on a project and who may see a contract (BUSINESS.md §1 "Data scope per business menu"): the
 * project's `member_users` is its leader, its creator and its persons; a contract's is its handler, its creator
 * and the members of the projects linked to it (a supplementary agreement's: those of its main contract's
 * projects). Both are comma lists the seeded data scopes 本人参与的项目 / 参与项目的合同 (type 本人, column
 * member_users) match against the caller; they are kept here, in the transaction of every change that moves them.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/crud/repo.ts';
import { contracts, projects } from './schema.ts';

const idArray = (ids: readonly string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::bigint[]`;

/** Recomputes the members of these projects, then of their contracts. */
export async function refreshProjectMembers(tx: Executor, projectIds: readonly string[]): Promise<void> {
  const ids = [...new Set(projectIds)];
  if (!ids.length) return;
  await tx.execute(sql`UPDATE hjl_project p SET member_users = (
      SELECT string_agg(DISTINCT u, ',' ORDER BY u) FROM (
        SELECT p.leader_user::text AS u
        UNION ALL SELECT p.create_user::text
        UNION ALL SELECT pp.user_id::text FROM hjl_project_person pp WHERE pp.project_id = p.id AND pp.is_deleted = 0
      ) x WHERE u IS NOT NULL)
    WHERE p.id = ANY(${idArray(ids)})`);
  const linked = await tx
    .selectDistinct({ id: projects.contractId })
    .from(projects)
    .where(sql`${projects.id} = ANY(${idArray(ids)}) AND ${projects.contractId} IS NOT NULL`);
  await refreshContractMembers(
    tx,
    linked.map((r) => String(r.id)),
  );
}

/** Recomputes the members of these contracts and of their supplementary agreements. */
export async function refreshContractMembers(tx: Executor, contractIds: readonly string[]): Promise<void> {
  const ids = [...new Set(contractIds)];
  if (!ids.length) return;
  await tx.execute(sql`UPDATE hjl_contract c SET member_users = (
      SELECT string_agg(DISTINCT u, ',' ORDER BY u) FROM (
        SELECT c.handler_user::text AS u
        UNION ALL SELECT c.create_user::text
        UNION ALL SELECT unnest(string_to_array(p.member_users, ',')) FROM hjl_project p
          WHERE p.contract_id = coalesce(c.parent_id, c.id) AND p.is_deleted = 0
      ) x WHERE u IS NOT NULL AND u <> '')
    WHERE c.id = ANY(${idArray(ids)}) OR c.parent_id = ANY(${idArray(ids)})`);
}

/** Keeps a contract's link status (and its agreements') in step with the live projects linked to it. */
export async function refreshLinkStatus(tx: Executor, contractIds: readonly string[]): Promise<void> {
  const ids = [...new Set(contractIds)];
  if (!ids.length) return;
  await tx.execute(sql`UPDATE ${contracts} c SET link_status = CASE WHEN EXISTS (
      SELECT 1 FROM hjl_project p WHERE p.contract_id = coalesce(c.parent_id, c.id) AND p.is_deleted = 0) THEN 1 ELSE 0 END
    WHERE c.id = ANY(${idArray(ids)}) OR c.parent_id = ANY(${idArray(ids)})`);
}

/** Sets a main contract's effective amount: its own plus its approved supplementary agreements'. */
export async function refreshEffectiveAmount(tx: Executor, contractId: string): Promise<void> {
  await tx.execute(sql`UPDATE hjl_contract m SET effective_amount = coalesce(m.contract_amount, 0) + coalesce((
      SELECT sum(r.contract_amount) FROM hjl_contract r WHERE r.parent_id = m.id AND r.status = 2 AND r.is_deleted = 0), 0)
    WHERE m.id = (SELECT coalesce(x.parent_id, x.id) FROM hjl_contract x WHERE x.id = ${contractId})`);
}
