/**
 * What other modules may use of the organisation module (the only file of it they import): departments
 * (the tree, the `dept` reference kind), posts (the `post` kind), regions (full names, the `region` kind) and
 * the menus of a top menu.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/crud/repo.ts';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import type { Db } from '../../platform/db/index.ts';
import { likePattern } from '../../platform/http/params.ts';
import { depts, posts, regions } from './schema.ts';

export { menusOfTopMenu } from './topmenu-menus.ts';

const textArray = (ids: readonly string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;

/**
 * The ids of the tenant's live depts among `deptIds` and every dept below them (dept.ancestors is the comma
 * list of ancestor ids), as a subquery `SELECT d.id ...`.
 */
export function deptTreeIdsSql(tenantId: string, deptIds: readonly string[]): SQL {
  return sql`SELECT d.id FROM ${depts} d WHERE d.tenant_id = ${tenantId} AND d.is_deleted = 0
    AND (d.id::text = ANY(${textArray(deptIds)}) OR string_to_array(d.ancestors, ',') && ${textArray(deptIds)})`;
}

/** Whether one of `postIds` is a live post of the tenant with the code `postCode` (e.g. 部门经理 `manager`). */
export async function holdsPost(db: Db, tenantId: string, postIds: readonly string[], postCode: string): Promise<boolean> {
  if (!postIds.length) return false;
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.isDeleted, 0), eq(posts.postCode, postCode), inArray(posts.id, [...postIds])))
    .limit(1);
  return rows.length > 0;
}

/** Ids of the tenant's live posts with a code (e.g. `hr`, the approver post of APPROVERS.hr). */
export async function postIdsOfCode(db: Db, tenantId: string, postCode: string): Promise<string[]> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.isDeleted, 0), eq(posts.postCode, postCode)));
  return rows.map((r) => String(r.id));
}

/** The post codes of the tenant's live posts among `postIds` (the workflow's group names of a user). One statement. */
export async function postCodesOf(db: Executor, tenantId: string, postIds: readonly string[]): Promise<string[]> {
  if (!postIds.length) return [];
  const rows = await db
    .select({ code: posts.postCode })
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), eq(posts.isDeleted, 0), inArray(posts.id, [...postIds])));
  return rows.map((r) => r.code);
}

/** The ids of the tenant's live posts whose code is one of `codes`, as a subquery `SELECT p.id ...`. */
export function postIdsWithCodeSql(tenantId: string, codes: readonly string[]): SQL {
  return sql`SELECT p.id FROM ${posts} p WHERE p.tenant_id = ${tenantId} AND p.is_deleted = 0 AND p.post_code = ANY(${textArray(codes)})`;
}

/** The ids of the tenant's live depts whose name contains `text`, as a subquery `SELECT d.id ...`. */
export function deptIdsNamedLikeSql(tenantId: string, text: string): SQL {
  return sql`SELECT d.id FROM ${depts} d WHERE d.tenant_id = ${tenantId} AND d.is_deleted = 0 AND d.dept_name LIKE ${likePattern(text)}`;
}

/** The ids of the tenant's live posts whose name contains `text`, as a subquery `SELECT p.id ...`. */
export function postIdsNamedLikeSql(tenantId: string, text: string): SQL {
  return sql`SELECT p.id FROM ${posts} p WHERE p.tenant_id = ${tenantId} AND p.is_deleted = 0 AND p.post_name LIKE ${likePattern(text)}`;
}

/** The ids among `ids` that name live depts of any tenant (data-scope rules are platform-wide). */
export async function existingDeptIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: depts.id })
    .from(depts)
    .where(and(inArray(depts.id, [...ids]), eq(depts.isDeleted, 0)));
  return new Set(rows.map((r) => r.id));
}

/** The `dept` reference kind: a dept of the tenant, named by its dept name. */
export function deptRefResolver(db: Db): RefResolver {
  return tableResolver(db, { table: depts, key: depts.id, name: depts.deptName, tenant: depts.tenantId, live: eq(depts.isDeleted, 0) });
}

