/**
 * The numbering service (BUSINESS.md §1 "Numbering"): the next number of a kind of record (contracts, projects,
 * seal requests …) under the tenant's rule (@hjl/core numbering.ts). `preview` reads the counter and answers the
 * number the next save would take (two previews answer the same); `take` increments the counter row of the
 * rendered head inside the caller's transaction: the row stays locked until that transaction ends, so concurrent
 * saves wait for each other and never share a number, and a save that rolls back gives its number back.
 */
import { NUMBER_KINDS, numberRuleError, renderNumberRule, type NumberKind } from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import type { Executor } from '../crud/repo.ts';
import { firstRow } from '../db/rows.ts';
import type { ParamReader } from '../module.ts';
import { numberCounters } from './schema.ts';

export type { NumberKind };
export { NUMBER_KINDS };

export class NumberingService {
  constructor(
    private readonly database: Database,
    private readonly params: ParamReader,
    private readonly timeZone: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The tenant's rule of a kind, rendered for a record of `type` now (an invalid rule in the parameters: the default). */
  private async rendered(tenantId: string, kind: NumberKind, type?: string, tx?: Executor) {
    const prefix = await this.params.get(tenantId, kind.prefixParam, kind.defaultPrefix, tx);
    const configured = await this.params.get(tenantId, kind.ruleParam, kind.defaultRule, tx);
    const rule = numberRuleError(configured) ? kind.defaultRule : configured;
    return renderNumberRule(rule, { prefix, type }, this.now(), this.timeZone);
  }

  /** The number the next save of this kind and type would take (nothing is reserved). */
  async preview(tenantId: string, kind: NumberKind, type?: string): Promise<string> {
    const r = await this.rendered(tenantId, kind, type);
    const [row] = await this.database.db
      .select({ value: numberCounters.value })
      .from(numberCounters)
      .where(and(eq(numberCounters.tenantId, tenantId), eq(numberCounters.kind, kind.name), eq(numberCounters.head, r.head)))
      .limit(1);
    return r.format((row?.value ?? 0) + 1);
  }

  /** Takes the next number in `tx` (the save's transaction): its counter row is locked until `tx` ends. */
  async take(tx: Executor, tenantId: string, kind: NumberKind, type?: string): Promise<string> {
    const r = await this.rendered(tenantId, kind, type, tx);
    const row = firstRow(
      await tx
        .insert(numberCounters)
        .values({ tenantId, kind: kind.name, head: r.head, value: 1 })
        .onConflictDoUpdate({ target: [numberCounters.tenantId, numberCounters.kind, numberCounters.head], set: { value: sql`${numberCounters.value} + 1` } })
        .returning({ value: numberCounters.value }),
      `number counter ${kind.name}`,
    );
    return r.format(row.value);
  }
}
