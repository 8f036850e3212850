import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../../app/i18n';
import { Providers } from '../../../app/providers';
import { saveAccess, saveTokens } from '../../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../../test/http';
import { decodeProcessParams } from '../process/processRoute';
import { ProcessListPage, type ProcessListKind } from './ProcessListPage';
import type { ProcessRow } from './processTable';

const row = (i: number, extra: Partial<ProcessRow> = {}): ProcessRow => ({
  taskId: `${100 + i}`,
  taskName: '审批人审批',
  processInstanceId: `${200 + i}`,
  processDefinitionId: '300',
  processDefinitionName: '请假流程',
  serialNumber: `QJ-${i}`,
  title: `张伟的请假${i}`,
  startUserName: '张伟',
  assigneeName: '李娜',
  createTime: '2026-11-23 09:00:00',
  processIsFinished: 'unfinished',
  suspended: false,
  processEndTime: null,
  ...extra,
});

function setup(kind: ProcessListKind, rows: ProcessRow[], total = rows.length) {
  saveTokens(tokenAnswer());
  saveAccess([], []);
  let current = [...rows];
  const http = mockFetch((call) => {
    if (call.path === `/api/blade-workflow/process/${kind}`)
      return ok({ records: current, total, size: Number(call.query.get('size')), current: Number(call.query.get('current')), pages: 1 });
    if (call.path === '/api/blade-workflow/design/category/tree') return ok([{ id: '9', title: '人事', value: '9', key: '9' }]);
    if (call.path === '/api/blade-workflow/process/claimTask') {
      current = current.filter((r) => r.taskId !== call.query.get('taskId'));
      return { status: 200, body: { code: 200, success: true, data: {}, msg: '签收成功' } };
    }
    if (call.path === '/api/blade-workflow/process/withdrawTask') return ok({});
    return undefined;
  });
  const router = createMemoryRouter([{ path: '*', element: <ProcessListPage kind={kind} /> }], { initialEntries: [`/workflow/process/${kind}`] });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { http, router };
}

describe('ProcessListPage', () => {
  it('todo: columns in Chinese, 10 per page by default, 办理 opens the task to handle', async () => {
    const { http, router } = setup('todo', [row(1)]);
    await screen.findByText('张伟的请假1');
    for (const title of ['流水号', '标题', '流程名称', '当前节点', '申请人', '办理人', '创建时间', '流程状态'])
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    expect(screen.getByTestId('process-status').textContent).toBe('审批中');
    expect(http.callsTo('/api/blade-workflow/process/todo')[0]!.query.get('size')).toBe('10');
    fireEvent.click(screen.getByTestId('wf-handle-101'));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/workflow\/process\/detail\//));
    expect(decodeProcessParams(router.state.location.pathname.split('/').pop()!)).toEqual({
      taskId: '101',
      processInsId: '201',
      processId: '300',
      type: 'detail',
    });
  });

  it('a search goes back to page 1 with the process name and serial number', async () => {
    const { http } = setup(
      'done',
      Array.from({ length: 10 }, (_, i) => row(i)),
      35,
    );
    await screen.findByText('张伟的请假1');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(http.callsTo('/api/blade-workflow/process/done').at(-1)!.query.get('current')).toBe('3'));
    fireEvent.change(screen.getByTestId('wf-search-processDefinitionName'), { target: { value: ' 请假 ' } });
    fireEvent.change(screen.getByTestId('wf-search-serialNumber'), { target: { value: 'QJ-1' } });
    fireEvent.click(screen.getByTestId('wf-search-submit'));
    await waitFor(() => {
      const q = http.callsTo('/api/blade-workflow/process/done').at(-1)!.query;
      expect([q.get('current'), q.get('processDefinitionName'), q.get('serialNumber')]).toEqual(['1', '请假', 'QJ-1']);
    });
  });

  it('claim: 签收 claims the task, says 操作成功 and the row leaves the list', async () => {
    const { http } = setup('claim', [row(1), row(2)]);
    await screen.findByText('张伟的请假1');
    fireEvent.click(screen.getByTestId('wf-claim-101'));
    await screen.findByText('操作成功');
    expect(http.callsTo('/api/blade-workflow/process/claimTask')[0]!.query.get('taskId')).toBe('101');
    await waitFor(() => expect(screen.queryByText('张伟的请假1')).toBeNull());
    expect(screen.getByText('张伟的请假2')).toBeTruthy();
    expect(screen.getByTestId('wf-detail-102')).toBeTruthy();
  });

  it('send: 撤回 only while the process runs, after a confirmation', async () => {
    const { http } = setup('send', [row(1), row(2, { processIsFinished: 'finished', processEndTime: '2026-11-23 10:00:00' })]);
    await screen.findByText('张伟的请假1');
    expect(screen.queryByTestId('wf-withdraw-202')).toBeNull();
    expect(screen.getByTestId('wf-chart-202')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wf-withdraw-201'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要撤回此流程吗?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('撤回成功');
    expect(http.callsTo('/api/blade-workflow/process/withdrawTask')[0]!.body).toEqual({ processInstanceId: '201' });
  });
});

describe('ProcessListPage on a phone (screen class 0)', () => {
  const desktopWidth = window.innerWidth;
  beforeEach(() => Object.assign(window, { innerWidth: 375 }));
  afterEach(() => Object.assign(window, { innerWidth: desktopWidth }));

  it('todo: a card per task instead of the table, 办理 opens the task, the search asks the process name', async () => {
    const { http, router } = setup('todo', [row(1), row(2, { title: null, processDefinitionName: '付款申请' })]);
    const card = await screen.findByTestId('wf-cards-card-101');
    expect(screen.queryByTestId('wf-table')).toBeNull();
    expect(card.textContent).toContain('张伟的请假1');
    for (const text of ['当前节点', '审批人审批', '申请人', '张伟', '2026-11-23 09:00:00', 'QJ-1', '审批中']) expect(card.textContent).toContain(text);
    // A row without a title is named by its process.
    expect(screen.getByTestId('wf-cards-card-102').textContent).toContain('付款申请');
    fireEvent.change(within(screen.getByTestId('wf-cards-search')).getByRole('searchbox'), { target: { value: ' 付款 ' } });
    fireEvent.keyDown(within(screen.getByTestId('wf-cards-search')).getByRole('searchbox'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      const q = http.callsTo('/api/blade-workflow/process/todo').at(-1)!.query;
      expect([q.get('current'), q.get('processDefinitionName')]).toEqual(['1', '付款']);
    });
    fireEvent.click(within(card).getByTestId('wf-handle-101'));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/workflow\/process\/detail\//));
    expect(decodeProcessParams(router.state.location.pathname.split('/').pop()!)).toMatchObject({ taskId: '101', processInsId: '201' });
  });

  it('send: a card offers 撤回 only while its process runs', async () => {
    setup('send', [row(1), row(2, { processIsFinished: 'finished', processEndTime: '2026-11-23 10:00:00' })]);
    await screen.findByTestId('wf-cards-card-201');
    expect(screen.getByTestId('wf-withdraw-201')).toBeTruthy();
    expect(screen.queryByTestId('wf-withdraw-202')).toBeNull();
    expect(within(screen.getByTestId('wf-cards-card-202')).getByTestId('wf-detail-202')).toBeTruthy();
  });
});
