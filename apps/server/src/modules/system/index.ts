/** System module: menus of the caller, menu administration, roles and their grants, data and API scopes, system parameters. (Dictionaries: modules/dict.) */
import { paramEntity } from '@hjl/core';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { optionalId } from '../../platform/http/params.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { SystemAccess } from './access.ts';
import type { SystemParams } from './params.ts';
import { menus, params, roles } from './schema.ts';
import { buildTree } from '../../platform/tree.ts';
import { menusOfTopMenu } from '../org/api.ts';
import { registerNameSearch } from '../../platform/crud/name-search.ts';
import { roleRefResolver } from './api.ts';
import { registerMenu } from './menu.ts';
import { registerRole } from './role.ts';
import { registerScopes } from './scope.ts';

/** What the system module provides the server's assembly (app.ts): the access provider and the parameters. */
export { SystemAccess } from './access.ts';
export { SystemParams } from './params.ts';
export { registerAccessExplain } from './explain.ts';
export { registerViewAs } from './view-as.ts';

const menuNode = (m: typeof menus.$inferSelect) => ({
  id: m.id,
  parentId: m.parentId,
  code: m.code,
  name: m.name,
  alias: m.alias,
  path: m.path,
  source: m.source,
  sort: m.sort,
  category: m.category,
  action: m.action,
  isOpen: m.isOpen,
  remark: m.remark,
});

export function registerSystem(ctx: ModuleContext & { systemAccess: SystemAccess; systemParams: SystemParams }) {
  const { route, database, systemAccess, systemParams } = ctx;
  const db = database.db;
  ctx.refs.register('role', roleRefResolver(db));
  // The designer's role picker (the dept and post pickers are the organisation module's).
  registerNameSearch(route, db, 'role', {
    table: roles,
    name: roles.roleName,
    param: 'roleName',
    label: '角色',
    columns: { id: roles.id, parentId: roles.parentId, roleName: roles.roleName, roleAlias: roles.roleAlias, sort: roles.sort },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/menu/routes',
    summary: '当前用户的菜单',
    requires: 'user',
    query: z.object({ topMenuId: optionalId }),
    handler: async ({ user, query }) => {
      const mine = (await systemAccess.menus(user)).filter((m) => m.category === 1);
      // Top menu selected in the shell: only the menus granted to it (org module).
      return buildTree((query.topMenuId ? await menusOfTopMenu(db, query.topMenuId, mine) : mine).map(menuNode));
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/menu/buttons',
    summary: '当前用户的按钮权限',
    requires: 'user',
    handler: async ({ user }) => {
      const mine = await systemAccess.menus(user);
      // Buttons with the menus above them, so a client can flatten every granted code.
      const withButtons = new Set<string>();
      const byId = new Map(mine.map((m) => [m.id, m]));
      for (const m of mine) {
        if (m.category !== 2) continue;
        for (let cur: typeof m | undefined = m; cur && !withButtons.has(cur.id); cur = byId.get(cur.parentId)) withButtons.add(cur.id);
      }
      return buildTree(mine.filter((m) => withButtons.has(m.id)).map(menuNode));
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/menu/tree',
    summary: '菜单树',
    requires: 'user',
    handler: async () => {
      const rows = await db.select().from(menus).where(eq(menus.isDeleted, 0)).orderBy(asc(menus.sort));
      return buildTree(rows.map((m) => ({ id: m.id, parentId: m.parentId, title: m.name, key: m.id, value: m.id })));
    },
  });

  registerEntityRoutes(route, ctx.repo(paramEntity, params), ctx.access, { afterWrite: () => systemParams.invalidate() });
  registerMenu(ctx);
  registerRole(ctx);
  registerScopes(ctx);
}
