import { describe, expect, it } from 'vitest';
import { zoneFields } from './zone-time.ts';

/** What Intl answers, field by field. */
function byIntl(d: Date, timeZone: string) {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p: Record<string, number> = {};
  for (const x of f.formatToParts(d)) if (x.type !== 'literal') p[x.type] = Number(x.value);
  return { year: p.year, month: p.month, day: p.day, hour: (p.hour ?? 0) % 24, minute: p.minute, second: p.second };
}

describe('zoneFields', () => {
  const zones = ['Asia/Shanghai', 'UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
  it('answers what Intl answers, around daylight-saving transitions, half-hour zones and local mean time', () => {
    const instants = [
      Date.UTC(2026, 10, 27, 8, 0, 0),
      Date.UTC(2026, 2, 8, 6, 59, 59), // New York: one second before the spring transition (07:00 UTC)
      Date.UTC(2026, 2, 8, 7, 0, 0),
      Date.UTC(2026, 10, 1, 5, 59, 59), // New York: autumn transition (06:00 UTC)
      Date.UTC(2026, 10, 1, 6, 0, 0),
      Date.UTC(2026, 3, 4, 14, 59, 59), // Lord Howe: half-hour change at 15:00 UTC
      Date.UTC(2026, 3, 4, 15, 0, 0),
      Date.UTC(1900, 0, 1, 0, 0, 0), // local mean time (Shanghai +08:05:43)
      Date.UTC(1901, 0, 1, 0, 0, 0),
      Date.UTC(1970, 0, 1, 0, 0, 0),
      Date.UTC(2038, 0, 19, 3, 14, 8),
      Date.UTC(2026, 0, 1, 0, 0, 0) - 1,
    ];
    let checked = 0;
    for (const zone of zones)
      for (const ms of instants)
        for (const delta of [0, 1000, 7 * 60 * 1000, 899_000]) {
          const d = new Date(ms + delta);
          expect(zoneFields(d, zone), `${zone} ${d.toISOString()}`).toEqual(byIntl(d, zone));
          checked++;
        }
    expect(checked).toBe(zones.length * 12 * 4);
  });

  it('answers the same the second time (from its cache) as the first', () => {
    const d = new Date(Date.UTC(2026, 5, 1, 12, 34, 56));
    expect(zoneFields(d, 'Asia/Shanghai')).toEqual({ year: 2026, month: 6, day: 1, hour: 20, minute: 34, second: 56 });
    expect(zoneFields(d, 'Asia/Shanghai')).toEqual({ year: 2026, month: 6, day: 1, hour: 20, minute: 34, second: 56 });
  });
});
