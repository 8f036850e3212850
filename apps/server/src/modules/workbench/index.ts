/**
 * /api/business/userMenu: the signed-in user's home shortcut blocks (spec 2 section 7: list and update).
 * A shortcut is one of the user's granted menu pages (category 1 with a path); menus no longer granted drop
 * out of the list. Update replaces the whole list in the given order.
 */
import { MAX_SHORTCUTS, type Shortcut } from '@hjl/core';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { SystemAccess } from '../system/api.ts';
import { userMenus } from './schema.ts';

const updateBody = z.object(
  {
    menuIds: z.array(z.union([z.string(), z.number()]).transform(String), { message: '请选择快捷入口' }).max(MAX_SHORTCUTS, `快捷入口最多${MAX_SHORTCUTS}个`),
  },
  { message: '请选择快捷入口' },
);

export function registerWorkbench(ctx: ModuleContext & { systemAccess: SystemAccess }) {
  const { route, database, systemAccess } = ctx;
  const db = database.db;

  /** The user's granted menu pages by id. */
  const pagesOf = async (user: Parameters<SystemAccess['menus']>[0]) =>
    new Map((await systemAccess.menus(user)).filter((m) => m.category === 1 && m.path).map((m) => [m.id, m]));

  route({
    method: 'GET',
    url: '/api/business/userMenu/list',
    summary: '首页快捷入口',
    tags: ['工作台'],
    requires: 'user',
    handler: async ({ user }): Promise<Shortcut[]> => {
      const [rows, pages] = await Promise.all([
        db
          .select()
          .from(userMenus)
          .where(and(eq(userMenus.tenantId, user.tenantId), eq(userMenus.userId, user.userId)))
          .orderBy(asc(userMenus.sort), asc(userMenus.id)),
        pagesOf(user),
      ]);
      return rows.flatMap((r) => {
        const m = pages.get(r.menuId);
        return m ? [{ menuId: m.id, code: m.code, name: m.name, path: m.path ?? '', source: m.source ?? '', sort: r.sort }] : [];
      });
    },
  });

  route({
    method: 'POST',
    url: '/api/business/userMenu/update',
    summary: '保存首页快捷入口',
    tags: ['工作台'],
    requires: 'user',
    msg: '保存成功',
    body: updateBody,
    handler: async ({ user, body }) => {
      const ids = [...new Set(body.menuIds)];
      const pages = await pagesOf(user);
      const missing = ids.find((id) => !pages.has(id));
      if (missing) throw fail(`菜单不存在或未授权: ${missing}`);
      await db.transaction(async (tx) => {
        await tx.delete(userMenus).where(and(eq(userMenus.tenantId, user.tenantId), eq(userMenus.userId, user.userId)));
        if (ids.length) {
          await tx.insert(userMenus).values(ids.map((menuId, sort) => ({ id: nextId(), tenantId: user.tenantId, userId: user.userId, menuId, sort })));
        }
      });
    },
  });
}
