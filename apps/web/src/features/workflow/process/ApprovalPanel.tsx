/**
 * The approval part of a handle screen (shared by the process detail screen and the leave pages): the comment
 * box, attachments, and the node's buttons from the detail answer — 同意 / 驳回 (请填写批复意见 when the comment
 * is empty), 回退 (a back node), 终止 (comment, then 确定要终止此流程吗?), 转办 / 委托 (comment and a user), 加签 /
 * 减签 (users), 签收, 抄送 — plus 撤回 for the starter. Each shows the specs' message (spec 1 section 8: 回退成功,
 * 转办成功, 委托成功, 加签成功, else 操作成功) and returns to the to-do list (the sent list after a withdraw); 签收
 * stays on the screen, which then offers the claimed task's buttons. On a phone the buttons are large and share
 * the width, two a row.
 */
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLabel } from '../../../app/i18n';
import { usePhone } from '../../../app/layout/screen';
import { Attachments, type FileItem } from '../../../components/Attachments';
import { UserPickerInput } from '../../../components/UserPicker';
import { L } from './labels';
import { taskAction, type ProcessDetail } from './api';
import { SEND_LIST_PATH, TODO_LIST_PATH } from './processRoute';

/** What a dialog action asks for. */
type DialogKind = 'rollback' | 'transfer' | 'delegate' | 'addSign' | 'deleteSign' | 'copy';

const DIALOGS: Record<DialogKind, { title: string; success: string; needsComment: boolean; users?: 'one' | 'many'; to?: string }> = {
  rollback: { title: '回退', success: '回退成功', needsComment: false, to: TODO_LIST_PATH },
  transfer: { title: '转办', success: '转办成功', needsComment: true, users: 'one', to: TODO_LIST_PATH },
  delegate: { title: '委托', success: '委托成功', needsComment: true, users: 'one', to: TODO_LIST_PATH },
  addSign: { title: '加签', success: '加签成功', needsComment: false, users: 'many', to: TODO_LIST_PATH },
  deleteSign: { title: '减签', success: '操作成功', needsComment: false, users: 'many', to: TODO_LIST_PATH },
  copy: { title: '抄送', success: '操作成功', needsComment: false, users: 'many', to: TODO_LIST_PATH },
};

/** Button codes of the engine (docs/workflow.md) → what they do. */
const BUTTON_DIALOGS: Record<string, DialogKind> = {
  wf_rollback: 'rollback',
  wf_transfer: 'transfer',
  wf_delegate: 'delegate',
  wf_add_instance: 'addSign',
  wf_delete_instance: 'deleteSign',
  wf_copy: 'copy',
};

export interface ApprovalPanelProps {
  detail: ProcessDetail;
  /**
   * The node's form values for an approval, validated; rejects (after showing why) when they are not valid.
   * Absent: the screen has no writable form.
   */
  collectVariables?: () => Promise<Record<string, unknown>>;
  /** After 签收: the detail is read again. */
  onChanged: () => void;
}

