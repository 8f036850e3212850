/**
 * How users are read: the SQL conditions of the lists (dept and its descendants) and the answer shape
 * (public fields plus the names of their depts, roles and posts). The system module's tables are only read
 * here, never written.
 */
import { USER_TYPES } from '@hjl/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { executeRows } from '../../platform/db/rows.ts';
import { deptIdsNamedLikeSql, deptTreeIdsSql, liveDeptNames, livePostNames, postIdsNamedLikeSql } from '../org/api.ts';
import { systemDictItems } from '../dict/api.ts';
import { rolesOf } from '../system/api.ts';
import { findTenant } from '../tenant/api.ts';
import { users } from './schema.ts';
import { publicUser, splitIds, type UserRow } from './service.ts';

/**
 * Users in any of `deptIds` or their descendant depts (dept.ancestors is the comma list of ancestor ids).
 * Depts of another tenant match nothing.
 */
export function inDeptTree(tenantId: string, deptIds: readonly string[]): SQL {
  if (!deptIds.length) return sql`false`;
  return sql`string_to_array(${users.deptId}, ',') && ARRAY(SELECT x.id::text FROM (${deptTreeIdsSql(tenantId, deptIds)}) x)`;
}

/** Users whose depts / posts have a name containing `text` (search/user). */
export function deptNameLike(tenantId: string, text: string): SQL {
  return sql`string_to_array(${users.deptId}, ',') && ARRAY(SELECT x.id::text FROM (${deptIdsNamedLikeSql(tenantId, text)}) x)`;
}

export function postNameLike(tenantId: string, text: string): SQL {
  return sql`string_to_array(${users.postId}, ',') && ARRAY(SELECT x.id::text FROM (${postIdsNamedLikeSql(tenantId, text)}) x)`;
}

export interface NameMaps {
  dept: Map<string, string>;
  role: Map<string, string>;
  roleAlias: Map<string, string>;
  post: Map<string, string>;
  sex: Map<string, string>;
  /** The database's current local time ('yyyy-MM-dd HH:mm:ss', the zone lock_until is written in). */
  now: string;
  /** Name of the users' tenant. */
  tenantName: string;
}

/** Names of every dept, role and post the rows refer to (three queries, whatever the number of rows). */
export async function nameMaps(db: Db, tenantId: string, rows: readonly Pick<UserRow, 'deptId' | 'roleId' | 'postId'>[]): Promise<NameMaps> {
  const ids = (pick: (r: Pick<UserRow, 'deptId' | 'roleId' | 'postId'>) => string) => [...new Set(rows.flatMap((r) => splitIds(pick(r))))];
  const deptIds = ids((r) => r.deptId);
  const roleIds = ids((r) => r.roleId);
  const postIds = ids((r) => r.postId);
  const [dept, r, post, s, now, tenant] = await Promise.all([
    liveDeptNames(db, tenantId, deptIds),
    rolesOf(db, tenantId, roleIds),
    livePostNames(db, tenantId, postIds),
    sexDict(db),
    executeRows<{ now: string }>(db, sql`SELECT to_char(localtimestamp, 'YYYY-MM-DD HH24:MI:SS') AS now`),
    findTenant(db, tenantId),
  ]);
  return {
    dept,
    role: new Map(r.map((x) => [x.id, x.roleName])),
    roleAlias: new Map(r.map((x) => [x.id, x.roleAlias])),
    post,
    sex: new Map(s.map((x) => [x.key, x.label])),
    now: now[0]?.now ?? '',
    tenantName: tenant?.tenantName ?? '',
  };
}

/** The system dictionary `sex` (platform-wide) as key → label. */
export function sexDict(db: Db): Promise<{ key: string; label: string }[]> {
  return systemDictItems(db, 'sex');
}

const names = (list: string, map: Map<string, string>) =>
  splitIds(list)
    .flatMap((id) => {
      const name = map.get(id);
      return name === undefined ? [] : [name];
    })
    .join(',');

/** The answer shape of a user: never the password hash; the lock state as a flag; names beside the ids. */
export function userView(u: UserRow, maps: NameMaps) {
  const locked = Boolean(u.lockUntil && u.lockUntil > maps.now);
  return {
    ...publicUser(u),
    deptName: names(u.deptId, maps.dept),
    roleName: names(u.roleId, maps.role),
    postName: names(u.postId, maps.post),
    sexName: u.sex === null ? '' : (maps.sex.get(String(u.sex)) ?? ''),
    userTypeName: USER_TYPES[u.userType] ?? '',
    // BladeX's UserVO: the tenant's name beside its id
    tenantName: maps.tenantName,
    locked,
    failCount: u.failCount,
  };
}

export type UserView = ReturnType<typeof userView>;

export async function viewsOf(db: Db, tenantId: string, rows: readonly UserRow[]): Promise<UserView[]> {
  const maps = await nameMaps(db, tenantId, rows);
  return rows.map((u) => userView(u, maps));
}
