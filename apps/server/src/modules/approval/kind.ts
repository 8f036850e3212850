/**
 * One approvable definition as the kit's parts share it (kit.ts): the definition, its table and repository, and
 * who may read one of its records — the caller's scope with the menu code, or a part in one of its processes.
 */
import { approvalBusinessKey, permissionCodes, type ApprovalDef, type EntityDef } from '@hjl/core';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Row } from '../../platform/crud/repo.ts';
import type { EntityTable } from '../../platform/crud/table.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { BatchApprovals } from './batch.ts';
import type { ApprovalOptions } from './kit.ts';
import type { ApprovalServices } from './services.ts';

export interface Approvable<D extends EntityDef> {
  ctx: ModuleContext;
  services: ApprovalServices;
  batches: BatchApprovals;
  def: D;
  approval: ApprovalDef;
  /** Used loosely: its queries name columns by key at run time; the rows are typed where they leave the kit. */
  table: EntityTable;
  opts: ApprovalOptions<D>;
  repo: EntityRepo<D>;
  codes: ReturnType<typeof permissionCodes>;
  businessKey(id: string): string;
  /** The area's conditions narrowing who sees what (`visible`), none by default. */
  visibleConds(user: AuthUser): Promise<SQL[]>;
  /**
   * Every instance a record has had, newest first: its own (business key), those of the batches it was in and
   * those of the records that belong to it (relatedInstances).
   */
  instancesOf(tenantId: string, id: string): ReturnType<ApprovalServices['wf']['engine']['instancesOf']>;
  /** The record with `where` when the caller may read it: in their scope (with the menu code), or in its process. */
  readable(user: AuthUser, where: SQL[]): Promise<Row>;
}

export function approvable<D extends EntityDef>(
  ctx: ModuleContext,
  services: ApprovalServices,
  batches: BatchApprovals,
  def: D,
  table: EntityTable,
  opts: ApprovalOptions<D>,
): Approvable<D> {
  if (!def.approval) throw new Error(`${def.name} declares no approval`);
  const { wf } = services;
  const codes = permissionCodes(def);
  const repo = ctx.repo(def, table, opts.parent);
  const businessKey = (id: string) => approvalBusinessKey(def.table, id);
  const visibleConds = async (user: AuthUser) => (opts.visible ? await opts.visible(user) : []);

  const instancesOf = async (tenantId: string, id: string) => {
    const own = await wf.engine.instancesOf(tenantId, businessKey(id));
    const inBatches = [];
    for (const p of [...(await batches.instancesWith(tenantId, def.name, id)), ...((await opts.relatedInstances?.(tenantId, id)) ?? [])]) {
      const h = await wf.engine.processInstance(tenantId, p);
      if (h) inBatches.push(h);
    }
    return [...own, ...inBatches].sort((a, b) => b.startTime.localeCompare(a.startTime) || (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
  };

  const readable = async (user: AuthUser, where: SQL[]): Promise<Row> => {
    const granted = await ctx.access.permissions(user);
    if (granted.has(codes.view)) {
      const row = await repo.find(user, [...where, ...(await visibleConds(user))]);
      if (row) return row;
    }
    const [row] = await ctx.database.db
      .select()
      .from(table)
      .where(and(eq(table.tenantId, user.tenantId), eq(table.isDeleted, 0), ...where))
      .limit(1);
    if (!row) throw notFound();
    for (const i of await instancesOf(user.tenantId, String(row.id))) if (await services.queries.involved(user.tenantId, i.id, user.userId)) return row as Row;
    throw forbidden('您没有查看该数据的权限');
  };

  return { ctx, services, batches, def, approval: def.approval, table, opts, repo, codes, businessKey, visibleConds, instancesOf, readable };
}
