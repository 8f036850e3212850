/**
 * The system area's calls beside its definitions' derived ones (components/CrudPage/api.ts): the tenant's
 * settings and package, the package picker, the menu trees of packages and top menus, the dictionaries'
 * parent list and entries, the trees of the department and menu pages, and the regions. The user page has
 * its own (user/api.ts). Keys from app/queryKeys.
 */
import { deptEntity, menuEntity, regionEntity, tenantEntity, tenantPackageEntity, topmenuEntity, type EntityDef, type Page } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { download } from '../../app/download';
import { queryKeys } from '../../app/queryKeys';
import { entityApi } from '../../components/CrudPage/api';
import type { Row } from '../../components/CrudPage';
import type { GrantNode } from '../../components/CrudPage/tree';
import type { LazyRegion } from './region/regionTree';

// Tenants (/system/tenant).
const tenants = entityApi(tenantEntity);

/** A tenant's account quota and expiry (one tenant's values as the 授权配置 dialog starts from them). */
export const tenantSettingQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: tenants.keys.detail(id ?? null),
    queryFn: () => get<{ accountNumber: number; expireTime: string | null }>(tenants.url('detail'), { id }),
    gcTime: 0,
  });

export const saveTenantSetting = (ids: readonly string[], accountNumber: number, expireTime: string) =>
  post(tenants.url('setting'), undefined, { ids: ids.join(','), accountNumber, expireTime });

/** The package a tenant has (an empty answer: none). */
export const tenantPackageQuery = (tenantId: string) =>
  queryOptions({
    queryKey: tenants.keys.call('package', tenantId),
    queryFn: () => get<{ id?: string }>(tenants.url('package-detail'), { tenantId }),
    gcTime: 0,
  });

export const saveTenantPackage = (tenantId: string, packageId: string | null) =>
  post(tenants.url('package-setting'), undefined, { tenantId, packageId: packageId ?? '' });

/** The tenant packages a picker offers (the platform has a handful; the first 100). */
export const packageOptionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.entity(tenantPackageEntity.api).options(),
    queryFn: () => get<Page<{ id: string; packageName: string }>>(entityApi(tenantPackageEntity).url('list'), { current: 1, size: 100 }),
  });

// Menus (/system/menu, packages, top menus).
const menus = entityApi(menuEntity);

/** One level of the menu tree table (`?parentId=`). */
export const MENU_LAZY_URL = menus.url('lazy-list');
/** Tree-select nodes of the menu tree (the parent picker). */
export const MENU_TREE_URL = menus.url('tree');
/** Tree-select nodes of the department tree (the parent picker). */
export const DEPT_TREE_URL = entityApi(deptEntity).url('tree');

export interface MenuTreeNode {
  id: string;
  title: string;
  key: string;
  children?: MenuTreeNode[];
}

/** Every menu as a tree (a package's menus). */
export const menuTreeQuery = () => queryOptions({ queryKey: queryKeys.org.menuTree(), queryFn: () => get<MenuTreeNode[]>(MENU_TREE_URL), staleTime: 60_000 });

/** The menus a top menu may hold (its 菜单配置), and those it holds. */
export const topMenuGrantTreeQuery = () =>
  queryOptions({ queryKey: menus.keys.call('grant-top-tree'), queryFn: () => get<GrantNode[]>(menus.url('grant-top-tree')) });
export const topMenuKeysQuery = (topMenuId: string | null) =>
  queryOptions({
    queryKey: menus.keys.call('top-tree-keys', topMenuId),
    queryFn: () => get<string[]>(menus.url('top-tree-keys'), { topMenuIds: topMenuId }),
    gcTime: 0,
  });
export const grantTopMenu = (topMenuId: string, menuIds: string[]) => post(entityApi(topmenuEntity).url('grant'), { topMenuIds: [topMenuId], menuIds });

// Dictionaries (/system/dict, /system/dictbiz): the codes, and the entries of one code.
export const dictParentListUrl = (parent: EntityDef) => entityApi(parent).url('parent-list');
export const dictChildrenQuery = (child: EntityDef, rootId: string) =>
  queryOptions({
    queryKey: queryKeys.entity(child.api).call('child-list', rootId),
    queryFn: () => get<Row[]>(entityApi(child).url('child-list'), { parentId: rootId }),
  });

// Regions (/system/region): a tree loaded one level at a time by parent code, a form for the chosen one.
const regions = entityApi(regionEntity);

export interface Region {
  id: string;
  code: string;
  parentCode: string;
  parentName: string;
  name: string;
  regionLevel: number;
  sort: number;
  remark: string | null;
}

/** The regions directly under a code (the provinces under the root code). */
export const regionLevel = (parentCode: string) => get<LazyRegion[]>(regions.url('lazy-tree'), { parentCode });

export const regionQuery = (code: string | null) =>
  queryOptions({ queryKey: queryKeys.org.regionDetail(code), queryFn: () => get<Region>(regions.url('detail'), { code }), enabled: code !== null });

export const submitRegion = (body: Record<string, unknown>) => post(regions.url('submit'), body);
/** Removes a region by its code (BladeX's key of a region). */
export const removeRegion = (code: string) => post(regions.url('remove'), undefined, { id: code });
export const exportRegions = () => download(regions.url('export-region'));
export const REGION_IMPORT_URL = regions.url('import-region');
export const REGION_TEMPLATE_URL = regions.url('export-template');
