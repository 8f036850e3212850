/**
 * 定时任务 of the operations console: the tenant's pending timer jobs (boundary timers of tasks), soonest first,
 * whether each is due by the engine's clock, its retries and last error; 立即执行 (wf_ops_job) runs one now, as
 * Flowable's admin does, and shows the server's answer.
 */
import { App, Button, Flex, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSession } from '../../../app/auth';
import { useLabel } from '../../../app/i18n';
import { useList } from '../../../components/CrudPage';
import { opsJobs, runJob, type JobRow } from '../api';

export function OpsJobsTable() {
  const label = useLabel();
  const { modal, message } = App.useApp();
  const mayRun = useSession()?.permissions?.has('wf_ops_job') ?? false;
  const [onlyDue, setOnlyDue] = useState(false);
  const { setAnchor, tableProps, reload } = useList(opsJobs, { fixed: onlyDue ? { due: 'true' } : {} });

  const run = (row: JobRow) =>
    modal.confirm({
      title: label({ zh: '立即执行', en: 'Run now' }),
      content: label({ zh: '确定要立即执行此定时任务吗?', en: 'Run this timer job now?' }),
      onOk: async () => {
        await runJob(row.id);
        void message.success(label({ zh: '执行成功', en: 'Done' }));
        void reload();
      },
    });

  const columns: TableColumnsType<JobRow> = [
    { key: 'serialNumber', dataIndex: 'serialNumber', title: label({ zh: '流水号', en: 'Serial number' }), width: 150 },
    { key: 'title', dataIndex: 'title', title: label({ zh: '标题', en: 'Title' }), ellipsis: true },
    { key: 'process', dataIndex: 'processDefinitionName', title: label({ zh: '流程名称', en: 'Process' }) },
    { key: 'task', dataIndex: 'taskName', title: label({ zh: '等待节点', en: 'Waiting at' }) },
    { key: 'element', dataIndex: 'elementId', title: label({ zh: '定时器', en: 'Timer' }) },
    { key: 'dueTime', dataIndex: 'dueTime', title: label({ zh: '到期时间', en: 'Due' }), width: 170 },
    {
      key: 'due',
      dataIndex: 'due',
      title: label({ zh: '状态', en: 'State' }),
      width: 90,
      render: (due: boolean) => (due ? <Tag color="orange">{label({ zh: '已到期', en: 'Due' })}</Tag> : <Tag>{label({ zh: '未到期', en: 'Waiting' })}</Tag>),
    },
    { key: 'retries', dataIndex: 'retries', title: label({ zh: '剩余重试', en: 'Retries' }), width: 90 },
    {
      key: 'exception',
      dataIndex: 'exception',
      title: label({ zh: '错误', en: 'Error' }),
      ellipsis: true,
      render: (e: string | null) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : ''),
    },
  ];
  if (mayRun)
    columns.push({
      key: 'actions',
      title: label({ zh: '操作', en: 'Actions' }),
      fixed: 'right',
      width: 100,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => run(row)} data-testid={`ops-run-job-${row.id}`}>
          {label({ zh: '立即执行', en: 'Run now' })}
        </Button>
      ),
    });

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center">
        <Switch checked={onlyDue} onChange={setOnlyDue} data-testid="ops-jobs-due" />
        {label({ zh: '只看已到期', en: 'Due only' })}
      </Flex>
      <div ref={setAnchor}>
        <Table<JobRow> rowKey="id" size="middle" data-testid="ops-table-jobs" columns={columns} scroll={{ x: 'max-content' }} {...tableProps} />
      </div>
    </Flex>
  );
}
