/**
 * /finance/hjlPendingAccount (待认领款项, S2 L449): money that arrived without a known owner. The caller chooses
 * several rows and 认领 (the list's add button: pending money is never added by hand) sends them to finance in one
 * batch approval (submitApproval); once approved the ledger rows are claimed. Rows under a claim's approval show
 * their status and cannot be chosen again.
 */
import { pendingAccountEntity } from '@hjl/core';
import { App } from 'antd';
import { useRef } from 'react';
import { useLabel } from '../../app/i18n';
import { CrudPage, type CrudPageContext } from '../../components/CrudPage';
import { submitPendingClaim } from './api';
import { FIN } from './labels';

export default function PendingPage() {
  const label = useLabel();
  const { message, modal } = App.useApp();
  // The list's selection and reload, for 认领 in the add button's place.
  const list = useRef<CrudPageContext | null>(null);
  const claim = () => {
    const ctx = list.current;
    if (!ctx?.selected.length) {
      void message.warning(label(FIN.chooseRows));
      return;
    }
    const ids = [...ctx.selected];
    modal.confirm({
      title: label(FIN.tip),
      content: label(FIN.claimPendingConfirm),
      okText: label(FIN.ok),
      cancelText: label(FIN.cancel),
      okButtonProps: { 'data-testid': 'pending-claim-ok' } as never,
      onOk: async () => {
        try {
          await submitPendingClaim(ids);
          void message.success(label(FIN.started));
          ctx.setSelected([]);
          await ctx.reload();
        } catch {
          // The API client has shown the server's reason.
        }
      },
    });
  };
  return (
    <CrudPage
      def={pendingAccountEntity}
      testId="pending-list"
      selectable
      dateRange="transactionDate"
      addButton={{ label: FIN.claimPending, onClick: claim }}
      toolbar={(ctx) => {
        list.current = ctx;
        return null;
      }}
    />
  );
}
