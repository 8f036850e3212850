export { Chart, type ChartProps } from './Chart';
export { chartOption } from './chartOption';
