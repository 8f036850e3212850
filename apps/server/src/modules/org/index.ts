/** Organisation: departments, posts, regions and top menus (API.md, "Organisation"). */
import type { ModuleContext } from '../../platform/module.ts';
import { deptRefResolver, postRefResolver, regionRefResolver } from './api.ts';
import type { SystemAccess } from '../system/api.ts';
import { registerDept } from './dept.ts';
import { registerPost } from './post.ts';
import { registerRegion } from './region.ts';
import { registerRegionExcel } from './region-excel.ts';
import { registerSearch } from './search.ts';
import { registerTopMenu } from './topmenu.ts';

export function registerOrg(ctx: ModuleContext & { systemAccess: SystemAccess }) {
  ctx.refs.register('region', regionRefResolver(ctx.database.db));
  ctx.refs.register('dept', deptRefResolver(ctx.database.db));
  ctx.refs.register('post', postRefResolver(ctx.database.db));
  registerDept(ctx);
  registerPost(ctx);
  registerRegionExcel(ctx, registerRegion(ctx));
  registerTopMenu(ctx);
  registerSearch(ctx);
}
