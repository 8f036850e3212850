import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Chart } from './Chart';
import { chartOption } from './chartOption';

describe('chartOption', () => {
  it('draws a pie from the first series, one slice per category', () => {
    const option = chartOption({ kind: 'pie', title: '人数', categories: ['甲', '乙'], series: [{ name: '人数', data: [3, 5] }] });
    expect(option.series[0]).toMatchObject({
      type: 'pie',
      data: [
        { name: '甲', value: 3 },
        { name: '乙', value: 5 },
      ],
    });
  });

  it('draws bars and lines with one series each and a legend only when there are several', () => {
    const bar = chartOption({ kind: 'bar', title: 't', categories: ['1月', '2月'], series: [{ name: '新增', data: [1, 2] }] });
    expect(bar.series).toEqual([{ type: 'bar', name: '新增', data: [1, 2], smooth: false }]);
    expect(bar).toMatchObject({ xAxis: { data: ['1月', '2月'] } });
    expect((bar as { legend?: unknown }).legend).toBeUndefined();
    const line = chartOption({
      kind: 'line',
      title: 't',
      categories: ['a'],
      series: [
        { name: 'x', data: [1] },
        { name: 'y', data: [2] },
      ],
    });
    expect((line as { legend?: unknown }).legend).toBeDefined();
    expect(line.series).toMatchObject([
      { type: 'line', smooth: false },
      { type: 'line', smooth: false },
    ]);
  });
});

describe('Chart', () => {
  it('shows the empty state when every value is zero', () => {
    const { container } = render(<Chart data={{ kind: 'bar', title: '空', categories: ['a'], series: [{ name: 'x', data: [0] }] }} />);
    expect(screen.queryByTestId('chart')).toBeNull();
    expect(container.querySelector('.ant-empty')).not.toBeNull();
  });

  it('renders a labelled container for data', () => {
    render(<Chart data={{ kind: 'bar', title: '部门人数', categories: ['a'], series: [{ name: 'x', data: [2] }] }} />);
    expect(screen.getByTestId('chart').getAttribute('aria-label')).toBe('部门人数');
  });
});
