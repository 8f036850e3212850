/** 完税 (BUSINESS.md WP4): the tax of a period is the taxable amount × the rate, to the fen (no approval). */
import { fullTaxEntity, multiplyMoney } from '@hjl/core';
import { and, eq } from 'drizzle-orm';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { blank, type Applications } from './application.ts';
import { assertAccount, positiveAmount } from './ledger.ts';
import { fullTaxes } from './schema.ts';

export function registerTaxes(a: Applications) {
  const { ctx, db } = a;
  registerEntityRoutes(ctx.route, ctx.repo(fullTaxEntity, fullTaxes), ctx.access, {
    dictionary: a.dictionary,
    async beforeWrite(user, data, id) {
      if (data.taxableAmount !== undefined && data.taxableAmount !== null) data.taxableAmount = positiveAmount(data.taxableAmount);
      if (data.accountInfoId) await assertAccount(db, user.tenantId, String(data.accountInfoId));
      const [current] = id
        ? await db
            .select({ taxableAmount: fullTaxes.taxableAmount, taxRate: fullTaxes.taxRate })
            .from(fullTaxes)
            .where(and(eq(fullTaxes.id, id), eq(fullTaxes.tenantId, user.tenantId)))
        : [];
      const taxable = data.taxableAmount ?? current?.taxableAmount;
      const rate = data.taxRate ?? current?.taxRate;
      if (!blank(taxable) && !blank(rate)) data.taxAmount = multiplyMoney(String(taxable), String(rate));
    },
  });
}
