/** /api/blade-desk: notices. */
import { noticeEntity } from '@hjl/core';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { notices } from './schema.ts';

export function registerDesk(ctx: ModuleContext) {
  registerEntityRoutes(ctx.route, ctx.repo(noticeEntity, notices), ctx.access);
}
