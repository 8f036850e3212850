/**
 * 流程图展示 (spec 1 sections 2 and 4): the diagram of a process instance with its nodes coloured by state and
 * a legend. The diagram (bpmn-js) is loaded only when it is first shown. Open the dialog with `useFlowChart()`;
 * `FlowChart` draws the same inside a drawer or a tab (流转信息, 审批节点图).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Modal, Spin, Tag } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLabel } from '../../app/i18n';
import { modelViewQuery } from './api';
import { FLOW_LOOKS, flowMarkers } from './flowMarkers';

const DiagramCanvas = lazy(() => import('./DiagramCanvas'));
export const FLOW_CHART_TITLE = { zh: '流程图展示', en: 'Flow chart' };

export interface FlowChartDialogProps {
  /** The instance shown; the dialog is open while it is set. */
  processInstanceId: string | null | undefined;
  onClose: () => void;
}

export interface FlowChartProps {
  /** The instance drawn. */
  processInstanceId: string;
  /** Height of the canvas in px (default 520). */
  height?: number;
}

/** The diagram of an instance with its legend, inside a dialog, a drawer or a tab (审批节点图). */
export function FlowChart({ processInstanceId, height }: FlowChartProps) {
  const label = useLabel();
  const [drawError, setDrawError] = useState<string | null>(null);
  const view = useQuery(modelViewQuery(processInstanceId));
  const markers = useMemo(() => flowMarkers(view.data?.flow ?? []), [view.data]);
  const onError = useCallback((message: string) => setDrawError(message), []);
  return (
    <div data-testid="flow-chart">
      <Flex gap={8} wrap style={{ marginBottom: 12 }} data-testid="flow-chart-legend">
        {Object.entries(FLOW_LOOKS).map(([status, look]) => (
          <Tag key={status} color={look.color}>
            {label(look.label)}
          </Tag>
        ))}
      </Flex>
      {drawError && <Alert type="error" showIcon message={`流程图无法显示: ${drawError}`} style={{ marginBottom: 12 }} />}
      {view.data ? (
        <Suspense fallback={<Spin />}>
          <DiagramCanvas xml={view.data.xml} markers={markers} onError={onError} height={height} />
        </Suspense>
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          {view.isError ? <Alert type="error" showIcon message={label({ zh: '流程图加载失败', en: 'The flow chart could not be loaded' })} /> : <Spin />}
        </Flex>
      )}
    </div>
  );
}

export function FlowChartDialog({ processInstanceId, onClose }: FlowChartDialogProps) {
  const label = useLabel();
  return (
    <Modal
      open={!!processInstanceId}
      title={label(FLOW_CHART_TITLE)}
      onCancel={onClose}
      footer={null}
      width={1000}
      destroyOnHidden
      data-testid="flow-chart-dialog"
    >
      {processInstanceId && <FlowChart processInstanceId={processInstanceId} />}
    </Modal>
  );
}

/** A page's flow chart: `open(id)` shows the dialog, `dialog` goes somewhere in the page. */
export function useFlowChart(): { open: (processInstanceId: string) => void; dialog: ReactNode } {
  const [id, setId] = useState<string | null>(null);
  return { open: setId, dialog: <FlowChartDialog processInstanceId={id} onClose={() => setId(null)} /> };
}
