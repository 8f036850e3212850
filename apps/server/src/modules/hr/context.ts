/** What the files of the people area share: the module context, dictionary labels, today, self-service. */
import { HR_MSG, type EntityDef, type FieldDef } from '@hjl/core';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Row } from '../../platform/crud/repo.ts';
import type { EntityHooks } from '../../platform/crud/routes.ts';
import type { EntityTable } from '../../platform/crud/table.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { firmClock, type FirmClock } from '../../platform/time/index.ts';
import type { ApprovalKit } from '../approval/api.ts';
import type { DictStores } from '../dict/api.ts';
import type { StatisticsRegistry } from '../statistics/api.ts';

export interface HrModuleContext extends ModuleContext {
  dicts: DictStores;
  /** The workbench statistics (人事统计 registers 最高学历分布 and 证书统计 on it). */
  statistics?: StatisticsRegistry;
  /** The approval kit: the office approvals (office.ts) go through it. */
  approval: ApprovalKit;
}

export interface HrShared {
  ctx: HrModuleContext;
  /** Dictionary labels of a field (exports). */
  dictionary(user: AuthUser, field: FieldDef): Promise<{ key: string; label: string }[]>;
  /** Today, now and the month in the firm's zone (`config.timeZone`). */
  clock: FirmClock;
  /**
   * Whether the caller's data scope on the menu narrows the records to their own (a staff member's self-service,
   * 本人可见 on `user_id`), rather than showing every person's (HR, leaders, administrators).
   */
  selfOnly(user: AuthUser, def: EntityDef, table: PgTable): Promise<boolean>;
}

export function shared(ctx: HrModuleContext): HrShared {
  return {
    ctx,
    dictionary: ctx.dicts.optionsOf,
    clock: firmClock(ctx.config.timeZone),
    async selfOnly(user, def, table) {
      const columns = getTableColumns(table) as Record<string, PgColumn>;
      const byName = Object.fromEntries(Object.values(columns).map((c) => [c.name, c]));
      const owner = columns[def.owner ?? 'createUser'];
      const createDept = columns.createDept;
      if (!owner || !createDept) throw new Error(`${def.table} has no owner or createDept column`);
      return (await ctx.access.dataScope(user, def.name, { createUser: owner, createDept, byName })) !== undefined;
    },
  };
}

/** Refuses an end before a start (both yyyy-MM-dd), either taken from the change or else from the stored record. */
export function checkDates(data: Row, current: Row | undefined, start: string, end: string, message: string): void {
  const s = data[start] !== undefined ? data[start] : current?.[start];
  const e = data[end] !== undefined ? data[end] : current?.[end];
  if (typeof s === 'string' && typeof e === 'string' && s && e && e < s) throw fail(message);
}

/** Drops the fields a client never writes (the server keeps them). */
export function stripServerFields(data: Row, fields: readonly string[]): void {
  for (const f of fields) delete data[f];
}

/** The same value for the rule "unchanged" (a date or number sent as text, blank as null). */
export const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * The hooks of a record about a person (`userId`): a caller whose data scope shows only their own records writes
 * only their own (a new one names them or nobody else); `more` adds the record's own rules.
 */
export function personHooks<D extends EntityDef>(
  s: HrShared,
  repo: EntityRepo<D>,
  table: EntityTable<D>,
  more: { check?: (user: AuthUser, data: Row, current: Row | undefined, self: boolean) => Promise<void> | void } & Omit<EntityHooks<D>, 'beforeWrite'> = {},
): EntityHooks<D> {
  const { check, ...hooks } = more;
  return {
    dictionary: s.dictionary,
    ...hooks,
    async beforeWrite(user, data, id) {
      const self = await s.selfOnly(user, repo.def, table);
      if (self && data.userId != null && String(data.userId) !== user.userId) throw fail(HR_MSG.onlyOwn);
      const current = id ? ((await repo.detail(user, id)) as Row | undefined) : undefined;
      await check?.(user, data, current, self);
    },
  };
}
