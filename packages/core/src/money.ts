/**
 * Money (spec 1 sections 5 and 9, spec 2 section 5 "Money input"): at most 2 decimals, thousands separators
 * while shown, and the uppercase Chinese amount (大写金额) of a value below 1e15. Shared by the money input of
 * the web app and the server.
 */

/** A stored amount as text: numeric(18,2), so at most 16 integer digits and 2 decimals, maybe negative. */
export const MONEY_TEXT_RE = /^-?\d{1,16}(\.\d{1,2})?$/;

/** Largest amount the uppercase conversion handles (exclusive). */
export const MONEY_MAX = 1e15;
export const MONEY_TOO_LARGE = '超出最大处理数字';
export const MONEY_ZERO = '零元整';
/** The wan (万) unit: a value in 万元 is this many 元. */
export const WAN = 10000;

const DIGIT = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL = ['', '拾', '佰', '仟'];

/**
 * The decimal text of an amount rounded to 2 decimals (half up): sign, integer digits without leading
 * zeros, and exactly two decimals; undefined when it is not a number.
 */
function decimalParts(value: number | string): { negative: boolean; int: string; frac: string } | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = Math.abs(value) >= 1e21 ? '1'.padEnd(22, '0') : value.toFixed(2);
  } else {
    text = value.trim().replace(/,/g, '');
  }
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && !m[3])) return undefined;
  let int = (m[2] ?? '').replace(/^0+/, '');
  let frac = (m[3] ?? '').padEnd(3, '0');
  // Half up at the third decimal, carried through the digits.
  if (Number(frac[2]) >= 5) {
    const cents = (BigInt(int || '0') * 100n + BigInt(frac.slice(0, 2)) + 1n).toString().padStart(3, '0');
    int = cents.slice(0, -2).replace(/^0+/, '');
    frac = cents.slice(-2);
  }
  return { negative: m[1] === '-', int, frac: frac.slice(0, 2) };
}

/** Shifts the decimal point of a money text 4 places to the right (万元 → 元) without floating point. */
function wanToYuan(value: number | string): string | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(6) : '') : value.trim().replace(/,/g, '');
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && !m[3])) return undefined;
  const frac = (m[3] ?? '').padEnd(4, '0');
  return `${m[1]}${m[2] ?? ''}${frac.slice(0, 4)}.${frac.slice(4)}`;
}

/**
 * The uppercase Chinese amount of `value` (元, or 万元 with `unit: 'wan'`): 壹万零贰元叁角, 零元整 for zero,
 * 超出最大处理数字 from 1e15 on, '' for something that is not a number. A negative amount starts with 负.
 */
export function moneyToChinese(value: number | string | null | undefined, opts: { unit?: 'yuan' | 'wan' } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const yuan = opts.unit === 'wan' ? wanToYuan(value) : value;
  const p = yuan === undefined ? undefined : decimalParts(yuan);
  if (!p) return '';
  if (p.int.length > 15) return MONEY_TOO_LARGE;
  const digits = p.int.split('').map(Number);
  const len = digits.length;
  const at = (pos: number) => digits[len - 1 - pos] ?? 0;
  const anyFrom = (from: number, to: number) => {
    for (let q = from; q <= to; q++) if (at(q) !== 0) return true;
    return false;
  };
  let out = '';
  let zero = false;
  for (let pos = len - 1; pos >= 0; pos--) {
    const d = at(pos);
    if (d === 0) {
      if (out) zero = true;
    } else {
      if (zero) out += '零';
      zero = false;
      out += DIGIT[d]! + SMALL[pos % 4]!;
    }
    if (pos % 4 === 0 && pos > 0) {
      const group = anyFrom(pos, pos + 3);
      // 亿 also closes 万亿 (1,0000,0000,0000 is 壹万亿).
      const big = pos === 8 ? anyFrom(8, 14) : group;
      if (big) {
        out += pos === 8 ? '亿' : '万';
        zero = !group;
      }
    }
  }
  const jiao = Number(p.frac[0]);
  const fen = Number(p.frac[1]);
  if (!out && !jiao && !fen) return MONEY_ZERO;
  let text = out ? `${out}元` : '';
  if (jiao) text += `${DIGIT[jiao]}角`;
  else if (fen && out) text += '零';
  if (fen) text += `${DIGIT[fen]}分`;
  if (!jiao && !fen) text += '整';
  return (p.negative ? '负' : '') + text;
}

