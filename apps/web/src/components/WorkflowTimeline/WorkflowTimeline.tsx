/**
 * Workflow history timeline (spec 2 section 2, "Workflow history timeline"): the answer of
 * `history-flow-list` as a timeline — who did which step when, how long it took, the comments by kind and
 * their attachments. Entries of types candidate and sequenceFlow are hidden; an end event is shown as 结束.
 */
import { COMMENT_LABELS, commentLabel, isTimelineStep, stepName, type Label } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useLabel } from '../../app/i18n';
import { flowHistoryQuery } from './api';

export interface FlowComment {
  /** `AddComment` (Flowable's). */
  action?: string | null;
  /** The kind of comment (rollbackComment …). */
  type: string;
  /** The command that wrote it: reject and rollback both write a rollbackComment. */
  operation?: string | null;
  fullMessage: string | null;
  time?: string | null;
  userName?: string;
}

export interface FlowHistoryItem {
  id: string;
  historyActivityId?: string;
  historyActivityType: string;
  historyActivityName: string | null;
  assigneeName: string;
  createTime: string | null;
  endTime: string | null;
  historyActivityDurationTime?: string;
  comments?: FlowComment[];
  attachments?: { name: string; url: string }[];
}

/** Comment types of spec 1 section 4: their names (core's, as the printed approval sheet names them) and colours. */
const COMMENT_COLORS: Record<string, string> = {
  comment: 'blue',
  assigneeComment: 'orange',
  dispatchComment: 'orange',
  transferComment: 'orange',
  delegateComment: 'orange',
  rollbackComment: 'red',
  terminateComment: 'red',
  addMultiInstanceComment: 'orange',
  deleteMultiInstanceComment: 'red',
  withdrawComment: 'orange',
  deleteProcessComment: 'red',
};

export const COMMENT_TYPES: Record<string, { label: Label; color: string }> = Object.fromEntries(
  Object.entries(COMMENT_LABELS).map(([type, label]) => [type, { label, color: COMMENT_COLORS[type] ?? 'blue' }]),
);

/** How the timeline names a comment. */
export function commentLook(c: Pick<FlowComment, 'type' | 'operation'>): { label: Label; color: string } | undefined {
  const label = commentLabel(c);
  return label && { label, color: COMMENT_COLORS[c.type] ?? 'blue' };
}

/**
 * The entries the timeline shows: the steps (start, tasks, end), not the routing — nodes not reached, taken sequence
 * flows and gateways (a claim's `金额` or leave's `请假天数` decide where it goes; nobody acts there) only colour the
 * diagram (WORKFLOW.md, History and diagram).
 */
export function visibleHistory(flow: readonly FlowHistoryItem[]): FlowHistoryItem[] {
  return flow.filter((f) => isTimelineStep(f.historyActivityType));
}

function colorOf(item: FlowHistoryItem): string {
  if (!item.endTime) return 'blue';
  const types = (item.comments ?? []).map((c) => commentLook(c)?.color);
  if (types.includes('red')) return 'red';
  if (types.includes('orange')) return 'orange';
  return 'green';
}

export interface WorkflowTimelineProps {
  /** Loads the history of this instance. */
  processInstanceId?: string;
  /** Or shows these entries (a detail answer that carries its flow). */
  flow?: FlowHistoryItem[];
}

export function WorkflowTimeline({ processInstanceId, flow }: WorkflowTimelineProps) {
  const label = useLabel();
  const query = useQuery({ ...flowHistoryQuery(processInstanceId), enabled: !flow && !!processInstanceId });
  const rows = flow ?? query.data;
  if (!rows) return query.isLoading ? <Spin data-testid="workflow-timeline-loading" /> : <Empty />;
  const shown = visibleHistory(rows);
  if (!shown.length) return <Empty description={label({ zh: '暂无流转记录', en: 'No history yet' })} />;

  const nameOf = (item: FlowHistoryItem) => label(stepName(item));

  return (
    <Timeline
      data-testid="workflow-timeline"
      items={shown.map((item) => ({
        key: item.id,
        color: colorOf(item),
        content: (
          <div data-testid="workflow-timeline-item">
            <div>
              <Typography.Text strong>{nameOf(item)}</Typography.Text>
              {item.assigneeName && <Typography.Text style={{ marginLeft: 8 }}>{item.assigneeName}</Typography.Text>}
              {!item.endTime && item.historyActivityType !== 'endEvent' && (
                <Tag color="processing" style={{ marginLeft: 8 }}>
                  {label({ zh: '进行中', en: 'In progress' })}
                </Tag>
              )}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.createTime}
              {item.endTime && item.endTime !== item.createTime ? ` ~ ${item.endTime}` : ''}
              {item.endTime && item.historyActivityDurationTime ? ` ${label({ zh: '用时', en: 'took' })} ${item.historyActivityDurationTime}` : ''}
            </Typography.Text>
            {(item.comments ?? []).map((c, i) => {
              const type = commentLook(c);
              return (
                <div key={i} data-testid="workflow-timeline-comment" style={{ marginTop: 4 }}>
                  <Tag color={type?.color}>{type ? label(type.label) : c.type}</Tag>
                  {c.fullMessage}
                </div>
              );
            })}
            {(item.attachments ?? []).map((a) => (
              <div key={a.url}>
                <a href={a.url} target="_blank" rel="noreferrer">
                  {a.name}
                </a>
              </div>
            ))}
          </div>
        ),
      }))}
    />
  );
}
