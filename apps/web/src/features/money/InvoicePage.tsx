/**
 * /hjlProject/hjlInvoice (开票管理): invoice applications on CrudPage in approval mode (提交 starts `invoice`),
 * the form's 发票抬头 from the project client's invoice titles; 作废 (button invoice_void_add) on an issued
 * invoice asks for the reason and starts its voiding (`cancellation/{id}`, process voidInvoice).
 */
import { APPROVAL_STATUS, INVOICE_STATUS, invoiceEntity } from '@hjl/core';
import { App, Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { CrudPage, type Row } from '../../components/CrudPage';
import { cancelInvoice } from './api';
import { InvoiceTitleSelect } from './controls';

const TEXT = {
  void: { zh: '作废', en: 'Void' },
  title: { zh: '发票作废', en: 'Void the invoice' },
  reason: { zh: '作废原因', en: 'Reason' },
  started: { zh: '已提交作废审批', en: 'Sent for approval' },
};

/** The invoices; `fixed` confines them (a project's on its detail page). */
export function InvoiceList({ fixed }: { fixed?: Record<string, string> }) {
  const label = useLabel();
  const { message } = App.useApp();
  const [voiding, setVoiding] = useState<{ row: Row; reload: () => Promise<void> } | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!voiding) return;
    setBusy(true);
    try {
      await cancelInvoice(String(voiding.row.id), reason.trim());
      void message.success(label(TEXT.started));
      await voiding.reload();
      setVoiding(null);
    } catch {
      // The API client has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <CrudPage
        def={invoiceEntity}
        fixed={fixed}
        bordered={!fixed}
        dateRange="invoiceDate"
        testId="invoice-list"
        actionWidth={260}
        controls={{ customerInvoiceId: <InvoiceTitleSelect projectId={fixed?.projectId} /> }}
        rowActions={(row, ctx) =>
          Number(row.status) === APPROVAL_STATUS.approved && Number(row.invoiceStatus) === INVOICE_STATUS.issued ? (
            <Permit code="invoice_void_add">
              <Button
                type="link"
                size="small"
                danger
                onClick={() => {
                  setReason('');
                  setVoiding({ row, reload: ctx.reload });
                }}
                data-testid={`invoice-void-${row.id}`}
              >
                {label(TEXT.void)}
              </Button>
            </Permit>
          ) : null
        }
      />
      <Modal
        open={!!voiding}
        title={label(TEXT.title)}
        onCancel={() => setVoiding(null)}
        onOk={submit}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'invoice-void-ok' } as never}
        destroyOnHidden
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder={label(TEXT.reason)}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          data-testid="invoice-void-reason"
        />
      </Modal>
    </>
  );
}

export default function InvoicePage() {
  return <InvoiceList />;
}
