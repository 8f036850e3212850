/**
 * The customer report's months are the firm's (APP_TIME_ZONE), not the server's zone: on a server configured for
 * Pacific/Kiritimati (UTC+14), an instant that is still December in Shanghai and in UTC is already January there.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_TIME_ZONE: 'Pacific/Kiritimati' });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

describe('customer report in the configured zone', () => {
  it('ends the months with the firm’s month at an instant where Shanghai and UTC are a month behind', async () => {
    // 2031-12-31 12:00 UTC: 20:00 on 12-31 in Shanghai, 02:00 on 2032-01-01 in Kiritimati. Only Date is faked (the
    // server's timers stay real), ahead of the real clock so that ids keep increasing.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-12-31T12:00:00Z') });
    const admin = (await t.login()).access_token!;
    const r = await t.call(admin, { method: 'GET', url: '/api/business/report/customer' });
    vi.useRealTimers();
    expect(r.status).toBe(200);
    const { categories } = r.body.data.perMonth;
    expect(categories).toHaveLength(12);
    expect(categories[0]).toBe('2031-02');
    expect(categories[11]).toBe('2032-01');
  });
});
