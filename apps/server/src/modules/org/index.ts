/** Organisation: departments, posts, regions and top menus (issue 3, "Organisation"). */
import type { ModuleContext } from '../../platform/module.ts';
import { regionRefResolver } from './api.ts';
import type { SystemAccess } from '../system/access.ts';
import { registerDept } from './dept.ts';
import { registerPost } from './post.ts';
import { registerRegion } from './region.ts';
import { registerRegionExcel } from './region-excel.ts';
import { registerSearch } from './search.ts';
import { registerTopMenu } from './topmenu.ts';

export function registerOrg(ctx: ModuleContext & { systemAccess: SystemAccess }) {
  ctx.refs.register('region', regionRefResolver(ctx.database.db));
  registerDept(ctx);
  registerPost(ctx);
  registerRegionExcel(ctx, registerRegion(ctx));
  registerTopMenu(ctx);
  registerSearch(ctx);
}
