import { approvalProcess } from '../approval-processes.ts';
import { defineEntity, type FieldDef } from '../entity.ts';
import { files, money, remark } from '../field-presets.ts';
import { compareMoney, subtractMoney, toFen } from '../money.ts';

/**
 * Guarantee money (保证金, BUSINESS.md §3 WP5; S1 L120, L122; S2 L74, L255-258): deposits the firm pays for bids,
 * performance, quality and migrant workers' wages (缴纳 `payTheDeposit/{type}`), refunded in part or in full
 * (`refundTheDeposit/{type}`, several at once `refundTheDepositBatch/{type}`), replaced by a new one (`replace`: on
 * approval the replaced one is refunded once), and — as a tendering agent — deposits received from bidders (收取,
 * `attract`) and returned to them (`return/attract`). Every approved event writes one ledger row (收支明细) on the
 * account the money went through, linked to the project.
 */

/** Messages of the deposit rules (the *proposed* ones of BUSINESS.md WP5). */
export const DEPOSIT_MSG = {
  overPaid: '退还金额不能大于已缴金额',
  notPaid: '只能退还已缴纳(审批通过)的保证金',
  depositMissing: '保证金不存在或无权访问',
  projectMissing: '项目不存在或无权访问',
  replaced: '该保证金已被替换,不能退还',
  replaceTwice: '该保证金已被替换或替换审批中',
  replaceNotPaid: '只能替换已缴纳(审批通过)的保证金',
  replaceRefunding: '该保证金有退还审批中,不能替换',
  replaceRefunded: '该保证金已全部退还,不能替换',
  replaceAttract: '收取的投标保证金不能替换',
  replaceMissing: '请选择被替换的保证金',
  notAttract: '该保证金不是收取的投标保证金',
  attractReturnOnly: '收取的投标保证金请通过退还投标人办理',
  refundBeforePay: '退还日期不能早于缴纳日期',
  expectedBeforePay: '预计退还日期不能早于缴纳日期',
  noRefunds: '请添加要退还的保证金',
  tooManyRefunds: '一次最多退还50笔保证金',
  refundTwice: '同一保证金不能重复添加',
  positive: '金额必须大于0',
} as const;

/** guarantee_type (biz dictionary, the `{type}` of the forms): 1 投标, 2 履约, 3 质量, 4 农民工工资保证金. */
export const DEPOSIT_TYPES = {
  1: { zh: '投标保证金', en: 'Bid bond' },
  2: { zh: '履约保证金', en: 'Performance bond' },
  3: { zh: '质量保证金', en: 'Quality bond' },
  4: { zh: '农民工工资保证金', en: 'Wage bond' },
} as const;

/** guarantee_refund_status (biz dictionary): what the approved refunds make of a deposit. */
export const DEPOSIT_REFUND_STATUS = { none: 0, partly: 1, full: 2 } as const;

/** guarantee_direction (biz dictionary): 0 paid by the firm (缴纳), 1 received from a bidder as tendering agent (收取). */
export const DEPOSIT_DIRECTION = { paid: 0, received: 1 } as const;

/** guarantee_refund_kind (biz dictionary): how a deposit's money comes back or goes back. */
export const DEPOSIT_REFUND_KIND = {
  /** 退还: the owner returns money the firm paid (an income). */
  refund: 1,
  /** 替换退还: the replaced deposit's remainder, when its replacement is approved (an income). */
  replaced: 2,
  /** 退还投标人: the firm returns a bidder's deposit it received (an expense). */
  returnToBidder: 3,
} as const;

/** The refund status a deposit's approved refunds make of it: 未退, 部分退 or 已退. */
export function depositRefundStatus(amount: string, refunded: string): number {
  if (toFen(refunded) <= 0n) return DEPOSIT_REFUND_STATUS.none;
  return compareMoney(refunded, amount) >= 0 ? DEPOSIT_REFUND_STATUS.full : DEPOSIT_REFUND_STATUS.partly;
}

/** What may still be refunded of a deposit: its amount less what is refunded or being refunded (never below 0). */
export function depositRemaining(amount: string, counted: string): string {
  const left = subtractMoney(amount, counted);
  return toFen(left) < 0n ? '0.00' : left;
}

