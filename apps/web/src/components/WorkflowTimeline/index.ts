export { WorkflowTimeline, visibleHistory, COMMENT_TYPES, type FlowHistoryItem, type FlowComment, type WorkflowTimelineProps } from './WorkflowTimeline';
export { HISTORY_URL, flowHistoryQuery } from './api';
