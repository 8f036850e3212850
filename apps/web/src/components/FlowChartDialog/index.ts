export { FlowChart, FlowChartDialog, useFlowChart, MODEL_VIEW_URL, FLOW_CHART_TITLE, type FlowChartDialogProps, type FlowChartProps } from './FlowChartDialog';
export { flowMarkers, FLOW_LOOKS, type FlowMarker, type FlowState, type ModelView } from './flowMarkers';
