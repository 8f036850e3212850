/**
 * Social security: the schemes (社保方案, /api/business/hjlSocialSecurity: city, base limits, the percentage each
 * insurance takes from the company and the person) and each person's monthly contributions (社保缴纳,
 * /api/business/hjlUserSocialSecurity): one per person and month, the base within the scheme's limits, the personal
 * and company amounts computed from the base and the scheme's rates (money arithmetic on fen, half up).
 */
import {
  HR_MSG,
  SOCIAL_RATES,
  compareMoney,
  fenToMoney,
  multiplyMoney,
  socialSecurityEntity,
  splitMoney,
  sumMoney,
  toFen,
  userSocialSecurityEntity,
} from '@hjl/core';
import { and, eq, ne } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { fail } from '../../platform/http/errors.ts';
import { personHooks, stripServerFields, type HrShared } from './context.ts';
import { socialSchemes, userSocials } from './schema.ts';

/** A percentage ('16.00') as a rate ('0.1600'). */
export const percentToRate = (pct: string) => {
  const digits = toFen(pct).toString().padStart(5, '0');
  return `${digits.slice(0, -4)}.${digits.slice(-4)}`;
};

/** The personal and company amounts of a base under a scheme: base × Σ rates of each side. */
export function contributions(base: string, scheme: Row): { personalAmount: string; companyAmount: string } {
  const side = (fields: readonly string[]) => percentToRate(sumMoney(fields.map((f) => (scheme[f] == null ? null : String(scheme[f])))));
  return { personalAmount: multiplyMoney(base, side(SOCIAL_RATES.personal)), companyAmount: multiplyMoney(base, side(SOCIAL_RATES.company)) };
}

/** A base within the scheme's floor and ceiling (BUSINESS.md §1 "Salary": clamped on every path). */
export function baseWithin(base: string, scheme: Row): string {
  if (scheme.baseMin != null && compareMoney(base, String(scheme.baseMin)) < 0) return fenToMoney(toFen(String(scheme.baseMin)));
  if (scheme.baseMax != null && compareMoney(base, String(scheme.baseMax)) > 0) return fenToMoney(toFen(String(scheme.baseMax)));
  return fenToMoney(toFen(base));
}

/** Whether a base lies within the scheme's floor and ceiling. */
export const baseIsWithin = (base: string, scheme: Row) => compareMoney(baseWithin(base, scheme), base) === 0;

/**
 * Of a side's total (personal or company), the housing fund's part: the total split between social insurance and
 * the fund in proportion to the scheme's rates (splitMoney: the first part, insurance, takes the rounding difference).
 */
export function housingFundPart(total: string, scheme: Row | undefined, side: 'personal' | 'company'): string {
  if (!scheme || toFen(total) === 0n) return '0.00';
  const fields = SOCIAL_RATES[side];
  const rate = (f: string) => (scheme[f] == null ? '0' : String(scheme[f]));
  const fund = side === 'personal' ? 'housingPersonal' : 'housingCompany';
  const insurance = sumMoney(fields.filter((f) => f !== fund).map(rate));
  if (toFen(insurance) + toFen(rate(fund)) === 0n) return '0.00';
  return splitMoney(total, [insurance, rate(fund)])[1] ?? '0.00';
}

export function registerSocialSecurity(s: HrShared) {
  const { ctx } = s;
  const db = ctx.database.db;
  const rates = [...SOCIAL_RATES.company, ...SOCIAL_RATES.personal];

  const schemes = ctx.repo(socialSecurityEntity, socialSchemes);
  registerEntityRoutes(ctx.route, schemes, ctx.access, {
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      for (const f of rates)
        if (data[f] != null && (compareMoney(String(data[f]), '0') < 0 || compareMoney(String(data[f]), '100') > 0)) throw fail(HR_MSG.rateRange);
      const current = id ? ((await schemes.detail(user, id)) as Row | undefined) : undefined;
      const min = data.baseMin !== undefined ? data.baseMin : current?.baseMin;
      const max = data.baseMax !== undefined ? data.baseMax : current?.baseMax;
      if (min != null && max != null && compareMoney(String(min), String(max)) > 0) throw fail(HR_MSG.baseRange);
    },
  });

  const repo = ctx.repo(userSocialSecurityEntity, userSocials);
  /** The scheme of the caller's tenant, or a refusal. */
  const schemeOf = async (user: AuthUser, id: string) => {
    const [row] = await db
      .select()
      .from(socialSchemes)
      .where(and(eq(socialSchemes.id, id), eq(socialSchemes.tenantId, user.tenantId), eq(socialSchemes.isDeleted, 0)))
      .limit(1);
    if (!row) throw fail(HR_MSG.schemeMissing);
    return row as Row;
  };
  registerEntityRoutes(
    ctx.route,
    repo,
    ctx.access,
    personHooks(s, repo, userSocials, {
      async check(user, data, current) {
        stripServerFields(data, ['personalAmount', 'companyAmount']);
        const v = (k: string) => (data[k] !== undefined ? data[k] : current?.[k]);
        const userId = v('userId');
        const month = v('payMonth');
        if (userId != null && month != null) {
          const [other] = await db
            .select({ id: userSocials.id })
            .from(userSocials)
            .where(
              and(
                eq(userSocials.tenantId, user.tenantId),
                eq(userSocials.isDeleted, 0),
                eq(userSocials.userId, String(userId)),
                eq(userSocials.payMonth, String(month)),
                ...(current ? [ne(userSocials.id, String(current.id))] : []),
              ),
            )
            .limit(1);
          if (other) throw fail('该员工该月的社保记录已存在');
        }
        const schemeId = v('schemeId');
        const base = v('base');
        if (base != null && compareMoney(String(base), '0') <= 0) throw fail('缴费基数必须大于0');
        if (schemeId == null || base == null) return;
        const scheme = await schemeOf(user, String(schemeId));
        if (!baseIsWithin(String(base), scheme)) throw fail('缴费基数应在社保方案的上下限之间');
        Object.assign(data, contributions(String(base), scheme));
      },
    }),
  );
}
