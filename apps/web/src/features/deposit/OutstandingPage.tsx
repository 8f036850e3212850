/**
 * /finance/hjlApplyGuaranteeMoney/outstanding (未退保证金, BUSINESS.md WP5): the approved deposits not fully refunded
 * as of a day (default today), with their ages past the expected refund date (未到期, 0–90, 90–180, 180–365, over 365
 * days) as a chart, the totals by type and by project, and every deposit with what is still out.
 */
import { DEPOSIT_TYPES, depositEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Empty, Row as Line, Select, Skeleton, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLabel } from '../../app/i18n';
import { Chart } from '../../components/Chart';
import type { Row } from '../../components/CrudPage';
import { MoneyText, moneyText } from '../../components/MoneyText';
import { outstandingQuery, type OutstandingGroup } from './api';

const T = {
  title: { zh: '未退保证金', en: 'Outstanding deposits' },
  asOf: { zh: '统计日期', en: 'As of' },
  type: { zh: '保证金类型', en: 'Type' },
  byType: { zh: '按类型', en: 'By type' },
  byProject: { zh: '按项目', en: 'By project' },
  count: { zh: '笔数', en: 'Count' },
  amount: { zh: '未退金额', en: 'Outstanding' },
  total: { zh: '未退合计', en: 'Total outstanding' },
  age: { zh: '账龄', en: 'Age' },
  days: { zh: '逾期天数', en: 'Days overdue' },
};
const f = depositEntity.fields;
const AGE_COLOR: Record<string, string> = { notDue: 'green', d0_90: 'gold', d90_180: 'orange', d180_365: 'volcano', over365: 'red' };

function GroupTable({ rows, testId }: { rows: OutstandingGroup[]; testId: string }) {
  const label = useLabel();
  return (
    <Table<OutstandingGroup>
      size="small"
      rowKey="key"
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      dataSource={rows}
      data-testid={testId}
      columns={[
        { title: label(f.projectName.label), dataIndex: 'name' },
        { title: label(T.count), dataIndex: 'count', width: 80 },
        { title: label(T.amount), dataIndex: 'amount', align: 'right', render: (v: string) => moneyText(v) },
      ]}
    />
  );
}

export default function OutstandingPage() {
  const label = useLabel();
  const [asOf, setAsOf] = useState(dayjs().format('YYYY-MM-DD'));
  const [type, setType] = useState<string | undefined>();
  const q = useQuery(outstandingQuery({ asOf, depositType: type, size: 500 }));
  const r = q.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="deposit-outstanding">
      <Card size="small" title={label(T.title)}>
        <Space wrap>
          <span>{label(T.asOf)}</span>
          <DatePicker value={dayjs(asOf)} allowClear={false} onChange={(d) => d && setAsOf(d.format('YYYY-MM-DD'))} data-testid="deposit-outstanding-date" />
          <Select
            allowClear
            placeholder={label(T.type)}
            style={{ width: 180 }}
            value={type}
            onChange={setType}
            options={Object.entries(DEPOSIT_TYPES).map(([value, name]) => ({ value, label: label(name) }))}
            data-testid="deposit-outstanding-type"
          />
          <span>
            {label(T.total)}: <MoneyText value={r?.totalAmount ?? null} hideUpper testId="deposit-outstanding-total" />
          </span>
        </Space>
      </Card>
      <Line gutter={16}>
        <Col span={12}>
          <Card size="small" title={label(T.age)} data-testid="deposit-outstanding-chart">
            {r ? r.total ? <Chart data={r.chart} height={280} /> : <Empty /> : <Skeleton active />}
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" title={label(T.byType)}>
            <GroupTable rows={r?.byType ?? []} testId="deposit-outstanding-by-type" />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" title={label(T.byProject)}>
            <GroupTable rows={r?.byProject ?? []} testId="deposit-outstanding-by-project" />
          </Card>
        </Col>
      </Line>
      <Card size="small">
        <Table<Row>
          size="small"
          rowKey="id"
          loading={q.isFetching}
          dataSource={r?.records ?? []}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          data-testid="deposit-outstanding-rows"
          columns={[
            { title: label(f.depositType.label), dataIndex: 'depositTypeName', width: 130 },
            { title: label(f.projectName.label), dataIndex: 'projectName' },
            { title: label(f.payeeName.label), dataIndex: 'payeeName' },
            { title: label(f.amount.label), dataIndex: 'amount', align: 'right', render: (v: unknown) => moneyText(v as string) },
            { title: label(T.amount), dataIndex: 'outstanding', align: 'right', render: (v: unknown) => moneyText(v as string) },
            { title: label(f.expectedRefundDate.label), dataIndex: 'expectedRefundDate', width: 120 },
            { title: label(T.days), dataIndex: 'daysPast', width: 90 },
            {
              title: label(T.age),
              dataIndex: 'bucketName',
              width: 130,
              render: (v: unknown, row: Row) => <Tag color={AGE_COLOR[String(row.bucket)]}>{String(v)}</Tag>,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
