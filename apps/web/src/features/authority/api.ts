/**
 * The authority area's calls: a role's 权限设置 (the grant trees, the role's keys, role/grant), the menus of
 * the scope pages (one level at a time) and the role tree of the parent picker.
 */
import { menuEntity, roleEntity } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import type { GrantNode } from '../../components/CrudPage/tree';
import { entityApi } from '../../components/CrudPage/api';

export interface GrantTree {
  menu: GrantNode[];
  dataScope: GrantNode[];
  apiScope: GrantNode[];
}
export type GrantKind = keyof GrantTree;

const menus = entityApi(menuEntity);
const roles = entityApi(roleEntity);

/** Tree-select nodes of the role tree (the parent picker). */
export const ROLE_TREE_URL = roles.url('tree');

/** The menus, data scopes and API scopes one may grant (fetched afresh for every opening). */
export const grantTreeQuery = () =>
  queryOptions({ queryKey: menus.keys.call('grant-tree'), queryFn: () => get<GrantTree>(menus.url('grant-tree')), gcTime: 0 });

/** What the roles hold, per tree. */
export const roleGrantKeysQuery = (roleIds: readonly string[]) =>
  queryOptions({
    queryKey: roles.keys.call('grant-keys', roleIds.join(',')),
    queryFn: () => get<Record<GrantKind, string[]>>(menus.url('role-tree-keys'), { roleIds: roleIds.join(',') }),
    gcTime: 0,
  });

export const grantRole = (body: { roleIds: string[]; menuIds: string[]; dataScopeIds: string[]; apiScopeIds: string[] }) => post(roles.url('grant'), body);

/** A menu as the scope pages list it, one level at a time. */
export interface ScopeMenuRow {
  id: string;
  parentId: string;
  name: string;
  code: string;
  path: string | null;
  source: string | null;
  hasChildren: boolean;
  children?: ScopeMenuRow[];
}

/** The menus under `parentId`, those with children carrying an empty list to open. */
export const scopeMenuLevel = async (parentId: string) =>
  (await get<ScopeMenuRow[]>(menus.url('lazy-menu-list'), { parentId })).map((m) => (m.hasChildren ? { ...m, children: [] } : m));

/** The top menus of a scope page. */
export const scopeMenusQuery = (scope: string) =>
  queryOptions({ queryKey: queryKeys.entity(menuEntity.api).call('scope-menus', scope), queryFn: () => scopeMenuLevel('0') });
