import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { parseIds, parseListQuery, type ListQuerySpec } from './query.ts';

const spec: ListQuerySpec = {
  filterable: new Map([
    ['paramName', 'text'],
    ['category', 'int'],
    ['deptId', 'id'],
    ['amount', 'money'],
    ['releaseTime', 'date'],
    ['createTime', 'datetime'],
  ]),
  sortable: new Set(['paramName', 'paramKey', 'createTime', 'id']),
  maxSize: 100,
};

const parse = (q: Record<string, unknown>, defaults?: { size?: number }) => parseListQuery(q, spec, defaults);

/** The 400 message a call throws (fails the test when it does not throw an ApiError 400). */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe(400);
    return (e as ApiError).message;
  }
  throw new Error('expected a 400 refusal');
}

describe('parseListQuery: paging', () => {
  it('defaults to page 1 of 10', () => {
    expect(parse({})).toEqual({ current: 1, size: 10, sort: [], filters: [] });
    expect(parse({ current: '', size: '' })).toMatchObject({ current: 1, size: 10 });
  });

  it('reads current and size, and a route default size', () => {
    expect(parse({ current: '3', size: '20' })).toMatchObject({ current: 3, size: 20 });
    expect(parse({}, { size: 50 })).toMatchObject({ size: 50 });
  });

  it('caps size at the maximum', () => {
    expect(parse({ size: '5000' }).size).toBe(100);
    expect(parse({ size: '100' }).size).toBe(100);
    expect(parse({}, { size: 500 }).size).toBe(100);
  });

  it('refuses non-positive or non-numeric current and size', () => {
    expect(refusal(() => parse({ current: '0' }))).toBe('current必须是正整数');
    expect(refusal(() => parse({ current: '-1' }))).toBe('current必须是正整数');
    expect(refusal(() => parse({ size: 'abc' }))).toBe('size必须是正整数');
    expect(refusal(() => parse({ size: '1.5' }))).toBe('size必须是正整数');
    expect(refusal(() => parse({ size: '99999999999' }))).toBe('size必须是正整数');
  });

  it('takes the last of a repeated parameter', () => {
    expect(parse({ current: ['1', '4'] }).current).toBe(4);
  });
});

describe('parseListQuery: sorting', () => {
  it('accepts ascs/descs on sortable fields, in order', () => {
    expect(parse({ ascs: 'paramName', descs: 'createTime,id' }).sort).toEqual([
      { field: 'paramName', dir: 'asc' },
      { field: 'createTime', dir: 'desc' },
      { field: 'id', dir: 'desc' },
    ]);
  });

  it('accepts the snake_case column names the clients send', () => {
    expect(parse({ descs: 'create_time', ascs: 'param_key , param_name' }).sort).toEqual([
      { field: 'paramKey', dir: 'asc' },
      { field: 'paramName', dir: 'asc' },
      { field: 'createTime', dir: 'desc' },
    ]);
  });

  it('ignores empty parts', () => {
    expect(parse({ ascs: ',paramName,,', descs: '' }).sort).toEqual([{ field: 'paramName', dir: 'asc' }]);
  });

  it('refuses fields that are not sortable, and anything that is not a field name', () => {
    expect(refusal(() => parse({ ascs: 'paramValue' }))).toBe('不支持按该字段排序: paramValue');
    expect(refusal(() => parse({ descs: 'password' }))).toBe('不支持按该字段排序: password');
    expect(refusal(() => parse({ descs: 'param_key;drop table blade_param' }))).toMatch(/^不支持按该字段排序: /);
    expect(refusal(() => parse({ ascs: 'paramName desc' }))).toMatch(/^不支持按该字段排序: /);
    expect(refusal(() => parse({ ascs: '1' }))).toMatch(/^不支持按该字段排序: /);
  });

  it('cuts an overlong field name in the message', () => {
    const msg = refusal(() => parse({ ascs: 'x'.repeat(500) }));
    expect(msg.length).toBeLessThan(80);
  });
});

