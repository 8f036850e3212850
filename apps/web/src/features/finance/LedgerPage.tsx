/**
 * /finance/hjlIncomeExpends (收支明细, S2 L199-210, L312-316): the ledger — one row per money event. Server-paged
 * POST list with the conditions in the body and the transaction date range (start_/end_transactionDate), the sums
 * of income and expense in effect over the conditions, the income/expense payment form (新增 / 编辑 of a hand entry,
 * in effect at once), 重置认领 of a claimed income row, and the Excel export with the list's conditions. Rows a
 * process produced (来源业务) are never changed by hand: the server refuses (系统生成的收支记录不能修改).
 */
import { APPROVAL_STATUS, INCOME_OR_EXPEND, KNOW_GET } from '@hjl/core';
import { App, Button, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { ApprovalStatusTag } from '../../components/ApprovalStatusTag';
import { CrudPage, type Row } from '../../components/CrudPage';
import { MoneyText, moneyText } from '../../components/MoneyText';
import { ledgerEntity, ledgerList, resetClaim, type LedgerSums } from './api';
import { FIN } from './labels';

export const LEDGER_RESET_CODE = 'income_expend_reset';

/** A row a process produced (来源业务): never changed or removed by hand (系统生成的收支记录不能修改). */
export const systemRow = (row: Row) => row.bizType !== null && row.bizType !== undefined && row.bizType !== '';

export default function LedgerPage() {
  const label = useLabel();
  const { message, modal } = App.useApp();
  const [sums, setSums] = useState<LedgerSums | null>(null);
  const source = useMemo(() => ledgerList(setSums), []);

  const reset = (row: Row, reload: () => Promise<void>) =>
    modal.confirm({
      title: label(FIN.tip),
      content: label(FIN.resetConfirm),
      okButtonProps: { 'data-testid': 'ledger-reset-ok' } as never,
      onOk: async () => {
        try {
          await resetClaim(row.id);
          void message.success(label(FIN.done));
          await reload();
        } catch {
          // The API client has shown the server's reason.
        }
      },
    });

  return (
    <CrudPage
      def={ledgerEntity}
      source={source}
      approvalMode={false}
      rowLocked={systemRow}
      dateRange="transactionDate"
      testId="ledger-list"
      actionWidth={260}
      render={{
        tradeAmount: (v, row) => (
          <span style={{ color: Number(row.incomeOrExpend) === INCOME_OR_EXPEND.income ? '#389e0d' : '#cf1322' }}>
            {Number(row.incomeOrExpend) === INCOME_OR_EXPEND.income ? '+' : '-'}
            {moneyText(v as string)}
          </span>
        ),
        bizType: (v) => (v ? <Tag color="blue">{label(FIN.system)}</Tag> : <Tag>{label(FIN.hand)}</Tag>),
      }}
      extraColumns={[
        {
          key: 'status',
          title: label(FIN.rowStatus),
          width: 100,
          render: (_: unknown, row: Row) => <ApprovalStatusTag status={row.status} isDraft={Number(row.isDraft) === 2 ? 0 : row.isDraft} />,
        },
      ]}
      toolbar={() => (
        <Space size={24} data-testid="ledger-sums" style={{ marginLeft: 16 }}>
          <span>
            {label(FIN.incomeTotal)}: <MoneyText value={sums?.incomeTotal ?? null} hideUpper testId="ledger-income-total" style={{ color: '#389e0d' }} />
          </span>
          <span>
            {label(FIN.expendTotal)}: <MoneyText value={sums?.expendTotal ?? null} hideUpper testId="ledger-expend-total" style={{ color: '#cf1322' }} />
          </span>
        </Space>
      )}
      rowActions={(row, ctx) =>
        Number(row.incomeOrExpend) === INCOME_OR_EXPEND.income &&
        Number(row.isKnowGet) === KNOW_GET.claimed &&
        Number(row.status) === APPROVAL_STATUS.approved && (
          <Permit code={LEDGER_RESET_CODE}>
            <Button type="link" size="small" onClick={() => reset(row, ctx.reload)} data-testid={`ledger-reset-${row.id}`}>
              {label(FIN.resetClaim)}
            </Button>
          </Permit>
        )
      }
    />
  );
}
