import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { CustomerPicker, CustomerPickerInput, type CustomerRow } from './CustomerPicker';
import type { ReactNode } from 'react';

const LIST = '/api/business/hjlCustomer/list';
/** 23 customers; the server pages them. */
const all = Array.from({ length: 23 }, (_, i) => ({
  id: String(1000 + i),
  customerName: i === 0 ? '南京地铁集团有限公司' : `客户${i}`,
  customerType: (i % 5) + 1,
  contactPerson: `联系人${i}`,
  contactPhone: `1390000${String(i).padStart(4, '0')}`,
}));

function setup(ui: (onOk: (rows: CustomerRow[]) => void) => ReactNode) {
  saveTokens(tokenAnswer());
  saveAccess([], []);
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-system/dict-biz/dictionary')
      return ok([
        { dictKey: '1', dictValue: '政府机关' },
        { dictKey: '2', dictValue: '国有企业' },
        { dictKey: '3', dictValue: '民营企业' },
      ]);
    if (call.path === LIST) {
      const name = call.query.get('customerName') ?? '';
      const current = Number(call.query.get('current'));
      const size = Number(call.query.get('size'));
      const hits = all.filter((c) => c.customerName.includes(name));
      return ok({ records: hits.slice((current - 1) * size, current * size), total: hits.length, size, current, pages: Math.ceil(hits.length / size) });
    }
    if (call.path === '/api/business/hjlCustomer/detail') return ok(all.find((c) => c.id === call.query.get('id')));
    return undefined;
  });
  const onOk = vi.fn<(rows: CustomerRow[]) => void>();
  render(<Providers client={new QueryClient()}>{ui(onOk)}</Providers>);
  return { http, onOk };
}

const rows = () => [...screen.getByTestId('customer-picker-table').querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
const cells = (tr: Element) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent);

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('CustomerPicker', () => {
  it('shows 10 per page with name, type, contact and phone; searches by name from page 1', async () => {
    const { http } = setup((onOk) => <CustomerPicker open onOk={onOk} onCancel={() => undefined} />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    await waitFor(() => expect(cells(rows()[0]!)).toEqual(['南京地铁集团有限公司', '政府机关', '联系人0', '13900000000']));
    expect(screen.getByText('共 23 条')).toBeTruthy();
    expect(http.callsTo(LIST)[0]!.query.get('size')).toBe('10');
    fireEvent.change(screen.getByTestId('customer-picker-search'), { target: { value: '地铁' } });
    fireEvent.click(screen.getByTestId('customer-picker-search-submit'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    const last = http.callsTo(LIST).at(-1)!;
    expect(last.query.get('customerName')).toBe('地铁');
    expect(last.query.get('current')).toBe('1');
  });

  it('single mode: confirming with nothing warns 请选择客户; a double-click confirms the row at once', async () => {
    const { onOk } = setup((ok) => <CustomerPicker open onOk={ok} onCancel={() => undefined} />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(screen.getByTestId('customer-picker-ok'));
    await screen.findByText('请选择客户');
    expect(onOk).not.toHaveBeenCalled();
    expect(within(rows()[0]!).getByRole('radio')).toBeTruthy();
    fireEvent.doubleClick(rows()[2]!);
    expect(onOk).toHaveBeenCalledWith([all[2]]);
  });

  it('multiple mode: checkboxes, several rows across pages confirmed together', async () => {
    const { onOk } = setup((ok) => <CustomerPicker open multiple onOk={ok} onCancel={() => undefined} />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(within(rows()[0]!).getByRole('checkbox'));
    fireEvent.click(within(rows()[1]!).getByRole('checkbox'));
    fireEvent.doubleClick(rows()[3]!); // no instant confirm in multiple mode
    expect(onOk).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByTitle('2'));
    });
    await waitFor(() => expect(cells(rows()[0]!)[0]).toBe('客户10'));
    fireEvent.click(within(rows()[0]!).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('customer-picker-ok'));
    expect(onOk.mock.calls[0]![0].map((r: { id: string }) => r.id).sort()).toEqual(['1000', '1001', '1010']);
  });

  it("the input shows the chosen customer's name and hands its id to the form", async () => {
    const onChange = vi.fn<(v: string | null) => void>();
    setup(() => <CustomerPickerInput onChange={onChange} />);
    fireEvent.click(screen.getByTestId('customer-picker-input-choose'));
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.doubleClick(rows()[0]!);
    expect(onChange).toHaveBeenCalledWith('1000');
  });

  it('opens fresh after a cancel and after a confirm: no search text, page 1', async () => {
    const { http, onOk } = setup((ok) => <CustomerPickerInput onChange={(id) => ok(all.filter((c) => c.id === id))} />);
    const dirty = async () => {
      fireEvent.click(screen.getByTestId('customer-picker-input-choose'));
      await waitFor(() => expect(rows()).toHaveLength(10));
      fireEvent.change(screen.getByTestId('customer-picker-search'), { target: { value: '客户' } });
      fireEvent.click(screen.getByTestId('customer-picker-search-submit'));
      await waitFor(() => expect(screen.getByText('共 22 条')).toBeTruthy());
      await act(async () => {
        fireEvent.click(screen.getByTitle('3'));
      });
      await waitFor(() => expect(cells(rows()[0]!)[0]).toBe('客户21'));
    };
    const fresh = async () => {
      const before = http.callsTo(LIST).length;
      fireEvent.click(screen.getByTestId('customer-picker-input-choose'));
      await waitFor(() => expect(cells(rows()[0]!)[0]).toBe('南京地铁集团有限公司'));
      expect((screen.getByTestId('customer-picker-search') as HTMLInputElement).value).toBe('');
      expect(screen.getByText('共 23 条')).toBeTruthy();
      expect(document.querySelector('.ant-pagination-item-active')?.getAttribute('title')).toBe('1');
      for (const call of http.callsTo(LIST).slice(before)) {
        expect(call.query.get('customerName')).toBeNull();
        expect(call.query.get('current')).toBe('1');
      }
    };
    await dirty();
    fireEvent.click(screen.getByRole('button', { name: /^取\s*消$/ }));
    await fresh();
    fireEvent.click(screen.getByRole('button', { name: /^取\s*消$/ }));
    await dirty();
    fireEvent.doubleClick(rows()[1]!);
    expect(onOk).toHaveBeenCalledWith([all[22]]);
    await fresh();
  });

  it('the input names a customer id the form already holds', async () => {
    setup(() => <CustomerPickerInput value="1003" />);
    await waitFor(() => expect((screen.getByTestId('customer-picker-input') as HTMLInputElement).value).toBe('客户3'));
  });
});
