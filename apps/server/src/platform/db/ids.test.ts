import { describe, expect, it } from 'vitest';
import { nextId } from './ids.ts';

describe('nextId (snowflake)', () => {
  it('answers decimal strings that fit a signed bigint', () => {
    const id = nextId();
    expect(typeof id).toBe('string');
    expect(id).toMatch(/^[1-9]\d{0,18}$/);
    expect(BigInt(id) > 0n && BigInt(id) <= 9223372036854775807n).toBe(true);
    // beyond 2^53: a JSON number would lose digits, which is why ids travel as strings
    expect(BigInt(id) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('is unique and strictly increasing, also within one millisecond', () => {
    const ids = Array.from({ length: 20_000 }, () => nextId());
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) {
      if (!(BigInt(ids[i]!) > BigInt(ids[i - 1]!))) throw new Error(`id ${i} not increasing: ${ids[i - 1]} then ${ids[i]}`);
    }
  });

  it('carries the time of its creation (ms since 2020-01-01 in the top bits)', () => {
    const before = Date.now();
    const id = BigInt(nextId());
    const after = Date.now();
    const ms = Number(id >> 22n) + 1577836800000;
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after + 1);
  });
});
