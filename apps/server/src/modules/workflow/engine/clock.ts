/** Time for the engine: an injectable clock, and date-times as the database keeps them (server zone, seconds). */
import { zoneFields } from '@hjl/core';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export class TestClock implements Clock {
  constructor(private t: Date = new Date()) {}
  now() {
    return new Date(this.t.getTime());
  }
  set(d: Date) {
    this.t = new Date(d.getTime());
  }
  advance(ms: number) {
    this.t = new Date(this.t.getTime() + ms);
  }
}

/** 'yyyy-MM-dd HH:mm:ss' <-> Date in one time zone (the session TimeZone of the database). */
export class ZoneTime {
  constructor(readonly timeZone: string) {}
  format(d: Date): string {
    const f = zoneFields(d, this.timeZone);
    const p2 = (n: number) => String(n).padStart(2, '0');
    return `${String(f.year).padStart(4, '0')}-${p2(f.month)}-${p2(f.day)} ${p2(f.hour)}:${p2(f.minute)}:${p2(f.second)}`;
  }
  parse(s: string): Date {
    const guess = utcOfText(s);
    if (guess === undefined) return new Date(s);
    const shown = utcOfText(this.format(new Date(guess)));
    if (shown === undefined) throw new Error(`ZoneTime.format answered '${this.format(new Date(guess))}'`);
    return new Date(guess - (shown - guess));
  }
}

/** 'yyyy-MM-dd HH:mm:ss' (or with a T) read as a UTC time, in ms; undefined when the text does not start so. */
function utcOfText(s: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(s);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, sec] = m;
  if (y === undefined || mo === undefined || d === undefined || h === undefined || mi === undefined || sec === undefined) return undefined;
  return Date.UTC(+y, +mo - 1, +d, +h, +mi, +sec);
}
