/**
 * Checks of the text forms values travel in (API.md, JSON): ids within the range of a bigint column, and
 * dates / date-times that name a real calendar day and time. A value that passes is safe to hand to
 * PostgreSQL; one that does not is the caller's mistake (400), never a database error (500).
 */

const MAX_ID = 9223372036854775807n;

/** A snowflake id or foreign key: decimal digits, at most the largest bigint. */
export function isIdText(s: string): boolean {
  return /^\d{1,19}$/.test(s) && BigInt(s) <= MAX_ID;
}

/** A comma-separated list of ids, as BladeX stores menus, departments and permission objects in one column. */
export const ID_LIST_RE = /^\d{1,19}(,\d{1,19})*$/;

const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * `yyyy-MM-dd`, or with `time` also `yyyy-MM-dd HH:mm` and `yyyy-MM-dd HH:mm:ss`, naming a real moment
 * (no 2023-02-29, no 24:00).
 */
export function isDateText(s: string, time: 'none' | 'optional' = 'none'): boolean {
  const m = DATE_TIME_RE.exec(s);
  if (!m) return false;
  if (time === 'none' && m[4] !== undefined) return false;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x)));
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const days = mo === 2 && isLeap(y) ? 29 : DAYS[mo - 1]!;
  return d <= days && h < 24 && mi < 60 && sec < 60;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeap(y: number) {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}
