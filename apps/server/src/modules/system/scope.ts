/**
 * Data scopes (/api/blade-system/data-scope) and API scopes (/api/blade-system/api-scope): rules attached to a
 * menu resource, platform-wide like menus (the entity repo lets only the platform administrator change them),
 * granted to roles with role/grant and enforced by SystemAccess. Grants of a removed scope stay in
 * blade_role_scope but count for nothing: only live scopes are enforced, shown and answered as keys.
 */
import { apiScopeEntity, DATA_SCOPE_TYPE, dataScopeEntity, MENU_CATEGORY } from '@hjl/core';
import { and, eq } from 'drizzle-orm';
import type { Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail } from '../../platform/http/errors.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { SystemAccess } from './access.ts';
import { apiScopes, dataScopes, menus } from './schema.ts';
import { existingDeptIds } from '../org/api.ts';

export function registerScopes(ctx: ModuleContext & { systemAccess: SystemAccess }) {
  const db = ctx.database.db;
  const invalidate = () => ctx.systemAccess.invalidate();

  /** The menu a scope hangs on exists and is a menu; the resource code defaults to the menu's code. */
  const checkMenu = async (data: Row) => {
    if (data.menuId == null) return;
    const [m] = await db
      .select({ code: menus.code, category: menus.category })
      .from(menus)
      .where(and(eq(menus.id, String(data.menuId)), eq(menus.isDeleted, 0)))
      .limit(1);
    if (!m || m.category !== MENU_CATEGORY.menu) throw fail('所属菜单不存在');
    if (data.resourceCode == null) data.resourceCode = m.code;
  };
  /** On insert, an absent resource code is the menu's code. */
  const requireResource = (data: Row, id: string | undefined) => {
    if (!id && data.resourceCode == null) throw fail('请输入资源编号');
  };

  registerEntityRoutes(ctx.route, ctx.repo(dataScopeEntity, dataScopes), ctx.access, {
    async beforeWrite(_user, data, id) {
      await checkMenu(data);
      requireResource(data, id);
      const type = data.scopeType as number | null | undefined;
      if (type != null && !(Object.values(DATA_SCOPE_TYPE) as number[]).includes(type)) throw fail('规则类型不正确');
      if (type === DATA_SCOPE_TYPE.custom || (type == null && id && data.scopeValue !== undefined)) {
        const current = id ? await db.select({ t: dataScopes.scopeType }).from(dataScopes).where(eq(dataScopes.id, id)).limit(1) : [];
        const effective = type ?? (current[0] as { t: number } | undefined)?.t;
        if (effective === DATA_SCOPE_TYPE.custom) {
          // 自定义: a comma list of dept ids (never SQL, see docs/decisions.md); the depts must exist.
          const raw = typeof data.scopeValue === 'string' ? data.scopeValue : '';
          const ids = [
            ...new Set(
              raw
                .split(',')
                .map((v) => v.trim())
                .filter(Boolean),
            ),
          ];
          if (!ids.length) throw fail('自定义规则请填写部门ID(以逗号分隔)');
          if ((await existingDeptIds(db, ids)).size !== ids.length) throw fail('自定义规则中的部门不存在');
          data.scopeValue = ids.join(',');
        }
      }
      // Other types take no value.
      if (type != null && type !== DATA_SCOPE_TYPE.custom) data.scopeValue = null;
    },
    afterWrite: invalidate,
  });

  registerEntityRoutes(ctx.route, ctx.repo(apiScopeEntity, apiScopes), ctx.access, {
    async beforeWrite(_user, data, id) {
      await checkMenu(data);
      requireResource(data, id);
      if (typeof data.scopePath === 'string' && /\*\*\w|\w\*\*/.test(data.scopePath)) throw fail('接口路径中的**只能单独作为一段');
    },
    afterWrite: invalidate,
  });
}
