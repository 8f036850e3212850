/** Request bodies of /api/blade-user, with the specs' messages (spec 2 section 5). */
import { FORMATS, isDateText, newPasswordError, PASSWORD_RULE, phoneError } from '@hjl/core';
import { z } from 'zod';
import { idField, idsField } from '../../platform/http/params.ts';

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

export const idText = (message = '请求参数类型错误') => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), idField({ message, nonZero: true }));

/** A comma list or an array of ids, answered as a de-duplicated array. */
export const idList = (message: string) => idsField({ message, missing: message, nonZero: true, unique: true, max: 100, tooMany: '一次最多选择100项' });

const text = (label: string, max: number, required?: string) => {
  const s = z
    .string({ message: `${label}必须是文本` })
    .trim()
    .max(max, `${label}最多${max}个字符`);
  return required ? s.min(1, required) : s;
};

const phone = z
  .unknown()
  .superRefine((v, ctx) => {
    const message = phoneError(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((v) => String(v).trim());

const email = z.preprocess(
  blankToUndefined,
  z.string({ message: '电子邮箱必须是文本' }).trim().max(45, '电子邮箱最多45个字符').regex(FORMATS.email.regex, FORMATS.email.message).optional(),
);

const sex = z.preprocess(
  blankToUndefined,
  z
    .union([z.number(), z.string()], { message: '用户性别不正确' })
    .transform(Number)
    .refine((n) => [1, 2, 3].includes(n), '用户性别不正确')
    .optional(),
);

const birthday = z.preprocess(
  blankToUndefined,
  z
    .string({ message: '用户生日格式应为yyyy-MM-dd' })
    .refine((v) => isDateText(v), '用户生日格式应为yyyy-MM-dd')
    .optional(),
);

const userType = z
  .union([z.number(), z.string()], { message: '用户平台不正确' })
  .transform(Number)
  .refine((n) => [1, 2, 3].includes(n), '用户平台不正确');

const leader = (label: string) => z.preprocess((v) => (v === '' ? null : v), idText(`${label}格式不正确`).nullable().optional());

/**
 * Add (no id) or edit (with id) of a user. On add, account, name, realName, phone, roleId and deptId are
 * required; on edit a field that is left out keeps its value. `password` counts on add only (md5 hex, or
 * plain text which is digested the same way); without it the tenant's `account.initPassword` is used.
 */
export const userBody = z
  .object({
    id: z.preprocess(blankToUndefined, idText('id格式不正确').optional()),
    // The tenant of a new user: the platform administrator's user form names it (BladeX 所属租户); anyone else's
    // users are of their own tenant, whatever it says.
    tenantId: z.preprocess(
      blankToUndefined,
      z
        .string({ message: '租户ID格式不正确' })
        .regex(/^\d{6}$/, '租户ID格式不正确')
        .optional(),
    ),
    account: text('登录账号', 45, '请输入登录账号').optional(),
    name: text('用户昵称', 20, '请输入用户昵称').optional(),
    realName: text('用户姓名', 10, '请输入用户姓名').optional(),
    code: z.preprocess(blankToUndefined, text('用户编号', 12).optional()),
    // Optional, as in BladeX; when given it must be a phone number.
    phone: z.preprocess(blankToUndefined, phone.optional()),
    email,
    sex,
    birthday,
    userType: z.preprocess(blankToUndefined, userType.optional()),
    roleId: idList('请选择所属角色').optional(),
    deptId: idList('请选择所属部门').optional(),
    postId: z.preprocess(blankToUndefined, idList('所属岗位格式不正确').optional()),
    directorId: leader('部门领导'),
    areaLeaderId: leader('区域领导'),
    password: z.preprocess(blankToUndefined, z.string({ message: '密码必须是文本' }).max(100, '密码最多100个字符').optional()),
    password2: z.preprocess(blankToUndefined, z.string({ message: '密码必须是文本' }).max(100, '密码最多100个字符').optional()),
  })
  .strip()
  .superRefine((v, ctx) => {
    const add = v.id === undefined;
    const need = (ok: boolean, message: string) => ok || ctx.addIssue({ code: 'custom', message });
    if (add) {
      need(v.account !== undefined, '请输入登录账号');
      need(v.name !== undefined, '请输入用户昵称');
      need(v.realName !== undefined, '请输入用户姓名');
      need(v.roleId !== undefined, '请选择所属角色');
      need(v.deptId !== undefined, '请选择所属部门');
      if (v.password !== undefined && v.password2 !== undefined) need(v.password === v.password2, PASSWORD_RULE.mismatch);
    }
  });

export type UserBody = z.output<typeof userBody>;

/** update-info: the profile fields a user may change themself (account is read-only). */
export const profileBody = z
  .object({
    avatar: z.preprocess(blankToUndefined, z.string({ message: '头像必须是文本' }).trim().max(500, '头像地址最多500个字符').optional()),
    name: text('用户昵称', 20, '请输入用户昵称').optional(),
    realName: text('用户姓名', 10, '请输入用户姓名').optional(),
    phone: phone.optional(),
    email,
  })
  .strip();

const MD5_HEX = /^[0-9a-f]{32}$/;

/**
 * update-password. The new password is checked against the rule, so it must arrive as typed (over HTTPS);
 * the old one may be typed or its md5 hex. Both are stored / compared as bcrypt of the md5 hex.
 */
export const passwordBody = z
  .object({
    oldPassword: z.string({ message: PASSWORD_RULE.oldRequired }).min(1, PASSWORD_RULE.oldRequired).max(100),
    newPassword: z
      .unknown()
      .superRefine((v, ctx) => {
        // A Saber client sends md5(password) and checks the rule itself: a digest is taken as such.
        if (typeof v === 'string' && MD5_HEX.test(v)) return;
        const message = newPasswordError(v);
        if (message) ctx.addIssue({ code: 'custom', message });
      })
      .transform(String),
    newPassword1: z.string({ message: PASSWORD_RULE.confirmRequired }).min(1, PASSWORD_RULE.confirmRequired).max(100),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.newPassword1) ctx.addIssue({ code: 'custom', message: PASSWORD_RULE.mismatch });
  });

export const userIdsQuery = (name = 'userIds') => z.object({ [name]: z.string().optional() }).loose();

export const platformBody = z.object({
  userId: idText('缺少必要的请求参数: userId'),
  userType,
  userExt: z.preprocess(blankToUndefined, z.string({ message: '用户拓展信息必须是文本' }).max(2000, '用户拓展信息最多2000个字符').optional()),
});

export const grantBody = z.object({
  userIds: idList('请选择用户'),
  roleIds: idList('请选择角色'),
});

export const approveBody = z.object({
  userIds: idList('请选择用户'),
  roleIds: idList('请选择角色'),
  deptIds: z.preprocess(blankToUndefined, idList('所属部门格式不正确').optional()),
});
