/**
 * How users are read: the SQL conditions of the lists (dept and its descendants) and the answer shape
 * (public fields plus the names of their depts, roles and posts). The system module's tables are only read
 * here, never written.
 */
import { USER_TYPES } from '@hjl/core';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { depts, dicts, posts, roles } from '../system/schema.ts';
import { users } from './schema.ts';
import { publicUser, splitIds, type UserRow } from './service.ts';

const textArray = (ids: readonly string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;

/**
 * Users in any of `deptIds` or their descendant depts (dept.ancestors is the comma list of ancestor ids).
 * Depts of another tenant match nothing.
 */
export function inDeptTree(tenantId: string, deptIds: readonly string[]): SQL {
  if (!deptIds.length) return sql`false`;
  return sql`string_to_array(${users.deptId}, ',') && ARRAY(
    SELECT d.id::text FROM ${depts} d
    WHERE d.tenant_id = ${tenantId} AND d.is_deleted = 0
      AND (d.id::text = ANY(${textArray(deptIds)}) OR string_to_array(d.ancestors, ',') && ${textArray(deptIds)}))`;
}

/** Users whose depts / posts have a name containing `text` (search/user). */
export function deptNameLike(tenantId: string, text: string): SQL {
  return sql`string_to_array(${users.deptId}, ',') && ARRAY(
    SELECT d.id::text FROM ${depts} d WHERE d.tenant_id = ${tenantId} AND d.is_deleted = 0 AND d.dept_name LIKE ${likePattern(text)})`;
}

export function postNameLike(tenantId: string, text: string): SQL {
  return sql`string_to_array(${users.postId}, ',') && ARRAY(
    SELECT p.id::text FROM ${posts} p WHERE p.tenant_id = ${tenantId} AND p.is_deleted = 0 AND p.post_name LIKE ${likePattern(text)})`;
}

export const likePattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  const [d, r, p, s, now] = await Promise.all([
    deptIds.length
      ? db
          .select({ id: depts.id, name: depts.deptName })
          .from(depts)
          .where(and(eq(depts.tenantId, tenantId), inArray(depts.id, deptIds), eq(depts.isDeleted, 0)))
      : [],
    roleIds.length
      ? db
          .select({ id: roles.id, name: roles.roleName, alias: roles.roleAlias })
          .from(roles)
          .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, roleIds), eq(roles.isDeleted, 0)))
      : [],
    postIds.length
      ? db
          .select({ id: posts.id, name: posts.postName })
          .from(posts)
          .where(and(eq(posts.tenantId, tenantId), inArray(posts.id, postIds), eq(posts.isDeleted, 0)))
      : [],
    sexDict(db),
    db.execute(
      sql`SELECT to_char(localtimestamp, 'YYYY-MM-DD HH24:MI:SS') AS now, (SELECT tenant_name FROM blade_tenant WHERE tenant_id = ${tenantId} AND is_deleted = 0 LIMIT 1) AS "tenantName"`,
    ) as unknown as Promise<{ rows: { now: string; tenantName: string | null }[] }>,
  ]);
  return {
    dept: new Map(d.map((x) => [x.id, x.name])),
    role: new Map(r.map((x) => [x.id, x.name])),
    roleAlias: new Map(r.map((x) => [x.id, x.alias])),
    post: new Map(p.map((x) => [x.id, x.name])),
    sex: new Map(s.map((x) => [x.key, x.label])),
    now: now.rows[0]?.now ?? '',
    tenantName: now.rows[0]?.tenantName ?? '',
  };
}

/** The system dictionary `sex` (platform-wide) as key → label. */
export async function sexDict(db: Db): Promise<{ key: string; label: string }[]> {
  const rows = await db
    .select({ key: dicts.dictKey, label: dicts.dictValue, parentId: dicts.parentId })
    .from(dicts)
    .where(and(eq(dicts.code, 'sex'), eq(dicts.isDeleted, 0)))
    .orderBy(dicts.sort);
  return rows.filter((r) => r.parentId !== '0').map((r) => ({ key: r.key, label: r.label }));
}

const names = (list: string, map: Map<string, string>) =>
  splitIds(list)
    .flatMap((id) => (map.has(id) ? [map.get(id)!] : []))
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
