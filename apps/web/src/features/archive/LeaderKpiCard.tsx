/**
 * 领导评分: the people of a KPI task the leader may score (their departments, or everyone with 查看全部考核), paged on
 * the server. A record can be scored once its self scores are in; the server refuses one's own record.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { kpiQueriesKey, kpiTaskRecordsQuery, submitLeaderKpi, type KpiRecordRow } from './api';

export function LeaderKpiCard({ taskId }: { taskId: string }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [current, setCurrent] = useState(1);
  const records = useQuery(kpiTaskRecordsQuery(taskId, current));
  const [scoring, setScoring] = useState<KpiRecordRow | null>(null);
  const [form] = Form.useForm<Record<string, string | null>>();
  const save = async () => {
    if (!scoring) return;
    const values = await form.validateFields();
    await submitLeaderKpi(
      scoring.id,
      scoring.items.map((x) => ({ item: x.item, leaderScore: String(values[x.item] ?? '') })),
    );
    message.success('评分成功');
    setScoring(null);
    await client.invalidateQueries({ queryKey: kpiQueriesKey });
  };
  return (
    <Card title="领导评分" data-testid="kpi-leader" style={{ marginTop: 16 }}>
      <Table<KpiRecordRow>
        rowKey="id"
        size="small"
        loading={records.isFetching}
        dataSource={records.data?.records ?? []}
        pagination={{ current, pageSize: 10, total: records.data?.total ?? 0, onChange: setCurrent, showTotal: (n) => `共 ${n} 人` }}
        columns={[
          { title: '姓名', dataIndex: 'userName' },
          { title: '部门', dataIndex: 'deptName' },
          { title: '自评得分', dataIndex: 'selfScore' },
          { title: '领导评分', dataIndex: 'leaderScore' },
          { title: '最终得分', dataIndex: 'finalScore' },
          {
            title: '操作',
            width: 100,
            render: (_: unknown, r) =>
              r.selfSubmitTime ? (
                <Button
                  type="link"
                  size="small"
                  data-testid={`kpi-leader-score-${r.userName ?? r.userId}`}
                  onClick={() => {
                    form.setFieldsValue(Object.fromEntries(r.items.map((x) => [x.item, x.leaderScore])));
                    setScoring(r);
                  }}
                >
                  {r.leaderScore === null ? '评分' : '重新评分'}
                </Button>
              ) : (
                <Tag>待自评</Tag>
              ),
          },
        ]}
      />
      <Modal
        title={`领导评分:${scoring?.userName ?? ''}`}
        open={scoring !== null}
        okText="提交评分"
        onOk={() => void save().catch(() => undefined)}
        onCancel={() => setScoring(null)}
        destroyOnHidden
      >
        <Form form={form} layout="horizontal" labelCol={{ span: 8 }}>
          {(scoring?.items ?? []).map((x) => (
            <Form.Item
              key={x.item}
              name={x.item}
              label={`${x.item}(权重${x.weight}%,自评${x.selfScore ?? '-'})`}
              rules={[{ required: true, message: '请输入评分' }]}
            >
              <InputNumber min={0} max={100} precision={2} stringMode style={{ width: 140 }} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </Card>
  );
}
