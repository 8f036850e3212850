import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';

/**
 * The secrets vault (密码管理 `/process/passWord`, `hjlPassword`, BUSINESS.md §1 and WP6): the custody of
 * the firm's shared secrets (online banking, tax portal, tender platforms). A vault entry names the platform, the
 * account, the login name and its keeper; the secret is encrypted at rest (AES-256-GCM, key in the data directory)
 * and never leaves the server in a list, detail, export, log or error. A person sees it only through an approved
 * **use request** (`hjlPasswordApply`, process `passwordUse`), as its requester, for a limited time after the
 * approval; every reveal (and every refused one) is written to the vault's audit log (`hjlPasswordLog`).
 */

export const VAULT_MSG = {
  platform: '请输入平台名称',
  loginName: '请输入登录名',
  secret: '请输入密码',
  secretLength: '密码长度不能超过200个字符',
  keeper: '请选择保管人',
  passwordMissing: '请选择要使用的密码',
  reason: '请输入使用事由',
  notFound: '密码使用申请不存在',
  notMine: '只有申请人本人可以查看密码',
  notApproved: '密码使用申请未审批通过,不能查看密码',
  expired: '密码查看已过期,请重新申请',
  entryGone: '该密码已删除',
} as const;

/** Hours a requester may reveal the secret after the approval (tenant parameter `password.revealHours`, default 24). */
export const VAULT_REVEAL_HOURS = 24;
/** The process of a use request (approval-processes.ts `passwordUse`). */
export const VAULT_PROCESS = { processKey: 'hjl_password_apply', routeKey: 'passwordUse' } as const;
/** Outcome of a reveal in the audit log. */
export const VAULT_REVEAL = { shown: 1, refused: 0 } as const;

export const passwordVaultEntity = defineEntity({
  name: 'password_vault',
  table: 'hjl_password',
  api: '/api/business/hjlPassword',
  path: '/process/passWord',
  label: { zh: '密码管理', en: 'Secrets vault' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'platform', dir: 'asc' },
  exportable: true,
  fields: {
    platform: { type: 'string', max: 100, label: { zh: '平台名称', en: 'Platform' }, required: VAULT_MSG.platform, list: true, search: true, width: 180 },
    category: {
      type: 'int',
      label: { zh: '类别', en: 'Kind' },
      dict: 'password_category',
      bizDict: true,
      list: true,
      search: true,
      width: 110,
    },
    platformUrl: { type: 'string', max: 255, label: { zh: '网址', en: 'Address' }, list: true, width: 200 },
    account: { type: 'string', max: 100, label: { zh: '账户', en: 'Account' }, list: true, search: true, width: 160 },
    loginName: { type: 'string', max: 100, label: { zh: '登录名', en: 'Login name' }, required: VAULT_MSG.loginName, list: true, width: 140 },
    /**
     * Write-only: the stored value is the AES-256-GCM ciphertext (`v1:` + base64 of iv, tag and data); lists, details
     * and exports carry the mask; a submit sending the mask back keeps it.
     */
    password: { type: 'string', max: 1024, label: { zh: '密码', en: 'Secret' }, required: VAULT_MSG.secret, secret: true },
    keeperUser: {
      type: 'id',
      label: { zh: '保管人', en: 'Keeper' },
      required: VAULT_MSG.keeper,
      ref: 'user',
      display: 'keeperName',
      list: true,
      search: true,
      width: 110,
    },
    remark: remark({ list: true }),
  },
});

export const passwordApplyEntity = defineEntity({
  name: 'password_apply',
  table: 'hjl_password_apply',
  api: '/api/business/hjlPasswordApply',
  path: '/process/passWordApply',
  label: { zh: '密码使用申请', en: 'Secret use requests' },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  approval: { ...VAULT_PROCESS, title: '{userName}的密码使用申请', formUrl: '/workflow/passwordUse' },
  fields: {
    passwordId: {
      type: 'id',
      label: { zh: '密码', en: 'Secret' },
      required: VAULT_MSG.passwordMissing,
      ref: 'password',
      display: 'platformName',
      list: true,
      search: true,
      width: 180,
    },
    reason: { type: 'string', max: 500, label: { zh: '使用事由', en: 'Reason' }, required: VAULT_MSG.reason, list: true, form: 'textarea', width: 240 },
    /** Set when the request is approved; the secret may be revealed until expireTime. */
    approveTime: { type: 'datetime', label: { zh: '通过时间', en: 'Approved' }, list: true, form: false, width: 170 },
    expireTime: { type: 'datetime', label: { zh: '查看截止', en: 'Visible until' }, list: true, form: false, sortable: true, width: 170 },
    revealCount: { type: 'int', label: { zh: '查看次数', en: 'Reveals' }, list: true, form: false, default: 0, width: 90 },
  },
});

export const passwordLogEntity = defineEntity({
  name: 'password_log',
  table: 'hjl_password_log',
  api: '/api/business/hjlPasswordLog',
  path: '/process/passWordLog',
  label: { zh: '密码查看日志', en: 'Secret reveals' },
  routes: ['list'],
  defaultSort: { field: 'revealTime', dir: 'desc' },
  fields: {
    passwordId: { type: 'id', label: { zh: '密码', en: 'Secret' }, ref: 'password', display: 'platformName', list: true, search: true, width: 180 },
    applyId: { type: 'id', label: { zh: '申请单', en: 'Request' }, list: true, filterable: true, width: 180 },
    userId: { type: 'id', label: { zh: '查看人', en: 'By' }, ref: 'user', display: 'userName', list: true, search: true, width: 110 },
    revealTime: { type: 'datetime', label: { zh: '时间', en: 'Time' }, list: true, sortable: true, filterable: true, width: 170 },
    result: { type: 'int', label: { zh: '结果', en: 'Result' }, dict: 'password_reveal', bizDict: true, list: true, search: true, width: 90 },
    message: { type: 'string', max: 200, label: { zh: '说明', en: 'Note' }, list: true, width: 220 },
    ip: { type: 'string', max: 64, label: { zh: 'IP', en: 'IP' }, list: true, width: 130 },
  },
});
