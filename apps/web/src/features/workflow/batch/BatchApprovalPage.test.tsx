import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../../app/i18n';
import { Providers } from '../../../app/providers';
import { saveAccess, saveTokens } from '../../../app/session';
import { fail, mockFetch, ok, tokenAnswer } from '../../../test/http';
import type { ProcessRow } from '../lists/processTable';
import BatchApprovalPage from './BatchApprovalPage';

const row = (i: number): ProcessRow => ({
  taskId: `${100 + i}`,
  taskName: '部门经理审批',
  processInstanceId: `${200 + i}`,
  processDefinitionId: '300',
  processDefinitionName: '付款申请',
  serialNumber: `FK-${i}`,
  title: `张伟的付款申请${i}`,
  startUserName: '张伟',
  createTime: '2026-11-23 09:00:00',
  processIsFinished: 'unfinished',
  suspended: false,
});

function setup({ permissions = [] as string[], total = 3 } = {}) {
  saveTokens(tokenAnswer());
  saveAccess([], permissions);
  // Twelve tasks over two pages of ten; 102 is refused by the server (its node form is incomplete).
  const all = Array.from({ length: 12 }, (_, i) => row(i + 1));
  let pending = [...all];
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-workflow/process/todo') {
      const current = Number(call.query.get('current'));
      const size = Number(call.query.get('size'));
      return ok({ records: pending.slice((current - 1) * size, current * size), total: pending.length, size, current, pages: 2 });
    }
    if (call.path === '/api/blade-workflow/design/category/tree') return ok([]);
    if (call.path === '/api/blade-workflow/process/completeTask') {
      const body = call.body as { taskId: string };
      if (body.taskId === '102') return fail(400, '请填写金额');
      pending = pending.filter((r) => r.taskId !== body.taskId);
      return ok({});
    }
    if (call.path === '/api/business/hjlBatchApproval/detailByProcess')
      return ok({
        records: [
          {
            id: '9001',
            bizType: 'hjl_salary_record',
            title: '王芳的工资核算批量审批(3条)',
            recordCount: 3,
            totalMoney: '30000.00',
            status: 1,
            processInstanceId: '7001',
            processDefinitionId: '7000',
            processDefinitionKey: 'salary_batch',
            submitTime: '2026-11-25 10:00:00',
          },
        ],
        total,
        size: 10,
        current: 1,
        pages: 1,
      });
    return undefined;
  });
  const router = createMemoryRouter([{ path: '*', element: <BatchApprovalPage /> }], { initialEntries: ['/workflow/batchApproval'] });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { http, router };
}

/** Ticks the row of a task (its handle button names it). */
const check = (taskId: string) => fireEvent.click(within(screen.getByTestId(`wf-batch-handle-${taskId}`).closest('tr')!).getByRole('checkbox'));

describe('BatchApprovalPage', () => {
  it('approves tasks chosen on two pages with one comment and lists each outcome: done, or the server reason', async () => {
    const { http } = setup();
    await screen.findByText('张伟的付款申请1');
    expect(http.callsTo('/api/blade-workflow/process/todo')[0]!.query.get('size')).toBe('10');
    expect((screen.getByTestId('wf-batch-approve') as HTMLButtonElement).disabled).toBe(true);
    check('101');
    check('102');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('张伟的付款申请11');
    check('111');
    expect(screen.getByTestId('wf-batch-count').textContent).toBe('已选择 3 项');

    fireEvent.click(screen.getByTestId('wf-batch-approve'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('将同意所选的 3 项待办任务,每项单独办理。')).toBeTruthy();
    expect((within(dialog).getByTestId('wf-batch-comment') as HTMLTextAreaElement).value).toBe('同意');
    fireEvent.change(within(dialog).getByTestId('wf-batch-comment'), { target: { value: ' 同意,按预算执行 ' } });
    fireEvent.click(within(dialog).getByTestId('wf-batch-submit'));

    await waitFor(() => expect(within(dialog).getByTestId('wf-batch-summary').textContent).toBe('共 3 项:成功 2 项,失败 1 项'));
    expect(http.callsTo('/api/blade-workflow/process/completeTask').map((c) => c.body)).toEqual([
      { taskId: '101', processInstanceId: '201', pass: true, comment: '同意,按预算执行' },
      { taskId: '102', processInstanceId: '202', pass: true, comment: '同意,按预算执行' },
      { taskId: '111', processInstanceId: '211', pass: true, comment: '同意,按预算执行' },
    ]);
    expect(within(dialog).getByTestId('wf-batch-result-101').textContent).toBe('成功');
    expect(within(dialog).getByTestId('wf-batch-result-102').textContent).toBe('失败');
    expect(within(dialog).getByText('请填写金额')).toBeTruthy();
    expect(within(dialog).getByTestId('wf-batch-result-111').textContent).toBe('成功');

    // The done tasks leave the list and the choice; the refused one stays chosen.
    fireEvent.click(within(dialog).getByTestId('wf-batch-close'));
    await waitFor(() => expect(screen.getByTestId('wf-batch-count').textContent).toBe('已选择 1 项'));
    await waitFor(() => expect(http.callsTo('/api/blade-workflow/process/todo').length).toBeGreaterThan(2));
  }, 60_000); // many renders of a two-page table: slow on a busy machine

  it('rejects only with a comment', async () => {
    const { http } = setup();
    await screen.findByText('张伟的付款申请1');
    check('103');
    fireEvent.click(screen.getByTestId('wf-batch-reject'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByTestId('wf-batch-comment') as HTMLTextAreaElement).value).toBe('');
    fireEvent.click(within(dialog).getByTestId('wf-batch-submit'));
    await within(dialog).findByText('请填写批复意见');
    expect(http.callsTo('/api/blade-workflow/process/completeTask')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('wf-batch-comment'), { target: { value: '预算不足' } });
    fireEvent.click(within(dialog).getByTestId('wf-batch-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('wf-batch-summary').textContent).toBe('共 1 项:成功 1 项,失败 0 项'));
    expect(http.callsTo('/api/blade-workflow/process/completeTask')[0]!.body).toEqual({
      taskId: '103',
      processInstanceId: '203',
      pass: false,
      comment: '预算不足',
    });
  }, 60_000);

  it('shows the batches of records to those who hold 查看', async () => {
    setup({ permissions: ['hjl_batch_approval_view'] });
    fireEvent.click(await screen.findByRole('tab', { name: '批量提交记录' }));
    await screen.findByText('王芳的工资核算批量审批(3条)');
    expect(screen.getByTestId('wf-batch-status-9001').textContent).toBe('审批中');
    expect(screen.getByTestId('wf-batch-money-9001-amount').textContent).toBe('30,000.00');
  });

  it('has no batches tab without 查看', async () => {
    const { http } = setup();
    await screen.findByText('张伟的付款申请1');
    expect(screen.queryByRole('tab', { name: '批量提交记录' })).toBeNull();
    expect(http.callsTo('/api/business/hjlBatchApproval/detailByProcess')).toHaveLength(0);
  });
});
