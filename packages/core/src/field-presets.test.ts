import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { defineEntity, submitSchema, type ListRowOf, type RowOf } from './entity.ts';
import { bankAccount, email, files, money, owner, phone, remark } from './field-presets.ts';
import { configureZod } from './zod-setup.ts';

beforeAll(() => configureZod());

describe('field presets', () => {
  it('declare the fields as the record kinds did', () => {
    expect(remark()).toEqual({ type: 'string', max: 500, label: { zh: '备注', en: 'Remark' }, form: 'textarea' });
    expect(files()).toEqual({ type: 'files', label: { zh: '附件', en: 'Attachments' } });
    expect(money({ zh: '合同金额', en: 'Contract amount' })).toEqual({ type: 'money', label: { zh: '合同金额', en: 'Contract amount' } });
    expect(phone({ zh: '联系电话', en: 'Phone' })).toEqual({
      type: 'string',
      max: 20,
      label: { zh: '联系电话', en: 'Phone' },
      pattern: { regex: /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/, message: '请输入正确的手机号或座机号' },
    });
    expect(email()).toEqual({
      type: 'string',
      max: 100,
      label: { zh: '电子邮箱', en: 'E-mail' },
      pattern: { regex: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: '请输入正确的邮箱地址' },
    });
    expect(bankAccount()).toEqual({
      type: 'string',
      max: 30,
      label: { zh: '银行账号', en: 'Bank account' },
      pattern: { regex: /^\d{6,30}$/, message: '银行账号应为6至30位数字' },
    });
    expect(owner('ownerName')).toEqual({ type: 'id', label: { zh: '负责人', en: 'Owner' }, ref: 'user', display: 'ownerName' });
  });

  it('take the overrides over their own properties, and a new object each call', () => {
    expect(remark({ max: 255, list: true })).toEqual({ type: 'string', max: 255, label: { zh: '备注', en: 'Remark' }, form: 'textarea', list: true });
    expect(files({ label: { zh: '合同附件', en: 'Files' } }).label).toEqual({ zh: '合同附件', en: 'Files' });
    expect(owner('leaderName', { label: { zh: '负责人', en: 'Leader' }, required: '请选择负责人' })).toMatchObject({
      label: { zh: '负责人', en: 'Leader' },
      required: '请选择负责人',
      display: 'leaderName',
      ref: 'user',
    });
    expect(remark()).not.toBe(remark());
    expect(remark().label).not.toBe(remark().label);
  });

  const thingEntity = defineEntity({
    name: 'thing',
    table: 'hjl_thing',
    api: '/api/business/hjlThing',
    path: '/thing',
    label: { zh: '测试', en: 'Things' },
    routes: ['list', 'detail', 'submit', 'remove'],
    fields: {
      amount: money({ zh: '金额', en: 'Amount' }, { required: '请输入金额' }),
      contactPhone: phone({ zh: '联系电话', en: 'Phone' }),
      email: email(),
      bankAccount: bankAccount(),
      ownerUser: owner('ownerName'),
      attachment: files(),
      remark: remark(),
    },
  });
  const schema = submitSchema(thingEntity);
  const refusal = (body: Record<string, unknown>) => {
    const r = schema.safeParse({ amount: '1.00', ...body });
    return r.success ? undefined : r.error.issues[0]?.message;
  };

  it('validate with their messages in a definition', () => {
    expect(refusal({})).toBeUndefined();
    expect(refusal({ amount: undefined })).toBe('请输入金额');
    expect(refusal({ amount: '1.234' })).toBeDefined();
    expect(refusal({ contactPhone: '12345' })).toBe('请输入正确的手机号或座机号');
    expect(refusal({ contactPhone: '025-84561234' })).toBeUndefined();
    expect(refusal({ email: 'a@b' })).toBe('请输入正确的邮箱地址');
    expect(refusal({ bankAccount: '12345' })).toBe('银行账号应为6至30位数字');
    expect(refusal({ bankAccount: '6222021234567890' })).toBeUndefined();
    expect(refusal({ remark: 'x'.repeat(501) })).toBeDefined();
    expect(refusal({ remark: 'x'.repeat(500) })).toBeUndefined();
  });

  it('keep the types a definition derives from them', () => {
    expectTypeOf<RowOf<typeof thingEntity>['amount']>().toEqualTypeOf<string | null>();
    expectTypeOf<RowOf<typeof thingEntity>['attachment']>().toEqualTypeOf<{ label: string; value: string }[] | null>();
    expectTypeOf<ListRowOf<typeof thingEntity>['ownerName']>().toEqualTypeOf<string | undefined>();
  });
});
