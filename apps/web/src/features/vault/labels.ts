/** Texts of the vault screens (Chinese first; English beside it). */
import type { Label } from '@hjl/core';

const l = (zh: string, en: string): Label => ({ zh, en });

export const VAULT = {
  apply: l('申请使用', 'Ask to use'),
  applyTitle: l('申请使用密码', 'Ask to use a secret'),
  reason: l('使用事由', 'Reason'),
  reasonRequired: l('请输入使用事由', 'Enter the reason'),
  submit: l('提交审批', 'Submit for approval'),
  cancel: l('取消', 'Cancel'),
  close: l('关闭', 'Close'),
  started: l('已提交审批,审批通过后可在“密码使用申请”中查看密码', 'Submitted: once approved, see it under Secret use requests'),
  reveal: l('查看密码', 'Show secret'),
  revealTitle: l('查看密码', 'Secret'),
  platform: l('平台名称', 'Platform'),
  address: l('网址', 'Address'),
  account: l('账户', 'Account'),
  loginName: l('登录名', 'Login name'),
  secret: l('密码', 'Secret'),
  copy: l('复制', 'Copy'),
  copied: l('已复制', 'Copied'),
  until: l('可查看至', 'Visible until'),
  hidesIn: l('秒后自动隐藏', 's until hidden'),
  audited: l('本次查看已记入审计日志', 'This reveal is in the audit log'),
  writeOnly: l(
    '密码只写不读:列表和编辑时都不显示原密码,编辑时不改动密码框即保持原密码;查看密码请提交“申请使用”,审批通过后由申请人本人查看',
    'Secrets are write-only: never shown in the list or the form (leave the field as it is to keep it); to see one, ask to use it and, approved, see it yourself',
  ),
} as const;

/** Seconds a revealed secret stays on screen. */
export const REVEAL_SECONDS = 30;
