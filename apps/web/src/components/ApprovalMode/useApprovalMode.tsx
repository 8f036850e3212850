/**
 * The approval mode of a list (S2 L240-250, L549): what a list of an approvable definition (`def.approval`) adds —
 * - the 审批状态 column with the status tag (a click opens 流转信息);
 * - row actions by status: 提交 (0, a saved draft), 重新提交 (3 rejected, 6 withdrawn) — the record starts its
 *   process (`<api>/start` with its id; only one's own records) —, 撤回 (1, one's own request: the workflow's
 *   withdraw), 审批详情 (any record that has been sent: the approval detail drawer);
 * - `locked(row)`: a record under approval (1) or approved (2) is neither changed nor removed, only viewed;
 * - 批量打印审批单 in the toolbar: rows of any status are then chosen (a selection of its own, apart from the bulk
 *   delete's, which leaves locked rows out) and 打印所选 downloads their approval sheets in one file.
 * CrudPage uses it for a definition with `approval`; a hand-written list can use it the same way.
 */
import { APPROVAL_STATUS, approvalOpen, permissionCodes, type EntityDef, type FieldDef, type Label } from '@hjl/core';
import { PrinterOutlined } from '@ant-design/icons';
import { App, Button, Select, type TableColumnType } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import { useState, type ReactNode } from 'react';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { useSession } from '../../app/session';
import { ApprovalDrawer, PrintSheetButton, type ApprovalRecord } from '../ApprovalDrawer';
import { approvalLook, ApprovalStatusTag } from '../ApprovalStatusTag';
import { startApproval, withdrawRequest } from './api';

type Row = Record<string, unknown> & { id: string };

export const APPROVAL_TEXT = {
  status: { zh: '审批状态', en: 'Approval' },
  submit: { zh: '提交', en: 'Submit' },
  resubmit: { zh: '重新提交', en: 'Submit again' },
  withdraw: { zh: '撤回', en: 'Withdraw' },
  detail: { zh: '审批详情', en: 'Approval details' },
  submitConfirm: { zh: '确定提交审批吗?', en: 'Send it for approval?' },
  resubmitConfirm: { zh: '确定重新提交审批吗?', en: 'Send it for approval again?' },
  withdrawConfirm: { zh: '确定撤回该申请吗?', en: 'Withdraw the request?' },
  started: { zh: '发起成功', en: '发起成功' },
  done: { zh: '操作成功', en: '操作成功' },
  tip: { zh: '提示', en: 'Confirm' },
  ok: { zh: '确定', en: 'OK' },
  cancel: { zh: '取消', en: 'Cancel' },
  printBatch: { zh: '批量打印审批单', en: 'Print approval sheets' },
  printSelected: { zh: '打印所选', en: 'Print selected' },
} satisfies Record<string, Label>;

/** What a row may do at its status (S2 L240, L549). */
export function approvalActions(row: Row, userId: string | undefined): ('submit' | 'resubmit' | 'withdraw' | 'detail')[] {
  const status = Number(row.status);
  const own = !!userId && String(row.createUser ?? '') === userId;
  const noApproval = Number(row.isDraft) === 2;
  const out: ('submit' | 'resubmit' | 'withdraw' | 'detail')[] = [];
  if (noApproval) return out;
  if (own && (status === APPROVAL_STATUS.rejected || status === APPROVAL_STATUS.withdrawn)) out.push('resubmit');
  else if (own && approvalOpen(status)) out.push('submit');
  if (own && status === APPROVAL_STATUS.approving && row.processInstanceId) out.push('withdraw');
  if (row.processInstanceId) out.push('detail');
  return out;
}

/** The list condition on the approval status (the search form's 审批状态). */
export const APPROVAL_STATUS_FIELD: FieldDef = { type: 'int', label: APPROVAL_TEXT.status };

/** 审批状态 in a search form: 未发起, 审批中, 审批通过, 审批驳回, 已撤回. */
export function ApprovalStatusSelect(props: { value?: string; onChange?: (value: string | undefined) => void }) {
  const label = useLabel();
  const options = [APPROVAL_STATUS.draft, APPROVAL_STATUS.approving, APPROVAL_STATUS.approved, APPROVAL_STATUS.rejected, APPROVAL_STATUS.withdrawn].map(
    (s) => ({
      value: String(s),
      label: label(approvalLook(s).label),
    }),
  );
  return <Select {...props} allowClear options={options} placeholder={label(APPROVAL_TEXT.status)} style={{ width: 140 }} data-testid="crud-search-status" />;
}

/** A record under approval or approved: shown, never changed or removed. */
export const approvalLocked = (row: Row) => !approvalOpen(row.status);

