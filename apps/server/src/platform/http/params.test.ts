import { configureZod } from '@hjl/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boolField, idField, idsField } from './params.ts';

beforeAll(() => configureZod());

const message = (schema: z.ZodType, value: unknown) => {
  const r = z.object({ id: schema }).safeParse(value === undefined ? {} : { id: value });
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('idField', () => {
  it('reads an id as text, a JSON number as its digits', () => {
    expect(idField().parse('1123598821738675201')).toBe('1123598821738675201');
    expect(idField().parse(42)).toBe('42');
  });

  it('answers the missing and the malformed parameter in Chinese', () => {
    expect(message(idField(), undefined)).toBe('缺少必要的请求参数: id');
    for (const bad of ['abc', '-1', '1.5', '', '9223372036854775808', true]) expect(message(idField(), bad), String(bad)).toBe('请求参数类型错误');
    expect(message(idField({ message: '负责人格式不正确' }), 'x')).toBe('负责人格式不正确');
    expect(message(idField({ nonZero: true }), '0')).toBe('请求参数类型错误');
    expect(message(idField(), '0')).toBeUndefined();
  });
});

describe('idsField', () => {
  it('reads a comma list or a JSON array', () => {
    expect(idsField().parse('1, 2,3,')).toEqual(['1', '2', '3']);
    expect(idsField().parse(['1', 2])).toEqual(['1', '2']);
  });

  it('refuses a blank list as missing, anything not an id as malformed, more than 1000 at once', () => {
    expect(message(idsField({ name: 'id' }), '  ')).toBe('缺少必要的请求参数: id');
    expect(message(idsField(), undefined)).toBe('缺少必要的请求参数: id');
    for (const bad of ['1,abc', ',', '1;2', ['x']]) expect(message(idsField(), bad), String(bad)).toBe('请求参数类型错误');
    const many = Array.from({ length: 1001 }, (_, i) => String(i + 1)).join(',');
    expect(message(idsField(), many)).toBe('一次最多操作1000条数据');
  });
});

describe('boolField', () => {
  it('reads the ways forms and query strings say yes and no', () => {
    for (const yes of [true, 1, 'true', '1']) expect(boolField().parse(yes)).toBe(true);
    for (const no of [false, 0, 'false', '0']) expect(boolField().parse(no)).toBe(false);
  });

  it('refuses anything else', () => {
    for (const bad of ['yes', 2, '', null]) expect(message(boolField(), bad), String(bad)).toBe('请求参数类型错误');
  });
});
