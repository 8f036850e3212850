/**
 * 统一社会信用代码 (unified social credit code) of GB 32100-2015: 18 characters from a 31-character set
 * (digits and capitals without I, O, Z, S, V): registration authority (1), organisation category (1),
 * administrative division (6 digits), organisation code (9), and a check character computed over the first
 * 17 with the standard's weights (3^i mod 31).
 */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export const CREDIT_CODE_MSG = {
  length: '统一社会信用代码应为18位',
  chars: '统一社会信用代码只能包含数字和除I、O、Z、S、V以外的大写字母',
  region: '统一社会信用代码第3至8位应为行政区划码',
  checksum: '统一社会信用代码校验位不正确',
} as const;

/** The check character of the first 17 characters, or undefined when one of them is outside the set. */
export function creditCodeCheckChar(first17: string): string | undefined {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CHARSET.indexOf(first17[i] ?? '');
    if (v < 0) return undefined;
    sum += v * WEIGHTS[i]!;
  }
  return CHARSET[(31 - (sum % 31)) % 31];
}

/** What is wrong with a credit code (the message to show), or undefined when it is valid. Lower case is not accepted. */
export function creditCodeError(code: string): string | undefined {
  if (code.length !== 18) return CREDIT_CODE_MSG.length;
  for (const c of code) if (!CHARSET.includes(c)) return CREDIT_CODE_MSG.chars;
  if (!/^\d{6}$/.test(code.slice(2, 8))) return CREDIT_CODE_MSG.region;
  if (creditCodeCheckChar(code.slice(0, 17)) !== code[17]) return CREDIT_CODE_MSG.checksum;
  return undefined;
}
