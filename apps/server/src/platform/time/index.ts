/**
 * The firm's calendar: today, now and month boundaries in the configured zone (`APP_TIME_ZONE`, `config.timeZone`),
 * never the server's own zone or a fixed offset. Dates are `yyyy-MM-dd`, date-times `yyyy-MM-dd HH:mm:ss`, months
 * `yyyy-MM` — the texts the API reads and writes (API.md).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** `now` as `yyyy-MM-dd HH:mm:ss` on the wall clock of `timeZone`. */
export function nowIn(timeZone: string, now: Date = new Date()): string {
  const p = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The date of `now` in `timeZone`, `yyyy-MM-dd`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return nowIn(timeZone, now).slice(0, 10);
}

/** The month of `now` in `timeZone`, `yyyy-MM`. */
export function monthIn(timeZone: string, now: Date = new Date()): string {
  return nowIn(timeZone, now).slice(0, 7);
}

/** The first and last day of a month `yyyy-MM` (calendar arithmetic: no zone involved). */
export function monthBounds(month: string): { first: string; last: string } {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) throw new Error(`bad month ${month}`);
  const year = Number(m[1]);
  const mon = Number(m[2]);
  if (mon < 1 || mon > 12) throw new Error(`bad month ${month}`);
  const days = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}

/** The `count` months ending with `month` (`yyyy-MM`), oldest first (calendar arithmetic: no zone involved). */
export function lastMonths(month: string, count: number): string[] {
  const { first } = monthBounds(month);
  const [year, mon] = first.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(year, mon - 1 - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/** The firm's clock bound to its zone: what a module keeps in its context (`ctx.config.timeZone`). */
export interface FirmClock {
  now(at?: Date): string;
  today(at?: Date): string;
  month(at?: Date): string;
}

export function firmClock(timeZone: string): FirmClock {
  return { now: (at) => nowIn(timeZone, at), today: (at) => todayIn(timeZone, at), month: (at) => monthIn(timeZone, at) };
}
