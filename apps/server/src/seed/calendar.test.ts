/** firmToday: the firm's date, whatever the server's zone, as a UTC midnight. */
import { describe, expect, it } from 'vitest';
import { firmClock } from '../platform/time/index.ts';
import { firmNow, firmToday } from './calendar.ts';

describe('firmToday', () => {
  it("is the date in the firm's zone, at UTC midnight", () => {
    // 17:30 UTC is already the next day in Shanghai, still the same day in Los Angeles.
    const at = new Date('2026-03-01T17:30:00Z');
    expect(firmToday(firmClock('Asia/Shanghai'), at).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(firmToday(firmClock('America/Los_Angeles'), at).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(firmToday(firmClock('UTC'), at).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it("now is the firm's wall clock read as UTC", () => {
    expect(firmNow(firmClock('Asia/Shanghai'), new Date('2026-03-01T17:30:05Z')).toISOString()).toBe('2026-03-02T01:30:05.000Z');
  });

  it('crosses a year in the firm zone', () => {
    expect(firmToday(firmClock('Asia/Shanghai'), new Date('2026-12-31T16:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
