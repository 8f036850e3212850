/**
 * 批量审批 (/workflow/batchApproval): the approver's to-do tasks, paged on the server and searched like 待办事务;
 * several chosen (across pages) are approved or rejected with one comment, each task on its own, and the outcome
 * of every task is listed (成功, or the server's reason: a node form to fill, someone else acted first …) — a
 * refusal stops no other task. A second tab lists the batches of business records approved by one process
 * (salary months, pending accounts: hjlBatchApproval/detailByProcess) for those who hold its 查看 button.
 */
import type { Label } from '@hjl/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Modal, Progress, Space, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePermission } from '../../../app/auth';
import { useLabel } from '../../../app/i18n';
import { queryKeys } from '../../../app/queryKeys';
import { ApprovalStatusTag } from '../../../components/ApprovalStatusTag';
import { useList } from '../../../components/CrudPage';
import { useFlowChart } from '../../../components/FlowChartDialog';
import { MoneyText } from '../../../components/MoneyText';
import { batchList, completeTasks, processList, type BatchOutcome, type BatchRow } from '../api';
import { rowPath } from '../lists/ProcessListPage';
import { linkButtonsWidth, ProcessSearchForm, useProcessColumns, type ProcessRow } from '../lists/processTable';

const T = {
  approve: { zh: '批量同意', en: 'Approve selected' },
  reject: { zh: '批量驳回', en: 'Reject selected' },
  comment: { zh: '批复意见', en: 'Comment' },
  handle: { zh: '办理', en: 'Handle' },
  detail: { zh: '详情', en: 'Detail' },
  chart: { zh: '流程图', en: 'Flow chart' },
} satisfies Record<string, Label>;

const todoList = processList('todo');
const taskKey = (row: ProcessRow) => String(row.taskId);

/** The chosen decision while its dialog is open. */
type Decision = 'approve' | 'reject';

export default function BatchApprovalPage() {
  const label = useLabel();
  const mayReadBatches = usePermission('hjl_batch_approval_view');
  return (
    <Card data-testid="wf-batch">
      <Tabs
        items={[
          { key: 'tasks', label: label({ zh: '待办批量审批', en: 'To-do tasks' }), children: <TaskBatch /> },
          ...(mayReadBatches ? [{ key: 'batches', label: label({ zh: '批量提交记录', en: 'Batches of records' }), children: <BatchRecords /> }] : []),
        ]}
      />
    </Card>
  );
}

function TaskBatch() {
  const label = useLabel();
  const navigate = useNavigate();
  const client = useQueryClient();
  const chart = useFlowChart();
  const { search: searchTasks, setAnchor, tableProps } = useList(todoList);
  // The chosen tasks by id: a choice on another page is kept (the rows are needed for the outcome list).
  const [chosen, setChosen] = useState<Map<string, ProcessRow>>(new Map());
  const [decision, setDecision] = useState<Decision | null>(null);

  const columns = useProcessColumns(['serialNumber', 'title', 'processDefinitionName', 'taskName', 'startUserName', 'createTime', 'status']);
  columns.push({
    key: 'actions',
    title: label({ zh: '操作', en: 'Actions' }),
    fixed: 'right',
    width: linkButtonsWidth([label(T.handle), label(T.chart)]),
    render: (_, row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => navigate(rowPath(row, 'handle'))} data-testid={`wf-batch-handle-${taskKey(row)}`}>
          {label(T.handle)}
        </Button>
        <Button type="link" size="small" onClick={() => chart.open(row.processInstanceId)}>
          {label(T.chart)}
        </Button>
      </Space>
    ),
  });

  const search = (q: Parameters<typeof searchTasks>[0]) => {
    searchTasks(q);
    setChosen(new Map());
  };

  const finished = (outcomes: BatchOutcome[]) => {
    // Done tasks leave the to-do lists; the refused stay chosen, to be tried again or handled one by one.
    setChosen((prev) => {
      const next = new Map(prev);
      for (const o of outcomes) if (o.ok) next.delete(taskKey(o.row));
      return next;
    });
    void client.invalidateQueries({ queryKey: queryKeys.workflow.lists() });
  };

  return (
    <Flex vertical gap={16}>
      <ProcessSearchForm fields={['processDefinitionName', 'serialNumber', 'category']} testId="wf-batch-search" onSearch={search} />
      <Flex gap={8} align="center">
        <Button type="primary" disabled={!chosen.size} onClick={() => setDecision('approve')} data-testid="wf-batch-approve">
          {label(T.approve)}
        </Button>
        <Button danger disabled={!chosen.size} onClick={() => setDecision('reject')} data-testid="wf-batch-reject">
          {label(T.reject)}
        </Button>
        <Typography.Text type="secondary" data-testid="wf-batch-count">
          {label({ zh: `已选择 ${chosen.size} 项`, en: `${chosen.size} selected` })}
        </Typography.Text>
        {chosen.size > 0 && (
          <Button type="link" size="small" onClick={() => setChosen(new Map())}>
            {label({ zh: '清空', en: 'Clear' })}
          </Button>
        )}
      </Flex>
      <div ref={setAnchor}>
        <Table<ProcessRow>
          rowKey={taskKey}
          size="middle"
          data-testid="wf-batch-table"
          columns={columns}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            preserveSelectedRowKeys: true,
            selectedRowKeys: [...chosen.keys()],
            onChange: (keys, rows) => {
              const byKey = new Map(rows.filter(Boolean).map((r) => [taskKey(r), r] as const));
              const next = new Map<string, ProcessRow>();
              for (const k of keys.map(String)) {
                const r = byKey.get(k) ?? chosen.get(k);
                if (r) next.set(k, r);
              }
              setChosen(next);
            },
            getCheckboxProps: (row) => ({ disabled: !row.taskId || row.suspended === true }),
          }}
          {...tableProps}
        />
      </div>
      {decision && <DecisionDialog decision={decision} rows={[...chosen.values()]} onClose={() => setDecision(null)} onFinished={finished} />}
      {chart.dialog}
    </Flex>
  );
}