export function ApprovalPanel({ detail, collectVariables, onChanged }: ApprovalPanelProps) {
  const label = useLabel();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const phone = usePhone();
  const touch = phone ? ({ size: 'large', style: { flex: '1 1 40%' } } as const) : {};
  const [comment, setComment] = useState('');
  const [attachment, setAttachment] = useState<FileItem[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const { process } = detail;
  const taskId = process.taskId;

  /** Runs a call with its button's loading state; the API client shows a refusal. */
  const run = async (code: string, call: () => Promise<unknown>, success: string, to?: string) => {
    setBusy(code);
    try {
      await call();
      void message.success(success);
      if (to) navigate(to);
      else onChanged();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };

  const needComment = () => {
    if (comment.trim()) return false;
    void message.error(L.commentRequired.zh);
    return true;
  };

  const complete = async (code: string, pass: boolean) => {
    if (needComment()) return;
    let variables: Record<string, unknown> = {};
    if (pass && collectVariables) {
      try {
        variables = await collectVariables();
      } catch {
        return;
      }
    }
    await run(
      code,
      () => taskAction('complete', { taskId, processInstanceId: process.processInstanceId, pass, comment: comment.trim(), variables, attachment }),
      label(L.done),
      TODO_LIST_PATH,
    );
  };

  const terminate = () => {
    if (needComment()) return;
    modal.confirm({
      title: label({ zh: '提示', en: 'Confirm' }),
      content: L.terminateConfirm.zh,
      okButtonProps: { danger: true, 'data-testid': 'wf-terminate-ok' } as never,
      onOk: () => run('wf_terminate', () => taskAction('terminate', { taskId, comment: comment.trim(), attachment }), label(L.done), TODO_LIST_PATH),
    });
  };

  const withdraw = () =>
    modal.confirm({
      title: label({ zh: '提示', en: 'Confirm' }),
      content: label({ zh: '确定要撤回此流程吗?', en: 'Withdraw this process?' }),
      okButtonProps: { 'data-testid': 'wf-withdraw-ok' } as never,
      onOk: () =>
        run(
          'wf_withdraw',
          () => taskAction('withdraw', { processInstanceId: process.processInstanceId, comment: comment.trim() || undefined }),
          label(L.done),
          SEND_LIST_PATH,
        ),
    });

  const press = (code: string) => {
    if (code === 'wf_pass') return void complete(code, true);
    if (code === 'wf_reject') return void complete(code, false);
    if (code === 'wf_terminate') return terminate();
    if (code === 'wf_claim') return void run(code, () => taskAction('claim', undefined, { taskId }), label(L.done));
    const kind = BUTTON_DIALOGS[code];
    if (kind) {
      if (DIALOGS[kind].needsComment && needComment()) return;
      setDialog(kind);
    }
  };

  const buttons = detail.button.filter(
    (b) => b.display !== false && (b.code in BUTTON_DIALOGS || ['wf_pass', 'wf_reject', 'wf_terminate', 'wf_claim'].includes(b.code)),
  );
  // An unassigned task may be claimed even when its model names its buttons without 签收 (the leave's 总经理审批).
  if (detail.isHolder && !process.assignee && !buttons.some((b) => b.code === 'wf_claim')) buttons.unshift({ code: 'wf_claim', name: '签收' });
  const mayWithdraw = detail.isStarter && !process.endTime;
  if (!detail.isHolder && !mayWithdraw) return null;

  return (
    <Card title={label(L.approval)} data-testid="wf-approval">
      <Flex vertical gap={12}>
        {process.delegationState === 'PENDING' && <Alert type="info" showIcon message={label(L.delegated)} />}
        {detail.isHolder && (
          <>
            <Input.TextArea
              rows={3}
              maxLength={4000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              placeholder={label(L.comment)}
              data-testid="wf-comment"
            />
            <Attachments value={attachment} onChange={setAttachment} testId="wf-approval-attachments" />
          </>
        )}
        <Flex gap={8} wrap>
          {detail.isHolder &&
            buttons.map((b) => (
              <Button
                key={b.code}
                type={b.code === 'wf_pass' ? 'primary' : 'default'}
                danger={b.code === 'wf_terminate' || b.code === 'wf_reject'}
                loading={busy === b.code}
                {...touch}
                onClick={() => press(b.code)}
                data-testid={`wf-btn-${b.code}`}
              >
                {b.name}
              </Button>
            ))}
          {mayWithdraw && (
            <Button loading={busy === 'wf_withdraw'} {...touch} onClick={withdraw} data-testid="wf-btn-wf_withdraw">
              {label({ zh: '撤回', en: 'Withdraw' })}
            </Button>
          )}
        </Flex>
      </Flex>
      {dialog && (
        <ActionDialog
          kind={dialog}
          backNodes={detail.backNodes}
          onClose={() => setDialog(null)}
          onOk={async (values) => {
            const d = DIALOGS[dialog];
            const body =
              dialog === 'copy'
                ? { processInstanceId: process.processInstanceId, copyUser: values.users }
                : {
                    taskId,
                    comment: comment.trim() || undefined,
                    attachment,
                    ...(values.users ? { assignee: values.users } : {}),
                    ...(values.nodeId ? { nodeId: values.nodeId } : {}),
                  };
            if (await run(dialog, () => taskAction(dialog, body), d.success, d.to)) setDialog(null);
          }}
        />
      )}
    </Card>
  );
}

interface DialogValues {
  users?: string;
  nodeId?: string;
}

function ActionDialog({
  kind,
  backNodes,
  onClose,
  onOk,
}: {
  kind: DialogKind;
  backNodes: ProcessDetail['backNodes'];
  onClose: () => void;
  onOk: (v: DialogValues) => Promise<void>;
}) {
  const label = useLabel();
  const [form] = Form.useForm<DialogValues>();
  const [saving, setSaving] = useState(false);
  const d = DIALOGS[kind];
  return (
    <Modal
      open
      title={d.title}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'wf-dialog-ok' } as never}
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values) return; // the form shows what is missing
        setSaving(true);
        try {
          await onOk(values);
        } finally {
          setSaving(false);
        }
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid={`wf-dialog-${kind}`}>
        {kind === 'rollback' ? (
          <Form.Item name="nodeId" label={label(L.backNode)} rules={[{ required: true, message: label(L.chooseBackNode) }]}>
            <Select options={backNodes.map((n) => ({ value: n.nodeId, label: n.nodeName }))} placeholder={label(L.chooseBackNode)} data-testid="wf-back-node" />
          </Form.Item>
        ) : (
          <Form.Item name="users" label={kind === 'copy' ? label(L.copyUser) : label(L.assignee)} rules={[{ required: true, message: label(L.chooseUser) }]}>
            <UserPickerInput multiple={d.users === 'many'} testId="wf-dialog-users" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
