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
