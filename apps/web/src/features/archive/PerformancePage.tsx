/** 项目绩效: each archived project's output value per person, with the formula (docs/decisions.md). */
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Table } from 'antd';
import { useState } from 'react';
import { moneyText } from '../../components/MoneyText';
import { performanceQuery, type PerformanceRow } from './api';

export default function PerformancePage() {
  const [current, setCurrent] = useState(1);
  const q = useQuery(performanceQuery(current));
  return (
    <Card title="项目绩效" data-testid="project-performance">
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={q.data?.formula ?? '产值 = 咨询费 × 分配比例(%) ÷ 100 × 绩效得分 ÷ 100'} />
      <Table<PerformanceRow>
        rowKey={(r) => `${r.projectId}-${r.userName}-${r.shareRatio}`}
        size="small"
        dataSource={q.data?.records ?? []}
        pagination={{ current, total: q.data?.total ?? 0, onChange: setCurrent }}
        columns={[
          { title: '项目编号', dataIndex: 'projectNum' },
          { title: '项目名称', dataIndex: 'projectName' },
          { title: '咨询费', dataIndex: 'projectAmount', render: (v: string) => moneyText(v) },
          { title: '绩效得分', dataIndex: 'performanceScore' },
          { title: '人员', dataIndex: 'userName' },
          { title: '分配比例(%)', dataIndex: 'shareRatio' },
          { title: '产值', dataIndex: 'outputValue', render: (v: string | null) => (v === null ? '未评分' : moneyText(v)) },
        ]}
      />
    </Card>
  );
}
