/**
 * The menu tree of every screen that exists, with its button codes, and the demo roles' grants and the data scopes of
 * those menus, collected from the modules: each declares its own in modules/<module>/menus.ts (platform/menus.ts
 * says how). Menus are platform-wide and matched by code: on every start, codes missing from the database are added
 * (an administrator's edits are kept). A new module with screens adds its menus.ts and one line below.
 */
import type { DataScopeSeed, DemoRole, MenuSeed, ModuleMenus } from '../platform/menus.ts';
import { menus as approval } from '../modules/approval/menus.ts';
import { menus as customer } from '../modules/customer/menus.ts';
import { menus as desk } from '../modules/desk/menus.ts';
import { menus as develop } from '../modules/develop/menus.ts';
import { menus as dict } from '../modules/dict/menus.ts';
import { menus as finance } from '../modules/finance/menus.ts';
import { menus as hr } from '../modules/hr/menus.ts';
import { menus as leave } from '../modules/leave/menus.ts';
import { menus as log } from '../modules/log/menus.ts';
import { menus as money } from '../modules/money/menus.ts';
import { menus as org } from '../modules/org/menus.ts';
import { menus as project } from '../modules/project/menus.ts';
import { menus as resource } from '../modules/resource/menus.ts';
import { menus as salary } from '../modules/salary/menus.ts';
import { menus as system } from '../modules/system/menus.ts';
import { menus as tenant } from '../modules/tenant/menus.ts';
import { menus as user } from '../modules/user/menus.ts';
import { menus as vault } from '../modules/vault/menus.ts';
import { menus as workflow } from '../modules/workflow/menus.ts';
import { menus as statistics } from '../modules/statistics/menus.ts';
import { menus as report } from '../modules/report/menus.ts';
import { generatedMenus } from '../modules/generated/menus.ts';
import { menus as deposit } from '../modules/deposit/menus.ts';
import { menus as branch } from '../modules/branch/menus.ts';
import { menus as lookup } from '../modules/lookup/menus.ts';
import { menus as archive } from '../modules/archive/menus.ts';

export type { MenuSeed } from '../platform/menus.ts';

/** Every module that has menus. Where several put entries into one folder, the earlier one's come first. */
const modules: readonly ModuleMenus[] = [
  desk,
  customer,
  project,
  money,
  finance,
  hr,
  salary,
  vault,
  leave,
  approval,
  workflow,
  user,
  org,
  dict,
  tenant,
  system,
  log,
  resource,
  develop,
  statistics,
  report,
  deposit,
  branch,
  lookup,
  archive,
  // The record kinds 代码生成 emitted (docs/codegen.md).
  ...generatedMenus,
];

/** Entries in display order; `sort` is stable, so at an equal sort the earlier stays first (ids follow this order). */
const bySort = (items: readonly MenuSeed[]): MenuSeed[] => [...items].sort((a, b) => a.sort - b.sort);

/**
 * The modules' top-level entries, each folder given what other modules put into it, every level by sort; at an equal
 * sort what other modules put in comes before the folder's own.
 */
function menuTree(all: readonly ModuleMenus[]): MenuSeed[] {
  const contributed = new Map<string, MenuSeed[]>();
  for (const m of all) for (const [folder, items] of Object.entries(m.into ?? {})) contributed.set(folder, [...(contributed.get(folder) ?? []), ...items]);
  const placed = new Set<string>();
  const withContributions = (items: readonly MenuSeed[]): MenuSeed[] =>
    items.map((item) => {
      const extra = contributed.get(item.code);
      if (extra) placed.add(item.code);
      const children = [...(extra ?? []), ...(item.children ?? [])];
      return children.length ? { ...item, children: withContributions(bySort(children)) } : item;
    });
  const tree = withContributions(bySort(all.flatMap((m) => m.top ?? [])));
  const lost = [...contributed.keys()].filter((folder) => !placed.has(folder));
  if (lost.length) throw new Error(`menus put into folders no module declares: ${lost.join(', ')}`);
  return tree;
}

export const menuSeed: MenuSeed[] = menuTree(modules);

/** Menu codes each non-administrator demo role is granted (a menu's buttons are codes of their own), every module's. */
export const roleGrants: Record<string, string[]> = Object.fromEntries(
  (['manager', 'finance', 'project', 'user', 'hr', 'archive'] as const).map((role) => [role, [...new Set(modules.flatMap((m) => m.demoGrants?.[role] ?? []))]]),
);

/**
 * Demo data scopes (platform-wide, by menu code); granted to no role unless listed in `dataScopeGrants`, so they narrow
 * nobody else until an administrator grants them in 角色管理 → 权限设置. No API scope is seeded: a rule nobody is
 * granted would reserve the calls it matches to administrators, which the demo company has not asked for.
 */
export const dataScopes: DataScopeSeed[] = modules.flatMap((m) => m.dataScopes ?? []);

/** Data scopes granted to demo roles on a fresh installation: [role key, menu, scope name]. */
export const dataScopeGrants: [DemoRole, string, string][] = modules.flatMap((m) =>
  (m.demoScopeGrants ?? []).map(([r, menu, s]): [DemoRole, string, string] => [r, menu, s]),
);

/** The finance menus' data scopes granted to demo roles (seed/finance.ts grants them). */
export const financeScopeGrants: [DemoRole, string, string][] = (finance.demoScopeGrants ?? []).map(([r, menu, s]) => [r, menu, s]);
