/**
 * The tasks of a project (任务 tab) and 我的任务: the task list (CrudPage on projectTaskEntity, fixed to the project
 * or over hjlProjectTask/person/{me}) with 分配 (a project person, conf/person), 进度 (update/rate 0–100), 完成
 * (finish: 100 % and the finish time) and 记录 (get/his/{id}: who changed what, when).
 */
import { TASK_STATUS, projectTaskEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, InputNumber, Modal, Select, Table } from 'antd';
import { useState } from 'react';
import { usePermission } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { useSession } from '../../app/session';
import { CrudPage, type Row } from '../../components/CrudPage';
import { assignTask, finishTask, myTasksUrl, taskHistoryQuery, updateRate } from './api';

export const TASK_TEXT = {
  assign: { zh: '分配', en: 'Assign' },
  rate: { zh: '进度', en: 'Progress' },
  finish: { zh: '完成', en: 'Finish' },
  history: { zh: '记录', en: 'History' },
  finishConfirm: { zh: '确定完成该任务吗?', en: 'Finish this task?' },
  rateTitle: { zh: '更新进度(%)', en: 'Progress (%)' },
  assignTitle: { zh: '分配负责人', en: 'Assign' },
  historyTitle: { zh: '任务变更记录', en: 'Task history' },
  field: { zh: '变更内容', en: 'Change' },
  old: { zh: '原值', en: 'Before' },
  new: { zh: '新值', en: 'After' },
  who: { zh: '操作人', en: 'By' },
  when: { zh: '时间', en: 'When' },
  done: { zh: '操作成功', en: '操作成功' },
};

const FIELD_NAMES: Record<string, string> = { create: '创建任务', rate: '进度', taskStatus: '任务状态', assigneeUser: '负责人' };
const valueText = (field: string, v: unknown) =>
  v == null ? '-' : field === 'taskStatus' ? (String(v) === '1' ? '已完成' : '进行中') : field === 'rate' ? `${String(v)}%` : String(v);

function History({ taskId, onClose }: { taskId: string | null; onClose: () => void }) {
  const label = useLabel();
  const his = useQuery({ ...taskHistoryQuery(taskId ?? ''), enabled: !!taskId });
  return (
    <Modal open={!!taskId} title={label(TASK_TEXT.historyTitle)} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        loading={his.isPending}
        dataSource={his.data ?? []}
        data-testid="task-history"
        columns={[
          { key: 'field', title: label(TASK_TEXT.field), dataIndex: 'field', width: 100, render: (v: string) => FIELD_NAMES[v] ?? v },
          { key: 'old', title: label(TASK_TEXT.old), render: (_, r) => valueText(String(r.field), r.oldText ?? r.oldValue) },
          { key: 'new', title: label(TASK_TEXT.new), render: (_, r) => valueText(String(r.field), r.newText ?? r.newValue) },
          { key: 'who', title: label(TASK_TEXT.who), dataIndex: 'createUserName', width: 100 },
          { key: 'when', title: label(TASK_TEXT.when), dataIndex: 'createTime', width: 170 },
        ]}
      />
    </Modal>
  );
}

/** The task list: one project's (`projectId`) or the caller's own across projects (`mine`). */
export function ProjectTasks({ projectId, persons = [], mine }: { projectId?: string; persons?: Row[] | Record<string, unknown>[]; mine?: boolean }) {
  const label = useLabel();
  const { message, modal } = App.useApp();
  const me = useSession()?.user.user_id;
  const editor = usePermission('project_task_edit');
  const [rating, setRating] = useState<{ row: Row; reload: () => Promise<void> } | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  const [assigning, setAssigning] = useState<{ row: Row; reload: () => Promise<void> } | null>(null);
  const [assignee, setAssignee] = useState<string | undefined>();
  const [history, setHistory] = useState<string | null>(null);
  const people = [...new Map((persons as Row[]).map((p) => [String(p.userId), String(p.userName ?? p.userId)])).entries()];

  const act = async (call: () => Promise<unknown>, reload: () => Promise<void>) => {
    try {
      await call();
      void message.success(label(TASK_TEXT.done));
      await reload();
    } catch {
      // The API client has shown the server's reason.
    }
  };

  return (
    <>
      <CrudPage
        def={projectTaskEntity}
        fixed={projectId ? { projectId } : undefined}
        listUrl={mine && me ? myTasksUrl(me) : undefined}
        bordered={!projectId}
        actionWidth={280}
        testId={mine ? 'my-tasks' : 'project-tasks'}
        rowActions={(row, ctx) => {
          const open = Number(row.taskStatus) !== TASK_STATUS.done;
          const may = editor || String(row.assigneeUser) === me;
          return (
            <>
              {open && editor && projectId && (
                <Button
                  type="link"
                  size="small"
                  data-testid={`task-assign-${row.id}`}
                  onClick={() => (setAssignee(row.assigneeUser ? String(row.assigneeUser) : undefined), setAssigning({ row, reload: ctx.reload }))}
                >
                  {label(TASK_TEXT.assign)}
                </Button>
              )}
              {open && may && (
                <Button
                  type="link"
                  size="small"
                  data-testid={`task-rate-${row.id}`}
                  onClick={() => (setRate(Number(row.rate ?? 0)), setRating({ row, reload: ctx.reload }))}
                >
                  {label(TASK_TEXT.rate)}
                </Button>
              )}
              {open && may && (
                <Button
                  type="link"
                  size="small"
                  data-testid={`task-finish-${row.id}`}
                  onClick={() =>
                    modal.confirm({
                      content: label(TASK_TEXT.finishConfirm),
                      okButtonProps: { 'data-testid': 'task-finish-ok' } as never,
                      onOk: () => act(() => finishTask(row.id), ctx.reload),
                    })
                  }
                >
                  {label(TASK_TEXT.finish)}
                </Button>
              )}
              <Button type="link" size="small" data-testid={`task-history-${row.id}`} onClick={() => setHistory(row.id)}>
                {label(TASK_TEXT.history)}
              </Button>
            </>
          );
        }}
      />
      <Modal
        open={!!rating}
        title={label(TASK_TEXT.rateTitle)}
        onCancel={() => setRating(null)}
        okButtonProps={{ 'data-testid': 'task-rate-ok' } as never}
        onOk={() => {
          const target = rating;
          if (!target || rate === null) return;
          void act(() => updateRate(target.row.id, rate), target.reload).then(() => setRating(null));
        }}
        destroyOnHidden
      >
        <InputNumber min={0} max={100} precision={0} value={rate} onChange={(v) => setRate(v)} style={{ width: 160 }} data-testid="task-rate-input" />
      </Modal>
      <Modal
        open={!!assigning}
        title={label(TASK_TEXT.assignTitle)}
        onCancel={() => setAssigning(null)}
        okButtonProps={{ 'data-testid': 'task-assign-ok' } as never}
        onOk={() => {
          const target = assigning;
          if (!target || !assignee) return;
          void act(() => assignTask(target.row.id, assignee), target.reload).then(() => setAssigning(null));
        }}
        destroyOnHidden
      >
        <Select
          style={{ width: '100%' }}
          value={assignee}
          onChange={setAssignee}
          options={people.map(([value, name]) => ({ value, label: name }))}
          data-testid="task-assign-select"
        />
      </Modal>
      <History taskId={history} onClose={() => setHistory(null)} />
    </>
  );
}

export default function MyTaskPage() {
  return <ProjectTasks mine />;
}
