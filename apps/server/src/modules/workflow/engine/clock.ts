/** Time for the engine: an injectable clock, and date-times as the database keeps them (server zone, seconds). */

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
  private readonly f: Intl.DateTimeFormat;
  constructor(readonly timeZone: string) {
    this.f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  }
  format(d: Date): string {
    const p = Object.fromEntries(this.f.formatToParts(d).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
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
