import type { WaitsSummary } from '@hjl/core';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../app/i18n';
import { Providers } from '../../../app/providers';
import { saveAccess, saveTokens } from '../../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../../test/http';
import { WAITS_URL } from './api';
import WaitsPage from './WaitsPage';

const summary: WaitsSummary = {
  from: '2025-03-01',
  to: '2025-03-31',
  firmWide: true,
  hoursPerDay: 8,
  openByAge: { categories: ['半个工作日内', '半天至1个工作日', '1-3个工作日', '3-5个工作日', '5个工作日以上'], counts: [1, 0, 2, 0, 0] },
  nodes: [
    {
      processKey: 'pay',
      processName: '付款申请',
      nodeKey: 'cw',
      nodeName: '财务审核',
      timeLimitHours: 8,
      done: 3,
      medianHours: 5,
      p90Hours: 9,
      open: 2,
      overdue: 1,
    },
    {
      processKey: 'pay',
      processName: '付款申请',
      nodeKey: 'zjl',
      nodeName: '总经理审批',
      timeLimitHours: null,
      done: 1,
      medianHours: 2.5,
      p90Hours: 2.5,
      open: 0,
      overdue: 0,
    },
  ],
  approvers: [{ userId: '7', userName: '陈静', done: 3, medianHours: 5, p90Hours: 9, open: 0 }],
  overdue: [
    {
      taskId: '11',
      processInstanceId: '21',
      processName: '付款申请',
      nodeName: '财务审核',
      assignee: '8',
      assigneeName: '王建国',
      startTime: '2025-03-11 10:00:00',
      dueTime: '2025-03-12 10:00:00',
      waitedHours: 11,
      timeLimitHours: 8,
    },
  ],
};

function show() {
  saveTokens(tokenAnswer());
  saveAccess([], ['wf_waits']);
  const http = mockFetch((call) => {
    if (call.path === WAITS_URL) return ok(summary);
    if (call.path.startsWith('/api/blade-system/')) return ok([]);
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WaitsPage />
    </Providers>,
  );
  return http;
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('WaitsPage (审批时效分析)', () => {
  it('asks for the last 30 days and shows the nodes, the overdue tasks and the approvers in working hours', async () => {
    const http = show();
    expect(await screen.findByText('全公司审批 · 按工作日历计工作小时(每个工作日8小时)')).toBeTruthy();
    const asked = http.calls.find((c) => c.path === WAITS_URL);
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({ from: dayjs().subtract(29, 'day').format('YYYY-MM-DD'), to: dayjs().format('YYYY-MM-DD') });

    const nodes = screen.getByText('各节点用时').closest('.ant-card') as HTMLElement;
    const row = within(nodes).getByText('财务审核').closest('tr') as HTMLElement;
    expect(within(row).getByText('9')).toBeTruthy();
    expect(within(row).getByText('8')).toBeTruthy();
    const plain = within(nodes).getByText('总经理审批').closest('tr') as HTMLElement;
    expect(within(plain).getByText('未设置')).toBeTruthy();

    const late = screen.getByText('超时待办(1)').closest('.ant-card') as HTMLElement;
    const lateRow = within(late).getByText('王建国').closest('tr') as HTMLElement;
    expect(within(lateRow).getByText('2025-03-12 10:00:00')).toBeTruthy();
    expect(within(lateRow).getByText('11')).toBeTruthy();

    const people = screen.getByText('审批人用时(由慢到快)').closest('.ant-card') as HTMLElement;
    expect(within(people).getByText('陈静')).toBeTruthy();
  });
});
