import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { MODEL_VIEW_URL } from './api';
import { useFlowChart } from './FlowChartDialog';
import { flowMarkers, FLOW_LOOKS } from './flowMarkers';

// bpmn-js needs a real layout engine; the canvas shows what it was given instead.
vi.mock('./DiagramCanvas', () => ({
  default: ({ xml, markers }: { xml: string; markers: { elementId: string; marker: string }[] }) => (
    <div data-testid="flow-chart-canvas" data-xml={xml}>
      {markers.map((m) => `${m.elementId}:${m.marker}`).join(' ')}
    </div>
  ),
}));

describe('flowMarkers', () => {
  it('gives each status of spec 1 section 4 its marker: success, primary, warn, error and taken flows', () => {
    const markers = flowMarkers([
      { historyActivityId: 'start', historyActivityType: 'startEvent', status: 'nodeSuccess' },
      { historyActivityId: 'flow1', historyActivityType: 'sequenceFlow', status: 'lineWarn' },
      { historyActivityId: 'approve', historyActivityType: 'userTask', status: 'nodeWarn' },
      { historyActivityId: 'manager', historyActivityType: 'userTask', status: 'nodePrimary' },
      { historyActivityId: 'end', historyActivityType: 'endEvent', status: 'nodeError' },
    ]);
    expect(markers).toEqual([
      { elementId: 'start', marker: 'wf-node-success' },
      { elementId: 'flow1', marker: 'wf-line-taken' },
      { elementId: 'approve', marker: 'wf-node-warn' },
      { elementId: 'manager', marker: 'wf-node-primary' },
      { elementId: 'end', marker: 'wf-node-error' },
    ]);
  });

  it('leaves elements of an unknown status or without id plain', () => {
    expect(
      flowMarkers([
        { historyActivityId: 'x', status: 'somethingElse' },
        { historyActivityId: '', status: 'nodeSuccess' },
      ]),
    ).toEqual([]);
  });

  it('has a distinct marker per status', () => {
    const markers = Object.values(FLOW_LOOKS).map((l) => l.marker);
    expect(new Set(markers).size).toBe(markers.length);
  });
});

describe('FlowChartDialog', () => {
  it('opens 流程图展示 with the diagram of that instance and the legend', async () => {
    saveTokens(tokenAnswer());
    saveAccess([], []);
    const http = mockFetch((call) =>
      call.path === MODEL_VIEW_URL ? ok({ xml: '<definitions/>', flow: [{ historyActivityId: 'task1', status: 'nodePrimary' }] }) : undefined,
    );
    function Page() {
      const chart = useFlowChart();
      return (
        <>
          <button onClick={() => chart.open('42')}>open</button>
          {chart.dialog}
        </>
      );
    }
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Page />
      </Providers>,
    );
    expect(screen.queryByText('流程图展示')).toBeNull();
    fireEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('flow-chart-canvas').textContent).toBe('task1:wf-node-primary'));
    expect(screen.getByText('流程图展示')).toBeTruthy();
    expect(screen.getByTestId('flow-chart-legend').textContent).toContain('进行中');
    expect(http.callsTo(MODEL_VIEW_URL)[0]!.query.get('processInsId')).toBe('42');
  });
});
