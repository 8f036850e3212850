/**
 * The approver's screen of a salary month (process 工资审批, one instance for the month's records): the totals per
 * department and overall, then every record (GET hjlSalaryRecord/detailByProcessInstanceId), on the handle and
 * detail screens of the task (app/processForms.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Space, Table } from 'antd';
import { useLabel } from '../../app/i18n';
import { MoneyText } from '../../components/MoneyText';
import { batchDetailQuery } from './api';

const T = {
  dept: { zh: '部门', en: 'Department' },
  count: { zh: '人数', en: 'People' },
  name: { zh: '员工', en: 'Staff' },
  month: { zh: '月份', en: 'Month' },
  gross: { zh: '应发工资', en: 'Gross' },
  social: { zh: '个人社保', en: 'Social security' },
  tax: { zh: '个人所得税', en: 'Income tax' },
  net: { zh: '实发工资', en: 'Net pay' },
  total: { zh: '合计', en: 'Total' },
};
const money = (v: unknown) => <MoneyText value={v == null ? null : String(v)} hideUpper />;

/** What the process screens hand a record view (features/workflow/process/formTypes.ts FormRecordProps, structurally). */
interface Props {
  detail: { process: { processInstanceId: string } };
}

export default function SalaryBatchRecord({ detail }: Props) {
  const label = useLabel();
  const q = useQuery(batchDetailQuery(detail.process.processInstanceId));
  if (q.isError) return <Empty />;
  if (!q.data) return <Skeleton active />;
  const amounts = [
    { title: label(T.gross), dataIndex: 'grossPay', align: 'right' as const, render: money },
    { title: label(T.social), dataIndex: 'socialPersonal', align: 'right' as const, render: money },
    { title: label(T.tax), dataIndex: 'incomeTax', align: 'right' as const, render: money },
    { title: label(T.net), dataIndex: 'netPay', align: 'right' as const, render: money },
  ];
  const t = q.data.totals;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="salary-batch">
      <Table
        size="small"
        rowKey={(r) => String(r.deptId ?? r.deptName)}
        pagination={false}
        dataSource={q.data.deptTotals}
        data-testid="salary-batch-depts"
        columns={[{ title: label(T.dept), dataIndex: 'deptName' }, { title: label(T.count), dataIndex: 'count' }, ...amounts]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{label(T.total)}</Table.Summary.Cell>
            <Table.Summary.Cell index={1}>{t.count}</Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {money(t.grossPay)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {money(t.socialPersonal)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {money(t.incomeTax)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              <MoneyText value={t.netPay} hideUpper testId="salary-batch-net" />
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <Table
        size="small"
        rowKey={(r) => String(r.id)}
        pagination={q.data.records.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        dataSource={q.data.records}
        columns={[
          { title: label(T.name), dataIndex: 'userName' },
          { title: label(T.dept), dataIndex: 'deptName' },
          { title: label(T.month), dataIndex: 'importMonth' },
          ...amounts,
        ]}
      />
    </Space>
  );
}
