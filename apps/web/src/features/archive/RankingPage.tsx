/** 排行榜: the month's ranking by final score, and its export (.xlsx). */
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { usePermission } from '../../app/auth';
import { exportRanking, kpiTasksQuery, rankingQuery, type RankingRow } from './api';

export default function RankingPage() {
  const tasks = useQuery(kpiTasksQuery());
  const [month, setMonth] = useState('');
  const chosen = month || tasks.data?.find((t) => t.myFinalScore !== null)?.month || tasks.data?.[0]?.month || '';
  const ranking = useQuery(rankingQuery(chosen));
  const canExport = usePermission('kpi_ranking_export');
  return (
    <Card title="绩效排行榜" data-testid="kpi-ranking">
      <Space style={{ marginBottom: 12 }}>
        <Input style={{ width: 140 }} placeholder="yyyy-MM" value={chosen} onChange={(e) => setMonth(e.target.value)} />
        {canExport ? <Button onClick={() => void exportRanking(chosen)}>导出</Button> : null}
      </Space>
      <Table<RankingRow>
        rowKey="userId"
        size="small"
        dataSource={ranking.data ?? []}
        columns={[
          { title: '排名', dataIndex: 'rank', width: 70 },
          { title: '姓名', dataIndex: 'userName' },
          { title: '部门', dataIndex: 'deptName' },
          { title: '自评得分', dataIndex: 'selfScore' },
          { title: '领导评分', dataIndex: 'leaderScore' },
          { title: '最终得分', dataIndex: 'finalScore' },
        ]}
      />
    </Card>
  );
}
