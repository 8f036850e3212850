/**
 * The user's process lists (spec 1 section 2): 待办事务, 待签事务, 我的请求, 已办事务, 办结事务, 抄送事务 — one
 * component, each list its own server call (docs/workflow.md "Lists"), searched by process name, serial
 * number, category and creation time, paged on the server, with the actions its rows allow. Every row shows its
 * flow chart (跟踪). On a phone (screen class 0) the rows are cards with touch-sized actions (ProcessCards.tsx).
 */
import type { Label } from '@hjl/core';
import { App, Button, Card, Flex, Input, Space, Table } from 'antd';
import { useNavigate } from 'react-router';
import { taskAction } from '../process/api';
import { useLabel } from '../../../app/i18n';
import { usePhone } from '../../../app/layout/screen';
import { useFlowChart } from '../../../components/FlowChartDialog';
import { useList } from '../../../components/CrudPage';
import { queryKeys } from '../../../app/queryKeys';
import { useQueryClient } from '@tanstack/react-query';
import { processList } from '../api';
import { processPath } from '../process/processRoute';
import { ProcessCards } from './ProcessCards';
import { isRunning } from './processStatus';
import { linkButtonsWidth, ProcessSearchForm, rowKeyOf, useProcessColumns, type ColumnKey, type ProcessRow, type RowKind } from './processTable';

export type ProcessListKind = 'todo' | 'claim' | 'send' | 'done' | 'myDone' | 'copy';
type RowAction = 'handle' | 'claim' | 'detail' | 'withdraw';

interface ListConfig {
  rows: RowKind;
  columns: ColumnKey[];
  actions: RowAction[];
}

/** Columns and row actions of each list. */
export const PROCESS_LISTS: Record<ProcessListKind, ListConfig> = {
  todo: {
    rows: 'task',
    columns: ['serialNumber', 'title', 'processDefinitionName', 'taskName', 'startUserName', 'assigneeName', 'createTime', 'status'],
    actions: ['handle'],
  },
  claim: {
    rows: 'task',
    columns: ['serialNumber', 'title', 'processDefinitionName', 'taskName', 'startUserName', 'createTime', 'status'],
    actions: ['claim', 'detail'],
  },
  send: {
    rows: 'instance',
    columns: ['serialNumber', 'title', 'processDefinitionName', 'taskName', 'assigneeName', 'createTime', 'endTime', 'status'],
    actions: ['detail', 'withdraw'],
  },
  done: {
    rows: 'task',
    columns: ['serialNumber', 'title', 'processDefinitionName', 'taskName', 'startUserName', 'createTime', 'endTime', 'status'],
    actions: ['detail'],
  },
  myDone: {
    rows: 'instance',
    columns: ['serialNumber', 'title', 'processDefinitionName', 'startUserName', 'createTime', 'endTime', 'status'],
    actions: ['detail'],
  },
  copy: {
    rows: 'copy',
    columns: ['serialNumber', 'title', 'processDefinitionName', 'taskName', 'startUserName', 'fromUserName', 'createTime', 'status'],
    actions: ['detail'],
  },
};

const ACTION_LABELS: Record<RowAction | 'chart', Label> = {
  handle: { zh: '办理', en: 'Handle' },
  claim: { zh: '签收', en: 'Claim' },
  detail: { zh: '详情', en: 'Detail' },
  withdraw: { zh: '撤回', en: 'Withdraw' },
  chart: { zh: '流程图', en: 'Flow chart' },
};

/** The process screen a row opens: its task to handle, or the process to look at. */
export function rowPath(row: ProcessRow, action: 'handle' | 'detail'): string {
  if (action === 'handle')
    return processPath('detail', { taskId: row.taskId ?? undefined, processInsId: row.processInstanceId, processId: row.processDefinitionId });
  return processPath('detail', { processInsId: row.processInstanceId, processId: row.processDefinitionId });
}

