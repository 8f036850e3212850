/**
 * The secrets vault screens (BUSINESS.md §1 hjlPassword, BUSINESS.md WP6):
 * - /process/passWord (密码管理): the keepers' list of entries — the secret is never shown; the edit form's secret is
 *   write-only (the server answers the mask; sent back unchanged it keeps the stored one); 申请使用 on a row starts a
 *   use request for that entry.
 * - /process/passWordApply (密码使用申请): one's requests in approval mode (提交 / 撤回 / 审批详情); on an approved,
 *   unexpired request of one's own, 查看密码 shows the secret once, for REVEAL_SECONDS, then hides it.
 * - /process/passWordLog (密码查看日志): the audit log (administrators), every reveal and refusal.
 */
import { APPROVAL_STATUS, passwordApplyEntity, passwordLogEntity, passwordVaultEntity } from '@hjl/core';
import { App, Alert, Button, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Permit, usePermission } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { useSession } from '../../app/session';
import { CrudPage, type Row } from '../../components/CrudPage';
import { REVEAL_CODE, revealSecret, startUse, type Revealed } from './api';
import { REVEAL_SECONDS, VAULT } from './labels';
import './PasswordSelect';

const APPLY_ADD = `${passwordApplyEntity.name}_add`;

/** 申请使用: the reason for using one entry; submitted, the request goes to its approval. */
function ApplyDialog({ entry, onClose }: { entry: Row | null; onClose: () => void }) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let values: { reason?: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await startUse(String(entry!.id), String(values.reason ?? '').trim());
      void message.success(label(VAULT.started));
      onClose();
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={entry !== null}
      title={`${label(VAULT.applyTitle)} - ${String(entry?.platform ?? '')}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={label(VAULT.submit)}
      cancelText={label(VAULT.cancel)}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'vault-apply-submit' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={label(VAULT.reason)} rules={[{ required: true, whitespace: true, message: label(VAULT.reasonRequired) }]}>
          <Input.TextArea rows={3} maxLength={500} data-testid="vault-apply-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function VaultPage() {
  const label = useLabel();
  const [applying, setApplying] = useState<Row | null>(null);
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={label(VAULT.writeOnly)} />
      <CrudPage
        def={passwordVaultEntity}
        rowActions={(row) => (
          <Permit code={APPLY_ADD}>
            <Button type="link" size="small" data-testid={`vault-apply-${String(row.id)}`} onClick={() => setApplying(row)}>
              {label(VAULT.apply)}
            </Button>
          </Permit>
        )}
      />
      <ApplyDialog entry={applying} onClose={() => setApplying(null)} />
    </>
  );
}

/** The secret, shown once: it hides itself after REVEAL_SECONDS (the dialog closes and forgets it). */
function RevealDialog({ revealed, onClose }: { revealed: Revealed | null; onClose: () => void }) {
  const label = useLabel();
  // Each reveal mounts the dialog afresh (its key), so the countdown starts at REVEAL_SECONDS.
  const [left, setLeft] = useState(REVEAL_SECONDS);
  useEffect(() => {
    if (!revealed) return;
    const timer = setInterval(() => setLeft((s) => s - 1), 1000);
    return () => clearInterval(timer);
  }, [revealed]);
  useEffect(() => {
    if (revealed && left <= 0) onClose();
  }, [left, revealed, onClose]);
  return (
    <Modal
      open={revealed !== null}
      title={label(VAULT.revealTitle)}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="vault-reveal-close">
          {label(VAULT.close)}
        </Button>
      }
      destroyOnHidden
    >
      {revealed && (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={label(VAULT.platform)}>{revealed.platform}</Descriptions.Item>
            {revealed.platformUrl && <Descriptions.Item label={label(VAULT.address)}>{revealed.platformUrl}</Descriptions.Item>}
            {revealed.account && <Descriptions.Item label={label(VAULT.account)}>{revealed.account}</Descriptions.Item>}
            <Descriptions.Item label={label(VAULT.loginName)}>{revealed.loginName}</Descriptions.Item>
            <Descriptions.Item label={label(VAULT.secret)}>
              <Typography.Text code copyable={{ text: revealed.password, tooltips: [label(VAULT.copy), label(VAULT.copied)] }} data-testid="vault-secret">
                {revealed.password}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={label(VAULT.until)}>{revealed.expireTime}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }} data-testid="vault-secret-countdown">
            {left} {label(VAULT.hidesIn)} · {label(VAULT.audited)}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}

/** Whether the row is an approved request of the caller's whose time has not run out (the server decides). */
const revealable = (row: Row, me: string | undefined, now: number) =>
  Number(row.status) === APPROVAL_STATUS.approved &&
  String(row.createUser ?? '') === me &&
  typeof row.expireTime === 'string' &&
  Date.parse(row.expireTime.replace(' ', 'T')) > now;

export function ApplyPage() {
  const label = useLabel();
  const me = useSession()?.user.user_id;
  const mayReveal = usePermission(REVEAL_CODE);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [shown, setShown] = useState(0);
  /** When the page was opened (the buttons' expiry check; the server decides anyway). */
  const [openedAt] = useState(() => Date.now());
  const reveal = async (row: Row, reload: () => Promise<void>) => {
    try {
      setRevealed(await revealSecret(String(row.id)));
      setShown((n) => n + 1);
      await reload();
    } catch {
      // The API client has shown the server's reason.
    }
  };
  return (
    <>
      <CrudPage
        def={passwordApplyEntity}
        rowActions={(row, ctx) =>
          mayReveal && revealable(row, me, openedAt) ? (
            <Button type="link" size="small" data-testid={`vault-reveal-${String(row.id)}`} onClick={() => void reveal(row, ctx.reload)}>
              {label(VAULT.reveal)}
            </Button>
          ) : null
        }
      />
      <RevealDialog key={shown} revealed={revealed} onClose={() => setRevealed(null)} />
    </>
  );
}

/** The audit log (the entry's select in the search form). */
export function LogPage() {
  return <CrudPage def={passwordLogEntity} viewButton={false} />;
}
