/** Timer texts of boundary events: ISO 8601 durations (PT2H), dates, and cycles (R3/PT10M). */

const DURATION =
  /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Adds an ISO 8601 duration to a moment (years and months by the calendar). */
export function addDuration(from: Date, text: string): Date {
  const m = DURATION.exec(text.trim());
  if (!m || text.trim() === 'P' || text.trim().endsWith('T')) throw new Error(`无法识别的时间长度 '${text}'`);
  const [, y, mo, w, d, h, mi, s] = m.map((x) => (x === undefined ? 0 : Number(x)));
  const out = new Date(from.getTime());
  if (y || mo) out.setUTCMonth(out.getUTCMonth() + Number(y) * 12 + Number(mo));
  const ms = ((((Number(w) * 7 + Number(d)) * 24 + Number(h)) * 60 + Number(mi)) * 60 + Number(s)) * 1000;
  return new Date(out.getTime() + ms);
}

export interface TimerPlan {
  due: Date;
  /** Cycle: how many more firings after this one (Infinity for R/), and the period. */
  repeat?: { remaining: number; period: string };
}

/**
 * `localDate` reads a date-time without a zone (as the server zone, like Flowable); the default is the
 * JavaScript reading.
 */
export function parseTimerText(kind: 'duration' | 'date' | 'cycle', text: string, now: Date, localDate: (s: string) => Date = (s) => new Date(s)): TimerPlan {
  const t = text.trim();
  if (kind === 'duration') return { due: addDuration(now, t) };
  if (kind === 'date') {
    const d = /(Z|[+-]\d\d:?\d\d)$/.test(t) ? new Date(t) : localDate(t);
    if (Number.isNaN(d.getTime())) throw new Error(`无法识别的时间 '${text}'`);
    return { due: d };
  }
  const [, times, period] = /^R(\d*)\/(P[^/]+)$/.exec(t) ?? [];
  if (times === undefined || period === undefined) throw new Error(`只支持 R<n>/<时长> 形式的循环定时器, 而不是 '${text}'`);
  const count = times === '' ? Infinity : Number(times);
  return { due: addDuration(now, period), repeat: { remaining: count - 1, period } };
}
