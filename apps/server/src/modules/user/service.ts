/** What other modules may ask of the user module. */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/bcrypt';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { users } from './schema.ts';

export type UserRow = typeof users.$inferSelect;

/** Passwords arrive as the md5 hex of what the user typed; a client that sent plain text is normalised. */
export function passwordDigest(received: string): string {
  return /^[0-9a-f]{32}$/.test(received) ? received : crypto.createHash('md5').update(received).digest('hex');
}

/**
 * bcrypt at cost 10 ($2b$10$; BladeX's $2a$ hashes verify alike), compiled (@node-rs/bcrypt) and run on libuv's
 * thread pool: a check costs about 59 ms of CPU here against bcryptjs' 73 ms, and the event loop serves other
 * requests meanwhile (docs/performance.md "The token call").
 */
export const hashPassword = (received: string) => hash(passwordDigest(received), 10);
export const checkPassword = (received: string, stored: string) => verify(passwordDigest(received), stored);

/** Accounts are one whatever their case (`admin` and `ADMIN`), as on BladeX's MySQL; the unique index says so too. */
export const sameAccount = (account: string) => sql`lower(${users.account}) = lower(${account})`;

export async function findUserByAccount(db: Db, tenantId: string, account: string): Promise<UserRow | undefined> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sameAccount(account), eq(users.isDeleted, 0)))
    .limit(1);
  return u;
}

export async function findUser(db: Db, tenantId: string, id: string): Promise<UserRow | undefined> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id), eq(users.isDeleted, 0)))
    .limit(1);
  return u;
}

export async function countUsers(db: Db, tenantId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  return r?.n ?? 0;
}

/** Counts a failed login; locks the account for `lockMinutes` once `failLimit` is reached. Answers whether it is now locked. */
export async function recordLoginFailure(db: Db, userId: string, failLimit: number, lockMinutes: number): Promise<boolean> {
  const [u] = await db
    .update(users)
    .set({
      failCount: sql`${users.failCount} + 1`,
      lockUntil: sql`CASE WHEN ${users.failCount} + 1 >= ${failLimit} THEN now() + make_interval(mins => ${lockMinutes}) ELSE NULL END`,
    })
    .where(eq(users.id, userId))
    .returning({ failCount: users.failCount });
  return (u?.failCount ?? 0) >= failLimit;
}

export async function clearLoginFailures(db: Db, userId: string) {
  await db.update(users).set({ failCount: 0, lockUntil: null }).where(eq(users.id, userId));
}

export async function isLocked(db: Db, userId: string): Promise<boolean> {
  const [r] = await db
    .select({ locked: sql<boolean>`${users.lockUntil} IS NOT NULL AND ${users.lockUntil} > now()` })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(r?.locked);
}

/** Public profile of a user (never the password hash or lock state). */
export function publicUser(u: UserRow) {
  const { password: _p, failCount: _f, lockUntil: _l, ...rest } = u;
  return rest;
}

/** A comma list of ids as stored in role_id / dept_id / post_id. */
export const splitIds = (list: string | null | undefined) =>
  (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
/** Live users of a tenant who belong to any of `deptIds` (their dept list is a comma list), at most `limit`. */
export async function usersInDepts(db: Db, tenantId: string, deptIds: string[], limit = 10) {
  if (!deptIds.length) return [];
  return db
    .select({ id: users.id, account: users.account, realName: users.realName, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0), or(...deptIds.map((id) => sql`(',' || ${users.deptId} || ',') LIKE ${`%,${id},%`}`))))
    .orderBy(users.id)
    .limit(limit);
}