/** The one comment of the decision, then each task's outcome. */
function DecisionDialog({
  decision,
  rows,
  onClose,
  onFinished,
}: {
  decision: Decision;
  rows: ProcessRow[];
  onClose: () => void;
  onFinished: (outcomes: BatchOutcome[]) => void;
}) {
  const label = useLabel();
  const [form] = Form.useForm<{ comment: string }>();
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(0);
  const [outcomes, setOutcomes] = useState<BatchOutcome[] | null>(null);
  const pass = decision === 'approve';

  const run = async () => {
    let comment: string;
    try {
      ({ comment } = await form.validateFields());
    } catch {
      return; // the form shows what is missing
    }
    setRunning(true);
    const all = await completeTasks(rows, pass, comment.trim(), (_, n) => setDone(n));
    setRunning(false);
    setOutcomes(all);
    onFinished(all);
  };

  const failed = outcomes?.filter((o) => !o.ok).length ?? 0;
  const columns: TableColumnsType<BatchOutcome> = [
    { key: 'serialNumber', title: label({ zh: '流水号', en: 'Serial number' }), render: (_, o) => o.row.serialNumber ?? '-', width: 120 },
    { key: 'title', title: label({ zh: '标题', en: 'Title' }), render: (_, o) => o.row.title || o.row.processDefinitionName, ellipsis: true },
    { key: 'taskName', title: label({ zh: '当前节点', en: 'Node' }), render: (_, o) => o.row.taskName ?? '-', width: 110 },
    {
      key: 'ok',
      title: label({ zh: '结果', en: 'Result' }),
      width: 80,
      render: (_, o) => (
        <Tag color={o.ok ? 'success' : 'error'} data-testid={`wf-batch-result-${taskKey(o.row)}`}>
          {label(o.ok ? { zh: '成功', en: 'Done' } : { zh: '失败', en: 'Failed' })}
        </Tag>
      ),
    },
    { key: 'message', title: label({ zh: '说明', en: 'Message' }), render: (_, o) => o.message || '-', ellipsis: true },
  ];

  return (
    <Modal
      open
      width={outcomes ? 860 : 560}
      title={label(pass ? T.approve : T.reject)}
      mask={{ closable: false }}
      closable={!running}
      onCancel={running ? undefined : onClose}
      footer={
        outcomes ? (
          <Button type="primary" onClick={onClose} data-testid="wf-batch-close">
            {label({ zh: '关闭', en: 'Close' })}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose} disabled={running}>
              {label({ zh: '取消', en: 'Cancel' })}
            </Button>
            <Button type="primary" danger={!pass} loading={running} onClick={() => void run()} data-testid="wf-batch-submit">
              {label({ zh: '确定', en: 'OK' })}
            </Button>
          </Space>
        )
      }
      data-testid="wf-batch-dialog"
    >
      {outcomes ? (
        <Flex vertical gap={12}>
          <Alert
            type={failed ? (failed === outcomes.length ? 'error' : 'warning') : 'success'}
            showIcon
            data-testid="wf-batch-summary"
            title={label({
              zh: `共 ${outcomes.length} 项:成功 ${outcomes.length - failed} 项,失败 ${failed} 项`,
              en: `${outcomes.length} tasks: ${outcomes.length - failed} done, ${failed} failed`,
            })}
          />
          <Table<BatchOutcome>
            rowKey={(o) => taskKey(o.row)}
            size="small"
            pagination={false}
            columns={columns}
            dataSource={outcomes}
            scroll={{ y: 400 }}
            data-testid="wf-batch-results"
          />
        </Flex>
      ) : (
        <Form form={form} layout="vertical" initialValues={{ comment: pass ? '同意' : '' }} disabled={running}>
          <Typography.Paragraph>
            {label({
              zh: `将${pass ? '同意' : '驳回'}所选的 ${rows.length} 项待办任务,每项单独办理。`,
              en: `${pass ? 'Approves' : 'Rejects'} the ${rows.length} chosen tasks, each on its own.`,
            })}
          </Typography.Paragraph>
          <Form.Item
            name="comment"
            label={label(T.comment)}
            rules={[{ required: true, whitespace: true, message: label({ zh: '请填写批复意见', en: 'Enter a comment' }) }, { max: 4000 }]}
          >
            <Input.TextArea rows={3} maxLength={4000} data-testid="wf-batch-comment" />
          </Form.Item>
          {running && <Progress percent={Math.round((done / rows.length) * 100)} format={() => `${done}/${rows.length}`} data-testid="wf-batch-progress" />}
        </Form>
      )}
    </Modal>
  );
}

