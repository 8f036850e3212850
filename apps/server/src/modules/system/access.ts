/**
 * Access rules of the system module (the platform's AccessProvider): a user's effective menus are all menus
 * for an administrator, else the menus granted to their roles plus their ancestors, in both cases cut to
 * the tenant's package. Permission codes are the codes of those menus and buttons.
 * Answers are cached per tenant and role set for a few seconds and dropped on any grant change, so several
 * server instances converge within that time.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AccessProvider } from '../../platform/access/index.ts';
import { ADMIN_ROLE_ALIAS, type AuthUser } from '../../platform/auth/user.ts';
import type { Database } from '../../platform/db/index.ts';
import { menus, roleMenus, roles, tenantPackages, tenants } from './schema.ts';

export type MenuRow = typeof menus.$inferSelect;

const TTL_MS = 10_000;

export class SystemAccess implements AccessProvider {
  private cache = new Map<string, { at: number; menus: MenuRow[]; codes: Set<string> }>();

  constructor(private readonly database: Database) {}

  /** Drops cached grants (grant changes, clear-cache). */
  invalidate() {
    this.cache.clear();
  }

  private async packageMenuIds(tenantId: string): Promise<Set<string> | undefined> {
    const db = this.database.db;
    const [t] = await db.select({ packageId: tenants.packageId }).from(tenants).where(and(eq(tenants.tenantId, tenantId), eq(tenants.isDeleted, 0))).limit(1);
    if (!t?.packageId) return undefined;
    const [p] = await db.select({ menuId: tenantPackages.menuId }).from(tenantPackages).where(and(eq(tenantPackages.id, t.packageId), eq(tenantPackages.isDeleted, 0))).limit(1);
    return new Set((p?.menuId ?? '').split(',').filter(Boolean));
  }

  private async load(user: AuthUser) {
    const db = this.database.db;
    const all = await db.select().from(menus).where(eq(menus.isDeleted, 0)).orderBy(menus.sort);
    // Roles are looked up again so a token naming another tenant's role grants nothing.
    const ownRoles = user.roleIds.length
      ? await db.select({ id: roles.id, alias: roles.roleAlias }).from(roles).where(and(inArray(roles.id, user.roleIds), eq(roles.tenantId, user.tenantId), eq(roles.isDeleted, 0)))
      : [];
    let chosen: MenuRow[];
    if (ownRoles.some((r) => r.alias === ADMIN_ROLE_ALIAS)) {
      chosen = all;
    } else if (ownRoles.length) {
      const granted = new Set(
        (await db.select({ menuId: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, ownRoles.map((r) => r.id)))).map((r) => r.menuId),
      );
      const byId = new Map(all.map((m) => [m.id, m]));
      for (const id of [...granted]) {
        // a granted button or child implies its ancestors
        for (let p = byId.get(id)?.parentId; p && p !== '0' && !granted.has(p); p = byId.get(p)?.parentId) granted.add(p);
      }
      chosen = all.filter((m) => granted.has(m.id));
    } else {
      chosen = [];
    }
    const pkg = await this.packageMenuIds(user.tenantId);
    if (pkg) chosen = chosen.filter((m) => pkg.has(m.id));
    return { at: Date.now(), menus: chosen, codes: new Set(chosen.map((m) => m.code)) };
  }

  private async entry(user: AuthUser) {
    const key = `${user.tenantId}|${[...user.roleIds].sort().join(',')}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit;
    const fresh = await this.load(user);
    this.cache.set(key, fresh);
    return fresh;
  }

  async menus(user: AuthUser): Promise<MenuRow[]> {
    return (await this.entry(user)).menus;
  }

  async permissions(user: AuthUser): Promise<ReadonlySet<string>> {
    return (await this.entry(user)).codes;
  }

  // Data scope and API scope rules are configured per menu resource by the system-administration screens
  // (issue 3); until a rule exists for a resource, its rows are the whole tenant and every granted call passes.
  async dataScope(): Promise<undefined> {
    return undefined;
  }

  async apiAllowed(): Promise<boolean> {
    return true;
  }
}
