import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { ApprovalStatusTag } from '../ApprovalStatusTag';
import { MODEL_VIEW_URL } from '../FlowChartDialog';
import { HISTORY_URL, type FlowHistoryItem } from '../WorkflowTimeline';
import { currentNodes } from './CirculationDrawer';

// bpmn-js needs a real layout engine; the canvas shows what it was given instead.
vi.mock('../FlowChartDialog/DiagramCanvas', () => ({
  default: ({ markers }: { markers: { elementId: string; marker: string }[] }) => (
    <div data-testid="flow-chart-canvas">{markers.map((m) => `${m.elementId}:${m.marker}`).join(' ')}</div>
  ),
}));

const item = (over: Partial<FlowHistoryItem>): FlowHistoryItem => ({
  id: String(Math.random()),
  historyActivityType: 'userTask',
  historyActivityName: null,
  assigneeName: '',
  createTime: '2025-03-01 09:00:00',
  endTime: '2025-03-01 10:00:00',
  ...over,
});

const running: FlowHistoryItem[] = [
  item({ id: 's', historyActivityType: 'startEvent', historyActivityName: '发起', assigneeName: '张伟' }),
  item({
    id: 'm',
    historyActivityId: 'deptManager',
    historyActivityName: '部门经理审批',
    assigneeName: '李红',
    comments: [{ type: 'comment', fullMessage: '同意' }],
  }),
  item({ id: 'f', historyActivityId: 'finance', historyActivityName: '财务审批', assigneeName: '陈静', createTime: '2025-03-01 10:00:00', endTime: null }),
];

describe('currentNodes', () => {
  it('is the user tasks not yet ended; none once the end event is reached', () => {
    expect(currentNodes(running).map((n) => n.historyActivityName)).toEqual(['财务审批']);
    expect(currentNodes([...running.slice(0, 2), item({ historyActivityType: 'endEvent' })])).toEqual([]);
    const countersign = [
      item({ historyActivityName: '会签', assigneeName: 'A', endTime: null }),
      item({ historyActivityName: '会签', assigneeName: 'B', endTime: null }),
    ];
    expect(currentNodes(countersign)).toHaveLength(2);
  });
});

describe('ApprovalStatusTag → 流转信息', () => {
  it('opens the drawer with the current node, its holder, the diagram with that node marked and the timeline', async () => {
    saveTokens(tokenAnswer());
    saveAccess([], []);
    const http = mockFetch((call) => {
      if (call.path === MODEL_VIEW_URL) return ok({ xml: '<definitions/>', flow: [{ historyActivityId: 'finance', status: 'nodePrimary' }] });
      if (call.path === HISTORY_URL) return ok(running);
      return undefined;
    });
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApprovalStatusTag status={1} processInstanceId="42" />
      </Providers>,
    );
    expect(http.calls).toHaveLength(0); // nothing is loaded before a click
    fireEvent.click(screen.getByRole('button'));
    const drawer = await screen.findByTestId('circulation-drawer');
    expect(within(drawer).getByText('流转信息')).toBeTruthy();
    await waitFor(() => expect(within(drawer).getByTestId('circulation-current-node').textContent).toBe('财务审批'));
    expect(within(drawer).getByTestId('circulation-current').textContent).toContain('办理人: 陈静');
    await waitFor(() => expect(within(drawer).getByTestId('flow-chart-canvas').textContent).toBe('finance:wf-node-primary'));
    const timeline = within(drawer).getByTestId('circulation-history');
    expect(
      within(timeline)
        .getAllByTestId('workflow-timeline-item')
        .map((e) => e.textContent),
    ).toEqual([expect.stringContaining('发起张伟'), expect.stringContaining('部门经理审批李红'), expect.stringContaining('财务审批陈静')]);
    expect(within(timeline).getByTestId('workflow-timeline-comment').textContent).toContain('同意');
    expect(http.callsTo(HISTORY_URL)[0]!.query.get('processInstanceId')).toBe('42');
    expect(http.callsTo(HISTORY_URL)).toHaveLength(1); // the timeline shares the drawer's answer
  });

  it('an ended process says 流程已结束', async () => {
    saveTokens(tokenAnswer());
    saveAccess([], []);
    mockFetch((call) => {
      if (call.path === MODEL_VIEW_URL) return ok({ xml: '<definitions/>', flow: [] });
      if (call.path === HISTORY_URL) return ok([...running.slice(0, 2), item({ id: 'e', historyActivityType: 'endEvent' })]);
      return undefined;
    });
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApprovalStatusTag status={2} processInstanceId="43" />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect((await screen.findByTestId('circulation-finished')).textContent).toBe('流程已结束');
  });
});
