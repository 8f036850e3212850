/**
 * Top menus (/api/blade-system/topmenu) and the menu calls that belong to them: the grant dialog's tree and
 * keys, and the caller's top menus. Platform-wide; only the platform administrator changes them (the
 * entity repo refuses everyone else for a platform table).
 */
import { topmenuEntity } from '@hjl/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import { idsField } from '../../platform/http/params.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { liveMenuIds, menuOutline, type SystemAccess } from '../system/api.ts';
import { grantedMenuIds } from './topmenu-menus.ts';
import { buildTree } from '../../platform/tree.ts';
import { topMenus, topMenuSettings } from './schema.ts';

const SETTING_CODE = 'topmenu_setting';
const idList = idsField({ allowEmpty: true, max: 5000 });
const grantBody = z.object({ topMenuIds: idList, menuIds: idList.optional() });

export function registerTopMenu(ctx: ModuleContext & { systemAccess: SystemAccess }) {
  const { route, database, systemAccess } = ctx;
  const db = database.db;
  const tags = [topmenuEntity.label.zh];

  registerEntityRoutes(route, ctx.repo(topmenuEntity, topMenus), ctx.access);

  route({
    method: 'POST',
    url: '/api/blade-system/topmenu/grant',
    summary: '顶部菜单权限配置',
    tags,
    requires: { code: SETTING_CODE, platform: true },
    body: grantBody,
    handler: async ({ body }) => {
      if (!body.topMenuIds.length) throw fail('请选择顶部菜单');
      const topIds = [...new Set(body.topMenuIds)];
      const menuIds = [...new Set(body.menuIds ?? [])];
      const found = await db
        .select({ id: topMenus.id })
        .from(topMenus)
        .where(and(eq(topMenus.isDeleted, 0), inArray(topMenus.id, topIds)));
      if (found.length !== topIds.length) throw fail('顶部菜单不存在或已被删除');
      if (menuIds.length) {
        const known = await liveMenuIds(db, menuIds);
        if (known.size !== new Set(menuIds).size) throw fail('菜单不存在或已被删除');
      }
      await db.transaction(async (tx) => {
        await tx.delete(topMenuSettings).where(inArray(topMenuSettings.topMenuId, topIds));
        const rows = topIds.flatMap((topMenuId) => menuIds.map((menuId) => ({ id: nextId(), topMenuId, menuId })));
        if (rows.length) await tx.insert(topMenuSettings).values(rows);
      });
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/menu/grant-top-tree',
    summary: '顶部菜单配置的菜单树',
    tags,
    requires: { code: SETTING_CODE },
    handler: async () => {
      const rows = await menuOutline(db);
      return buildTree(rows.map((m) => ({ id: m.id, parentId: m.parentId, title: m.name, key: m.id, value: m.id })));
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/menu/top-tree-keys',
    summary: '顶部菜单已配置的菜单',
    tags,
    requires: { code: SETTING_CODE },
    query: z.object({ topMenuIds: z.string().optional() }),
    handler: async ({ query }) => grantedMenuIds(db, parseIds(query.topMenuIds, 'topMenuIds')),
  });

  route({
    method: 'GET',
    url: '/api/blade-system/menu/top-menu',
    summary: '当前用户的顶部菜单',
    tags,
    requires: 'user',
    handler: async ({ user }) => {
      // A top menu is shown when at least one of the menus granted to it is the caller's.
      const mine = new Set((await systemAccess.menus(user)).filter((m) => m.category === 1).map((m) => m.id));
      const rows = await db
        .select({ topMenu: topMenus, menuId: topMenuSettings.menuId })
        .from(topMenus)
        .innerJoin(topMenuSettings, eq(topMenuSettings.topMenuId, topMenus.id))
        .where(eq(topMenus.isDeleted, 0))
        .orderBy(asc(topMenus.sort), asc(topMenus.id));
      const shown = new Map<string, Record<string, unknown>>();
      for (const r of rows) {
        const t = r.topMenu as Record<string, unknown> & { id: string };
        if (mine.has(r.menuId) && !shown.has(t.id)) {
          const { isDeleted: _d, ...rest } = t;
          shown.set(t.id, rest);
        }
      }
      return [...shown.values()];
    },
  });
}
