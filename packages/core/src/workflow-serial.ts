/**
 * Serial numbers of process instances (流水号, WORKFLOW.md "Design time"): prefix + date + a counter padded
 * to `suffixLength` digits, starting at `start` and starting over each cycle (none / day / week / month / year).
 * The rule is kept with the model; the last state (period and counter) is kept by whoever numbers instances,
 * which calls `nextSerialNumber` inside the transaction that locks that state.
 */
import { zoneFields } from './zone-time.ts';

export const SERIAL_CYCLES = ['none', 'day', 'week', 'month', 'year'] as const;
export type SerialCycle = (typeof SERIAL_CYCLES)[number];

export interface SerialRule {
  prefix: string;
  /** Tokens yyyy, yy, MM, dd, HH, mm, ss; anything else is copied. Empty: no date part. */
  dateFormat: string;
  /** Digits of the counter (zero padded; a larger counter is written in full). */
  suffixLength: number;
  /** First counter value of each cycle. */
  start: number;
  cycle: SerialCycle;
}

export interface SerialState {
  /** The cycle the counter belongs to: '' (none), '2026-12-01' (day), '2026-W49' (ISO week), '2026-12', '2026'. */
  period: string;
  last: number;
}

export const DEFAULT_SERIAL_RULE: SerialRule = { prefix: '', dateFormat: 'yyyyMMdd', suffixLength: 4, start: 1, cycle: 'day' };

/** A rule's mistake, or undefined. */
export function serialRuleError(rule: SerialRule): string | undefined {
  if (rule.prefix.length > 32) return '流水号前缀最多32个字符';
  if (rule.dateFormat.length > 32) return '流水号日期格式最多32个字符';
  if (!Number.isInteger(rule.suffixLength) || rule.suffixLength < 1 || rule.suffixLength > 12) return '流水号位数应在1到12之间';
  if (!Number.isInteger(rule.start) || rule.start < 0 || rule.start > 999_999_999) return '流水号起始值应为0到999999999之间的整数';
  if (!SERIAL_CYCLES.includes(rule.cycle)) return '流水号重置周期只能是none、day、week、month或year';
  return undefined;
}

interface Parts {
  y: number;
  M: number;
  d: number;
  H: number;
  m: number;
  s: number;
}

/** The calendar fields of `now` in `timeZone`. */
function partsIn(now: Date, timeZone: string): Parts {
  const f = zoneFields(now, timeZone);
  return { y: f.year, M: f.month, d: f.day, H: f.hour, m: f.minute, s: f.second };
}

const pad = (n: number, len: number) => String(n).padStart(len, '0');

/** Formats with the tokens yyyy, yy, MM, dd, HH, mm, ss. */
export function formatSerialDate(p: Parts, format: string): string {
  return format.replace(/yyyy|yy|MM|dd|HH|mm|ss/g, (t) => {
    switch (t) {
      case 'yyyy':
        return pad(p.y, 4);
      case 'yy':
        return pad(p.y % 100, 2);
      case 'MM':
        return pad(p.M, 2);
      case 'dd':
        return pad(p.d, 2);
      case 'HH':
        return pad(p.H, 2);
      case 'mm':
        return pad(p.m, 2);
      default:
        return pad(p.s, 2);
    }
  });
}

/** ISO-8601 week of a calendar day: its week-based year and week number. */
function isoWeek(y: number, M: number, d: number): { year: number; week: number } {
  const date = new Date(Date.UTC(y, M - 1, d));
  const day = date.getUTCDay() || 7; // Monday 1 … Sunday 7
  date.setUTCDate(date.getUTCDate() + 4 - day); // the Thursday of the week decides its year
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return { year, week };
}

function periodOf(p: Parts, cycle: SerialCycle): string {
  switch (cycle) {
    case 'none':
      return '';
    case 'day':
      return `${pad(p.y, 4)}-${pad(p.M, 2)}-${pad(p.d, 2)}`;
    case 'week': {
      const w = isoWeek(p.y, p.M, p.d);
      return `${pad(w.year, 4)}-W${pad(w.week, 2)}`;
    }
    case 'month':
      return `${pad(p.y, 4)}-${pad(p.M, 2)}`;
    case 'year':
      return pad(p.y, 4);
  }
}

/**
 * The next serial number under `rule` at `now` (read in `timeZone`, default Asia/Shanghai), given the state
 * the previous number left (undefined: none yet). Answers the number and the state to keep.
 */
export function nextSerialNumber(
  rule: SerialRule,
  lastState: SerialState | undefined,
  now: Date,
  timeZone = 'Asia/Shanghai',
): { serialNumber: string; state: SerialState } {
  const error = serialRuleError(rule);
  if (error) throw new Error(error);
  const p = partsIn(now, timeZone);
  const period = periodOf(p, rule.cycle);
  const last = lastState && lastState.period === period ? lastState.last : undefined;
  const n = last === undefined ? rule.start : Math.max(last + 1, rule.start);
  return { serialNumber: `${rule.prefix}${formatSerialDate(p, rule.dateFormat)}${pad(n, rule.suffixLength)}`, state: { period, last: n } };
}
