/**
 * How the flow chart colours a process (spec 1 section 4, "Flow-node display states"): the server's
 * model-view answers each reached element with a status, and each status becomes a canvas marker (a CSS
 * class on the element, see diagram.css). The server already decides a rollback node's status by the
 * process status, so this is a plain mapping.
 */
import type { Label } from '@hjl/core';

/** One element of GET /api/blade-flow/process/model-view's `flow`. */
export interface FlowState {
  historyActivityId: string;
  historyActivityType?: string;
  historyActivityName?: string | null;
  status: string;
}

/** What GET /api/blade-flow/process/model-view answers. */
export interface ModelView {
  xml: string;
  processInstanceId?: string;
  processDefinitionId?: string;
  processIsFinished?: string;
  flow: FlowState[];
}

export type FlowStatus = 'nodeSuccess' | 'nodePrimary' | 'nodeWarn' | 'nodeError' | 'lineWarn';

/** Marker class and legend of each status, in legend order. */
export const FLOW_LOOKS: Record<FlowStatus, { marker: string; color: string; label: Label }> = {
  nodeSuccess: { marker: 'wf-node-success', color: '#52c41a', label: { zh: '已完成', en: 'Finished' } },
  nodePrimary: { marker: 'wf-node-primary', color: '#1677ff', label: { zh: '进行中', en: 'In progress' } },
  nodeWarn: { marker: 'wf-node-warn', color: '#fa8c16', label: { zh: '转办/委托/调度/加签/撤回', en: 'Reassigned, dispatched, withdrawn' } },
  nodeError: { marker: 'wf-node-error', color: '#ff4d4f', label: { zh: '驳回/终止/减签/删除', en: 'Rejected, terminated, removed' } },
  lineWarn: { marker: 'wf-line-taken', color: '#fa8c16', label: { zh: '已流转的连线', en: 'Taken flow' } },
};

export interface FlowMarker {
  elementId: string;
  marker: string;
}

/** The markers to put on the diagram: one per reached element with a known status (unknown ones left plain). */
export function flowMarkers(flow: readonly FlowState[]): FlowMarker[] {
  const out: FlowMarker[] = [];
  for (const f of flow) {
    const look = FLOW_LOOKS[f.status as FlowStatus];
    if (look && f.historyActivityId) out.push({ elementId: f.historyActivityId, marker: look.marker });
  }
  return out;
}
