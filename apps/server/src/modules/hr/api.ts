/**
 * What other modules may use of the people area (the only file of this module they import): the
 * `social_security` reference kind (a person's scheme), and for the payroll a person's contribution of a month or
 * the amounts a scheme takes from a base (`contributions`), the base within the scheme's limits (`baseWithin`),
 * the housing fund's part of a contribution (`housingFundPart`) and each person's entry date (`entryDatesOf`).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { tableResolver, type RefResolver } from '../../platform/crud/refs.ts';
import type { Executor, Row } from '../../platform/crud/repo.ts';
import type { Db } from '../../platform/db/index.ts';
import { socialSchemes, staffFiles, userSocials } from './schema.ts';

export function socialSchemeRefResolver(db: Db): RefResolver {
  return tableResolver(db, {
    table: socialSchemes,
    key: socialSchemes.id,
    name: socialSchemes.schemeName,
    tenant: socialSchemes.tenantId,
    live: eq(socialSchemes.isDeleted, 0),
  });
}

export { baseIsWithin, baseWithin, contributions, housingFundPart } from './social.ts';

/** Each person's entry date (员工档案 入职日期, yyyy-MM-dd) among `userIds`, for the months employed of the payroll. */
export async function entryDatesOf(db: Executor, tenantId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: staffFiles.userId, entryDate: staffFiles.entryDate })
    .from(staffFiles)
    .where(and(eq(staffFiles.tenantId, tenantId), eq(staffFiles.isDeleted, 0), inArray(staffFiles.userId, [...userIds])));
  return new Map(rows.filter((r) => r.entryDate).map((r) => [String(r.userId), String(r.entryDate).slice(0, 10)]));
}

/**
 * Each person's personal social-security amount of a month (社保缴纳, hjl_user_social_security), for those of
 * `userIds` who have a contribution record of that month (the payroll reads it before falling back on the scheme).
 */
export async function personalSocialOfMonth(
  db: Executor,
  tenantId: string,
  userIds: readonly string[],
  month: string,
): Promise<Map<string, { personal: string; company: string; schemeId: string | null }>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: userSocials.userId, amount: userSocials.personalAmount, company: userSocials.companyAmount, schemeId: userSocials.schemeId })
    .from(userSocials)
    .where(and(eq(userSocials.tenantId, tenantId), eq(userSocials.isDeleted, 0), eq(userSocials.payMonth, month), inArray(userSocials.userId, [...userIds])));
  return new Map(
    rows.map((r) => [
      String(r.userId),
      { personal: String(r.amount ?? '0'), company: String(r.company ?? '0'), schemeId: r.schemeId ? String(r.schemeId) : null },
    ]),
  );
}

/** The tenant's live social-security schemes by id (rates and base limits), for the payroll's fallback. */
export async function socialSchemesById(db: Executor, tenantId: string, ids: readonly string[]): Promise<Map<string, Row>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(socialSchemes)
    .where(and(eq(socialSchemes.tenantId, tenantId), eq(socialSchemes.isDeleted, 0), inArray(socialSchemes.id, [...ids])));
  return new Map(rows.map((r) => [String(r.id), r as Row]));
}