/**
 * What the money input keeps of typed text: digits and one decimal point, at most 2 decimals (a leading
 * minus only with `negative`). Separators and anything else are dropped.
 */
export function sanitizeMoneyText(text: string, opts: { negative?: boolean } = {}): string {
  const minus = opts.negative && text.trim().startsWith('-') ? '-' : '';
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  if (dot < 0) return minus + kept;
  return `${minus}${kept.slice(0, dot)}.${kept
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2)}`;
}

/** A money text or number with thousands separators: 1234567.5 → 1,234,567.5 (decimals kept as given). */
export function formatMoney(value: number | string | null | undefined, opts: { decimals?: 2 } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  let text = typeof value === 'number' ? (opts.decimals ? value.toFixed(2) : String(value)) : value.trim().replace(/,/g, '');
  const m = /^(-?)(\d*)(\.\d*)?$/.exec(text);
  if (!m) return String(value);
  if (opts.decimals && typeof value === 'string') {
    const p = decimalParts(text);
    if (p) text = `${p.negative ? '-' : ''}${p.int || '0'}.${p.frac}`;
    return formatMoney(text);
  }
  return `${m[1]}${(m[2] ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

/*
 * Arithmetic on amounts. An amount is a decimal string ('1234.5', '-0.01'; blank or null reads as zero); every
 * operation works on integer fen (分, BigInt) and answers a string with exactly two decimals. Nothing here goes
 * through floating point: a JavaScript number never holds an amount.
 */

/** An amount as the API carries it: a decimal string; null, undefined and '' read as zero. */
export type MoneyText = string | null | undefined;

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** A decimal text as a scaled integer (value × 10^scale), rounded half up (away from zero) at the last place kept. */
function scaled(value: string, scale: number, what: string): bigint {
  const text = value.trim().replace(/,/g, '');
  const m = DECIMAL_RE.exec(text);
  if (!m || (m[2] === '' && !m[3])) throw new Error(`${what}不是数字: ${value}`);
  const frac = (m[3] ?? '').padEnd(scale + 1, '0');
  let n = BigInt((m[2] || '0') + frac.slice(0, scale));
  if (Number(frac[scale]) >= 5) n += 1n;
  return m[1] === '-' ? -n : n;
}

/** An amount in fen (half up at the third decimal); blank is zero; anything not a decimal number throws. */
export function toFen(value: MoneyText): bigint {
  if (value === null || value === undefined || value.trim() === '') return 0n;
  return scaled(value, 2, '金额');
}

/** Fen as an amount with two decimals: 12345n → '123.45', -5n → '-0.05'. */
export function fenToMoney(fen: bigint): string {
  const negative = fen < 0n;
  const digits = (negative ? -fen : fen).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** a + b. */
export function addMoney(a: MoneyText, b: MoneyText): string {
  return fenToMoney(toFen(a) + toFen(b));
}

/** a − b. */
export function subtractMoney(a: MoneyText, b: MoneyText): string {
  return fenToMoney(toFen(a) - toFen(b));
}

/** The sum of amounts ('0.00' for none). */
export function sumMoney(values: Iterable<MoneyText>): string {
  let total = 0n;
  for (const v of values) total += toFen(v);
  return fenToMoney(total);
}

/** Integer division rounded half up (away from zero), for a positive divisor. */
function divideHalfUp(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/** Decimals a rate may carry (a tax rate '0.13', an exchange rate '7.123456'). */
const RATE_SCALE = 8;

/** amount × rate (a decimal string such as '0.13' or '1.5'), rounded half up to the fen. */
export function multiplyMoney(amount: MoneyText, rate: string): string {
  const r = scaled(rate, RATE_SCALE, '比率');
  return fenToMoney(divideHalfUp(toFen(amount) * r, 10n ** BigInt(RATE_SCALE)));
}

/** The tax in a tax-inclusive amount and the amount excluding it (BUSINESS.md §1 Invoice tax). */
export interface InclusiveTax {
  /** amount ÷ (1 + rate) × rate, rounded half up to the fen. */
  tax: string;
  /** amount − tax. */
  excludingTax: string;
}

/**
 * Splits a tax-inclusive amount (价税合计, an invoice's amount) at `rate` ('0.06') into its tax and the amount
 * excluding tax: tax = amount ÷ (1 + rate) × rate, rounded half up to the fen (144,051.60 at 6 %: 8,153.86), and
 * excluding = amount − tax, so the two always add up to the amount.
 */
export function inclusiveTax(amount: MoneyText, rate: string): InclusiveTax {
  const r = scaled(rate, RATE_SCALE, '税率');
  if (r < 0n) throw new Error('税率不能为负数');
  const fen = toFen(amount);
  const tax = divideHalfUp(fen * r, 10n ** BigInt(RATE_SCALE) + r);
  return { tax: fenToMoney(tax), excludingTax: fenToMoney(fen - tax) };
}

/**
 * Splits `total` over `shares` (weights as decimal strings, e.g. percentages or the amounts of the lines) in
 * proportion, to the fen, so that the parts add up to exactly `total`. Each part first gets its proportional
 * amount rounded toward zero; the fen left over go one each to the parts with the largest remainders, the
 * earlier part first on equal remainders. Answers one amount per share; throws when the shares add up to zero
 * or one is negative.
 */
export function allocateMoney(total: MoneyText, shares: readonly string[]): string[] {
  const weights = shares.map((s) => scaled(s, RATE_SCALE, '分摊比例'));
  if (weights.some((w) => w < 0n)) throw new Error('分摊比例不能为负数');
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) throw new Error('分摊比例之和不能为零');
  const fen = toFen(total);
  const sign = fen < 0n ? -1n : 1n;
  const abs = fen * sign;
  const parts = weights.map((w) => (abs * w) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (abs * w) % sum }));
  let left = abs - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  return parts.map((p) => fenToMoney(p * sign));
}

/**
 * The one rounding rule of a business split (docs/decisions.md "Splits"): `parts` each rounded to the fen already,
 * the first part takes whatever they miss of (or exceed) `total`, so that they add up to exactly `total`.
 */
export function firstTakesDifference(total: MoneyText, parts: readonly MoneyText[]): string[] {
  if (!parts.length) return [];
  const out = parts.map((p) => fenToMoney(toFen(p)));
  out[0] = fenToMoney(toFen(out[0]) + toFen(total) - toFen(sumMoney(out)));
  return out;
}

/**
 * Splits `total` over `weights` (decimal strings: ratios, rates, amounts) in proportion: each part rounded half up to
 * the fen, the first part taking the rounding difference (firstTakesDifference) — the rule of every business split
 * (labour fees between persons, social security between insurance and housing fund). Throws when the weights add
 * up to zero or one is negative.
 */
export function splitMoney(total: MoneyText, weights: readonly string[]): string[] {
  const ws = weights.map((w) => scaled(w, RATE_SCALE, '分摊比例'));
  if (ws.some((w) => w < 0n)) throw new Error('分摊比例不能为负数');
  const sum = ws.reduce((a, b) => a + b, 0n);
  if (sum === 0n) throw new Error('分摊比例之和不能为零');
  const fen = toFen(total);
  return firstTakesDifference(
    fenToMoney(fen),
    ws.map((w) => fenToMoney(divideHalfUp(fen * w, sum))),
  );
}

/** Compares two amounts: -1, 0 or 1. */
export function compareMoney(a: MoneyText, b: MoneyText): -1 | 0 | 1 {
  const d = toFen(a) - toFen(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}