export function ProcessListPage({ kind }: { kind: ProcessListKind }) {
  const label = useLabel();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const chart = useFlowChart();
  const config = PROCESS_LISTS[kind];
  const keyOf = rowKeyOf(config.rows);
  const phone = usePhone();
  const { search, setAnchor, tableProps } = useList(processList(kind));
  // A claim or withdraw moves the process between lists: every list reloads.
  const reload = () => client.invalidateQueries({ queryKey: queryKeys.workflow.lists() });

  const claim = async (row: ProcessRow) => {
    await taskAction('claim', undefined, { taskId: row.taskId });
    void message.success(label({ zh: '操作成功', en: 'Done' }));
    await reload();
  };
  const withdraw = (row: ProcessRow) => {
    let comment = '';
    modal.confirm({
      title: label({ zh: '撤回', en: 'Withdraw' }),
      content: (
        <Flex vertical gap={8}>
          {label({ zh: '确定要撤回此流程吗?', en: 'Withdraw this process?' })}
          <Input.TextArea
            rows={2}
            placeholder={label({ zh: '撤回原因(选填)', en: 'Reason (optional)' })}
            onChange={(e) => (comment = e.target.value)}
            data-testid="withdraw-comment"
          />
        </Flex>
      ),
      okText: label({ zh: '确定', en: 'OK' }),
      cancelText: label({ zh: '取消', en: 'Cancel' }),
      onOk: async () => {
        try {
          await taskAction('withdraw', {
            processInstanceId: row.processInstanceId,
            ...(comment.trim() ? { comment: comment.trim() } : {}),
          });
        } catch {
          return; // the server's reason (e.g. someone already acted) has been shown
        }
        void message.success(label({ zh: '撤回成功', en: 'Withdrawn' }));
        await reload();
      },
    });
  };

  /** The row's actions: small links in the table's 操作 column, touch-sized buttons on a phone's card. */
  const actionsOf = (row: ProcessRow) => {
    const id = keyOf(row);
    const link = (action: RowAction | 'chart', onClick: () => unknown) => (
      <Button
        key={action}
        type={phone ? (action === 'handle' || action === 'claim' ? 'primary' : 'default') : 'link'}
        size={phone ? 'large' : 'small'}
        onClick={() => void onClick()}
        data-testid={`wf-${action}-${id}`}
      >
        {label(ACTION_LABELS[action])}
      </Button>
    );
    return [
      ...config.actions.map((action) => {
        if (action === 'handle') return link(action, () => navigate(rowPath(row, 'handle')));
        if (action === 'detail') return link(action, () => navigate(rowPath(row, 'detail')));
        if (action === 'claim') return link(action, () => claim(row));
        return isRunning(row) ? link(action, () => withdraw(row)) : null;
      }),
      link('chart', () => chart.open(row.processInstanceId)),
    ];
  };

  const columns = useProcessColumns(config.columns);
  columns.push({
    key: 'actions',
    title: label({ zh: '操作', en: 'Actions' }),
    fixed: 'right',
    // As wide as the row's buttons (withdraw only on some rows), so that the data columns keep their room.
    width: linkButtonsWidth([...config.actions, 'chart' as const].map((a) => label(ACTION_LABELS[a]))),
    render: (_, row) => <Space size={0}>{actionsOf(row)}</Space>,
  });
  // A numeric width (not max-content) keeps the table in fixed layout: with a fixed column and max-content the
  // browser widens columns to their longest text, so a long title pushed 流程状态 under 操作.
  const tableWidth = columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 0), 0);

  if (phone)
    return (
      <div ref={setAnchor} data-testid={`wf-list-${kind}`}>
        <ProcessCards
          rows={tableProps.dataSource}
          loading={tableProps.loading}
          pagination={tableProps.pagination}
          keyOf={keyOf}
          actions={actionsOf}
          onSearch={search}
          testId="wf-cards"
        />
        {chart.dialog}
      </div>
    );
  return (
    <Card data-testid={`wf-list-${kind}`}>
      <Flex vertical gap={16}>
        <ProcessSearchForm fields={['processDefinitionName', 'serialNumber', 'category']} testId="wf-search" onSearch={search} />
        <div ref={setAnchor}>
          <Table<ProcessRow> rowKey={keyOf} size="middle" data-testid="wf-table" columns={columns} scroll={{ x: tableWidth }} {...tableProps} />
        </div>
      </Flex>
      {chart.dialog}
    </Card>
  );
}