export interface ApprovalMode {
  /** The 审批状态 column. */
  column: TableColumnType<Row>;
  /** The row's approval buttons. */
  actions: (row: Row) => ReactNode;
  locked: (row: Row) => boolean;
  /** The 审批详情 drawer (put it anywhere in the page). */
  drawer: ReactNode;
  /** The toolbar's 批量打印审批单 (or, while choosing, 打印所选 and 取消). */
  printToolbar: ReactNode;
  /** The table's selection while rows are chosen for printing (undefined otherwise: the list's own). */
  printSelection?: TableRowSelection<Row>;
}

export function useApprovalMode(def: EntityDef, reload: () => unknown): ApprovalMode {
  const label = useLabel();
  const { message, modal } = App.useApp();
  const userId = useSession()?.user.user_id;
  const codes = permissionCodes(def);
  const [shown, setShown] = useState<ApprovalRecord | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Rows chosen for 批量打印审批单 (null: not choosing).
  const [printing, setPrinting] = useState<string[] | null>(null);

  const confirmThen = (content: Label, key: string, call: () => Promise<unknown>, success: Label) =>
    modal.confirm({
      title: label(APPROVAL_TEXT.tip),
      content: label(content),
      okText: label(APPROVAL_TEXT.ok),
      cancelText: label(APPROVAL_TEXT.cancel),
      okButtonProps: { 'data-testid': 'approval-confirm-ok' } as never,
      onOk: async () => {
        setBusy(key);
        try {
          await call();
          void message.success(label(success));
          await reload();
        } catch {
          // The API client has shown the server's reason.
        } finally {
          setBusy(null);
        }
      },
    });

  const start = (row: Row, again: boolean) =>
    confirmThen(
      again ? APPROVAL_TEXT.resubmitConfirm : APPROVAL_TEXT.submitConfirm,
      `start-${row.id}`,
      () => startApproval(def, { id: row.id }),
      APPROVAL_TEXT.started,
    );
  const withdraw = (row: Row) =>
    confirmThen(APPROVAL_TEXT.withdrawConfirm, `withdraw-${row.id}`, () => withdrawRequest(String(row.processInstanceId)), APPROVAL_TEXT.done);

  const column: TableColumnType<Row> = {
    key: 'status',
    dataIndex: 'status',
    title: label(APPROVAL_TEXT.status),
    width: 100,
    // Beside the actions, so the status shows however wide the record's columns make the table.
    fixed: 'right',
    render: (status: unknown, row: Row) => (
      <ApprovalStatusTag
        status={status}
        isDraft={row.isDraft}
        processInstanceId={row.processInstanceId as string | null}
        testId={`approval-status-${row.id}`}
      />
    ),
  };

  const actions = (row: Row) =>
    approvalActions(row, userId).map((action) => {
      const props = { type: 'link' as const, size: 'small' as const, 'data-testid': `approval-${action}-${row.id}` };
      switch (action) {
        case 'submit':
        case 'resubmit':
          return (
            <Permit key={action} code={codes.add}>
              <Button {...props} loading={busy === `start-${row.id}`} onClick={() => start(row, action === 'resubmit')}>
                {label(APPROVAL_TEXT[action])}
              </Button>
            </Permit>
          );
        case 'withdraw':
          return (
            <Button key={action} {...props} loading={busy === `withdraw-${row.id}`} onClick={() => withdraw(row)}>
              {label(APPROVAL_TEXT.withdraw)}
            </Button>
          );
        case 'detail':
          return (
            <Button key={action} {...props} onClick={() => setShown(row)}>
              {label(APPROVAL_TEXT.detail)}
            </Button>
          );
      }
    });

  const printToolbar = printing ? (
    <>
      <PrintSheetButton api={def.api} ids={printing} text={`${label(APPROVAL_TEXT.printSelected)}(${printing.length})`} testId="approval-print-selected" />
      <Button onClick={() => setPrinting(null)} data-testid="approval-print-cancel">
        {label(APPROVAL_TEXT.cancel)}
      </Button>
    </>
  ) : (
    <Button icon={<PrinterOutlined />} onClick={() => setPrinting([])} data-testid="approval-print-batch">
      {label(APPROVAL_TEXT.printBatch)}
    </Button>
  );

  return {
    column,
    actions,
    locked: approvalLocked,
    drawer: <ApprovalDrawer record={shown} def={def} onClose={() => setShown(null)} />,
    printToolbar,
    printSelection: printing ? { selectedRowKeys: printing, preserveSelectedRowKeys: true, onChange: (keys) => setPrinting(keys.map(String)) } : undefined,
  };
}
