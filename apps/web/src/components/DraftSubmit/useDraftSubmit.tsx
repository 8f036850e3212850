/**
 * The dialog of a record that is saved as a draft or sent for approval (报销, 财务单据, 劳务费, 项目费用, the office
 * kinds with lines): 保存 keeps a draft (未发起); 提交审批 saves and starts the approval in one call (the kit's
 * `<api>/start`, with `id` for a stored draft). `useDraftSubmit` validates the form, builds the body, sends it,
 * shows the result (保存成功 / the kit's 发起成功 by default), refreshes the definition's queries and calls `onSaved`; on a
 * refusal the API client has shown the server's reason and the form stays for a correction.
 * `draftFooter` is the dialog's footer: 关闭 when read-only, else 取消 / 保存 / 提交审批 with the pressed button
 * loading and both disabled meanwhile. `StartFooter` is the footer of a start form (新建流程: 返回 / 提交审批).
 */
import type { Label } from '@hjl/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App, Button, Flex, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useLabel } from '../../app/i18n';
import { APPROVAL_TEXT } from '../ApprovalMode';

export type DraftAction = 'save' | 'start';

export const DRAFT_TEXT = {
  cancel: { zh: '取消', en: 'Cancel' },
  back: { zh: '返回', en: 'Back' },
  close: { zh: '关闭', en: 'Close' },
  save: { zh: '保存', en: 'Save' },
  submit: { zh: '提交审批', en: 'Submit for approval' },
  saved: { zh: '保存成功', en: 'Saved' },
  /** The kit's message (the approval mode's 提交 says it too). */
  started: APPROVAL_TEXT.started,
} satisfies Record<string, Label>;

export interface DraftSubmitOptions<V> {
  form: FormInstance<V>;
  /** The stored record's id (sent as `id`), null for a new one. */
  id: string | null;
  /** A check of the valid values before sending: the message to show, or null to go on. */
  check?: (values: V) => Label | null;
  /** The body the server takes. */
  body: (values: V) => Record<string, unknown>;
  /** Sends it: `save` a draft (`editing`: the record exists) or `start` it. */
  send: (body: Record<string, unknown>, how: DraftAction, editing: boolean) => Promise<unknown>;
  /** The queries to refresh once it is stored (the definition's records); none for a start form that leaves. */
  queryKey?: QueryKey;
  onSaved: () => void;
  /** The success messages when the area says them otherwise. */
  texts?: { saved?: Label; started?: Label };
}

export function useDraftSubmit<V>(opts: DraftSubmitOptions<V>): { busy: DraftAction | null; send: (how: DraftAction) => Promise<void> } {
  const label = useLabel();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<DraftAction | null>(null);
  const send = async (how: DraftAction) => {
    let values: V;
    try {
      values = await opts.form.validateFields();
    } catch {
      return;
    }
    const refused = opts.check?.(values);
    if (refused) {
      void message.error(label(refused));
      return;
    }
    const body = opts.body(values);
    if (opts.id) body.id = opts.id;
    setBusy(how);
    try {
      await opts.send(body, how, opts.id !== null);
      void message.success(label(how === 'save' ? (opts.texts?.saved ?? DRAFT_TEXT.saved) : (opts.texts?.started ?? DRAFT_TEXT.started)));
      if (opts.queryKey) void queryClient.invalidateQueries({ queryKey: opts.queryKey });
      opts.onSaved();
    } catch {
      // The API client has shown the server's reason (e.g. 超出预算,剩余可用金额为x元); the form stays for a correction.
    } finally {
      setBusy(null);
    }
  };
  return { busy, send };
}

export function draftFooter(
  label: (l: Label) => string,
  opts: { readOnly: boolean; busy: DraftAction | null; onClose: () => void; send: (how: DraftAction) => Promise<void>; testId: string },
): ReactNode[] {
  const { readOnly, busy, onClose, send, testId } = opts;
  if (readOnly)
    return [
      <Button key="close" onClick={onClose}>
        {label(DRAFT_TEXT.close)}
      </Button>,
    ];
  return [
    <Button key="cancel" onClick={onClose}>
      {label(DRAFT_TEXT.cancel)}
    </Button>,
    <Button key="save" loading={busy === 'save'} disabled={!!busy} onClick={() => void send('save')} data-testid={`${testId}-save`}>
      {label(DRAFT_TEXT.save)}
    </Button>,
    <Button key="start" type="primary" loading={busy === 'start'} disabled={!!busy} onClick={() => void send('start')} data-testid={`${testId}-start`}>
      {label(DRAFT_TEXT.submit)}
    </Button>,
  ];
}

/** The footer of a start form opened from 新建流程: 返回 and 提交审批 (loading while it is sent). */
export function StartFooter({
  busy,
  onBack,
  send,
  testId,
}: {
  busy: DraftAction | null;
  onBack: () => void;
  send: (how: DraftAction) => Promise<void>;
  testId: string;
}) {
  const label = useLabel();
  return (
    <Flex gap={8} justify="center">
      <Button onClick={onBack}>{label(DRAFT_TEXT.back)}</Button>
      <Button type="primary" loading={busy === 'start'} onClick={() => void send('start')} data-testid={testId}>
        {label(DRAFT_TEXT.submit)}
      </Button>
    </Flex>
  );
}