/**
 * The age of an outstanding deposit by the days past its expected refund date (the finance head's monthly report):
 * not yet due, 0–90, 90–180, 180–365, over 365 days.
 */
export const DEPOSIT_AGE_BUCKETS = [
  { key: 'notDue', label: '未到期', upTo: -1 },
  { key: 'd0_90', label: '逾期0-90天', upTo: 90 },
  { key: 'd90_180', label: '逾期90-180天', upTo: 180 },
  { key: 'd180_365', label: '逾期180-365天', upTo: 365 },
  { key: 'over365', label: '逾期365天以上', upTo: Number.POSITIVE_INFINITY },
] as const;
export type DepositAgeKey = (typeof DEPOSIT_AGE_BUCKETS)[number]['key'];

/** The bucket of a deposit `daysPast` days past its expected refund date (negative: not yet due). */
export function depositAgeBucket(daysPast: number): DepositAgeKey {
  for (const b of DEPOSIT_AGE_BUCKETS) if (daysPast <= b.upTo) return b.key;
  return 'over365';
}

const PROCESS = {
  pay: approvalProcess('payTheDeposit'),
  payReplace: approvalProcess('payTheDeposit/replace'),
  refund: approvalProcess('refundTheDeposit'),
  refundReplace: approvalProcess('refundTheDeposit/replace'),
  refundBatch: approvalProcess('refundTheDepositBatch'),
};
/** The processes of deposits: keys and the business forms (route keys) naming them (S2 L74, L255-258). */
export const DEPOSIT_PROCESS = {
  pay: { processKey: PROCESS.pay.key, routeKey: PROCESS.pay.form },
  replace: { processKey: PROCESS.payReplace.key, routeKey: PROCESS.payReplace.form },
  refund: { processKey: PROCESS.refund.key, routeKey: PROCESS.refund.form },
  /** The key a replaced deposit's refund carries (its drawer shows the two records, S2 L256). */
  refundReplace: { processKey: PROCESS.refundReplace.key, routeKey: PROCESS.refundReplace.form },
  refundBatch: { processKey: PROCESS.refundBatch.key, routeKey: PROCESS.refundBatch.form },
} as const;

const label = (zh: string, en: string) => ({ zh, en });
const accountField = (zh: string) =>
  ({
    type: 'id',
    label: label(zh, 'Account'),
    ref: 'account',
    display: 'accountName',
    required: '请选择账户',
    list: true,
    filterable: true,
    width: 180,
  }) as const satisfies FieldDef;
const depositTypeField = {
  type: 'int',
  label: label('保证金类型', 'Type'),
  dict: 'guarantee_type',
  bizDict: true,
  required: '请选择保证金类型',
  list: true,
  search: true,
  width: 130,
} as const satisfies FieldDef;

/** 保证金 (S1 L120 hjlApplyGuaranteeMoney): one deposit paid (or received), with what its refunds gave back. */
export const depositEntity = defineEntity({
  name: 'guarantee_money',
  table: 'hjl_apply_guarantee_money',
  api: '/api/business/hjlApplyGuaranteeMoney',
  path: '/finance/hjlApplyGuaranteeMoney',
  label: label('保证金', 'Deposits'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  parent: { field: 'projectId', entity: 'project', missing: DEPOSIT_MSG.projectMissing },
  exportable: true,
  dialogWidth: 900,
  approval: {
    ...DEPOSIT_PROCESS.pay,
    amountField: 'amount',
    title: '{userName}的保证金:{projectName}({amount}元)',
    formUrl: `/workflow/${PROCESS.pay.form}`,
  },
  fields: {
    depositType: depositTypeField,
    direction: {
      type: 'int',
      label: label('收付方向', 'Direction'),
      dict: 'guarantee_direction',
      bizDict: true,
      default: 0,
      list: true,
      search: true,
      width: 100,
    },
    projectId: {
      type: 'id',
      label: label('项目', 'Project'),
      required: '请选择项目',
      list: true,
      filterable: true,
      ref: 'project',
      display: 'projectName',
      width: 220,
    },
    projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), form: false, search: true },
    payeeName: { type: 'string', max: 100, label: label('对方单位', 'Counterparty'), required: '请输入对方单位', list: true, search: true, width: 180 },
    payeeAccountNumber: { type: 'string', max: 64, label: label('对方账号', 'Counterparty account') },
    beneficiaryAccountBank: { type: 'string', max: 100, label: label('对方开户行', 'Counterparty bank') },
    amount: money(label('保证金金额', 'Amount'), { required: '请输入保证金金额', list: true, sortable: true, width: 130 }),
    payDate: { type: 'date', label: label('缴纳日期', 'Paid on'), required: '请选择缴纳日期', list: true, sortable: true, filterable: true, width: 110 },
    deadline: { type: 'date', label: label('截止日期', 'Deadline'), sortable: true, filterable: true, width: 110 },
    expectedRefundDate: {
      type: 'date',
      label: label('预计退还日期', 'Expected refund'),
      required: '请选择预计退还日期',
      list: true,
      sortable: true,
      filterable: true,
      width: 120,
    },
    accountInfoId: accountField('收付账户'),
    refundStatus: {
      type: 'int',
      label: label('退还状态', 'Refund status'),
      dict: 'guarantee_refund_status',
      bizDict: true,
      default: 0,
      list: true,
      search: true,
      form: false,
      width: 100,
    },
    refundedAmount: money(label('已退金额', 'Refunded'), { list: true, form: false, width: 130 }),
    replacesId: { type: 'id', label: label('被替换保证金', 'Replaces'), filterable: true, form: false },
    replacedById: { type: 'id', label: label('替换为', 'Replaced by'), filterable: true, form: false },
    filePath: files(),
    remark: remark(),
  },
});

