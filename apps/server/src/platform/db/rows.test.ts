import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows, firstRow } from './rows.ts';

describe('firstRow', () => {
  it('answers the first row', () => {
    expect(firstRow([{ id: '1' }, { id: '2' }], 'test')).toEqual({ id: '1' });
  });

  it('throws an internal error (not an ApiError: a 500) naming what was expected when there is none', () => {
    expect(() => firstRow([], 'ledger entry just written')).toThrow('ledger entry just written: expected a row, the statement answered none');
  });
});

describe('executeRows', () => {
  it("answers the driver's rows", async () => {
    const executor = { execute: async () => ({ rows: [{ n: 1 }] }) };
    expect(await executeRows<{ n: number }>(executor, sql`SELECT 1 AS n`)).toEqual([{ n: 1 }]);
  });
});
