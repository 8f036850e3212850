/**
 * The demo data's calendar: today comes from the firm's clock (platform/time, `config.timeZone`), never from the
 * server's zone or a fixed offset. The seeds count days and months from it as calendar arithmetic on UTC dates
 * (`Date.UTC`, `getUTC…`), which no zone moves.
 */
import type { FirmClock } from '../platform/time/index.ts';

/** Today in the firm's zone, as the UTC midnight of that date. */
export function firmToday(clock: FirmClock, at?: Date): Date {
  return new Date(`${clock.today(at)}T00:00:00Z`);
}

/** Now on the firm's wall clock, as the UTC instant with those fields (compared with the seeds' UTC date-times). */
export function firmNow(clock: FirmClock, at?: Date): Date {
  return new Date(`${clock.now(at).replace(' ', 'T')}Z`);
}
