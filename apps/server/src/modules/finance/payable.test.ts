/**
 * assertPayable on a database of its own (an in-memory PGlite with a payments table of a test definition): each
 * refusal with the caller's message and in its order, and which other payments of the record count.
 */
import { APPROVAL_STATUS, defineEntity } from '@hjl/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTable } from '../../platform/crud/table.ts';
import { openDatabase, type Database } from '../../platform/db/index.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { createTestTable } from '../../testing/entity-table.ts';
import { assertPayable, type PayableCheck } from './api.ts';

const payEntity = defineEntity({
  name: 'payable_test',
  table: 'payable_test_pay',
  api: '/api/test/payablePay',
  path: '/test/payablePay',
  label: { zh: '测试付款', en: 'Test payments' },
  routes: [],
  approval: { processKey: 'payable_test' },
  fields: { targetId: { type: 'id', label: { zh: '付款的记录', en: 'Paid record' } } },
});
const pays = entityTable(payEntity);

interface Target {
  id: string;
  status: number;
  payStatus: number | null;
  fee: string | null;
}
const messages = { missing: '记录不存在', notApproved: '记录未审批通过', paid: '记录已付款或付款审批中' };
const check = (record: Target | undefined, over: Partial<PayableCheck<Target>> = {}): PayableCheck<Target> => ({
  record,
  payments: pays,
  paying: [eq(pays.targetId, record?.id ?? '0')],
  messages,
  paid: (r) => r.payStatus === 1,
  ...over,
});
const approved = (id: string, over: Partial<Target> = {}): Target => ({ id, status: APPROVAL_STATUS.approved, payStatus: 0, fee: '10.00', ...over });

let database: Database;
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe(400);
    return (e as ApiError).message;
  }
};

beforeAll(async () => {
  database = await openDatabase({ timeZone: 'Asia/Shanghai' });
  await createTestTable(database, pays);
  const pay = (id: string, targetId: string, status: number, over: Record<string, unknown> = {}) => ({ id, tenantId: '000000', targetId, status, ...over });
  await database.db
    .insert(pays)
    .values([
      pay('101', '1', APPROVAL_STATUS.approving),
      pay('102', '2', APPROVAL_STATUS.approved),
      pay('103', '3', APPROVAL_STATUS.rejected),
      pay('104', '3', APPROVAL_STATUS.withdrawn),
      pay('105', '3', APPROVAL_STATUS.approving, { isDeleted: 1 }),
      pay('106', '3', APPROVAL_STATUS.approved, { tenantId: '100001' }),
    ]);
});
afterAll(() => database.close());

describe('assertPayable', () => {
  it('answers a record approved, unpaid and paid by no other payment', async () => {
    const target = approved('3');
    // Payments rejected, withdrawn, deleted or of another tenant do not pay it.
    expect(await assertPayable(database.db, '000000', check(target))).toBe(target);
  });

  it('refuses with the caller’s messages, in order: missing, not approved, paid, its own refusal', async () => {
    expect(await refusal(assertPayable(database.db, '000000', check(undefined)))).toBe(messages.missing);
    const draft = approved('3', { status: APPROVAL_STATUS.approving, payStatus: 1 });
    expect(await refusal(assertPayable(database.db, '000000', check(draft)))).toBe(messages.notApproved);
    const paid = approved('3', { payStatus: 1, fee: null });
    const noFee = (r: Target) => (r.fee == null ? '没有费用,无需付款' : undefined);
    expect(await refusal(assertPayable(database.db, '000000', check(paid, { refusal: noFee })))).toBe(messages.paid);
    expect(await refusal(assertPayable(database.db, '000000', check(approved('3', { fee: null }), { refusal: noFee })))).toBe('没有费用,无需付款');
    // Without a pay status of its own, only the other payments say it is paid.
    expect(await assertPayable(database.db, '000000', check(approved('3', { payStatus: 1 }), { paid: undefined }))).toMatchObject({ id: '3' });
  });

  it('refuses a record another payment of it pays (under approval or approved), but the payment being written', async () => {
    expect(await refusal(assertPayable(database.db, '000000', check(approved('1'))))).toBe(messages.paid);
    expect(await refusal(assertPayable(database.db, '000000', check(approved('2'))))).toBe(messages.paid);
    expect(await assertPayable(database.db, '000000', check(approved('1'), { except: '101' }))).toMatchObject({ id: '1' });
    // In a transaction (a start's, an approval's) as on the database.
    expect(await database.db.transaction((tx) => refusal(assertPayable(tx, '000000', check(approved('2')))))).toBe(messages.paid);
  });
});
