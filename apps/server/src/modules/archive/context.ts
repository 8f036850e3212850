/** What the files of the archive module share: the module context, the project module, the clock and a few helpers. */
import type { FieldDef } from '@hjl/core';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Db } from '../../platform/db/index.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { NumberingService } from '../../platform/numbering/index.ts';
import { firmClock, type FirmClock } from '../../platform/time/index.ts';
import type { ApprovalKit } from '../approval/api.ts';
import type { DictStores } from '../dict/api.ts';
import { postIdsOfCode } from '../org/api.ts';
import type { ExpireNoticeInput, ProjectModule } from '../project/api.ts';
import { roleIdsOfAlias } from '../system/api.ts';
import { usersHoldingAny } from '../user/api.ts';

export interface ArchiveModuleContext extends ModuleContext {
  approval: ApprovalKit;
  dicts: DictStores;
  /** Projects (BUSINESS.md WP2): what is archived, their persons' shares, and the data scope of project staff. */
  projects: ProjectModule;
}

export interface ArchiveShared {
  ctx: ArchiveModuleContext;
  db: Db;
  projects: ProjectModule;
  numbering: NumberingService;
  clock: FirmClock;
  dictionary(user: AuthUser, field: FieldDef): Promise<{ key: string; label: string }[]>;
  /** The tenant's records clerks: live holders of the role 档案管理员 (alias `archive`) or the post 资料员 (`archivist`). */
  clerks(tenantId: string): Promise<string[]>;
  addExpireNotices(notices: ExpireNoticeInput[]): Promise<number>;
}

/** Role alias and post code of the records clerk (APPROVERS.archive is the post). */
export const CLERK_ROLE = 'archive';
export const CLERK_POST = 'archivist';

export function shared(ctx: ArchiveModuleContext, numbering: NumberingService): ArchiveShared {
  const db = ctx.database.db;
  return {
    ctx,
    db,
    projects: ctx.projects,
    numbering,
    clock: firmClock(ctx.config.timeZone),
    dictionary: ctx.dicts.optionsOf,
    async clerks(tenantId) {
      return usersHoldingAny(db, tenantId, {
        roleIds: await roleIdsOfAlias(db, tenantId, CLERK_ROLE),
        postIds: await postIdsOfCode(db, tenantId, CLERK_POST),
      });
    },
    addExpireNotices: (notices) => ctx.projects.addExpireNotices(notices),
  };
}
