/**
 * The approver's screen of a batch refund (process 保证金批量退还, one instance for several refunds): every refund of
 * the batch with its project, counterparty, amount and date, and the total (GET hjlBatchApproval/detailByProcessInstanceId),
 * on the handle and detail screens of the task (app/processForms.tsx).
 */
import { depositRefundEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Table } from 'antd';
import { useLabel } from '../../app/i18n';
import { MoneyText } from '../../components/MoneyText';
import { batchRefundQuery } from './api';

const f = depositRefundEntity.fields;

/** What the process screens hand a record view (features/workflow/process/formTypes.ts FormRecordProps, structurally). */
interface Props {
  detail: { process: { processInstanceId: string } };
}

export default function DepositBatchRecord({ detail }: Props) {
  const label = useLabel();
  const q = useQuery(batchRefundQuery(detail.process.processInstanceId));
  if (q.isError) return <Empty />;
  if (!q.data) return <Skeleton active />;
  return (
    <Table
      size="small"
      rowKey={(r) => String(r.id)}
      pagination={false}
      dataSource={q.data.records}
      data-testid="deposit-batch-records"
      columns={[
        { title: label(f.projectName.label), dataIndex: 'projectName' },
        { title: label(f.payeeName.label), dataIndex: 'payeeName' },
        { title: label(f.refundDate.label), dataIndex: 'refundDate', width: 120 },
        {
          title: label(f.refundAmount.label),
          dataIndex: 'refundAmount',
          align: 'right',
          render: (v: unknown) => <MoneyText value={String(v ?? '0')} hideUpper />,
        },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={3}>
            {label({ zh: '合计', en: 'Total' })}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            <MoneyText value={q.data.totalMoney} hideUpper testId="deposit-batch-total" />
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
