/**
 * What other modules may use of the tenant module (the only file of it they import): tenants, their
 * packages and the OAuth clients.
 */
import crypto from 'node:crypto';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { clients, tenantPackages, tenants } from './schema.ts';

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

/** The live client of this id. */
export async function findClient(db: Db, clientId: string) {
  const [c] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.clientId, clientId), eq(clients.isDeleted, 0)))
    .limit(1);
  return c;
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

/** The menu ids of the tenant's product package; undefined when it has none (every menu). */
export async function packageMenuIds(db: Db, tenantId: string): Promise<Set<string> | undefined> {
  const [t] = await db
    .select({ packageId: tenants.packageId })
    .from(tenants)
    .where(and(eq(tenants.tenantId, tenantId), eq(tenants.isDeleted, 0)))
    .limit(1);
  if (!t?.packageId) return undefined;
  const [p] = await db
    .select({ menuId: tenantPackages.menuId })
    .from(tenantPackages)
    .where(and(eq(tenantPackages.id, t.packageId), eq(tenantPackages.isDeleted, 0)))
    .limit(1);
  return new Set((p?.menuId ?? '').split(',').filter(Boolean));
}