/** The batches of records approved by one process, newest first. */
function BatchRecords() {
  const label = useLabel();
  const navigate = useNavigate();
  const chart = useFlowChart();
  const { setAnchor, tableProps } = useList(batchList);
  const columns: TableColumnsType<BatchRow> = [
    { key: 'title', dataIndex: 'title', title: label({ zh: '标题', en: 'Title' }), ellipsis: true, width: 260 },
    { key: 'recordCount', dataIndex: 'recordCount', title: label({ zh: '条数', en: 'Count' }), width: 80 },
    {
      key: 'totalMoney',
      title: label({ zh: '总金额', en: 'Total' }),
      width: 160,
      render: (_, b) => <MoneyText value={b.totalMoney} hideUpper hideUnit testId={`wf-batch-money-${b.id}`} />,
    },
    {
      key: 'status',
      title: label({ zh: '审批状态', en: 'Status' }),
      width: 100,
      render: (_, b) => <ApprovalStatusTag status={b.status} processInstanceId={b.processInstanceId} testId={`wf-batch-status-${b.id}`} />,
    },
    {
      key: 'submitTime',
      dataIndex: 'submitTime',
      title: label({ zh: '提交时间', en: 'Submitted' }),
      width: 160,
      render: (v: unknown) => (v ? String(v) : '-'),
    },
    {
      key: 'actions',
      title: label({ zh: '操作', en: 'Actions' }),
      fixed: 'right',
      width: linkButtonsWidth([label(T.detail), label(T.chart)]),
      render: (_, b) =>
        b.processInstanceId ? (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              onClick={() => navigate(rowPath({ processInstanceId: b.processInstanceId!, processDefinitionId: b.processDefinitionId ?? '' }, 'detail'))}
            >
              {label(T.detail)}
            </Button>
            <Button type="link" size="small" onClick={() => chart.open(b.processInstanceId!)}>
              {label(T.chart)}
            </Button>
          </Space>
        ) : null,
    },
  ];
  return (
    <div ref={setAnchor}>
      <Table<BatchRow> rowKey="id" size="middle" data-testid="wf-batches-table" columns={columns} scroll={{ x: 'max-content' }} {...tableProps} />
      {chart.dialog}
    </div>
  );
}