describe('parseListQuery: filters', () => {
  it('a plain key is LIKE for text and = otherwise (op default, typed value)', () => {
    expect(parse({ paramName: '密码', category: '2', deptId: '1123598821738675201' }).filters).toEqual([
      { field: 'paramName', op: 'default', kind: 'text', value: '密码' },
      { field: 'category', op: 'default', kind: 'int', value: 2 },
      { field: 'deptId', op: 'default', kind: 'id', value: '1123598821738675201' },
    ]);
  });

  it('reads every operator suffix', () => {
    const cases: [string, string, string | number][] = [
      ['paramName_equal', 'equal', 'a'],
      ['paramName_notequal', 'notequal', 'a'],
      ['paramName_like', 'like', 'a'],
      ['paramName_notlike', 'notlike', 'a'],
      ['category_gt', 'gt', 3],
      ['category_lt', 'lt', 3],
      ['createTime_dategt', 'dategt', '2024-01-01 00:00:00'],
      ['createTime_datelt', 'datelt', '2024-12-31 23:59:59'],
      ['releaseTime_dateequal', 'dateequal', '2024-06-01'],
    ];
    for (const [key, op, value] of cases) {
      const raw = typeof value === 'number' ? String(value) : value;
      const [f] = parse({ [key]: raw }).filters;
      expect(f, key).toMatchObject({ field: key.slice(0, key.lastIndexOf('_')), op, value });
    }
  });

  it('_null and _notnull need no value', () => {
    expect(parse({ paramName_null: '', deptId_notnull: 'whatever' }).filters).toEqual([
      { field: 'paramName', op: 'null', kind: 'text', value: '' },
      { field: 'deptId', op: 'notnull', kind: 'id', value: '' },
    ]);
  });

  it('_ignore drops the condition', () => {
    expect(parse({ paramName_ignore: 'x', category_ignore: 'not a number' }).filters).toEqual([]);
  });

  it('an empty value means no condition', () => {
    expect(parse({ paramName: '', category_equal: '', releaseTime_dategt: '' }).filters).toEqual([]);
  });

  it('ignores plain keys that are not fields, and the reserved keys', () => {
    expect(parse({ foo: 'bar', paramValue: 'x', 'blade-auth': 'token', _t: '123', password: 'x', param_key: 'x' }).filters).toEqual([]);
  });

  it('ignores filter-shaped keys on fields that are not filterable (BUSINESS.md §1): they never become SQL', () => {
    expect(
      parse({ password_like: 'x', paramValue_equal: 'x', tenantId_notequal: '000000', isDeleted_ignore: '1', 'x;drop table t_null': '', isDeleted_equal: '1' })
        .filters,
    ).toEqual([]);
  });

  it('refuses operators that do not fit the field (LIKE on numbers, date comparisons on text)', () => {
    expect(refusal(() => parse({ category_like: '1' }))).toBe('不支持的查询条件: category_like');
    expect(refusal(() => parse({ deptId_notlike: '1' }))).toBe('不支持的查询条件: deptId_notlike');
    expect(refusal(() => parse({ paramName_dategt: '2024-01-01' }))).toBe('不支持的查询条件: paramName_dategt');
    expect(refusal(() => parse({ category_dateequal: '2024-01-01' }))).toBe('不支持的查询条件: category_dateequal');
  });

  it('checks int values', () => {
    expect(parse({ category: '-5' }).filters[0]?.value).toBe(-5);
    expect(refusal(() => parse({ category: 'abc' }))).toBe('请求参数类型错误');
    expect(refusal(() => parse({ category_gt: '1.5' }))).toBe('请求参数类型错误');
    expect(refusal(() => parse({ category: '99999999999' }))).toBe('请求参数类型错误');
    expect(refusal(() => parse({ category: '1 or 1=1' }))).toBe('请求参数类型错误');
  });

  it('checks id values, within the range of bigint', () => {
    expect(parse({ deptId: '9223372036854775807' }).filters[0]?.value).toBe('9223372036854775807');
    expect(refusal(() => parse({ deptId: 'abc' }))).toBe('请求参数类型错误');
    expect(refusal(() => parse({ deptId: '-1' }))).toBe('请求参数类型错误');
    expect(refusal(() => parse({ deptId: '9223372036854775808' }))).toBe('请求参数类型错误');
    expect(refusal(() => parse({ deptId: '12345678901234567890' }))).toBe('请求参数类型错误');
  });

  it('checks money values (at most 2 decimals)', () => {
    expect(parse({ amount_gt: '12.50' }).filters[0]?.value).toBe('12.50');
    expect(refusal(() => parse({ amount: '1.234' }))).toBe('请求参数类型错误');
    expect(refusal(() => parse({ amount: '1e5' }))).toBe('请求参数类型错误');
  });

  it('checks date values, including real calendar dates and times', () => {
    expect(parse({ releaseTime: '2024-02-29' }).filters[0]?.value).toBe('2024-02-29');
    expect(parse({ createTime_dategt: '2024-01-01 08:30' }).filters[0]?.value).toBe('2024-01-01 08:30');
    for (const bad of [
      '2024/01/01',
      'yesterday',
      '2024-1-1',
      '2024-13-01',
      '2023-02-29',
      '2024-04-31',
      '2024-01-01 24:00:00',
      '2024-01-01 12:60',
      '0000-01-01',
    ]) {
      expect(
        refusal(() => parse({ releaseTime_dategt: bad })),
        bad,
      ).toBe('查询条件releaseTime的日期格式不正确');
    }
    expect(refusal(() => parse({ createTime: '2024-02-30 00:00:00' }))).toBe('查询条件createTime的日期格式不正确');
  });

  it('refuses overlong text values', () => {
    expect(parse({ paramName: 'x'.repeat(200) }).filters).toHaveLength(1);
    expect(refusal(() => parse({ paramName: 'x'.repeat(201) }))).toBe('查询条件paramName过长');
  });

  it('keeps values as data: quotes and wildcards are returned unchanged', () => {
    expect(parse({ paramName: "a' OR '1'='1" }).filters[0]?.value).toBe("a' OR '1'='1");
    expect(parse({ paramName_like: '100%_' }).filters[0]?.value).toBe('100%_');
  });
});

describe('parseIds', () => {
  it('splits a comma list of ids, trimming blanks', () => {
    expect(parseIds('1,2, 3,')).toEqual(['1', '2', '3']);
    expect(parseIds(['9', '1123598821738675201'])).toEqual(['1123598821738675201']);
  });

  it('refuses a missing list with the parameter name', () => {
    expect(refusal(() => parseIds(undefined))).toBe('缺少必要的请求参数: ids');
    expect(refusal(() => parseIds('  '))).toBe('缺少必要的请求参数: ids');
    expect(refusal(() => parseIds(undefined, 'userIds'))).toBe('缺少必要的请求参数: userIds');
  });

  it('refuses anything that is not an id', () => {
    for (const bad of ['abc', '1,abc', '1;2', '-1', '1.5', ',', '9223372036854775808', '1 or 1=1']) {
      expect(
        refusal(() => parseIds(bad)),
        bad,
      ).toBe('请求参数类型错误');
    }
  });

  it('refuses more than 1000 ids at once', () => {
    const many = Array.from({ length: 1001 }, (_, i) => String(i + 1)).join(',');
    expect(refusal(() => parseIds(many))).toBe('一次最多操作1000条数据');
    expect(parseIds(many.split(',').slice(0, 1000).join(','))).toHaveLength(1000);
  });
});
