export { FlowChart, FlowChartDialog, useFlowChart, FLOW_CHART_TITLE, type FlowChartDialogProps, type FlowChartProps } from './FlowChartDialog';
export { flowMarkers, FLOW_LOOKS, type FlowMarker, type FlowState, type ModelView } from './flowMarkers';
export { MODEL_VIEW_URL } from './api';
