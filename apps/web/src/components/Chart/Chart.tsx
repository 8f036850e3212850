/**
 * One statistic drawn with ECharts. ECharts is loaded on first use, so pages without charts do not carry it.
 * An empty statistic shows antd's empty state instead of a blank canvas.
 */
import type { ChartData } from '@hjl/core';
import { Empty } from 'antd';
import { useEffect, useRef } from 'react';
import { chartOption } from './chartOption';

export interface ChartProps {
  data: ChartData;
  height?: number;
}

export function Chart({ data, height = 280 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const empty = data.categories.length === 0 || data.series.every((s) => s.data.every((v) => !v));

  useEffect(() => {
    const el = box.current;
    if (!el || empty) return;
    let disposed = false;
    let dispose = () => {};
    void loadECharts().then((echarts) => {
      if (disposed) return;
      const chart = echarts.init(el);
      chart.setOption(chartOption(data));
      // jsdom (component tests) has no ResizeObserver.
      const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => chart.resize());
      observer?.observe(el);
      dispose = () => {
        observer?.disconnect();
        chart.dispose();
      };
    });
    return () => {
      disposed = true;
      dispose();
    };
  }, [data, empty]);

  if (empty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ height, paddingTop: height / 4 }} />;
  return <div ref={box} style={{ height, width: '100%' }} data-testid="chart" aria-label={data.title} />;
}

async function loadECharts() {
  const [core, charts, components, renderers] = await Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]);
  core.use([
    charts.BarChart,
    charts.LineChart,
    charts.PieChart,
    components.GridComponent,
    components.TooltipComponent,
    components.LegendComponent,
    renderers.CanvasRenderer,
  ]);
  return core;
}
