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
    const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(s);
    if (!m) return new Date(s);
    const guess = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
    const shown = this.parseUtc(this.format(new Date(guess)));
    return new Date(guess - (shown - guess));
  }
  private parseUtc(s: string) {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(s)!;
    return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  }
}
