/** The firm's calendar in its configured zone, whatever the server's zone: a moment near midnight falls on its zone's day. */
import { describe, expect, it } from 'vitest';
import { firmClock, lastMonths, monthBounds, monthIn, nowIn, todayIn } from './index.ts';

describe('the firm calendar', () => {
  // 2026-03-31 17:30 UTC is 04-01 01:30 in Shanghai, 03-31 13:30 in New York, 04-01 02:30 in Tokyo.
  const at = new Date('2026-03-31T17:30:00Z');

  it('answers today, now and the month in the configured zone', () => {
    expect(todayIn('Asia/Shanghai', at)).toBe('2026-04-01');
    expect(monthIn('Asia/Shanghai', at)).toBe('2026-04');
    expect(nowIn('Asia/Shanghai', at)).toBe('2026-04-01 01:30:00');
    expect(todayIn('America/New_York', at)).toBe('2026-03-31');
    expect(nowIn('America/New_York', at)).toBe('2026-03-31 13:30:00');
    expect(firmClock('Asia/Tokyo').today(at)).toBe('2026-04-01');
    expect(firmClock('UTC').month(at)).toBe('2026-03');
  });

  it('writes midnight as 00, not 24', () => {
    expect(nowIn('UTC', new Date('2026-01-01T00:00:05Z'))).toBe('2026-01-01 00:00:05');
  });

  it('bounds a month, leap February included', () => {
    expect(monthBounds('2026-02')).toEqual({ first: '2026-02-01', last: '2026-02-28' });
    expect(monthBounds('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthBounds('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
    expect(() => monthBounds('2026-13')).toThrow();
  });

  it('counts months back across a year, the given one last', () => {
    expect(lastMonths('2026-02', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(lastMonths('2026-12', 1)).toEqual(['2026-12']);
    expect(lastMonths('2026-03', 12)).toHaveLength(12);
    expect(lastMonths('2026-03', 12)[0]).toBe('2025-04');
    expect(() => lastMonths('2026-3', 2)).toThrow();
  });
});
