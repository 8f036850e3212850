/** What other modules may ask of the system module. */
import crypto from 'node:crypto';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { clients, roles, tenants } from './schema.ts';

/** The live tenant, with `expired` judged by the database clock. */
export async function findTenant(db: Db, tenantId: string) {
  const [t] = await db
    .select({ ...getTableColumns(tenants), expired: sql<boolean>`coalesce(${tenants.expireTime} < now(), false)` })
    .from(tenants)
    .where(and(eq(tenants.tenantId, tenantId), eq(tenants.isDeleted, 0)))
    .limit(1);
  return t;
}

/**
 * Client secrets are long random strings (not passwords people choose), so a SHA-256 digest protects them
 * as well as bcrypt would, and checking one costs microseconds on every token call and start.
 */
export const hashClientSecret = (secret: string) => `sha256:${crypto.createHash('sha256').update(secret).digest('hex')}`;

export function clientSecretMatches(secret: string, stored: string): boolean {
  const a = Buffer.from(hashClientSecret(secret));
  const b = Buffer.from(stored);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The client row when id and secret match. */
export async function authenticateClient(db: Db, clientId: string, secret: string) {
  const [c] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.clientId, clientId), eq(clients.isDeleted, 0)))
    .limit(1);
  if (!c || !clientSecretMatches(secret, c.clientSecret)) return undefined;
  return c;
}

export async function rolesOf(db: Db, tenantId: string, roleIds: string[]) {
  if (!roleIds.length) return [];
  return db
    .select({ id: roles.id, roleName: roles.roleName, roleAlias: roles.roleAlias })
    .from(roles)
    .where(and(inArray(roles.id, roleIds), eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)));
}
