/** What the files of the guarantee-money module share: the module context, the project module, the clock. */
import type { FieldDef } from '@hjl/core';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { firmClock, type FirmClock } from '../../platform/time/index.ts';
import type { ApprovalKit } from '../approval/api.ts';
import type { DictStores } from '../dict/api.ts';
import type { ProjectModule } from '../project/api.ts';

export interface DepositModuleContext extends ModuleContext {
  approval: ApprovalKit;
  dicts: DictStores;
  /** The project a deposit is for: its parent, and the data scope of project staff (their projects' deposits). */
  projects: ProjectModule;
}

export interface DepositShared {
  ctx: DepositModuleContext;
  projects: ProjectModule;
  /** Today and now in the firm's zone (`config.timeZone`). */
  clock: FirmClock;
  /** Dictionary labels of a field (exports). */
  dictionary(user: AuthUser, field: FieldDef): Promise<{ key: string; label: string }[]>;
}

export function shared(ctx: DepositModuleContext): DepositShared {
  return { ctx, projects: ctx.projects, clock: firmClock(ctx.config.timeZone), dictionary: ctx.dicts.optionsOf };
}
