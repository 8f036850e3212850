/**
 * How a module declares its menus (modules/<module>/menus.ts, collected by seed/menus.ts): the menu entries of its
 * screens with their button codes, and what the demo company (seed/data.ts) gets of them — the demo roles' grants and
 * the data scopes of its menus. Plain data over @hjl/core: the web's tests read the collected tree too.
 */
import { permissionCodes, type EntityDef } from '@hjl/core';

/** A button of a menu: its code (the permission a route checks), name, alias and place (0 toolbar, 1 row, 2 both). */
export interface MenuButton {
  code: string;
  name: string;
  action: 0 | 1 | 2;
  alias: string;
}

export interface MenuSeed {
  code: string;
  name: string;
  path?: string;
  source?: string;
  sort: number;
  isOpen?: 1 | 2;
  alias?: string;
  children?: MenuSeed[];
  /** Buttons: code, name, action (0 toolbar, 1 row, 2 both). */
  buttons?: MenuButton[];
}

/** The demo company's roles that are granted menus one by one (seed/data.ts `roles`; the administrator holds every menu). */
export type DemoRole = 'manager' | 'finance' | 'project' | 'user' | 'hr' | 'archive';

/** A demo data scope of a menu (platform-wide, by menu code). */
export interface DataScopeSeed {
  menu: string;
  scopeName: string;
  scopeType: number;
  scopeField: string;
  scopeColumn: string;
  remark: string;
}

/** What a module's menus.ts exports (one `ModuleMenus` named `menus`). */
export interface ModuleMenus {
  /** The module's top-level entries (folders with their pages), placed by `sort`. */
  top?: MenuSeed[];
  /**
   * Entries the module puts into another module's folder, by that folder's code (money's lists in 项目管理, the
   * user list in 系统管理). They come before the folder's own entries (which decides the order at an equal sort).
   */
  into?: Record<string, MenuSeed[]>;
  /** Menu and button codes each demo role is granted on a fresh installation (a menu's buttons are codes of their own). */
  demoGrants?: Partial<Record<DemoRole, readonly string[]>>;
  /** The data scopes of the module's menus; they narrow no one unless granted (demoScopeGrants, or 角色管理 → 权限设置). */
  dataScopes?: readonly DataScopeSeed[];
  /** Data scopes granted to demo roles on a fresh installation: [role, menu code, scope name]. */
  demoScopeGrants?: readonly (readonly [DemoRole, string, string])[];
}

/** The usual buttons of an entity list page. */
export const crudButtons = (code: string): MenuButton[] => [
  { code: `${code}_add`, name: '新增', action: 0, alias: 'add' },
  { code: `${code}_edit`, name: '修改', action: 2, alias: 'edit' },
  { code: `${code}_delete`, name: '删除', action: 2, alias: 'delete' },
  { code: `${code}_view`, name: '查看', action: 1, alias: 'view' },
];

/** A button; by default on each row. */
export const button = (code: string, name: string, alias: string, action: 0 | 1 | 2 = 1): MenuButton => ({ code, name, action, alias });

/** The grant of a list page with its usual buttons (crudButtons): the menu's code and its 新增, 修改, 删除, 查看. */
export const crud = (code: string): string[] => [code, `${code}_add`, `${code}_edit`, `${code}_delete`, `${code}_view`];

/**
 * The menu entry of a definition's list page, declared once: its code (the permission prefix), name and path
 * come from the definition, its buttons are the list page's (新增, 修改, 删除, 查看, and 导出 for an `exportable`
 * definition), `extra` adds the area's own buttons (before 导出). `name` overrides the definition's label where
 * the menu says it otherwise (客户列表 for 客户管理).
 */
export function menuOf(
  def: Pick<EntityDef, 'name' | 'label' | 'path' | 'exportable'>,
  opts: { sort: number; source: string; name?: string; extra?: MenuButton[] },
): MenuSeed {
  const codes = permissionCodes(def);
  return {
    code: def.name,
    name: opts.name ?? def.label.zh,
    path: def.path,
    source: opts.source,
    sort: opts.sort,
    buttons: [...crudButtons(def.name), ...(opts.extra ?? []), ...(def.exportable ? [button(codes.export, '导出', 'export', 0)] : [])],
  };
}
