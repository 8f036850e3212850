import type { FieldDef } from '@hjl/core';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../platform/auth/user.ts';
import { DictStore, fieldDictionary, type LookupItem } from './store.ts';

const entry = (code: string, dictKey: string, dictValue: string): LookupItem => ({
  id: `${code}-${dictKey}`,
  parentId: '1',
  code,
  dictKey,
  dictValue,
  sort: 0,
  remark: null,
  isSealed: 0,
  colorType: null,
  cssClass: null,
});

/** A store answering fixed entries per tenant and code, and recording what it was asked. */
function store(name: string, entries: Record<string, LookupItem[]>, asked: string[]) {
  return {
    items: async (tenantId: string, code: string) => {
      asked.push(`${name}:${tenantId}:${code}`);
      return entries[`${tenantId}:${code}`] ?? [];
    },
  };
}

const user = { tenantId: '000000' } as AuthUser;
const field = (more: Partial<FieldDef>): FieldDef => ({ label: { zh: '类型', en: 'Type' }, type: 'string', ...more }) as FieldDef;

describe('fieldDictionary', () => {
  const asked: string[] = [];
  const lookup = fieldDictionary({
    system: store('system', { '000000:sex': [entry('sex', '1', '男'), entry('sex', '2', '女')] }, asked),
    biz: store('biz', { '000000:customer_type': [entry('customer_type', '1', '企业'), entry('customer_type', '2', '个人')] }, asked),
  });

  it('answers the system dictionary of a field with dict, as key and label in order', async () => {
    asked.length = 0;
    expect(await lookup(user, field({ dict: 'sex' }))).toEqual([
      { key: '1', label: '男' },
      { key: '2', label: '女' },
    ]);
    expect(asked).toEqual(['system:000000:sex']);
  });

  it('answers the business dictionary of the caller’s tenant for a bizDict field', async () => {
    asked.length = 0;
    expect(await lookup(user, field({ dict: 'customer_type', bizDict: true }))).toEqual([
      { key: '1', label: '企业' },
      { key: '2', label: '个人' },
    ]);
    expect(await lookup({ tenantId: '100001' } as AuthUser, field({ dict: 'customer_type', bizDict: true }))).toEqual([]);
    expect(asked).toEqual(['biz:000000:customer_type', 'biz:100001:customer_type']);
  });

  it('answers nothing, and reads nothing, for a field without a dictionary', async () => {
    asked.length = 0;
    expect(await lookup(user, field({}))).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe('DictStore.labels', () => {
  it('maps the keys `items` answers to their labels', async () => {
    const asked: string[] = [];
    const fake = store('biz', { '000000:customer_type': [entry('customer_type', '1', '企业'), entry('customer_type', '2', '个人')] }, asked);
    const labels = await DictStore.prototype.labels.call(fake as unknown as DictStore, '000000', 'customer_type');
    expect([...labels]).toEqual([
      ['1', '企业'],
      ['2', '个人'],
    ]);
    expect(asked).toEqual(['biz:000000:customer_type']);
  });
});
