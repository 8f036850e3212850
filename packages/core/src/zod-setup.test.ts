import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { isDateText, isIdText } from './values.ts';
import { configureZod } from './zod-setup.ts';

beforeAll(() => configureZod());

const first = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('configureZod: messages of API.md for issues without their own', () => {
  const query = z.object({ code: z.string(), id: z.union([z.string(), z.number()]) });

  it('a missing parameter: 缺少必要的请求参数: <name>', () => {
    expect(first(query, { id: '1' })).toBe('缺少必要的请求参数: code');
    expect(first(query, { code: 'x' })).toBe('缺少必要的请求参数: id');
  });

  it('a wrong type: 请求参数类型错误', () => {
    expect(first(query, { code: 5, id: '1' })).toBe('请求参数类型错误');
    expect(first(query, { code: 'x', id: ['1'] })).toBe('请求参数类型错误');
    expect(first(query, 'not an object')).toBe('请求参数类型错误');
  });

  it('a schema’s own message wins', () => {
    expect(first(z.object({ a: z.string({ message: '请输入A' }) }), {})).toBe('请输入A');
  });
});

describe('value checks', () => {
  it('isIdText: digits within a signed bigint', () => {
    expect(isIdText('1123598821738675201')).toBe(true);
    expect(isIdText('9223372036854775807')).toBe(true);
    expect(isIdText('9223372036854775808')).toBe(false);
    for (const bad of ['', 'abc', '-1', '1.0', ' 1', '12345678901234567890']) expect(isIdText(bad), bad).toBe(false);
  });

  it('isDateText: real days, optional time', () => {
    expect(isDateText('2024-02-29')).toBe(true);
    expect(isDateText('2000-02-29')).toBe(true);
    expect(isDateText('1900-02-29')).toBe(false);
    expect(isDateText('2023-02-29')).toBe(false);
    expect(isDateText('2024-04-31')).toBe(false);
    expect(isDateText('2024-12-31 23:59:59')).toBe(false);
    expect(isDateText('2024-12-31 23:59:59', 'optional')).toBe(true);
    expect(isDateText('2024-12-31 23:59', 'optional')).toBe(true);
    expect(isDateText('2024-12-31', 'optional')).toBe(true);
    for (const bad of [
      '2024-12-31 24:00:00',
      '2024-12-31 12:60',
      '2024-12-31 12:00:60',
      '2024-00-10',
      '2024-01-00',
      '0000-01-01',
      '2024-1-1',
      '2024-01-01T00:00:00',
    ]) {
      expect(isDateText(bad, 'optional'), bad).toBe(false);
    }
  });
});
