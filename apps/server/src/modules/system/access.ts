/**
 * Access rules of the system module (the platform's AccessProvider): a user's effective menus are all menus
 * for an administrator, else the menus granted to their roles plus their ancestors, in both cases cut to
 * the tenant's package. Permission codes are the codes of those menus and buttons.
 *
 * Data scope (BladeX semantics): a data-scope row of a resource applies to a user when one of their roles is
 * granted it; several granted rows on one resource widen each other (OR); with none granted (or none defined)
 * the user sees the tenant's rows; the administrator role is never narrowed. API scope: when API-scope rows
 * match the called route and the user's roles are granted none of those rows, the call is refused before its
 * handler; a route no row matches passes.
 *
 * Answers are cached per tenant and role set (grants) and once for everyone (scope definitions) for a few
 * seconds and dropped on any grant or scope change, so several server instances converge within that time.
 */
import { DATA_SCOPE_TYPE, SCOPE_CATEGORY } from '@hjl/core';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AccessProvider, ScopedColumns } from '../../platform/access/index.ts';
import { ADMIN_ROLE_ALIAS, type AuthUser } from '../../platform/auth/user.ts';
import type { Database } from '../../platform/db/index.ts';
import { apiScopes, dataScopes, menus, roleMenus, roleScopes, roles } from './schema.ts';
import { deptTreeIdsSql } from '../org/api.ts';
import { packageMenuIds } from '../tenant/api.ts';

export type MenuRow = typeof menus.$inferSelect;

const TTL_MS = 10_000;

/** A data-scope rule as the enforcement reads it. */
export interface DataRule {
  id: string;
  scopeType: number;
  scopeColumn: string | null;
  scopeValue: string | null;
}

/** An API-scope rule with its path pattern compiled. */
export interface ApiRule {
  id: string;
  method: string;
  path: RegExp;
}

interface GrantEntry {
  at: number;
  menus: MenuRow[];
  codes: Set<string>;
  /** One of the user's roles is the administrator role: no scope narrows them. */
  admin: boolean;
  dataScopeIds: Set<string>;
  apiScopeIds: Set<string>;
}

/**
 * An API-scope path pattern as a regular expression over the route path: `**` matches anything (several
 * segments), `*` and `{name}` match within one segment, everything else is literal.
 */
