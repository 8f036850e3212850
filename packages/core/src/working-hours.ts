/**
 * Working-hours arithmetic on a business calendar (issue: where approvals wait; docs/workflow.md "Approval
 * durations"). A day is a working day when the calendar names it a make-up working day (调休上班), else when it is
 * not an official holiday and not a Saturday or Sunday. A working day has the same working periods (the system
 * parameter `wf.workingHours`, e.g. `09:00-12:00,13:00-18:00`). Times are wall-clock texts `yyyy-MM-dd HH:mm:ss`
 * in the firm's zone — what the engine stores —, so nothing here knows a zone: dates are counted on UTC midnights.
 * Shared by the server (durations, overdue reminders) and the web (what the calendar page explains).
 */

/** One working period of a day, in minutes after midnight: [start, end). */
export interface WorkPeriod {
  start: number;
  end: number;
}

export interface BusinessCalendar {
  /** The working periods of every working day, ascending and not overlapping. */
  periods: readonly WorkPeriod[];
  /** Official holidays (`yyyy-MM-dd`), days off even on a weekday. */
  holidays: ReadonlySet<string>;
  /** Make-up working days (调休上班, `yyyy-MM-dd`), working even on a weekend. */
  makeUpDays: ReadonlySet<string>;
}

/** The working hours when the tenant sets no `wf.workingHours`. */
export const DEFAULT_WORKING_HOURS = '09:00-12:00,13:00-18:00';

const PERIOD_RE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;
const DAY_MS = 86_400_000;

/**
 * Reads working hours written as `HH:mm-HH:mm` periods separated by commas. Answers the periods, or the Chinese
 * message saying what is wrong (an administrator typed it into 参数管理).
 */
export function parseWorkingHours(text: string): WorkPeriod[] | string {
  const parts = text
    .split(/[,，]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return '工作时间不能为空,格式如 09:00-12:00,13:00-18:00';
  const periods: WorkPeriod[] = [];
  for (const part of parts) {
    const m = PERIOD_RE.exec(part);
    if (!m) return `工作时间段格式不正确: ${part},应为 HH:mm-HH:mm`;
    const start = Number(m[1]) * 60 + Number(m[2]);
    const end = Number(m[3]) * 60 + Number(m[4]);
    if (end > 24 * 60 || end <= start) return `工作时间段的结束须晚于开始: ${part}`;
    const last = periods[periods.length - 1];
    if (last && start < last.end) return `工作时间段须按时间先后且不重叠: ${part}`;
    periods.push({ start, end });
  }
  return periods;
}

/** Working minutes of one working day. */
export function minutesPerWorkingDay(periods: readonly WorkPeriod[]): number {
  return periods.reduce((n, p) => n + p.end - p.start, 0);
}

/** The UTC-midnight milliseconds of a `yyyy-MM-dd…` text and the minutes after its midnight (seconds as fractions). */
function split(text: string): { day: number; minute: number } {
  const m = DATE_TIME_RE.exec(text);
  if (!m) throw new Error(`not a date-time: ${text}`);
  const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const minute = Number(m[4] ?? 0) * 60 + Number(m[5] ?? 0) + Number(m[6] ?? 0) / 60;
  return { day, minute };
}

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether `day` (`yyyy-MM-dd`) is a working day of the calendar. */
export function isWorkingDay(calendar: BusinessCalendar, day: string): boolean {
  if (calendar.makeUpDays.has(day)) return true;
  if (calendar.holidays.has(day)) return false;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** Working minutes of the day (UTC midnight `dayMs`) between minute `from` and minute `to` of it. */
function minutesOfDay(calendar: BusinessCalendar, dayMs: number, from: number, to: number): number {
  if (to <= from || !isWorkingDay(calendar, dayText(dayMs))) return 0;
  let n = 0;
  for (const p of calendar.periods) n += Math.max(0, Math.min(p.end, to) - Math.max(p.start, from));
  return n;
}

/**
 * The working minutes from `from` to `to` (wall-clock texts; seconds count as fractions of a minute); 0 when `to`
 * is not after `from`. A span of many years costs one step per day.
 */
export function workingMinutesBetween(calendar: BusinessCalendar, from: string, to: string): number {
  const a = split(from);
  const b = split(to);
  if (b.day < a.day || (b.day === a.day && b.minute <= a.minute)) return 0;
  if (a.day === b.day) return minutesOfDay(calendar, a.day, a.minute, b.minute);
  let n = minutesOfDay(calendar, a.day, a.minute, 24 * 60);
  const perDay = minutesPerWorkingDay(calendar.periods);
  for (let d = a.day + DAY_MS; d < b.day; d += DAY_MS) if (isWorkingDay(calendar, dayText(d))) n += perDay;
  return n + minutesOfDay(calendar, b.day, 0, b.minute);
}

const clock = (minute: number) => {
  const whole = Math.round(minute * 60);
  const hh = Math.floor(whole / 3600);
  const mm = Math.floor((whole % 3600) / 60);
  const ss = whole % 60;
  return `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
};

/**
 * The wall-clock time at which `minutes` working minutes after `from` have passed (a node's time limit: when a task
 * becomes overdue). Answers `from` itself for 0, and undefined when the calendar has no working time within ten
 * years (no periods), so that a caller never loops forever.
 */
export function addWorkingMinutes(calendar: BusinessCalendar, from: string, minutes: number): string | undefined {
  const start = split(from);
  let left = Math.max(0, minutes);
  if (left === 0) return `${dayText(start.day)} ${clock(start.minute)}`;
  if (minutesPerWorkingDay(calendar.periods) === 0) return undefined;
  for (let d = start.day, i = 0; i < 3660; d += DAY_MS, i++) {
    if (!isWorkingDay(calendar, dayText(d))) continue;
    for (const p of calendar.periods) {
      const begin = d === start.day ? Math.max(p.start, start.minute) : p.start;
      const available = p.end - begin;
      if (available <= 0) continue;
      if (left <= available) return `${dayText(d)} ${clock(begin + left)}`;
      left -= available;
    }
  }
  return undefined;
}

/**
 * The `p`-th percentile (0–100) of `values` by linear interpolation between the closest ranks (p = 50 is the
 * median); undefined for no values.
 */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = (Math.min(Math.max(p, 0), 100) / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const a = sorted[low] ?? 0;
  const b = sorted[high] ?? a;
  return a + (b - a) * (rank - low);
}
