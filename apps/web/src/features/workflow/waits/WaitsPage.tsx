/**
 * 审批时效分析 (/workflow/waits): where approvals wait over a period — the open tasks by age, per process node the
 * median and 90th-percentile time of the tasks finished in it against the node's time limit (set in the model
 * designer), the slowest approvers and the overdue open tasks, all in working hours on the tenant's business
 * calendar (工作日历). The server decides whose tasks the caller sees (api.ts, server modules/workflow/waits.ts).
 */
import type { ApproverWaits, NodeWaits, OverdueTask } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, DatePicker, Row, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Chart } from '../../../components/Chart';
import { waitsQuery } from './api';

const DAY = 'YYYY-MM-DD';
const hours = (h: number | null) => (h === null ? '—' : `${h}`);

const nodeColumns = [
  { title: '流程', dataIndex: 'processName', key: 'processName' },
  { title: '节点', dataIndex: 'nodeName', key: 'nodeName' },
  { title: '已办数', dataIndex: 'done', key: 'done', width: 90 },
  { title: '中位用时(工作小时)', dataIndex: 'medianHours', key: 'medianHours', width: 150, render: hours },
  { title: '90分位用时(工作小时)', dataIndex: 'p90Hours', key: 'p90Hours', width: 160, render: hours },
  { title: '节点时限(工作小时)', dataIndex: 'timeLimitHours', key: 'timeLimitHours', width: 150, render: (h: number | null) => (h === null ? '未设置' : h) },
  { title: '待办数', dataIndex: 'open', key: 'open', width: 90 },
  {
    title: '超时',
    dataIndex: 'overdue',
    key: 'overdue',
    width: 80,
    render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : 0),
  },
];

const approverColumns = [
  { title: '审批人', dataIndex: 'userName', key: 'userName' },
  { title: '已办数', dataIndex: 'done', key: 'done', width: 90 },
  { title: '中位用时(工作小时)', dataIndex: 'medianHours', key: 'medianHours', width: 150, render: hours },
  { title: '90分位用时(工作小时)', dataIndex: 'p90Hours', key: 'p90Hours', width: 160, render: hours },
  { title: '待办数', dataIndex: 'open', key: 'open', width: 90 },
];

const overdueColumns = [
  { title: '流程', dataIndex: 'processName', key: 'processName' },
  { title: '节点', dataIndex: 'nodeName', key: 'nodeName' },
  { title: '办理人', dataIndex: 'assigneeName', key: 'assigneeName', render: (name: string) => name || '待签收' },
  { title: '到达时间', dataIndex: 'startTime', key: 'startTime', width: 170 },
  { title: '应办结时间', dataIndex: 'dueTime', key: 'dueTime', width: 170, render: (v: string | null) => v ?? '—' },
  { title: '已等待(工作小时)', dataIndex: 'waitedHours', key: 'waitedHours', width: 140 },
  { title: '时限(工作小时)', dataIndex: 'timeLimitHours', key: 'timeLimitHours', width: 130 },
];

export default function WaitsPage() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()]);
  const from = range[0].format(DAY);
  const to = range[1].format(DAY);
  const summary = useQuery(waitsQuery(from, to));
  const data = summary.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <span>已办统计区间</span>
          <DatePicker.RangePicker
            aria-label="统计区间"
            allowClear={false}
            value={range}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0], v[1]]);
            }}
          />
          {data && (
            <Typography.Text type="secondary">
              {data.firmWide ? '全公司' : '我的'}审批 · 按工作日历计工作小时(每个工作日{data.hoursPerDay}小时)
            </Typography.Text>
          )}
        </Space>
      </Card>
      {summary.isError && <Alert type="error" showIcon message="审批时效数据加载失败" />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title="待办停留时长" size="small" loading={summary.isLoading}>
            {data && (
              <Chart
                data={{ kind: 'bar', title: '待办停留时长', categories: data.openByAge.categories, series: [{ name: '待办数', data: data.openByAge.counts }] }}
                height={260}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={`超时待办(${data?.overdue.length ?? 0})`} size="small" loading={summary.isLoading}>
            <Table<OverdueTask>
              rowKey="taskId"
              size="small"
              columns={overdueColumns}
              dataSource={data?.overdue ?? []}
              pagination={{ pageSize: 5 }}
              scroll={{ x: 900 }}
            />
          </Card>
        </Col>
      </Row>
      <Card title="各节点用时" size="small" loading={summary.isLoading}>
        <Table<NodeWaits>
          rowKey={(r) => `${r.processKey}:${r.nodeKey}`}
          size="small"
          columns={nodeColumns}
          dataSource={data?.nodes ?? []}
          pagination={{ pageSize: 10 }}
          scroll={{ x: 1000 }}
        />
      </Card>
      <Card title="审批人用时(由慢到快)" size="small" loading={summary.isLoading}>
        <Table<ApproverWaits> rowKey="userId" size="small" columns={approverColumns} dataSource={data?.approvers ?? []} pagination={{ pageSize: 10 }} />
      </Card>
    </Space>
  );
}
