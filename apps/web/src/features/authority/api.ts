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

/** 权限解释 (system/explain.ts on the server): why a user holds a code, or sees a record. */
const EXPLAIN_API = '/api/blade-system/access-explain';

/** A menu or button of the whole tree (the code picker of 权限解释). */
export interface MenuCodeNode {
  id: string;
  name: string;
  code: string;
  category: number;
  children?: MenuCodeNode[];
}

export const menuCodeTreeQuery = () =>
  queryOptions({ queryKey: menus.keys.call('explain-codes'), queryFn: () => get<MenuCodeNode[]>(menus.url('list')), staleTime: 60_000 });

export interface Who {
  user: { id: string; account: string; name: string };
  tenant: { id: string; name: string };
}

export interface CodeExplanation extends Who {
  menu: { id: string; code: string; name: string; category: number; path: string | null };
  granted: boolean;
  inPackage: boolean;
  roles: { id: string; name: string; grants: boolean; how: 'admin' | 'direct' | 'below' | null; reason: string }[];
  reason: string;
}

export interface ScopeRuleAnswer {
  id: string;
  name: string;
  type: number;
  typeLabel: string;
  column: string | null;
  value: string | null;
  granted: boolean;
  matches: boolean;
}

export interface RecordExplanation extends Who {
  kind: { kind: string; label: string };
  id: string;
  exists: boolean;
  menuGranted: boolean;
  visible: boolean;
  scope: { decision: string; reason: string; admin: boolean; rules: ScopeRuleAnswer[]; deciding: string[] } | null;
  reason: string;
}

export const explainCode = (userId: string, code: string) => get<CodeExplanation>(`${EXPLAIN_API}/menu`, { userId, code });
export const explainRecord = (userId: string, kind: string, id: string) => get<RecordExplanation>(`${EXPLAIN_API}/record`, { userId, kind, id });
export const explainKindsQuery = () =>
  queryOptions({
    queryKey: menus.keys.call('explain-kinds'),
    queryFn: () => get<{ kind: string; label: string }[]>(`${EXPLAIN_API}/kinds`),
    staleTime: 60_000,
  });
