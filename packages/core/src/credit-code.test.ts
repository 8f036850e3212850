import { describe, expect, it } from 'vitest';
import { CREDIT_CODE_MSG, creditCodeCheckChar, creditCodeError } from './credit-code.ts';

describe('creditCodeError (GB 32100-2015)', () => {
  it.each([
    ['91350100M000100Y43', undefined], // the standard's own example
    ['9144030071526726XG', undefined],
    ['91330100799655058B', undefined],
    ['914403001922038216', undefined],
    ['91110000802100433B', undefined],
    ['91350100M000100Y44', CREDIT_CODE_MSG.checksum],
    ['91330100799655058C', CREDIT_CODE_MSG.checksum],
    ['9135010OM000100Y43', CREDIT_CODE_MSG.chars], // letter O
    ['91350100m000100Y43', CREDIT_CODE_MSG.chars], // lower case
    ['9135010', CREDIT_CODE_MSG.length],
    ['91350100M000100Y431', CREDIT_CODE_MSG.length],
    ['91A50100M000100Y43', CREDIT_CODE_MSG.region],
  ])('%s → %s', (code, message) => {
    expect(creditCodeError(code)).toBe(message);
  });

  it('computes the check character (0 when the remainder is 0)', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(creditCodeCheckChar('9135010OM000100Y4')).toBeUndefined();
  });
});
