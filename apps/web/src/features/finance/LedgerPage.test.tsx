import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import LedgerPage from './LedgerPage';

const LIST = '/api/business/hjlIncomeExpends/list';
const row = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  incomeOrExpend: 0,
  transactionDate: '2026-03-02',
  tradeAmount: '1200.50',
  accountInfoId: '7',
  accountName: '华建咨询基本户',
  payerName: '南京城建',
  payeeName: '华建咨询基本户',
  isKnowGet: 1,
  status: 2,
  isDraft: 2,
  bizType: null,
  ...over,
});

function show(codes: string[]) {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], codes);
  const http = mockFetch((call) => {
    if (call.path === LIST)
      return ok({
        records: [row('1'), row('2', { incomeOrExpend: 1, tradeAmount: '86.00', bizType: 'hjl_apply_expense', bizId: '9' })],
        total: 2,
        size: 10,
        current: 1,
        pages: 1,
        totalExact: true,
        incomeTotal: '1200.50',
        expendTotal: '86.00',
      });
    if (call.path.startsWith('/api/business/hjlIncomeExpends/reset/get/')) return ok({ id: '1', isKnowGet: 0 });
    if (call.path.startsWith('/api/blade-system/')) return ok([]);
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LedgerPage />
    </Providers>,
  );
  return http;
}

const SLOW = { timeout: 5000 };

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('收支明细', () => {
  it('posts the list with paging in the query and the conditions in the body; shows the sums and signed amounts', async () => {
    const http = show(['income_expend_edit', 'income_expend_delete', 'income_expend_reset']);
    await waitFor(() => expect(http.callsTo(LIST)).toHaveLength(1), SLOW);
    const first = http.callsTo(LIST)[0]!;
    expect(first.method).toBe('POST');
    expect(Object.fromEntries(first.query)).toEqual({ current: '1', size: '10' });
    expect(first.body).toEqual({});
    await waitFor(() => expect(screen.getByTestId('ledger-income-total').textContent).toContain('1,200.50'), SLOW);
    expect(screen.getByTestId('ledger-expend-total').textContent).toContain('86.00');
    expect(screen.getByText('+1,200.50')).toBeTruthy();
    expect(screen.getByText('-86.00')).toBeTruthy();

    fireEvent.change(screen.getByTestId('crud-search-payeeName'), { target: { value: '张伟' } });
    fireEvent.click(screen.getByTestId('crud-search-submit'));
    await waitFor(() => expect(http.callsTo(LIST).at(-1)!.body).toEqual({ payeeName: '张伟' }), SLOW);
  });

  it("locks a process's row (no 编辑 / 删除) and offers 重置认领 on a claimed income row", async () => {
    const http = show(['income_expend_edit', 'income_expend_delete', 'income_expend_reset']);
    expect(await screen.findByTestId('crud-row-edit-1', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('crud-row-edit-2')).toBeNull();
    expect(screen.queryByTestId('crud-row-delete-2')).toBeNull();
    expect(screen.queryByTestId('ledger-reset-2')).toBeNull();
    fireEvent.click(screen.getByTestId('ledger-reset-1'));
    fireEvent.click(await screen.findByTestId('ledger-reset-ok'));
    await waitFor(() => expect(http.callsTo('/api/business/hjlIncomeExpends/reset/get/1')).toHaveLength(1), SLOW);
  });

  it('needs the reset code for 重置认领', async () => {
    show([]);
    await screen.findByTestId('crud-row-view-1', undefined, SLOW);
    expect(screen.queryByTestId('ledger-reset-1')).toBeNull();
  });
});
