/** What the files of this module share: the module context, the numbering service and a few helpers. */
import { type FieldDef, isIdText } from '@hjl/core';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { NumberingService } from '../../platform/numbering/index.ts';
import { firmClock, type FirmClock } from '../../platform/time/index.ts';
import type { ApprovalKit } from '../approval/api.ts';
import type { DictStores } from '../dict/api.ts';
import type { StatisticsRegistry } from '../statistics/api.ts';

export interface ProjectModuleContext extends ModuleContext {
  approval: ApprovalKit;
  dicts: DictStores;
  statistics: StatisticsRegistry;
}

export interface Shared {
  ctx: ProjectModuleContext;
  numbering: NumberingService;
  /** Dictionary labels of a field (exports). */
  dictionary(user: AuthUser, field: FieldDef): Promise<{ key: string; label: string }[]>;
  /** The keys of a business dictionary of the caller's tenant. */
  dictKeys(tenantId: string, code: string): Promise<Set<string>>;
  /** Today, now and the month in the firm's zone (`config.timeZone`). */
  clock: FirmClock;
}

export function shared(ctx: ProjectModuleContext, numbering: NumberingService): Shared {
  return {
    ctx,
    numbering,
    dictionary: ctx.dicts.optionsOf,
    dictKeys: async (tenantId, code) => new Set((await ctx.dicts.biz.items(tenantId, code)).map((d) => String(d.dictKey))),
    clock: firmClock(ctx.config.timeZone),
  };
}

/** Drops the fields a client never writes (the server keeps them). */
export function stripServerFields(data: Row, fields: readonly string[]): void {
  for (const f of fields) delete data[f];
}

/** Refuses an end before a start (both yyyy-MM-dd), either taken from the change or else from the stored record. */
export function checkDates(data: Row, current: Row | undefined, start: string, end: string, message: string): void {
  const s = data[start] !== undefined ? data[start] : current?.[start];
  const e = data[end] !== undefined ? data[end] : current?.[end];
  if (typeof s === 'string' && typeof e === 'string' && s && e && e < s) throw fail(message);
}

/** A query value as one id (a string of digits), or undefined. */
export function idOf(v: unknown): string | undefined {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return isIdText(s) && s !== '0' ? s : undefined;
}
