/**
 * Users (spec 2 sections 5 and 7, /api/blade-user). The list filters and sorts come from this definition;
 * the add/edit body has its own schema on the server (several roles, depts and posts, password on add) and
 * the rules shared by the server and the web forms are below.
 */
import { defineEntity } from '../entity.ts';
import { FORMATS } from '../validators.ts';

export const userEntity = defineEntity({
  name: 'user',
  table: 'blade_user',
  api: '/api/blade-user',
  path: '/system/user',
  label: { zh: '用户管理', en: 'Users' },
  // The routes are the module's own (modules/user): users are more than a plain record.
  routes: [],
  defaultSort: { field: 'createTime', dir: 'desc' },
  fields: {
    account: { type: 'string', max: 45, label: { zh: '登录账号', en: 'Account' }, list: true, search: true, sortable: true },
    name: { type: 'string', max: 20, label: { zh: '用户昵称', en: 'Nickname' }, list: true },
    realName: { type: 'string', max: 10, label: { zh: '用户姓名', en: 'Real name' }, list: true, search: true, sortable: true },
    phone: { type: 'string', max: 45, label: { zh: '手机号码', en: 'Phone' }, list: true, filterable: true },
    email: { type: 'string', max: 45, label: { zh: '电子邮箱', en: 'E-mail' }, list: true },
    sex: { type: 'int', label: { zh: '用户性别', en: 'Sex' }, dict: 'sex', filterable: true },
    birthday: { type: 'date', label: { zh: '用户生日', en: 'Birthday' } },
    userType: { type: 'int', label: { zh: '用户平台', en: 'Platform' }, filterable: true },
  },
});

/** `status` of a user (the audit column): 1 active, 2 left the company (dimission) and cannot log in. */
export const USER_STATUS = { active: 1, left: 2 } as const;

/** `approval_status` of a user: a registered guest is pending until an administrator approves or refuses. */
export const APPROVAL = { pending: 0, approved: 1, refused: 2 } as const;

/** Platforms of a user (`user_type`); BladeX names them so. */
export const USER_TYPES: Record<number, string> = { 1: 'WEB', 2: 'APP', 3: 'OTHER' };

/** Phone rule of the specs (spec 2 section 5, Phone). */
export const PHONE_RULE = {
  empty: '手机号码不能为空',
  length: '手机号码长度不为11位',
  pattern: '请输入正确的手机号或座机号',
  regex: FORMATS.mobile.regex,
} as const;

/** The message for a phone number, or undefined when it is fine. */
export function phoneError(value: unknown): string | undefined {
  const s = typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value);
  if (!s) return PHONE_RULE.empty;
  if (s.length !== 11) return PHONE_RULE.length;
  if (!PHONE_RULE.regex.test(s)) return PHONE_RULE.pattern;
  return undefined;
}

/** Change-password rules of the specs (spec 2 section 5, Change password). */
export const PASSWORD_RULE = {
  empty: '密码不能为空!',
  oldRequired: '请输入原密码',
  newRequired: '请输入新密码',
  confirmRequired: '请确认密码',
  rule: '密码最少6位,最长16位,包括至少1个小写字母!',
  mismatch: '两次密码输入不一致',
  wrongOld: '原密码不正确!',
  /** 6 to 16 characters with at least one lower-case letter and one digit. */
  regex: /^(?=.*[a-z])(?=.*\d).{6,16}$/,
} as const;

/** The message for a new password, or undefined when it is fine. */
export function newPasswordError(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return PASSWORD_RULE.newRequired;
  return PASSWORD_RULE.regex.test(value) ? undefined : PASSWORD_RULE.rule;
}

/** Avatar upload rule of the specs (spec 2 sections 5 and 9). */
export const AVATAR_RULE = {
  types: ['image/jpeg', 'image/png'],
  maxBytes: 500 * 1024,
  typeMessage: '上传头像图片只能是 JPG/PNG 格式!',
  sizeMessage: '上传头像图片大小不能超过 500KB!',
} as const;

export const USER_MSG = {
  exists: (account: string) => `当前用户 [${account}] 已存在!`,
  removeSelf: '不能删除本账号!',
  dimissionSelf: '不能对本账号办理离职!',
  adminRole: '无权配置超管角色!',
  quota: '当前租户已到最大账号额度!',
  noSync: '未配置企业通讯录同步服务',
} as const;
