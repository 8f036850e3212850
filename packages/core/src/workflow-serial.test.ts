import { describe, expect, it } from 'vitest';
import { nextSerialNumber, type SerialRule } from './workflow-serial.ts';

const rule = (r: Partial<SerialRule>): SerialRule => ({ prefix: 'QJ', dateFormat: 'yyyyMMdd', suffixLength: 4, start: 1, cycle: 'day', ...r });
// 2026-12-01 09:30:00 in Shanghai (UTC+8).
const at = (s: string) => new Date(`${s}+08:00`);

describe('nextSerialNumber', () => {
  it('starts at the rule start, counts up within the cycle, starts over in the next', () => {
    const a = nextSerialNumber(rule({}), undefined, at('2026-12-01T09:30:00'));
    expect(a).toEqual({ serialNumber: 'QJ202612010001', state: { period: '2026-12-01', last: 1 } });
    const b = nextSerialNumber(rule({}), a.state, at('2026-12-01T23:59:59'));
    expect(b.serialNumber).toBe('QJ202612010002');
    const c = nextSerialNumber(rule({}), b.state, at('2026-12-02T00:00:00'));
    expect(c).toEqual({ serialNumber: 'QJ202612020001', state: { period: '2026-12-02', last: 1 } });
  });

  it('reads the day in the given zone', () => {
    // 2026-12-01 17:00 UTC is already 12-02 in Shanghai.
    expect(nextSerialNumber(rule({}), undefined, new Date('2026-12-01T17:00:00Z')).serialNumber).toBe('QJ202612020001');
    expect(nextSerialNumber(rule({}), undefined, new Date('2026-12-01T17:00:00Z'), 'UTC').serialNumber).toBe('QJ202612010001');
  });

  it('never starts over with cycle none; a counter longer than the suffix is written in full', () => {
    const r = rule({ cycle: 'none', dateFormat: '', suffixLength: 2, start: 98, prefix: 'HT-' });
    const a = nextSerialNumber(r, undefined, at('2026-01-01T00:00:00'));
    expect(a).toEqual({ serialNumber: 'HT-98', state: { period: '', last: 98 } });
    const b = nextSerialNumber(r, a.state, at('2027-06-01T00:00:00'));
    const c = nextSerialNumber(r, b.state, at('2028-06-01T00:00:00'));
    expect([b.serialNumber, c.serialNumber]).toEqual(['HT-99', 'HT-100']);
  });

  it('weeks are ISO weeks (a week crossing the new year keeps counting)', () => {
    const r = rule({ cycle: 'week', dateFormat: 'yyMM', start: 0, suffixLength: 3 });
    const a = nextSerialNumber(r, undefined, at('2026-12-31T10:00:00')); // Thursday, week 2026-W53
    expect(a.state.period).toBe('2026-W53');
    const b = nextSerialNumber(r, a.state, at('2027-01-03T10:00:00')); // Sunday of the same week
    expect(b).toEqual({ serialNumber: 'QJ2701001', state: { period: '2026-W53', last: 1 } });
    const c = nextSerialNumber(r, b.state, at('2027-01-04T10:00:00')); // Monday: week 2027-W01
    expect(c).toEqual({ serialNumber: 'QJ2701000', state: { period: '2027-W01', last: 0 } });
  });

  it('months and years', () => {
    const m = rule({ cycle: 'month', dateFormat: 'yyyy-MM-' });
    const a = nextSerialNumber(m, undefined, at('2026-11-30T12:00:00'));
    expect(nextSerialNumber(m, a.state, at('2026-11-01T12:00:00')).serialNumber).toBe('QJ2026-11-0002');
    expect(nextSerialNumber(m, a.state, at('2026-12-01T12:00:00')).serialNumber).toBe('QJ2026-12-0001');
    const y = rule({ cycle: 'year', dateFormat: 'yyyy', prefix: '' });
    const b = nextSerialNumber(y, { period: '2026', last: 41 }, at('2026-12-31T23:00:00'));
    expect(b.serialNumber).toBe('20260042');
    expect(nextSerialNumber(y, b.state, at('2027-01-01T00:00:01')).serialNumber).toBe('20270001');
  });

  it('the date format may carry the time; other letters are copied', () => {
    expect(nextSerialNumber(rule({ dateFormat: 'yyyyMMddHHmmss-', cycle: 'none' }), undefined, at('2026-03-04T05:06:07')).serialNumber).toBe(
      'QJ20260304050607-0001',
    );
  });

  it('refuses a broken rule', () => {
    expect(() => nextSerialNumber(rule({ suffixLength: 0 }), undefined, new Date())).toThrow('流水号位数应在1到12之间');
    expect(() => nextSerialNumber(rule({ cycle: 'hour' as never }), undefined, new Date())).toThrow('流水号重置周期');
    expect(() => nextSerialNumber(rule({ start: -1 }), undefined, new Date())).toThrow('流水号起始值');
  });
});
