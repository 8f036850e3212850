/**
 * The calendar fields of an instant in a time zone. `Intl.DateTimeFormat#formatToParts` costs microseconds per
 * call and the workflow engine formats a dozen times per command; the zone's offset from UTC is therefore looked
 * up once per quarter hour of time and the fields read from the shifted instant. A quarter whose start and end
 * have different offsets (a transition inside it, e.g. local mean time before 1901) is computed per call, so the
 * answer is always that of Intl.
 */
export interface ZoneFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const QUARTER_MS = 15 * 60 * 1000;
/** Offsets kept per zone; beyond this many quarters the zone's cache starts over. */
const MAX_CACHED = 10_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at `ms` (whole seconds), by Intl. */
function intlOffset(ms: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const x of formatter(timeZone).formatToParts(new Date(ms))) if (x.type !== 'literal') p[x.type] = Number(x.value);
  const local = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, (p.hour ?? 0) % 24, p.minute ?? 0, p.second ?? 0);
  return local - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The zone's offset from UTC at `ms`. */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const quarter = Math.floor(ms / QUARTER_MS);
  let cache = offsets.get(timeZone);
  if (!cache) offsets.set(timeZone, (cache = new Map()));
  const known = cache.get(quarter);
  if (known !== undefined) return known;
  const start = intlOffset(quarter * QUARTER_MS, timeZone);
  if (start !== intlOffset((quarter + 1) * QUARTER_MS - 1000, timeZone)) return intlOffset(ms, timeZone);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(quarter, start);
  return start;
}

/** The calendar fields of `d` in `timeZone`. */
export function zoneFields(d: Date, timeZone: string): ZoneFields {
  const shifted = new Date(d.getTime() + zoneOffsetMs(d.getTime(), timeZone));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}
