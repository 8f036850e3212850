/**
 * 财务报表 on the firm's calendar (APP_TIME_ZONE), not a fixed +8: on a server configured for Pacific/Kiritimati
 * (UTC+14), at an instant that is still 2031-12-31 in Shanghai it is already 2032-01-01 there — this year is 2032
 * and a loan's days overdue count to that day.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { ok, users } from '../../testing/http.ts';

let t: TestApp;
const { get, login } = users(() => t);
beforeAll(async () => {
  t = await createTestApp({ APP_TIME_ZONE: 'Pacific/Kiritimati' });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

describe('财务报表 in the configured zone', () => {
  it('takes this year and today from the configured zone', async () => {
    // 2031-12-31 12:00 UTC: 20:00 on 12-31 in Shanghai, 02:00 on 2032-01-01 in Kiritimati. Only Date is faked (the
    // server's timers stay real), ahead of the real clock so that ids keep increasing.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-12-31T12:00:00Z') });
    await login('lihong');
    const r = ok(await get('lihong', '/api/business/report/finance')).body.data;
    vi.useRealTimers();
    expect(r.year).toBe(2032);
    const dated = (r.loans.rows as { planReturnDate: string | null; overdueDays: number }[]).filter((l) => l.planReturnDate);
    expect(dated.length).toBeGreaterThan(0);
    for (const l of dated) expect(l.overdueDays).toBe(Math.round((Date.parse('2032-01-01') - Date.parse(l.planReturnDate!)) / 86_400_000));
  });
});
