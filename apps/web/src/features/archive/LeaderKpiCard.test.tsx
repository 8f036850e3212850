import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer, type Answer, type Call } from '../../test/http';
import { LeaderKpiCard } from './LeaderKpiCard';

const K = '/api/business-module/kpiParterRecord';
const items = [
  { item: '工作业绩', weight: 60, selfScore: '90', leaderScore: null },
  { item: '工作态度', weight: 40, selfScore: '80', leaderScore: null },
];
/** A record of the task: 张伟 has scored himself, 陈静 not yet. */
const record = (id: string, userName: string, selfScore: string | null) => ({
  id,
  userId: id,
  userName,
  deptName: '造价一部',
  items,
  selfScore,
  leaderScore: null,
  finalScore: null,
  selfSubmitTime: selfScore === null ? null : '2026-11-28 10:00:00',
  recordStatus: selfScore === null ? 0 : 1,
});
const rows = [record('11', '张伟', '86.00'), record('12', '陈静', null)];

/** Renders the card for task 5 against a server answering the task's records, and `more` for other calls. */
function renderCard(more: (call: Call) => Answer | undefined = () => undefined) {
  saveTokens(tokenAnswer());
  saveAccess([], ['kpi_task_leader']);
  const http = mockFetch((call) =>
    call.path === `${K}/getKpiTaskNextList` ? ok({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 }) : more(call),
  );
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LeaderKpiCard taskId="5" />
    </Providers>,
  );
  return http;
}

describe('LeaderKpiCard', () => {
  it('lists the task’s people, scores one whose self scores are in, and sends the scores of every item', async () => {
    const http = renderCard((call) => (call.path === `${K}/submitLeaderScore` ? ok({ id: '11', leaderScore: '76.00' }) : undefined));
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
    const http = renderCard();
    fireEvent.click(await screen.findByTestId('kpi-leader-score-张伟'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /提交评分/ }));
    expect((await within(dialog).findAllByText('请输入评分')).length).toBe(2);
    expect(http.callsTo(`${K}/submitLeaderScore`)).toHaveLength(0);
  });
});
