/**
 * 个人任务明细: the month's assessments, one's own record and its self scores (submitted once a month); a leader
 * (领导评分) also scores their people below.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, InputNumber, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { usePermission } from '../../app/auth';
import { LeaderKpiCard } from './LeaderKpiCard';
import { kpiTasksQuery, myKpiQuery, submitMyKpi, type KpiItem } from './api';

export default function MyKpiPage() {
  const { message } = App.useApp();
  const tasks = useQuery(kpiTasksQuery());
  const [taskId, setTaskId] = useState('');
  const chosen = taskId || tasks.data?.[0]?.id || '';
  const mine = useQuery(myKpiQuery(chosen));
  const canScore = usePermission('kpi_task_leader');
  const [scores, setScores] = useState<Record<string, string>>({});
  const submit = async () => {
    const items = (mine.data?.items ?? []).map((x) => ({ item: x.item, selfScore: scores[x.item] ?? '' }));
    await submitMyKpi(chosen, items);
    message.success('提交成功');
    await mine.refetch();
  };
  return (
    <>
      <Card title="个人任务明细" data-testid="kpi-mine">
        <Space style={{ marginBottom: 12 }}>
          <Select
            style={{ width: 240 }}
            value={chosen || undefined}
            onChange={setTaskId}
            options={(tasks.data ?? []).map((t) => ({ value: t.id, label: t.taskName }))}
          />
          <Button type="primary" data-testid="kpi-submit" disabled={!!mine.data?.selfSubmitTime} onClick={() => void submit().catch(() => undefined)}>
            提交自评
          </Button>
        </Space>
        <Table<KpiItem>
          rowKey="item"
          size="small"
          pagination={false}
          dataSource={mine.data?.items ?? []}
          columns={[
            { title: '考核项', dataIndex: 'item' },
            { title: '权重', dataIndex: 'weight' },
            {
              title: '自评分',
              render: (_: unknown, x) =>
                mine.data?.selfSubmitTime ? (
                  x.selfScore
                ) : (
                  <InputNumber
                    min={0}
                    max={100}
                    stringMode
                    data-testid={`kpi-score-${x.item}`}
                    onChange={(v) => setScores((s) => ({ ...s, [x.item]: String(v ?? '') }))}
                  />
                ),
            },
            { title: '领导评分', dataIndex: 'leaderScore' },
          ]}
        />
      </Card>
      {canScore && chosen ? <LeaderKpiCard taskId={chosen} /> : null}
    </>
  );
}
