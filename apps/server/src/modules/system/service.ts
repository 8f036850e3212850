/** What other modules may ask of the system module. */
import bcrypt from 'bcryptjs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { clients, params, roles, tenants } from './schema.ts';

export async function findTenant(db: Db, tenantId: string) {
  const [t] = await db.select().from(tenants).where(and(eq(tenants.tenantId, tenantId), eq(tenants.isDeleted, 0))).limit(1);
  return t;
}

/** The client row when id and secret match. */
export async function authenticateClient(db: Db, clientId: string, secret: string) {
  const [c] = await db.select().from(clients).where(and(eq(clients.clientId, clientId), eq(clients.isDeleted, 0))).limit(1);
  if (!c || !(await bcrypt.compare(secret, c.clientSecret))) return undefined;
  return c;
}

export async function rolesOf(db: Db, tenantId: string, roleIds: string[]) {
  if (!roleIds.length) return [];
  return db
    .select({ id: roles.id, roleName: roles.roleName, roleAlias: roles.roleAlias })
    .from(roles)
    .where(and(inArray(roles.id, roleIds), eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)));
}

/** A tenant's system parameter value, or the fallback. */
export async function paramValue(db: Db, tenantId: string, key: string, fallback: string): Promise<string> {
  // blade_param is derived from its entity definition, so its columns are named here in SQL.
  const [p] = await db
    .select({ v: sql<string>`param_value` })
    .from(params)
    .where(sql`tenant_id = ${tenantId} AND param_key = ${key} AND is_deleted = 0`)
    .limit(1);
  return p?.v ?? fallback;
}
