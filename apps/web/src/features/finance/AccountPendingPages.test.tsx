import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import AccountPage from './AccountPage';
import PendingPage from './PendingPage';

const SLOW = { timeout: 5000 };
const pending = (id: string, status: number) => ({ id, amount: '1000.00', payerName: `付款人${id}`, transactionDate: '2026-03-01', status, isDraft: 0 });

function show(page: 'pending' | 'account', codes: string[]) {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], codes);
  const http = mockFetch((call) => {
    if (call.path === '/api/business/hjlPendingAccount/list')
      return ok({ records: [pending('1', 0), pending('2', 0), pending('3', 1)], total: 3, size: 10, current: 1, pages: 1 });
    if (call.path === '/api/business/hjlPendingAccount/submitApproval') return ok({ id: '9' });
    if (call.path === '/api/business/hjlAccountInfo/list')
      return ok({
        records: [{ id: '7', accountName: '华建咨询基本户', accountNum: '3201', bankName: '工商银行', openingBalance: '3000000.00', balance: '3100000.00' }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      });
    if (call.path === '/api/business/hjlAccountInfo/setting/practical') return ok({ id: '7', practicalAmount: '3099999.50' });
    if (call.path === '/api/business/hjlAccountInfo/sum-practical/7')
      return ok({
        id: '7',
        openingBalance: '3000000.00',
        incomeAmount: '150000.00',
        expendAmount: '50000.00',
        sumPractical: '3100000.00',
        balance: '3100000.00',
        practicalAmount: '3099999.50',
        practicalTime: '2026-03-01 10:00:00',
        difference: '-0.50',
      });
    if (call.path === '/api/business/hjlAccountHisInfo/list')
      return ok({
        records: [{ id: '11', operateTime: '2026-03-01 10:00:00', changeType: 5, amount: '3099999.50', balanceAfter: '3100000.00', operatorName: '李红' }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      });
    if (call.path.startsWith('/api/blade-system/')) return ok([]);
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{page === 'pending' ? <PendingPage /> : <AccountPage />}</Providers>,
  );
  return http;
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('待认领款项', () => {
  it('认领 sends the chosen rows in one batch; a row under a claim cannot be chosen', async () => {
    const http = show('pending', ['pending_account_add', 'pending_account_view']);
    await screen.findByTestId('crud-row-view-1', undefined, SLOW);
    const box = (id: string) => document.querySelector(`tr[data-row-key="${id}"] input[type="checkbox"]`) as HTMLInputElement;
    expect(box('3').disabled).toBe(true);
    expect(screen.getByTestId('crud-add').textContent?.replace(/\s/g, '')).toBe('认领');
    fireEvent.click(screen.getByTestId('crud-add'));
    expect(await screen.findByText('请选择至少一条数据', undefined, SLOW)).toBeTruthy();
    fireEvent.click(box('1'));
    fireEvent.click(box('2'));
    fireEvent.click(screen.getByTestId('crud-add'));
    fireEvent.click(await screen.findByTestId('pending-claim-ok', undefined, SLOW));
    await waitFor(() => expect(http.callsTo('/api/business/hjlPendingAccount/submitApproval')).toHaveLength(1), SLOW);
    expect(http.callsTo('/api/business/hjlPendingAccount/submitApproval')[0]!.body).toEqual({ ids: '1,2' });
  });

  it('without the claim code there is no 认领', async () => {
    show('pending', ['pending_account_view']);
    await screen.findByTestId('crud-row-view-1', undefined, SLOW);
    expect(screen.queryByTestId('crud-add')).toBeNull();
  });
});

describe('内部账户', () => {
  it('设置实际金额 posts the counted amount; 变动历史 shows the sums and the history', async () => {
    const http = show('account', ['account_info_practical']);
    fireEvent.click(await screen.findByTestId('account-practical-7', undefined, SLOW));
    const input = await screen.findByTestId('practical-amount', undefined, SLOW);
    fireEvent.change(input, { target: { value: '3099999.5' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByTestId('practical-submit'));
    await waitFor(() => expect(http.callsTo('/api/business/hjlAccountInfo/setting/practical')).toHaveLength(1), SLOW);
    expect(http.callsTo('/api/business/hjlAccountInfo/setting/practical')[0]!.body).toEqual({ id: '7', practicalAmount: '3099999.5', remark: null });

    fireEvent.click(screen.getByTestId('account-history-7'));
    await waitFor(() => expect(screen.getByTestId('account-difference').textContent).toContain('-0.50'), SLOW);
    expect(screen.getByTestId('account-sum-practical').textContent).toContain('3,100,000.00');
    await waitFor(() => expect(screen.getByTestId('account-history-table').textContent).toContain('李红'), SLOW);
  });

  it('needs the practical code for 设置实际金额', async () => {
    show('account', []);
    await screen.findByTestId('account-history-7', undefined, SLOW);
    expect(screen.queryByTestId('account-practical-7')).toBeNull();
  });
});
