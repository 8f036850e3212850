import type { ChartData } from '@hjl/core';

/** The ECharts option for one ChartData: pies show the first series as slices, bars and lines one series each. */
export function chartOption(data: ChartData) {
  if (data.kind === 'pie') {
    const values = data.series[0]?.data ?? [];
    return {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          name: data.series[0]?.name ?? data.title,
          radius: ['35%', '65%'],
          data: data.categories.map((name, i) => ({ name, value: values[i] ?? 0 })),
        },
      ],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: data.series.length > 1 ? { bottom: 0 } : undefined,
    grid: { left: 8, right: 16, top: 16, bottom: data.series.length > 1 ? 32 : 8, containLabel: true },
    xAxis: { type: 'category', data: data.categories, axisLabel: { interval: 0, hideOverlap: true } },
    yAxis: { type: 'value', minInterval: 1 },
    // Straight lines: a smoothed curve of counts suggests values between the months that were never counted.
    series: data.series.map((s) => ({ type: data.kind, name: s.name, data: s.data, smooth: false })),
  };
}
