/**
 * 流转信息 (spec 2 section 4, "Circulation information drawer"; the approval status tag opens it, S2 L114): the
 * diagram of the process with its current node marked, the current node(s) with who holds them, and the
 * history timeline. Drawer of the default width, 800 px (S2 L546).
 */
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useLabel } from '../../app/i18n';
import { FlowChart } from '../FlowChartDialog';
import { flowHistoryQuery, WorkflowTimeline, type FlowHistoryItem } from '../WorkflowTimeline';

export const DRAWER_WIDTH = 800;

export const CIRCULATION_TITLE = { zh: '流转信息', en: 'Circulation' };
const T = {
  current: { zh: '当前节点', en: 'Current step' },
  handler: { zh: '办理人', en: 'Handled by' },
  since: { zh: '到达时间', en: 'Arrived' },
  finished: { zh: '流程已结束', en: 'The process has ended' },
  diagram: { zh: '流程图', en: 'Flow chart' },
  history: { zh: '流转记录', en: 'History' },
  unclaimed: { zh: '待签收', en: 'Not yet claimed' },
};

/** The steps still open: user tasks of the history without an end (several under a countersign). */
export function currentNodes(flow: readonly FlowHistoryItem[]): FlowHistoryItem[] {
  const ended = flow.some((f) => f.historyActivityType === 'endEvent' && f.endTime !== null);
  if (ended) return [];
  return flow.filter((f) => f.historyActivityType === 'userTask' && !f.endTime);
}

/** The history of an instance (shared with the timeline's cache). */
export function useFlowHistory(processInstanceId: string | null | undefined) {
  return useQuery(flowHistoryQuery(processInstanceId));
}

/** The current node(s) of an instance's history, or 流程已结束. */
export function CurrentNodes({ flow }: { flow: readonly FlowHistoryItem[] }) {
  const label = useLabel();
  const open = currentNodes(flow);
  if (!open.length) return <Tag data-testid="circulation-finished">{label(T.finished)}</Tag>;
  return (
    <Descriptions size="small" column={1} data-testid="circulation-current">
      {open.map((node) => (
        <Descriptions.Item key={node.id} label={label(T.current)}>
          <Flex gap={8} wrap align="center">
            <Tag color="processing" data-testid="circulation-current-node">
              {node.historyActivityName ?? node.historyActivityId}
            </Tag>
            <Typography.Text>
              {label(T.handler)}: {node.assigneeName || label(T.unclaimed)}
            </Typography.Text>
            {node.createTime && (
              <Typography.Text type="secondary">
                {label(T.since)}: {node.createTime}
              </Typography.Text>
            )}
          </Flex>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

export interface CirculationDrawerProps {
  /** The instance shown; the drawer is open while it is set. */
  processInstanceId: string | null | undefined;
  onClose: () => void;
  /** Title after 流转信息 (e.g. the record's name). */
  subtitle?: string;
}

export function CirculationDrawer({ processInstanceId, onClose, subtitle }: CirculationDrawerProps) {
  const label = useLabel();
  const history = useFlowHistory(processInstanceId);
  return (
    <Drawer
      open={!!processInstanceId}
      onClose={onClose}
      size={DRAWER_WIDTH}
      title={subtitle ? `${label(CIRCULATION_TITLE)} - ${subtitle}` : label(CIRCULATION_TITLE)}
      destroyOnHidden
      data-testid="circulation-drawer"
    >
      {processInstanceId && (
        <Flex vertical gap={16}>
          {history.data ? <CurrentNodes flow={history.data} /> : history.isError ? null : <Spin />}
          <div>
            <Typography.Title level={5}>{label(T.diagram)}</Typography.Title>
            <FlowChart processInstanceId={processInstanceId} height={360} />
          </div>
          <div data-testid="circulation-history">
            <Typography.Title level={5}>{label(T.history)}</Typography.Title>
            {history.isError ? <Empty description={history.error.message} /> : <WorkflowTimeline flow={history.data} processInstanceId={processInstanceId} />}
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
