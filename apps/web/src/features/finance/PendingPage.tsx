/**
 * /finance/hjlPendingAccount (待认领款项, S2 L449): money that arrived without a known owner. The caller chooses
 * several rows and 认领 sends them to finance in one batch approval (submitApproval); once approved the ledger
 * rows are claimed. Rows under a claim's approval are shown with their status and cannot be chosen again.
 */
import { pendingAccountEntity } from '@hjl/core';
import { App, Button } from 'antd';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { CrudPage } from '../../components/CrudPage';
import { submitPendingClaim } from './api';
import { FIN } from './labels';

export default function PendingPage() {
  const label = useLabel();
  const { message, modal } = App.useApp();
  return (
    <CrudPage
      def={pendingAccountEntity}
      testId="pending-list"
      selectable
      dateRange="transactionDate"
      toolbar={(ctx) => (
        <Permit code="pending_account_add">
          <Button
            type="primary"
            onClick={() => {
              if (!ctx.selected.length) {
                void message.warning(label(FIN.chooseRows));
                return;
              }
              modal.confirm({
                title: label(FIN.tip),
                content: label(FIN.claimPendingConfirm),
                okText: label(FIN.ok),
                cancelText: label(FIN.cancel),
                okButtonProps: { 'data-testid': 'pending-claim-ok' } as never,
                onOk: async () => {
                  try {
                    await submitPendingClaim(ctx.selected);
                    void message.success(label(FIN.started));
                    ctx.setSelected([]);
                    await ctx.reload();
                  } catch {
                    // The API client has shown the server's reason.
                  }
                },
              });
            }}
            data-testid="pending-claim"
          >
            {label(FIN.claimPending)}
          </Button>
        </Permit>
      )}
    />
  );
}
