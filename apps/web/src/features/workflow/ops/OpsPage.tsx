/**
 * /workflow/ops, 流程运维 (the operations console): running tasks, running and finished processes of the
 * tenant, searched and paged on the server, several rows selected at once, and the console's actions
 * (opsActions.ts), each shown only with its button code; the pending timer jobs (OpsJobsTable).
 */
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/auth';
import { useLabel } from '../../../app/i18n';
import { useFlowChart } from '../../../components/FlowChartDialog';
import { useList } from '../../../components/CrudPage';
import { queryKeys } from '../../../app/queryKeys';
import { opsList } from '../api';
import { rowPath } from '../lists/ProcessListPage';
import { ProcessSearchForm, useProcessColumns, type ColumnKey, type ProcessRow, type SearchField } from '../lists/processTable';
import { OpsActionDialog } from './OpsActionDialog';
import { OpsJobsTable } from './OpsJobsTable';
import { actionsOf, type OpsAction, type OpsTab } from './opsActions';

const TABS: { key: OpsTab; url: string; label: { zh: string; en: string }; columns: ColumnKey[]; search: SearchField[] }[] = [
  {
    key: 'tasks',
    url: 'list',
    label: { zh: '运行中任务', en: 'Running tasks' },
    columns: ['serialNumber', 'title', 'processDefinitionName', 'taskName', 'startUserName', 'assigneeName', 'createTime', 'status'],
    search: ['processDefinitionName', 'taskName', 'startUserName', 'serialNumber', 'assigneeName'],
  },
  {
    key: 'running',
    url: 'processList',
    label: { zh: '运行中流程', en: 'Running processes' },
    columns: ['serialNumber', 'title', 'processDefinitionName', 'taskName', 'startUserName', 'assigneeName', 'createTime', 'status'],
    search: ['processDefinitionName', 'startUserName', 'serialNumber', 'assigneeName'],
  },
  {
    key: 'done',
    url: 'doneList',
    label: { zh: '已完成流程', en: 'Finished processes' },
    columns: ['serialNumber', 'title', 'processDefinitionName', 'startUserName', 'createTime', 'endTime', 'status'],
    search: ['processDefinitionName', 'startUserName', 'serialNumber'],
  },
];

function OpsTable({ tab }: { tab: (typeof TABS)[number] }) {
  const label = useLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const chart = useFlowChart();
  const permissions = useSession()?.permissions;
  const [selected, setSelected] = useState<ProcessRow[]>([]);
  const [acting, setActing] = useState<OpsAction | null>(null);
  const { search, setAnchor, tableProps } = useList(opsList(tab.key, tab.url));
  const keyOf = (row: ProcessRow) => (tab.key === 'tasks' ? row.taskId! : row.processInstanceId);
  const actions = actionsOf(tab.key).filter((a) => permissions?.has(a.code));

  const columns = useProcessColumns(tab.columns);
  columns.push({
    key: 'actions',
    title: label({ zh: '操作', en: 'Actions' }),
    fixed: 'right',
    width: 140,
    render: (_, row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => navigate(rowPath(row, 'detail'))} data-testid={`ops-detail-${keyOf(row)}`}>
          {label({ zh: '详情', en: 'Detail' })}
        </Button>
        <Button type="link" size="small" onClick={() => chart.open(row.processInstanceId)} data-testid={`ops-chart-${keyOf(row)}`}>
          {label({ zh: '流程图', en: 'Flow chart' })}
        </Button>
      </Space>
    ),
  });

  const start = (action: OpsAction) => {
    if (!selected.length) return void message.warning(label({ zh: '请选择至少一条数据', en: 'Select at least one row' }));
    setActing(action);
  };

  return (
    <Flex vertical gap={16}>
      <ProcessSearchForm fields={tab.search} testId={`ops-search-${tab.key}`} onSearch={search} />
      {actions.length > 0 && (
        <Space wrap data-testid={`ops-toolbar-${tab.key}`}>
          {actions.map((a) => (
            <Button key={a.key} danger={a.danger} onClick={() => start(a)} data-testid={`ops-${a.key}`}>
              {label(a.label)}
            </Button>
          ))}
        </Space>
      )}
      <div ref={setAnchor}>
        <Table<ProcessRow>
          rowKey={keyOf}
          size="middle"
          data-testid={`ops-table-${tab.key}`}
          columns={columns}
          scroll={{ x: 'max-content' }}
          {...tableProps}
          rowSelection={
            actions.length ? { selectedRowKeys: selected.map(keyOf), onChange: (_, rows) => setSelected(rows), preserveSelectedRowKeys: true } : undefined
          }
        />
      </div>
      {acting && (
        <OpsActionDialog
          action={acting}
          tab={tab.key}
          ids={selected.map(keyOf)}
          processInstanceId={selected[0]!.processInstanceId}
          onClose={() => setActing(null)}
          onDone={() => {
            setActing(null);
            setSelected([]);
            void client.invalidateQueries({ queryKey: queryKeys.workflow.all });
          }}
        />
      )}
      {chart.dialog}
    </Flex>
  );
}

export default function OpsPage() {
  const label = useLabel();
  return (
    <Card data-testid="wf-ops">
      <Tabs
        destroyOnHidden
        items={[
          ...TABS.map((tab) => ({
            key: tab.key,
            label: <span data-testid={`ops-tab-${tab.key}`}>{label(tab.label)}</span>,
            children: <OpsTable tab={tab} />,
          })),
          { key: 'jobs', label: <span data-testid="ops-tab-jobs">{label({ zh: '定时任务', en: 'Timer jobs' })}</span>, children: <OpsJobsTable /> },
        ]}
      />
    </Card>
  );
}