/** The `post` reference kind: a post of the tenant, named by its post name. */
export function postRefResolver(db: Db): RefResolver {
  return tableResolver(db, { table: posts, key: posts.id, name: posts.postName, tenant: posts.tenantId, live: eq(posts.isDeleted, 0) });
}

/** The live depts and posts of the tenant, id and name (an import naming them). */
export async function liveDeptsAndPosts(db: Db, tenantId: string): Promise<{ depts: { id: string; name: string }[]; posts: { id: string; name: string }[] }> {
  const [d, p] = await Promise.all([
    db
      .select({ id: depts.id, name: depts.deptName })
      .from(depts)
      .where(and(eq(depts.tenantId, tenantId), eq(depts.isDeleted, 0))),
    db
      .select({ id: posts.id, name: posts.postName })
      .from(posts)
      .where(and(eq(posts.tenantId, tenantId), eq(posts.isDeleted, 0))),
  ]);
  return { depts: d, posts: p };
}

/** Names of the tenant's live depts among `ids` (id → name), one query. */
export async function liveDeptNames(db: Db, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: depts.id, name: depts.deptName })
    .from(depts)
    .where(and(eq(depts.tenantId, tenantId), inArray(depts.id, [...ids]), eq(depts.isDeleted, 0)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The tenant's live depts, id and name, in the order of their `sort` (then id). */
export async function liveDeptsInOrder(db: Db, tenantId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: depts.id, name: depts.deptName })
    .from(depts)
    .where(and(eq(depts.tenantId, tenantId), eq(depts.isDeleted, 0)))
    .orderBy(asc(depts.sort), asc(depts.id));
}

/** Names of the tenant's live posts among `ids` (id → name), one query. */
export async function livePostNames(db: Db, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: posts.id, name: posts.postName })
    .from(posts)
    .where(and(eq(posts.tenantId, tenantId), inArray(posts.id, [...ids]), eq(posts.isDeleted, 0)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A new tenant's root department (tenant provisioning, in its transaction). */
export async function createRootDept(
  tx: Executor,
  audit: { tenantId: string; createUser: string; updateUser: string; createDept: string },
  id: string,
  deptName: string,
) {
  await tx.insert(depts).values({ id, ...audit, parentId: '0', ancestors: '0', deptCategory: 1, deptName, fullName: deptName, sort: 1 });
}

/** A region's full name: its province, city and district names joined by '/' (江苏省/南京市/建邺区), else its own name. */
export const regionFullNameExpr: SQL<string> = sql<string>`coalesce(nullif(concat_ws('/', nullif(${regions.provinceName}, ''), nullif(${regions.cityName}, ''), nullif(${regions.districtName}, '')), ''), ${regions.name})`;

/** The `region` reference kind: a region's code, named by its full name (regions are platform-wide). */
export function regionRefResolver(db: Db): RefResolver {
  return tableResolver(db, { table: regions, key: regions.code, name: regionFullNameExpr, live: eq(regions.isDeleted, 0) });
}

/** A live region whose own name is one of `names`. */
export interface RegionMatch {
  code: string;
  /** Its own name (南京市). */
  name: string;
  /** Its full name (江苏省/南京市). */
  full: string;
}

/** The live regions with any of these names, in one query (an import matching the region column's text). */
export async function regionsNamed(db: Db, names: readonly string[]): Promise<RegionMatch[]> {
  if (!names.length) return [];
  return db
    .select({ code: regions.code, name: regions.name, full: regionFullNameExpr })
    .from(regions)
    .where(and(inArray(regions.name, [...names]), eq(regions.isDeleted, 0)));
}

/** Dept category 1: a company (the firm, a branch: 分公司), as opposed to a department or a group. */
export const COMPANY_DEPT_CATEGORY = 1;

/** Whether a live dept of the tenant is a company (deptCategory 1): a branch is registered on one. */
export async function isCompanyDept(db: Executor, tenantId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ category: depts.deptCategory })
    .from(depts)
    .where(and(eq(depts.tenantId, tenantId), eq(depts.id, id), eq(depts.isDeleted, 0)))
    .limit(1);
  return Number(row?.category) === COMPANY_DEPT_CATEGORY;
}
