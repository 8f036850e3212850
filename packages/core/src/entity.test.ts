import { beforeAll, describe, expect, it } from 'vitest';
import { noticeEntity } from './entities/notice.ts';
import { paramEntity } from './entities/param.ts';
import {
  columnName,
  defineEntity,
  dictKeyOf,
  filterableFields,
  permissionCodes,
  regionCodePrefix,
  sortableFields,
  submitSchema,
  type FieldDef,
} from './entity.ts';
import { configureZod } from './zod-setup.ts';

beforeAll(() => configureZod());

const params = submitSchema(paramEntity);
const notices = submitSchema(noticeEntity);
const full = { paramName: '初始密码', paramKey: 'account.initPassword', paramValue: '123456' };

/** The first message of a refused body (what the server answers with 400). */
function message(schema: ReturnType<typeof submitSchema>, body: unknown): string | undefined {
  const r = schema.safeParse(body);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe('submitSchema: required fields on insert', () => {
  it('answers the spec message of each missing field, in field order', () => {
    expect(message(params, {})).toBe('请输入参数名称');
    expect(message(params, { paramName: 'a' })).toBe('请输入参数键名');
    expect(message(params, { paramName: 'a', paramKey: 'b' })).toBe('请输入参数键值');
    expect(message(params, full)).toBeUndefined();
  });

  it('treats blank strings and null as missing', () => {
    expect(message(params, { ...full, paramName: '' })).toBe('请输入参数名称');
    expect(message(params, { ...full, paramKey: '   ' })).toBe('请输入参数键名');
    expect(message(params, { ...full, paramValue: null })).toBe('请输入参数键值');
    expect(message(notices, { title: 't', releaseTime: '2024-01-01', category: '' })).toBe('请选择通知类型');
    expect(message(notices, { title: 't', category: 1 })).toBe('请选择通知日期');
  });

  it('keeps optional fields optional', () => {
    expect(params.parse(full)).toEqual(full);
  });
});

describe('submitSchema: update (id present)', () => {
  it('accepts a partial body', () => {
    expect(params.parse({ id: '1123598821738675201', paramValue: 'v2' })).toEqual({ id: '1123598821738675201', paramValue: 'v2' });
    // fields left out stay out (they are not written), whatever their type
    const partial = notices.parse({ id: '7', title: '新标题' });
    expect(Object.entries(partial).filter(([, v]) => v !== undefined)).toEqual([
      ['id', '7'],
      ['title', '新标题'],
    ]);
  });

  it('accepts the id as a number and answers it as a string', () => {
    expect(params.parse({ id: 42, paramValue: 'v' }).id).toBe('42');
  });

  it('refuses blanking a required field', () => {
    expect(message(params, { id: '1', paramName: '' })).toBe('请输入参数名称');
    expect(message(params, { id: '1', paramKey: null })).toBe('请输入参数键名');
    expect(message(notices, { id: '1', category: '' })).toBe('请选择通知类型');
  });

  it('clears an optional field that is blanked', () => {
    expect(params.parse({ id: '1', remark: '' })).toEqual({ id: '1', remark: null });
  });

  it('refuses an id that is not an id', () => {
    expect(message(params, { ...full, id: 'abc' })).toBe('id格式不正确');
    expect(message(params, { ...full, id: '1 or 1=1' })).toBe('id格式不正确');
    expect(message(params, { ...full, id: '9223372036854775808' })).toBe('id格式不正确');
    for (const bad of [-1, 1.5, 0, '0', { $gt: 0 }, ['1'], true]) {
      expect(message(params, { ...full, id: bad }), JSON.stringify(bad)).toBe('id格式不正确');
    }
  });
});

describe('submitSchema: what the body cannot carry', () => {
  it('strips unknown keys', () => {
    expect(params.parse({ ...full, foo: 'bar', password: 'x', __proto__x: 1 })).toEqual(full);
  });

  it('strips the audit fields: they come from the token, never from the body', () => {
    const parsed = params.parse({
      ...full,
      tenantId: '999999',
      createUser: '1',
      createDept: '2',
      createTime: '2000-01-01 00:00:00',
      updateUser: '3',
      updateTime: '2000-01-01 00:00:00',
      status: 9,
      isDeleted: 1,
    });
    expect(parsed).toEqual(full);
  });
});

describe('submitSchema: types', () => {
  const notice = { title: '通知', category: 1, releaseTime: '2024-06-01' };

  it('refuses a wrong type with the field label, not the "please enter" message', () => {
    expect(message(params, { ...full, paramName: { a: 1 } })).toBe('参数名称必须是文本');
    expect(message(params, { ...full, paramValue: ['x'] })).toBe('参数键值必须是文本');
    expect(message(params, { ...full, paramKey: 12 })).toBe('参数键名必须是文本');
  });

  it('checks string lengths', () => {
    expect(message(params, { ...full, paramName: 'x'.repeat(255) })).toBeUndefined();
    expect(message(params, { ...full, paramName: 'x'.repeat(256) })).toBe('参数名称最多255个字符');
  });

  it('reads ints from numbers and numeric strings only, within the range of integer', () => {
    expect(notices.parse({ ...notice, category: '3' }).category).toBe(3);
    expect(notices.parse({ ...notice, category: -2 }).category).toBe(-2);
    for (const bad of ['abc', 1.5, '1.5', true, [5], {}, 2147483648, '99999999999', '1e3']) {
      expect(message(notices, { ...notice, category: bad }), JSON.stringify(bad)).toBe('通知类型必须是整数');
    }
  });

  it('reads dates as yyyy-MM-dd, real calendar dates only', () => {
    const e = defineEntity({
      name: 'probe',
      table: 'probe',
      api: '/api/probe',
      path: '/probe',
      label: { zh: '探针', en: 'Probe' },
      routes: ['submit'],
      fields: { signDate: { type: 'date', label: { zh: '签订日期', en: 'Signed' } } },
    });
    const s = submitSchema(e);
    expect(s.parse({ signDate: '2024-02-29' })).toEqual({ signDate: '2024-02-29' });
    for (const bad of ['2024/06/01', '2024-6-1', '2024-06-01 10:00:00', '2024-13-01', '2023-02-29', '2024-06-31', 20240601, '0000-01-01']) {
      expect(message(s, { signDate: bad }), String(bad)).toBe('签订日期格式应为yyyy-MM-dd');
    }
  });

  it('a notice date is a date-time as in BladeX; a date alone is accepted too (docs/compatibility.md)', () => {
    expect(notices.parse({ ...notice, releaseTime: '2024-02-29' }).releaseTime).toBe('2024-02-29');
    expect(notices.parse({ ...notice, releaseTime: '2024-06-01 10:00:00' }).releaseTime).toBe('2024-06-01 10:00:00');
    for (const bad of ['2024/06/01', '2024-6-1', '2024-13-01', '2023-02-29', '2024-06-01 25:00:00', 20240601]) {
      expect(message(notices, { ...notice, releaseTime: bad }), String(bad)).toBe('通知日期格式应为yyyy-MM-dd HH:mm:ss');
    }
  });

  it('reads date-times and money with their own rules', () => {
    const e = defineEntity({
      name: 'probe',
      table: 'probe',
      api: '/api/probe',
      path: '/probe',
      label: { zh: '探针', en: 'Probe' },
      routes: ['submit'],
      fields: {
        at: { type: 'datetime', label: { zh: '时间', en: 'At' } },
        amount: { type: 'money', label: { zh: '金额', en: 'Amount' } },
        ownerId: { type: 'id', label: { zh: '负责人', en: 'Owner' } },
      },
    });
    const s = submitSchema(e);
    expect(s.parse({ at: '2024-01-01 08:00:00', amount: 12.5, ownerId: 7 })).toEqual({ at: '2024-01-01 08:00:00', amount: '12.5', ownerId: '7' });
    expect(s.parse({ amount: '-0.01' }).amount).toBe('-0.01');
    expect(message(s, { at: '2024-01-01 25:00:00' })).toBe('时间格式应为yyyy-MM-dd HH:mm:ss');
    expect(message(s, { at: '2024-02-30 08:00:00' })).toBe('时间格式应为yyyy-MM-dd HH:mm:ss');
    expect(message(s, { amount: '1.234' })).toBe('金额最多保留两位小数');
    expect(message(s, { amount: 'abc' })).toBe('金额最多保留两位小数');
    expect(message(s, { ownerId: 'x' })).toBe('负责人格式不正确');
    expect(message(s, { ownerId: '9223372036854775808' })).toBe('负责人格式不正确');
  });
});

describe('entity helpers', () => {
  it('derives column names, permission codes, filterable and sortable fields', () => {
    expect(columnName('paramKey')).toBe('param_key');
    expect(columnName('x', { type: 'string', label: { zh: 'x', en: 'x' }, column: 'custom_x' })).toBe('custom_x');
    expect(permissionCodes(paramEntity)).toEqual({
      view: 'param',
      add: 'param_add',
      edit: 'param_edit',
      delete: 'param_delete',
      export: 'param_export',
      import: 'param_import',
    });
    expect(filterableFields(paramEntity)).toEqual(['paramName', 'paramKey', 'createTime', 'updateTime', 'status']);
    expect(sortableFields(paramEntity)).toEqual(['paramName', 'paramKey', 'createTime', 'updateTime', 'id']);
    expect(filterableFields(noticeEntity)).toEqual(['title', 'category', 'releaseTime', 'createTime', 'updateTime', 'status']);
  });

  it('refuses a definition that declares an audit field', () => {
    expect(() =>
      defineEntity({
        name: 'bad',
        table: 'bad',
        api: '/api/bad',
        path: '/bad',
        label: { zh: '坏', en: 'Bad' },
        routes: [],
        fields: { tenantId: { type: 'string', label: { zh: '租户', en: 'Tenant' } } },
      }),
    ).toThrow(/audit fields/);
  });

  it('refuses a trigram index on a field that is not filterable text', () => {
    const def = (field: FieldDef) =>
      defineEntity({ name: 'bad', table: 'bad', api: '/api/bad', path: '/bad', label: { zh: '坏', en: 'Bad' }, routes: [], fields: { f: field } });
    const label = { zh: '字段', en: 'Field' };
    expect(() => def({ type: 'int', label, search: true, trigramIndex: true })).toThrow(/trigram index/);
    expect(() => def({ type: 'string', label, trigramIndex: true })).toThrow(/trigram index/);
    expect(def({ type: 'string', label, search: true, trigramIndex: true }).fields.f.trigramIndex).toBe(true);
    expect(def({ type: 'text', label, filterable: true, trigramIndex: true }).fields.f.trigramIndex).toBe(true);
  });
});

describe('files fields (the attachment widget)', () => {
  const link = '/api/blade-resource/oss/endpoint/file/local/20260101/0123456789abcdef0123456789abcdef.pdf';
  const base = { title: '年度通知', category: 1, releaseTime: '2026-01-01' };
  it('take file items with an original name and the link of a stored file', () => {
    const r = notices.safeParse({ ...base, attachment: [{ label: '制度.pdf', value: link, extra: 'dropped' }] });
    expect(r.success && r.data.attachment).toEqual([{ label: '制度.pdf', value: link }]);
    expect(message(notices, { ...base, attachment: [] })).toBeUndefined();
    expect(notices.safeParse({ ...base, attachment: null }).data?.attachment).toBeNull();
  });
  it('refuse anything else with the field’s message', () => {
    for (const attachment of [
      '制度.pdf',
      [{ label: '', value: link }],
      [{ label: 'a', value: 'https://evil.example/x.pdf' }],
      [{ label: 'a', value: `${link}/../x` }],
      [link],
    ]) {
      expect(message(notices, { ...base, attachment }), JSON.stringify(attachment)).toBe('附件格式不正确');
    }
    expect(message(notices, { ...base, attachment: Array.from({ length: 51 }, () => ({ label: 'a.pdf', value: link })) })).toBe('附件最多50个');
  });
  it('are never searched or sorted', () => {
    expect(() =>
      defineEntity({
        name: 'x',
        table: 'x',
        api: '/x',
        path: '/x',
        label: { zh: 'x', en: 'x' },
        routes: [],
        fields: { files: { type: 'files', label: { zh: '附件', en: 'Files' }, search: true } },
      }),
    ).toThrow('a files field is neither searched nor sorted');
  });
});

describe('range, check, bizDict', () => {
  const def = defineEntity({
    name: 'demo_rules',
    table: 'demo_rules',
    api: '/api/demo',
    path: '/demo',
    label: { zh: '演示', en: 'Demo' },
    routes: ['submit'],
    fields: {
      rate: { type: 'int', label: { zh: '概率', en: 'Rate' }, range: { min: 0, max: 100 } },
      code: { type: 'string', max: 10, label: { zh: '编码', en: 'Code' }, check: (v) => (v.startsWith('A') ? undefined : '编码须以A开头') },
      kind: { type: 'int', label: { zh: '类型', en: 'Kind' }, dict: 'demo_kind', bizDict: true },
      sex: { type: 'int', label: { zh: '性别', en: 'Sex' }, dict: 'sex' },
    },
  });
  const schema = submitSchema(def);
  it('an int outside its range is refused with the range message; the bounds pass', () => {
    expect(message(schema, { rate: 101 })).toBe('概率应在0至100之间');
    expect(message(schema, { rate: '-1' })).toBe('概率应在0至100之间');
    expect(message(schema, { rate: 0 })).toBeUndefined();
    expect(message(schema, { rate: '100' })).toBeUndefined();
  });
  it('a check runs on non-blank text only', () => {
    expect(message(schema, { code: 'B1' })).toBe('编码须以A开头');
    expect(message(schema, { code: 'A1' })).toBeUndefined();
    expect(message(schema, { code: '' })).toBeUndefined();
  });
  it('names business dictionaries apart from system ones', () => {
    expect(dictKeyOf(def.fields.kind)).toBe('biz:demo_kind');
    expect(dictKeyOf(def.fields.sex)).toBe('sex');
    expect(dictKeyOf(def.fields.rate)).toBe('');
  });
});

describe('regionCodePrefix', () => {
  it('is the part of a region code its sub-regions share', () => {
    expect(['320000', '320100', '320105', '110000', '32', 'abc'].map(regionCodePrefix)).toEqual(['32', '3201', '320105', '11', '32', 'abc']);
  });
});
