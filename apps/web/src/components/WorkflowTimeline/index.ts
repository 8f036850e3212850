export {
  WorkflowTimeline,
  visibleHistory,
  COMMENT_TYPES,
  HISTORY_URL,
  type FlowHistoryItem,
  type FlowComment,
  type WorkflowTimelineProps,
} from './WorkflowTimeline';
