import { describe, expect, it } from 'vitest';
import { NUMBER_KINDS, numberRuleError, renderNumberRule } from './numbering.ts';

const at = new Date('2026-12-31T17:00:00Z'); // 2027-01-01 01:00 in Shanghai

describe('number rules', () => {
  it('render the head (the counter key) and the number, dates in the tenant zone', () => {
    const r = renderNumberRule(NUMBER_KINDS.contract.defaultRule, { prefix: 'HJ-HT', type: 'ZJ' }, at);
    expect(r.head).toBe('HJ-HT-ZJ-2027-#');
    expect(r.format(1)).toBe('HJ-HT-ZJ-2027-0001');
    expect(r.format(12345)).toBe('HJ-HT-ZJ-2027-12345');
    expect(renderNumberRule(NUMBER_KINDS.project.defaultRule, { prefix: 'HJ-XM', type: 'JL' }, at).format(7)).toBe('HJ-XM-JL-202701-007');
    expect(renderNumberRule(NUMBER_KINDS.contract.defaultRule, { prefix: 'HJ-HT', type: 'ZJ' }, at, 'UTC').head).toBe('HJ-HT-ZJ-2026-#');
    expect(renderNumberRule('{prefix}{yy}{MM}{dd}-{seq:2}', { prefix: 'A#{x}' }, at).format(3)).toBe('Ax270101-03');
  });

  it('refuse rules without exactly one sequence, with unknown tokens or odd characters', () => {
    for (const k of Object.values(NUMBER_KINDS)) expect(numberRuleError(k.defaultRule)).toBeUndefined();
    expect(numberRuleError('{prefix}-{yyyy}')).toMatch(/seq/);
    expect(numberRuleError('{seq:3}{seq:3}')).toMatch(/seq/);
    expect(numberRuleError('{seq:0}')).toMatch(/seq/);
    expect(numberRuleError('{prefix}-{foo}-{seq:3}')).toBe('编号规则含有未知的占位符');
    expect(numberRuleError('合同-{seq:3}')).toBe('编号规则只能含字母、数字和-_/.');
    expect(numberRuleError(`${'A'.repeat(70)}{seq:3}`)).toBe('编号规则最多64个字符');
  });
});
