/** What the files of the project-money module share: the module context, the project module and a few helpers. */
import type { FieldDef } from '@hjl/core';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { firmClock, type FirmClock } from '../../platform/time/index.ts';
import type { ApprovalKit } from '../approval/api.ts';
import type { DictStores } from '../dict/api.ts';
import type { ProjectModule } from '../project/api.ts';
import type { StatisticsRegistry } from '../statistics/api.ts';
import { userNames } from '../user/api.ts';

export interface MoneyModuleContext extends ModuleContext {
  approval: ApprovalKit;
  dicts: DictStores;
  /** Contracts and projects (BUSINESS.md WP2): the parent of every record here, and the data scope of project staff. */
  projects: ProjectModule;
  /** The workbench and cockpit statistics (report.ts registers the money figures). */
  statistics: StatisticsRegistry;
}

export interface MoneyShared {
  ctx: MoneyModuleContext;
  projects: ProjectModule;
  /** Today and now in the firm's zone (`config.timeZone`). */
  clock: FirmClock;
  /** Dictionary labels of a field (exports). */
  dictionary(user: AuthUser, field: FieldDef): Promise<{ key: string; label: string }[]>;
  /** Rows with `userName` for their `userId`. */
  withUserNames(tenantId: string, rows: Row[]): Promise<Row[]>;
  /** The live users of the tenant among `ids`. */
  liveUserIds(tenantId: string, ids: readonly string[]): Promise<Set<string>>;
}

export function shared(ctx: MoneyModuleContext): MoneyShared {
  const db = ctx.database.db;
  return {
    ctx,
    projects: ctx.projects,
    clock: firmClock(ctx.config.timeZone),
    dictionary: ctx.dicts.optionsOf,
    async withUserNames(tenantId, rows) {
      const names = await userNames(
        db,
        tenantId,
        rows.map((r) => (r.userId == null ? null : String(r.userId))),
      );
      return rows.map((r) => ({ ...r, userName: names.get(String(r.userId)) ?? null }));
    },
    async liveUserIds(tenantId, ids) {
      return ctx.refs.resolver('user').existing(tenantId, ids);
    },
  };
}
