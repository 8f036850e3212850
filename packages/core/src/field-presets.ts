/**
 * The fields every record kind repeats — a remark, attachments, an amount, a phone number, an e-mail address, a bank
 * account, the owner — declared once (docs/entities.md "Field presets"). Each preset is the field as the record
 * kinds declare it (type, length, pattern and the specs' message). What a preset cannot know comes first (an
 * amount's label, the owner's display name); the overrides after it — how the field is shown (`list`, `search`,
 * `width` …), `required`, another `label` — replace the preset's properties of the same name:
 *
 *   contractAmount: money({ zh: '合同金额', en: 'Contract amount' }, { required: '请输入合同金额', list: true }),
 *   files: files({ label: { zh: '合同附件', en: 'Files' } }),
 *   remark: remark(),
 */
import type { FieldDef, Label } from './entity.ts';

/** What a caller may change of a preset: anything but its type. */
export type FieldOverrides = Partial<Omit<FieldDef, 'type'>>;
/** The overrides of a preset used as it is. */
type NoOverrides = Record<never, never>;
/**
 * A preset with the caller's overrides: theirs replace the preset's properties of the same name, and the literal
 * types of both are kept (the `type` for the row's value types, an owner's `display` for the list row's names).
 */
export type Preset<B extends FieldDef, M extends FieldOverrides> = Omit<B, keyof M> & M & FieldDef;

function preset<B extends FieldDef, M extends FieldOverrides>(base: B, more: M | undefined): Preset<B, M> {
  const field: FieldDef = { ...base, ...more };
  return field as Preset<B, M>;
}

/** A mobile number or a landline (区号-号码, optional extension), the specs' message. */
export const PHONE_OR_LANDLINE = { regex: /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/, message: '请输入正确的手机号或座机号' };
/** An e-mail address (something@domain.tld). */
export const EMAIL_ADDRESS = { regex: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: '请输入正确的邮箱地址' };
/** A bank account number: 6 to 30 digits. */
export const BANK_ACCOUNT_NUMBER = { regex: /^\d{6,30}$/, message: '银行账号应为6至30位数字' };

/** 备注: up to 500 characters, a multi-line input. */
export function remark<const M extends FieldOverrides = NoOverrides>(more?: M) {
  return preset({ type: 'string', max: 500, label: { zh: '备注', en: 'Remark' }, form: 'textarea' } as const, more);
}

/** 附件: the attachment widget's files. */
export function files<const M extends FieldOverrides = NoOverrides>(more?: M) {
  return preset({ type: 'files', label: { zh: '附件', en: 'Attachments' } } as const, more);
}

/** An amount in yuan: numeric(18,2), at most two decimals, a decimal string in JSON (money.ts). */
export function money<const M extends FieldOverrides = NoOverrides>(label: Label, more?: M) {
  return preset({ type: 'money', label } as const, more);
}

/** A phone number, mobile or landline (PHONE_OR_LANDLINE), up to 20 characters. */
export function phone<const M extends FieldOverrides = NoOverrides>(label: Label, more?: M) {
  return preset({ type: 'string', max: 20, label, pattern: PHONE_OR_LANDLINE } as const, more);
}

/** 电子邮箱: an e-mail address (EMAIL_ADDRESS), up to 100 characters. */
export function email<const M extends FieldOverrides = NoOverrides>(more?: M) {
  return preset({ type: 'string', max: 100, label: { zh: '电子邮箱', en: 'E-mail' }, pattern: EMAIL_ADDRESS } as const, more);
}

/** 银行账号: 6 to 30 digits (BANK_ACCOUNT_NUMBER). */
export function bankAccount<const M extends FieldOverrides = NoOverrides>(more?: M) {
  return preset({ type: 'string', max: 30, label: { zh: '银行账号', en: 'Bank account' }, pattern: BANK_ACCOUNT_NUMBER } as const, more);
}

/**
 * 负责人: the user who answers for the record, a `user` reference shown by name under `display` (the picker of users
 * in forms). As the definition's `owner` it is also what 本人可见 means.
 */
export function owner<const D extends string, const M extends FieldOverrides = NoOverrides>(display: D, more?: M) {
  return preset({ type: 'id', label: { zh: '负责人', en: 'Owner' }, ref: 'user', display } as const, more);
}
