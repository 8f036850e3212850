/** Helpers the organisation routes share: query parameters, the tenant a call reads, dictionary checks. */
import { isIdText } from '@hjl/core';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { isPlatformAdmin, type AuthUser } from '../../platform/auth/user.ts';
import type { Db } from '../../platform/db/index.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { dicts } from '../system/schema.ts';

/** An optional id in the query string (`0` allowed: the root). */
export const optionalId = z.string().max(19).refine(isIdText, '请求参数类型错误').optional();
/**
 * The `parentId` of a lazy list: an id (`0` the roots), or empty — as BladeX clients send it when they search —
 * meaning the whole tree (answered as `''`). Absent means the roots, unless the call searches.
 */
export const lazyParentId = z
  .string()
  .max(19)
  .refine((v) => v === '' || isIdText(v), '请求参数类型错误')
  .optional();
/** An optional text filter. */
export const optionalText = z.string().max(255).optional();
/** A tenant id in the query string (the platform administrator may read another tenant's organisation). */
export const optionalTenant = z.string().max(12).optional();

/**
 * The caller, or — for the platform administrator naming another tenant — the caller acting in that tenant.
 * Anyone else naming another tenant is refused.
 */
export function actingIn(user: AuthUser, tenantId: string | undefined): AuthUser {
  if (!tenantId || tenantId === user.tenantId) return user;
  if (!isPlatformAdmin(user)) throw forbidden();
  return { ...user, tenantId };
}

export const escapeLike = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Live entries of a system dictionary: dictKey → dictValue. */
export async function dictValues(db: Db, code: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: dicts.dictKey, value: dicts.dictValue })
    .from(dicts)
    .where(and(eq(dicts.code, code), ne(dicts.parentId, '0'), eq(dicts.isDeleted, 0)));
  return new Map(rows.map((r) => [r.key, r.value]));
}
