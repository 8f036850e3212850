import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { LeaderKpiCard } from './LeaderKpiCard';

const K = '/api/business-module/kpiParterRecord';
const items = (leader: string | null) => [
  { item: '工作业绩', weight: 60, selfScore: '90', leaderScore: leader },
  { item: '工作态度', weight: 40, selfScore: '80', leaderScore: leader },
];

describe('LeaderKpiCard', () => {
  it('lists the task’s people, scores one whose self scores are in, and sends the scores of every item', async () => {
    saveTokens(tokenAnswer());
    saveAccess([], ['kpi_task_leader']);
    const rows = [
      {
        id: '11',
        userId: '1',
        userName: '张伟',
        deptName: '造价一部',
        items: items(null),
        selfScore: '86.00',
        leaderScore: null,
        finalScore: null,
        selfSubmitTime: '2026-11-28 10:00:00',
        recordStatus: 1,
      },
      {
        id: '12',
        userId: '2',
        userName: '陈静',
        deptName: '造价一部',
        items: items(null),
        selfScore: null,
        leaderScore: null,
        finalScore: null,
        selfSubmitTime: null,
        recordStatus: 0,
      },
    ];
    const http = mockFetch((call) => {
      if (call.path === `${K}/getKpiTaskNextList`) return ok({ records: rows, total: 2, size: 10, current: 1, pages: 1 });
      if (call.path === `${K}/submitLeaderScore`) return ok({ id: '11', leaderScore: '76.00' });
      return undefined;
    });
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LeaderKpiCard taskId="5" />
      </Providers>,
    );
    await screen.findByText('张伟');
    expect(http.callsTo(`${K}/getKpiTaskNextList`)[0]!.query.get('taskId')).toBe('5');
    // 陈静 has not scored herself yet: nothing to score.
    expect(screen.getByText('待自评')).toBeTruthy();
    expect(screen.queryByTestId('kpi-leader-score-陈静')).toBeNull();
    fireEvent.click(screen.getByTestId('kpi-leader-score-张伟'));
    const dialog = await screen.findByRole('dialog');
    const inputs = within(dialog).getAllByRole('spinbutton');
    fireEvent.change(inputs[0]!, { target: { value: '80' } });
    fireEvent.change(inputs[1]!, { target: { value: '70' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提交评分/ }));
    await screen.findByText('评分成功');
    expect(http.callsTo(`${K}/submitLeaderScore`)[0]!.body).toEqual({
      id: '11',
      items: [
        { item: '工作业绩', leaderScore: '80' },
        { item: '工作态度', leaderScore: '70' },
      ],
    });
  });

  it('asks for every item’s score and sends nothing without them', async () => {
    saveTokens(tokenAnswer());
    saveAccess([], ['kpi_task_leader']);
    const row = {
      id: '11',
      userId: '1',
      userName: '张伟',
      deptName: '造价一部',
      items: items(null),
      selfScore: '86.00',
      leaderScore: null,
      finalScore: null,
      selfSubmitTime: '2026-11-28 10:00:00',
      recordStatus: 1,
    };
    const http = mockFetch((call) => (call.path === `${K}/getKpiTaskNextList` ? ok({ records: [row], total: 1, size: 10, current: 1, pages: 1 }) : undefined));
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LeaderKpiCard taskId="5" />
      </Providers>,
    );
    fireEvent.click(await screen.findByTestId('kpi-leader-score-张伟'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /提交评分/ }));
    expect((await within(dialog).findAllByText('请输入评分')).length).toBe(2);
    expect(http.callsTo(`${K}/submitLeaderScore`)).toHaveLength(0);
  });
});
