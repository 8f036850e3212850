/**
 * The views of the approval detail drawer by process definition key (S2 L252-259): the area that owns a process
 * plugs its views in with one call, e.g. in its feature's `approvalViews.ts`:
 *
 *   registerApprovalView('hjl_apply_payment', { approvalTab: 'payment', approval: lazy(() => import('./PaymentDetail')) });
 *
 * A key without a registered view gets the generic one (the approval detail form and the approval history).
 * The four keys the spec names choose their tabs here already (SPEC_VIEWS); their areas (WP4 loans, WP5
 * deposits) give them their content.
 */
import type { ComponentType } from 'react';

/** An approvable record as the drawer reads it (S2 L212-213: status, isDraft, processDefKey, processInstanceId, filePath, money). */
export interface ApprovalRecord {
  id: string;
  status?: unknown;
  isDraft?: unknown;
  processDefKey?: string | null;
  processDefinitionKey?: string | null;
  processInstanceId?: string | null;
  filePath?: unknown;
  money?: unknown;
  [field: string]: unknown;
}

/** What a view of the drawer is given. */
export interface ApprovalViewProps {
  record: ApprovalRecord;
  /** The record's API base, when the drawer was opened from a list of a definition. */
  api?: string;
}

export type ApprovalViewComponent = ComponentType<ApprovalViewProps>;

export interface ApprovalView {
  /** The 基本信息 tab (default: the caller's, else the record's fields). */
  basic?: ApprovalViewComponent;
  /** The 审批详情 tab (default: the approval detail form and the approval history). */
  approval?: ApprovalViewComponent;
  /** How the approval tab is named: 审批详情 (default) or 付款详情. */
  approvalTab?: 'approval' | 'payment';
  /** The 保证金退还详情 tab: shown only for a view that has it. */
  refund?: ApprovalViewComponent;
  /** The 还款详情 tab: shown only for a view that has it. */
  repayment?: ApprovalViewComponent;
}

/** The process keys of S2 L255-259. */
export const SPEC_KEYS = {
  /** Deposit refund: its detail is the deposit's payment. */
  refundDeposit: 'hjl_refund_guarantee_money',
  /** Refund of a deposit paid on another's behalf: the refund, with its two records chosen by a radio. */
  refundReplaceDeposit: 'hjl_refund_replace_guarantee_money',
  /** Deposit paid on another's behalf: its payment, when approved. */
  applyReplaceDeposit: 'hjl_apply_replace_guarantee_money',
  /** Repayment of a loan. */
  returnMoney: 'HJL_APPLY_RETURN_MONEY_PROCESS_KEY',
} as const;

/**
 * What each key of S2 L255-259 shows, before its area registers content (`true`: the generic content under
 * that tab). An area's registration keeps the tab and replaces the content.
 */
const SPEC_VIEWS: Record<string, { approvalTab?: 'approval' | 'payment'; refund?: true; repayment?: true }> = {
  [SPEC_KEYS.refundDeposit]: { approvalTab: 'payment' },
  [SPEC_KEYS.refundReplaceDeposit]: { refund: true },
  [SPEC_KEYS.applyReplaceDeposit]: { approvalTab: 'payment' },
  [SPEC_KEYS.returnMoney]: { repayment: true },
};

const registered = new Map<string, ApprovalView>();

/** Plugs in the drawer's view of a process key (the area owning the process calls it once). */
export function registerApprovalView(processKey: string, view: ApprovalView): void {
  registered.set(processKey, { ...registered.get(processKey), ...view });
}

/** Removes a key's registration (tests). */
export function unregisterApprovalView(processKey: string): void {
  registered.delete(processKey);
}

/** The layout a key chooses: the spec's tabs for the four keys, with what its area registered. */
export function approvalViewOf(processKey: string | null | undefined): ApprovalView & { refundTab: boolean; repaymentTab: boolean } {
  const spec = processKey ? SPEC_VIEWS[processKey] : undefined;
  const own = processKey ? registered.get(processKey) : undefined;
  return {
    ...own,
    approvalTab: own?.approvalTab ?? spec?.approvalTab ?? 'approval',
    refundTab: !!(own?.refund ?? spec?.refund),
    repaymentTab: !!(own?.repayment ?? spec?.repayment),
  };
}

/** The process key of a record (`processDefKey` in the spec's form, `processDefinitionKey` on records). */
export function processKeyOf(record: Pick<ApprovalRecord, 'processDefKey' | 'processDefinitionKey'>): string | undefined {
  return record.processDefKey ?? record.processDefinitionKey ?? undefined;
}