export function compilePathPattern(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charAt(i);
    if (c === '*' && pattern[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += '[^/]*';
    else if (c === '{') {
      const end = pattern.indexOf('}', i);
      if (end < 0) out += '\\{';
      else {
        out += '[^/]+';
        i = end;
      }
    } else out += c.replace(/[.+?^$()|[\]\\]/g, (x) => `\\${x}`);
  }
  return new RegExp(`^${out}$`);
}

const idArray = (ids: readonly string[]) =>
  sql`ARRAY[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;
/** A column holding one id (bigint) or a comma list of ids (text). */
const isListColumn = (col: AnyPgColumn) => /^(varchar|text|character)/i.test(col.getSQLType());

/** `col` holds one of `ids`. */
function inIds(col: AnyPgColumn, ids: readonly string[]): SQL {
  if (!ids.length) return sql`false`;
  return isListColumn(col) ? sql`string_to_array(${col}, ',') && ${idArray(ids)}` : sql`${col} = ANY(${idArray(ids)}::bigint[])`;
}

/** `col` holds one of the depts `deptIds` or a dept below them (dept ancestors are `0,<root>,...`). */
function inDeptTree(col: AnyPgColumn, tenantId: string, deptIds: readonly string[]): SQL {
  if (!deptIds.length) return sql`false`;
  const below = deptTreeIdsSql(tenantId, deptIds);
  return isListColumn(col) ? sql`string_to_array(${col}, ',') && ARRAY(SELECT x.id::text FROM (${below}) x)` : sql`${col} IN (${below})`;
}

/** The row condition of one rule; undefined for 全部可见. A rule naming a column the table lacks matches nothing. */
export function ruleCondition(rule: DataRule, user: AuthUser, columns: ScopedColumns): SQL | undefined {
  if (rule.scopeType === DATA_SCOPE_TYPE.all) return undefined;
  const named = rule.scopeColumn ? columns.byName?.[rule.scopeColumn] : undefined;
  if (rule.scopeColumn && !named) return sql`false`;
  switch (rule.scopeType) {
    case DATA_SCOPE_TYPE.own:
      return inIds(named ?? columns.createUser, [user.userId]);
    case DATA_SCOPE_TYPE.ownDept:
      return inIds(named ?? columns.createDept, user.deptIds);
    case DATA_SCOPE_TYPE.ownDeptAndBelow:
      return inDeptTree(named ?? columns.createDept, user.tenantId, user.deptIds);
    case DATA_SCOPE_TYPE.custom:
      return inIds(
        named ?? columns.createDept,
        (rule.scopeValue ?? '')
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      );
    default:
      return sql`false`;
  }
}

/** The data-scope rules of one resource as they bear on one user (SystemAccess.scopeRules). */
export interface ScopeRules {
  /** Every live rule defined on the resource. */
  rules: DataRule[];
  /** Those granted to one of the user's roles. */
  granted: DataRule[];
  /** The user holds the administrator role: no rule narrows them. */
  admin: boolean;
}

/**
 * The row condition of a user's data scope: none (every row of the tenant) for the administrator, for a resource
 * without rules or with none granted, or when a granted rule is 全部可见; else the granted rules OR-ed.
 */
export function scopeConditionOf(scope: ScopeRules, user: AuthUser, columns: ScopedColumns): SQL | undefined {
  if (scope.admin || !scope.granted.length) return undefined;
  const conds: SQL[] = [];
  for (const rule of scope.granted) {
    const c = ruleCondition(rule, user, columns);
    if (!c) return undefined; // 全部可见 among them: every row of the tenant
    conds.push(c);
  }
  return conds.length === 1 ? conds[0] : or(...conds);
}

/** Why a user holds a menu or button code (SystemAccess.explainCode). */
export interface CodeExplanation {
  menu: MenuRow;
  /** Each of the user's live roles: whether it grants the code, as the administrator role, directly, or by a button or child below it. */
  roles: { roleId: string; grants: boolean; how: 'admin' | 'direct' | 'below' | null }[];
  /** The tenant's package includes the menu (a tenant without a package has every menu). */
  inPackage: boolean;
  /** The answer of `permissions`: the user holds the code. */
  granted: boolean;
}

export class SystemAccess implements AccessProvider {
  private cache = new Map<string, GrantEntry>();
  private defs: { at: number; data: Map<string, DataRule[]>; api: ApiRule[] } | undefined;
  /** Bumped by invalidate(): an answer loaded before a change is not cached after it. */
  private generation = 0;

  constructor(private readonly database: Database) {}

  /** Drops cached grants (grant changes, clear-cache). */
  invalidate() {
    this.generation++;
    this.cache.clear();
    this.defs = undefined;
  }

  private packageMenuIds(tenantId: string): Promise<Set<string> | undefined> {
    return packageMenuIds(this.database.db, tenantId);
  }

  /** The user's own live roles: looked up again so a token naming another tenant's role grants nothing. */
  private ownRoles(user: AuthUser) {
    if (!user.roleIds.length) return Promise.resolve([]);
    return this.database.db
      .select({ id: roles.id, alias: roles.roleAlias })
      .from(roles)
      .where(and(inArray(roles.id, user.roleIds), eq(roles.tenantId, user.tenantId), eq(roles.isDeleted, 0)));
  }

  private liveMenus() {
    return this.database.db.select().from(menus).where(eq(menus.isDeleted, 0)).orderBy(menus.sort);
  }

  /** The ids of the menus and buttons granted to `roleIds`, with the ancestors a granted button or child implies. */
  private async grantedMenuIds(roleIds: readonly string[], all: readonly MenuRow[]): Promise<Set<string>> {
    if (!roleIds.length) return new Set();
    const granted = new Set(
      (
        await this.database.db
          .select({ menuId: roleMenus.menuId })
          .from(roleMenus)
          .where(inArray(roleMenus.roleId, [...roleIds]))
      ).map((r) => r.menuId),
    );
    const byId = new Map(all.map((m) => [m.id, m]));
    for (const id of [...granted]) {
      for (let p = byId.get(id)?.parentId; p && p !== '0' && !granted.has(p); p = byId.get(p)?.parentId) granted.add(p);
    }
    return granted;
  }

  private async load(user: AuthUser): Promise<GrantEntry> {
    const db = this.database.db;
    const all = await this.liveMenus();
    const ownRoles = await this.ownRoles(user);
    let chosen: MenuRow[];
    const admin = ownRoles.some((r) => r.alias === ADMIN_ROLE_ALIAS);
    if (admin) {
      chosen = all;
    } else if (ownRoles.length) {
      const granted = await this.grantedMenuIds(
        ownRoles.map((r) => r.id),
        all,
      );
      chosen = all.filter((m) => granted.has(m.id));
    } else {
      chosen = [];
    }
    const pkg = await this.packageMenuIds(user.tenantId);
    if (pkg) chosen = chosen.filter((m) => pkg.has(m.id));
    const scopes = ownRoles.length
      ? await db
          .select({ category: roleScopes.scopeCategory, scopeId: roleScopes.scopeId })
          .from(roleScopes)
          .where(
            inArray(
              roleScopes.roleId,
              ownRoles.map((r) => r.id),
            ),
          )
      : [];
    const ofCategory = (c: number) => new Set(scopes.filter((g) => g.category === c).map((g) => g.scopeId));
    return {
      at: Date.now(),
      menus: chosen,
      codes: new Set(chosen.map((m) => m.code)),
      admin,
      dataScopeIds: ofCategory(SCOPE_CATEGORY.data),
      apiScopeIds: ofCategory(SCOPE_CATEGORY.api),
    };
  }

  /**
   * Why the user holds a menu or button code or not, from the pieces `load` decides with: each of their roles
   * (the administrator role holds every menu; another role holds what it is granted, a granted button or child
   * implying the menus above it), the tenant's package, and the answer `permissions` gives. Undefined for a code
   * no live menu has.
   */
  async explainCode(user: AuthUser, code: string): Promise<CodeExplanation | undefined> {
    const all = await this.liveMenus();
    const menu = all.find((m) => m.code === code);
    if (!menu) return undefined;
    const own = await this.ownRoles(user);
    const byRole = await Promise.all(
      own.map(async (r) => {
        if (r.alias === ADMIN_ROLE_ALIAS) return { roleId: r.id, grants: true, how: 'admin' as const };
        const direct = await this.grantedMenuIds([r.id], []);
        if (direct.has(menu.id)) return { roleId: r.id, grants: true, how: 'direct' as const };
        const implied = await this.grantedMenuIds([r.id], all);
        return implied.has(menu.id) ? { roleId: r.id, grants: true, how: 'below' as const } : { roleId: r.id, grants: false, how: null };
      }),
    );
    const pkg = await this.packageMenuIds(user.tenantId);
    return { menu, roles: byRole, inPackage: !pkg || pkg.has(menu.id), granted: (await this.permissions(user)).has(code) };
  }

  /** Every live scope definition (they are platform-wide and few), cached like the grants. */
  private async definitions() {
    if (this.defs && Date.now() - this.defs.at < TTL_MS) return this.defs;
    const generation = this.generation;
    const db = this.database.db;
    const [data, api] = await Promise.all([
      db
        .select({
          id: dataScopes.id,
          resourceCode: dataScopes.resourceCode,
          scopeType: dataScopes.scopeType,
          scopeColumn: dataScopes.scopeColumn,
          scopeValue: dataScopes.scopeValue,
        })
        .from(dataScopes)
        .where(eq(dataScopes.isDeleted, 0)),
      db.select({ id: apiScopes.id, scopePath: apiScopes.scopePath, scopeType: apiScopes.scopeType }).from(apiScopes).where(eq(apiScopes.isDeleted, 0)),
    ]);
    const byResource = new Map<string, DataRule[]>();
    for (const r of data as (DataRule & { resourceCode: string })[]) {
      const { resourceCode, ...rule } = r;
      byResource.set(resourceCode, [...(byResource.get(resourceCode) ?? []), rule]);
    }
    const rules = (api as { id: string; scopePath: string; scopeType: string | null }[]).map((r) => ({
      id: r.id,
      method: (r.scopeType ?? 'ALL').toUpperCase(),
      path: compilePathPattern(r.scopePath),
    }));
    const defs = { at: Date.now(), data: byResource, api: rules };
    if (generation === this.generation) this.defs = defs;
    return defs;
  }

  private async entry(user: AuthUser) {
    const key = `${user.tenantId}|${[...user.roleIds].sort().join(',')}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit;
    const generation = this.generation;
    const fresh = await this.load(user);
    if (generation === this.generation) this.cache.set(key, fresh);
    return fresh;
  }

  async menus(user: AuthUser): Promise<MenuRow[]> {
    return (await this.entry(user)).menus;
  }

  async permissions(user: AuthUser): Promise<ReadonlySet<string>> {
    return (await this.entry(user)).codes;
  }

  /**
   * The data-scope rules of a resource as they bear on the user: every live rule defined on it, the ones granted
   * to their roles, and whether they hold the administrator role (never narrowed). `dataScope` decides from this
   * (scopeConditionOf), and the access explainer shows it.
   */
  async scopeRules(user: AuthUser, resource: string): Promise<ScopeRules> {
    const rules = (await this.definitions()).data.get(resource) ?? [];
    if (!rules.length) return { rules, granted: [], admin: false };
    const grants = await this.entry(user);
    return { rules, granted: rules.filter((r) => grants.dataScopeIds.has(r.id)), admin: grants.admin };
  }

  async dataScope(user: AuthUser, resource: string, columns: ScopedColumns): Promise<SQL | undefined> {
    return scopeConditionOf(await this.scopeRules(user, resource), user, columns);
  }

  async apiAllowed(user: AuthUser, method: string, url: string): Promise<boolean> {
    const [path = url] = url.split('?');
    const matching = (await this.definitions()).api.filter((r) => (r.method === 'ALL' || r.method === method.toUpperCase()) && r.path.test(path));
    if (!matching.length) return true;
    const grants = await this.entry(user);
    return grants.admin || matching.some((r) => grants.apiScopeIds.has(r.id));
  }
}