/** 保证金退还 (refundTheDeposit/{type}): one refund of a deposit, or one return of a bidder's deposit. */
export const depositRefundEntity = defineEntity({
  name: 'guarantee_refund',
  table: 'hjl_refund_guarantee_money',
  api: '/api/business/hjlRefundGuaranteeMoney',
  path: '/finance/hjlRefundGuaranteeMoney',
  label: label('保证金退还', 'Deposit refunds'),
  routes: ['list', 'detail', 'save', 'update', 'remove'],
  defaultSort: { field: 'createTime', dir: 'desc' },
  parent: { field: 'depositId', entity: 'guarantee_money', missing: DEPOSIT_MSG.depositMissing },
  exportable: true,
  approval: {
    ...DEPOSIT_PROCESS.refund,
    amountField: 'refundAmount',
    title: '{userName}的保证金退还:{projectName}({refundAmount}元)',
    formUrl: `/workflow/${PROCESS.refund.form}`,
  },
  fields: {
    depositId: { type: 'id', label: label('保证金', 'Deposit'), required: '请选择保证金', filterable: true, ref: 'guarantee_money', display: 'depositName' },
    depositType: { ...depositTypeField, required: undefined, form: false },
    refundKind: {
      type: 'int',
      label: label('退还方式', 'Kind'),
      dict: 'guarantee_refund_kind',
      bizDict: true,
      list: true,
      search: true,
      form: false,
      width: 110,
    },
    projectId: { type: 'id', label: label('项目', 'Project'), filterable: true, form: false },
    projectName: { type: 'string', max: 200, label: label('项目名称', 'Project'), list: true, search: true, form: false, width: 200 },
    payeeName: { type: 'string', max: 100, label: label('对方单位', 'Counterparty'), list: true, form: false, width: 160 },
    refundAmount: money(label('退还金额', 'Amount'), { required: '请输入退还金额', list: true, sortable: true, width: 130 }),
    refundDate: { type: 'date', label: label('退还日期', 'Date'), required: '请选择退还日期', list: true, sortable: true, filterable: true, width: 110 },
    // The deposit's account unless another is named.
    accountInfoId: { ...accountField('收付账户'), required: undefined },
    replacementId: { type: 'id', label: label('替换的新保证金', 'Replacement'), filterable: true, form: false },
    filePath: files(),
    remark: remark(),
  },
});

export const depositEntities = [depositEntity, depositRefundEntity];

/** The permission codes of the deposit routes beyond the list pages' (menu buttons and the report's menu). */
export const DEPOSIT_CODES = {
  view: depositEntity.name,
  replace: `${depositEntity.name}_replace`,
  returnAttract: `${depositEntity.name}_return`,
  refundAdd: `${depositRefundEntity.name}_add`,
  outstanding: 'guarantee_outstanding',
} as const;
