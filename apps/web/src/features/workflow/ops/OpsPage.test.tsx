import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../../app/i18n';
import { Providers } from '../../../app/providers';
import { saveAccess, saveTokens } from '../../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../../test/http';
import type { ProcessRow } from '../lists/processTable';
import { OPS_API } from '../api';
import OpsPage from './OpsPage';
import { actionsOf, OPS_ACTIONS, opsBody } from './opsActions';

const row = (i: number): ProcessRow => ({
  taskId: `${100 + i}`,
  taskName: '审批人审批',
  processInstanceId: `${200 + i}`,
  processDefinitionId: '300',
  processDefinitionName: '请假流程',
  serialNumber: `QJ-${i}`,
  title: `请假${i}`,
  startUserName: '张伟',
  assigneeName: '李娜',
  createTime: '2026-11-23 09:00:00',
  processIsFinished: 'unfinished',
});
const action = (key: string) => OPS_ACTIONS.find((a) => a.key === key)!;

describe('opsActions', () => {
  it('the tasks tab offers every action, running processes the instance actions, finished processes none', () => {
    expect(actionsOf('tasks')).toHaveLength(OPS_ACTIONS.length);
    expect(actionsOf('running').map((a) => a.key)).toEqual(['suspend', 'activate', 'copy', 'urge', 'dispatch', 'terminate', 'delete']);
    expect(actionsOf('done')).toEqual([]);
  });

  it('sends the selected ids as a comma list, the fixed values and the trimmed dialog values', () => {
    expect(opsBody(action('assignee'), 'tasks', ['1', '2'], { assignee: '7', comment: '' })).toEqual({ taskId: '1,2', assignee: '7' });
    expect(opsBody(action('suspend'), 'running', ['5', '6'], {})).toEqual({ processInstanceId: '5,6', status: 'suspend' });
    expect(opsBody(action('delete'), 'running', ['5'], { reason: ' 重复发起 ' })).toEqual({ processInstanceId: '5', deleteReason: '重复发起' });
    expect(opsBody(action('dispatch'), 'tasks', ['1'], { nodeId: 'approve', comment: ' 调整 ' })).toEqual({ taskId: '1', nodeId: 'approve', comment: '调整' });
  });
});

function setup(permissions: string[]) {
  saveTokens(tokenAnswer());
  saveAccess([], permissions);
  const http = mockFetch((call) => {
    if (call.path === `${OPS_API}/list`) return ok({ records: [row(1), row(2), row(3)], total: 3, size: 10, current: 1, pages: 1 });
    if (call.path === `${OPS_API}/completeTask`)
      return { status: 400, body: { code: 400, success: false, data: null, msg: '部分操作失败(成功1条): 102: 任务不存在或已被处理' } };
    if (call.path === `${OPS_API}/processNodes`) return ok([{ nodeId: 'approve', nodeName: '审批人审批', nodeType: 'userTask' }]);
    if (call.path === `${OPS_API}/dispatchTask`) return { status: 200, body: { code: 200, success: true, data: { count: 1 }, msg: '操作成功' } };
    return undefined;
  });
  const router = createMemoryRouter([{ path: '*', element: <OpsPage /> }], { initialEntries: ['/workflow/ops'] });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return http;
}

const checkRow = (taskId: string) => fireEvent.click(within(document.querySelector(`tr[data-row-key="${taskId}"]`)!).getByRole('checkbox'));

describe('OpsPage', () => {
  it('shows no action and no selection without the button codes', async () => {
    setup([]);
    await screen.findByText('请假1');
    expect(screen.getByText('运行中任务')).toBeTruthy();
    expect(screen.queryByTestId('ops-toolbar-tasks')).toBeNull();
    expect(document.querySelector('tr[data-row-key="101"] input[type=checkbox]')).toBeNull();
  });

  it('完成 on two tasks asks for the comment, sends both ids and shows the failures the server names', async () => {
    const http = setup(['wf_ops_complete']);
    await screen.findByText('请假1');
    expect(screen.queryByTestId('ops-assignee')).toBeNull();
    fireEvent.click(screen.getByTestId('ops-complete'));
    await screen.findByText('请选择至少一条数据');
    checkRow('101');
    checkRow('102');
    fireEvent.click(screen.getByTestId('ops-complete'));
    const dialog = await screen.findByTestId('ops-dialog');
    expect(within(dialog).getByText('完成（已选 2 条）')).toBeTruthy();
    fireEvent.click(screen.getByTestId('ops-dialog-ok'));
    await screen.findByText('请填写批复意见');
    fireEvent.change(screen.getByTestId('ops-dialog-comment'), { target: { value: '同意' } });
    fireEvent.click(screen.getByTestId('ops-dialog-ok'));
    await screen.findByText('部分操作失败(成功1条): 102: 任务不存在或已被处理');
    expect(http.callsTo(`${OPS_API}/completeTask`)[0]!.body).toEqual({ taskId: '101,102', pass: true, comment: '同意' });
  });

  it('调度 offers the nodes of the selected process and says the server message', async () => {
    const http = setup(['wf_ops_dispatch']);
    await screen.findByText('请假1');
    checkRow('103');
    fireEvent.click(screen.getByTestId('ops-dispatch'));
    await screen.findByTestId('ops-dialog');
    fireEvent.mouseDown(screen.getByTestId('ops-dialog-node').querySelector('.ant-select-selector') ?? screen.getByTestId('ops-dialog-node'));
    // The option of the node select (the task list's cells carry the same title since they ellipsize).
    const options = await waitFor(() => {
      const dropdown = document.querySelector<HTMLElement>('.ant-select-dropdown');
      if (!dropdown) throw new Error('the node select has not opened');
      return dropdown;
    });
    fireEvent.click(await within(options).findByTitle('审批人审批'));
    fireEvent.click(screen.getByTestId('ops-dialog-ok'));
    await screen.findByText('操作成功');
    expect(http.callsTo(`${OPS_API}/processNodes`)[0]!.query.get('processInstanceId')).toBe('203');
    expect(http.callsTo(`${OPS_API}/dispatchTask`)[0]!.body).toEqual({ taskId: '103', nodeId: 'approve' });
  });
});
