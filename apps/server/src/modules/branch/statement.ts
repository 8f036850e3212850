/**
 * 分公司收支 (ours: `GET hjlFiliale/statement/{id}?from=&to=`, docs/compatibility.md): a branch's money in a period,
 * every figure read from the ledger (收支明细) — its projects' collections, costs (their other expenses) and labour
 * fees, the management fees it paid, the dividends and shares paid to it — and the deposits it has outstanding at
 * the period's end (paid and not refunded). Each figure is the sum of the ledger rows it names, to the fen; the
 * branch is one the caller may see (a branch leader: theirs).
 */
import { BRANCH_MSG, filialeEntity, isDateText, subtractMoney } from '@hjl/core';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityTable } from '../../platform/crud/table.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { ledgerSum, type LedgerFilter } from '../finance/api.ts';
import { branchProjectIds } from '../project/api.ts';
import { dividends, filialeDeposits, filialeMgmts, withdrawShares } from './schema.ts';
import { BRANCH_LEDGER_BIZ, type BranchShared } from './shared.ts';
import { STATEMENT_CODE } from './codes.ts';

const dateParam = (label: string) =>
  z
    .string({ message: `${label}格式应为yyyy-MM-dd` })
    .refine((v) => isDateText(v), { message: `${label}格式应为yyyy-MM-dd` })
    .optional();

/** The statement of a branch the caller may see for [from, to] (default: this year up to today). */
export async function branchStatement(s: BranchShared, user: AuthUser, id: string, period: { from?: string; to?: string }) {
  const branch = await s.filiales.detail(user, id);
  if (!branch) throw fail(BRANCH_MSG.missing);
  const today = s.clock.today();
  const from = period.from ?? `${today.slice(0, 4)}-01-01`;
  const to = period.to ?? today;
  if (from > to) throw fail(BRANCH_MSG.statementRange);
  const tenantId = user.tenantId;
  const db = s.db;
  const projects = branchProjectIds(db, tenantId, id);
  const own = (table: EntityTable & { filialeId: PgColumn }) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.tenantId, tenantId), eq(table.filialeId, id)));
  const inPeriod: Pick<LedgerFilter, 'tenantId' | 'from' | 'to'> = { tenantId, from, to };
  const [collect, cost, labour, managementFee, dividend, withdraw, depositsPaid, depositsRefunded] = await Promise.all([
    ledgerSum(db, { ...inPeriod, projects, figure: 'collect' }),
    ledgerSum(db, { ...inPeriod, projects, figure: 'expend', except: 'labour' }),
    ledgerSum(db, { ...inPeriod, projects, figure: 'labour' }),
    ledgerSum(db, { ...inPeriod, bizType: BRANCH_LEDGER_BIZ.mgmt, bizIds: own(filialeMgmts) }),
    ledgerSum(db, { ...inPeriod, bizType: BRANCH_LEDGER_BIZ.dividend, bizIds: own(dividends) }),
    ledgerSum(db, { ...inPeriod, bizType: BRANCH_LEDGER_BIZ.withdraw, bizIds: own(withdrawShares) }),
    ledgerSum(db, { tenantId, to, bizType: BRANCH_LEDGER_BIZ.deposit, bizIds: own(filialeDeposits) }),
    ledgerSum(db, { tenantId, to, bizType: BRANCH_LEDGER_BIZ.depositRefund, bizIds: own(filialeDeposits) }),
  ]);
  const [named] = await s.filiales.withNames(user, [branch]);
  return {
    filialeId: String(branch.id),
    filialeName: branch.filialeName,
    leaderName: named?.leaderName ?? null,
    from,
    to,
    collect: collect.amount,
    collectCount: collect.count,
    cost: cost.amount,
    costCount: cost.count,
    labour: labour.amount,
    labourCount: labour.count,
    /** The projects' gross profit: collected − costs − labour fees. */
    profit: subtractMoney(subtractMoney(collect.amount, cost.amount), labour.amount),
    managementFee: managementFee.amount,
    managementFeeCount: managementFee.count,
    dividend: dividend.amount,
    dividendCount: dividend.count,
    withdraw: withdraw.amount,
    withdrawCount: withdraw.count,
    depositsPaid: depositsPaid.amount,
    depositsRefunded: depositsRefunded.amount,
    depositsOutstanding: subtractMoney(depositsPaid.amount, depositsRefunded.amount),
  };
}

export function registerBranchStatement(s: BranchShared) {
  const params = z.object({ id: idField() });
  const query = z.object({ from: dateParam('开始日期'), to: dateParam('结束日期') });
  s.ctx.route({
    method: 'GET',
    url: `${filialeEntity.api}/statement/:id`,
    summary: '分公司收支(期间内:项目收款、成本、劳务费、管理费、分红、提成;期末未退保证金)',
    tags: [filialeEntity.label.zh],
    requires: { code: STATEMENT_CODE },
    query,
    handler: async ({ user, req, query: q }) => branchStatement(s, user, parseOrFail(params, req.params).id, q),
  });
}
