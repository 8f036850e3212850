/** Tested on answers of history-flow-list recorded by apps/server/src/modules/workflow/history-fixtures.test.ts. */
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, tokenAnswer } from '../../test/http';
import approved from './fixtures/leave-approved.json';
import rejected from './fixtures/leave-rejected.json';
import running from './fixtures/leave-running.json';
import { HISTORY_URL } from './api';
import { visibleHistory, WorkflowTimeline, type FlowHistoryItem } from './WorkflowTimeline';

const answers: Record<string, unknown> = { approved, rejected, running };

function setup(processInstanceId: string) {
  saveTokens(tokenAnswer());
  saveAccess([], []);
  const http = mockFetch((call) => (call.path === HISTORY_URL ? { status: 200, body: answers[call.query.get('processInstanceId') ?? ''] } : undefined));
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WorkflowTimeline processInstanceId={processInstanceId} />
    </Providers>,
  );
  return http;
}

const items = () => screen.getAllByTestId('workflow-timeline-item').map((el) => el.textContent ?? '');

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('WorkflowTimeline', () => {
  it('hides candidate and sequence-flow entries', () => {
    const all = running.data as FlowHistoryItem[];
    expect(all.some((f) => f.historyActivityType === 'candidate')).toBe(true);
    expect(all.some((f) => f.historyActivityType === 'sequenceFlow')).toBe(true);
    expect(visibleHistory(all).map((f) => f.historyActivityType)).toEqual(['startEvent', 'userTask']);
  });

  it('an instance under approval: the applicant started it, the approver’s step is in progress', async () => {
    const http = setup('running');
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(http.callsTo(HISTORY_URL).map((c) => c.query.get('processInstanceId'))).toEqual(['running']);
    const [startRow, approver] = items();
    expect(startRow).toContain('开始');
    expect(startRow).toContain('张伟');
    expect(approver).toContain('审批人审批');
    expect(approver).toContain('李红');
    expect(approver).toContain('进行中');
  });

  it('an approved instance: both approvals with their comments, and the end shown as 结束', async () => {
    setup('approved');
    await waitFor(() => expect(items().length).toBeGreaterThan(2));
    const texts = items();
    expect(texts.some((t) => t.includes('审批人审批') && t.includes('李红') && t.includes('审批意见同意'))).toBe(true);
    expect(texts.some((t) => t.includes('总经理审批') && t.includes('王建国') && t.includes('审批意见准假'))).toBe(true);
    expect(texts.at(-1)).toContain('结束');
    expect(texts.join('')).not.toContain('进行中');
    expect(texts.join('')).not.toContain('超过3天'); // a sequence flow
    // The gateway (请假天数) routes and nobody acts there: start, the two approvals and the end are the rows.
    expect((approved.data as FlowHistoryItem[]).some((f) => f.historyActivityType === 'exclusiveGateway')).toBe(true);
    expect(texts).toHaveLength(4);
    expect(texts.join('')).not.toContain('请假天数');
  });

  it('a rejected instance: the rollback comment is named 驳回', async () => {
    setup('rejected');
    await waitFor(() => expect(screen.getAllByTestId('workflow-timeline-comment').length).toBeGreaterThan(0));
    expect(screen.getAllByTestId('workflow-timeline-comment').map((c) => c.textContent)).toContain('驳回理由不充分');
  });

  it('names a rollbackComment 驳回 for a reject and 回退 for a rollback to a chosen node', async () => {
    const { commentLook } = await import('./WorkflowTimeline');
    expect(commentLook({ type: 'rollbackComment', operation: 'reject' })?.label.zh).toBe('驳回');
    expect(commentLook({ type: 'rollbackComment', operation: 'rollback' })?.label.zh).toBe('回退');
    expect(commentLook({ type: 'comment', operation: null })?.label.zh).toBe('审批意见');
    expect(commentLook({ type: 'unknown' })).toBeUndefined();
  });

  it('shows given entries without loading', () => {
    const http = mockFetch(() => undefined);
    render(
      <Providers client={new QueryClient()}>
        <WorkflowTimeline flow={[]} />
      </Providers>,
    );
    expect(screen.getByText('暂无流转记录')).toBeTruthy();
    expect(http.calls).toHaveLength(0);
  });
});
