/** /api/blade-desk: notices. */
import { noticeEntity } from '@hjl/core';
import { EntityRepo } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { notices } from './schema.ts';

export function registerDesk(ctx: ModuleContext) {
  registerEntityRoutes(ctx.route, new EntityRepo(noticeEntity, notices, ctx.database, ctx.access, ctx.config.maxPageSize), ctx.access);
}
