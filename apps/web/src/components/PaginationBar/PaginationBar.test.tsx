import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { QueryClient } from '@tanstack/react-query';
import { dateRangeQuery } from '../CrudPage';
import { SearchForm } from '../CrudPage/SearchForm';
import { PaginationBar, SCROLL_TOP_MS } from './PaginationBar';

afterEach(() => vi.useRealTimers());

describe('PaginationBar', () => {
  it('shows total, sizes 10/20/30/50, pager and jumper; a page change scrolls its container to the top', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'performance'] });
    const onChange = vi.fn();
    const { container } = render(
      <div data-testid="box" style={{ overflowY: 'auto', height: 100 }}>
        <div style={{ height: 1000 }} />
        <PaginationBar current={1} size={10} total={95} onChange={onChange} />
      </div>,
    );
    const box = screen.getByTestId('box');
    Object.defineProperty(box, 'scrollHeight', { value: 1100 });
    Object.defineProperty(box, 'clientHeight', { value: 100 });
    box.scrollTop = 600;
    expect(screen.getByText('共 95 条')).toBeTruthy();
    expect(container.querySelector('.ant-pagination-options-quick-jumper')).toBeTruthy();
    expect(container.querySelector('ul.ant-pagination.hjl-pagination')).toBeTruthy(); // the specs' order (PaginationBar.css)
    expect(screen.getByTitle('10')).toBeTruthy(); // last page
    fireEvent.click(screen.getByTitle('3'));
    expect(onChange).toHaveBeenCalledWith({ current: 3, size: 10 });
    act(() => vi.advanceTimersByTime(SCROLL_TOP_MS / 2));
    expect(box.scrollTop).toBeGreaterThan(0);
    expect(box.scrollTop).toBeLessThan(600);
    act(() => vi.advanceTimersByTime(SCROLL_TOP_MS));
    expect(box.scrollTop).toBe(0);
  });

  it('offers 10, 20, 30 and 50 per page; another size goes back to page 1', () => {
    const onChange = vi.fn();
    render(
      <Providers client={new QueryClient()}>
        <PaginationBar current={4} size={10} total={95} onChange={onChange} />
      </Providers>,
    );
    fireEvent.mouseDown(document.querySelector('.ant-select')!);
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(['10 条/页', '20 条/页', '30 条/页', '50 条/页']);
    fireEvent.click(document.querySelectorAll('.ant-select-item-option')[2]!);
    expect(onChange).toHaveBeenCalledWith({ current: 1, size: 30 });
  });
});

describe('PaginationBar with an estimated total', () => {
  it('reads 约 with the digits grouped', () => {
    render(<PaginationBar current={1} size={10} total={1234567} estimated onChange={vi.fn()} />);
    expect(screen.getByText('约 1,234,567 条')).toBeTruthy();
  });
});

describe('dateRangeQuery', () => {
  it('sends a range of whole days as createTime_dategt / createTime_datelt (strict bounds)', () => {
    expect(dateRangeQuery([dayjs('2024-05-01'), dayjs('2024-05-31')])).toEqual({
      createTime_dategt: '2024-04-30 23:59:59',
      createTime_datelt: '2024-06-01 00:00:00',
    });
  });
  it('other fields, exact moments, open ends and no range', () => {
    expect(dateRangeQuery([dayjs('2024-05-01 08:30:00'), null], { field: 'releaseTime', time: true })).toEqual({ releaseTime_dategt: '2024-05-01 08:30:00' });
    expect(dateRangeQuery(null)).toEqual({});
  });
});

describe('SearchForm date range', () => {
  it('a chosen range goes out as createTime_dategt / createTime_datelt', async () => {
    const onSearch = vi.fn();
    render(
      <Providers client={new QueryClient()}>
        <SearchForm fields={[]} dicts={{}} dateRange={{ field: 'createTime', label: '创建时间' }} onSearch={onSearch} />
      </Providers>,
    );
    expect(screen.getByText('创建时间')).toBeTruthy();
    const [from, to] = [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')];
    fireEvent.mouseDown(from!);
    fireEvent.focus(from!);
    fireEvent.change(from!, { target: { value: '2024-05-01' } });
    fireEvent.keyDown(from!, { key: 'Enter', code: 'Enter' });
    fireEvent.focus(to!);
    fireEvent.change(to!, { target: { value: '2024-05-31' } });
    fireEvent.keyDown(to!, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByTestId('crud-search-submit'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ createTime_dategt: '2024-04-30 23:59:59', createTime_datelt: '2024-06-01 00:00:00' }));
  });
});
