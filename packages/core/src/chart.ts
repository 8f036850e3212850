/**
 * The one shape every statistic travels in, from the server's statistics queries to the web's <Chart>:
 * a category axis (or pie slices) and one or more numeric series over it.
 */
export type ChartKind = 'bar' | 'line' | 'pie';

export interface ChartSeries {
  name: string;
  data: number[];
}

export interface ChartData {
  kind: ChartKind;
  title: string;
  categories: string[];
  series: ChartSeries[];
}
