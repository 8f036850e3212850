import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { ApplyPage, VaultPage } from './VaultPages';

const SLOW = { timeout: 5000 };
const page = (records: unknown[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
const future = '2099-01-01 10:00:00';
const past = '2020-01-01 10:00:00';

function show(node: React.ReactNode, codes: string[]) {
  saveTokens(tokenAnswer());
  saveAccess([], codes);
  const http = mockFetch((call) => {
    if (call.path === '/api/business/hjlPassword/list')
      return page([{ id: '7', platform: '工商银行企业网银', loginName: 'hjzx', password: '******', keeperUser: '2', keeperName: '李红' }]);
    if (call.path === '/api/business/hjlPasswordApply/list')
      return page([
        { id: '11', passwordId: '7', platformName: '工商银行企业网银', reason: '打印回单', status: 2, createUser: '1', expireTime: future },
        { id: '12', passwordId: '7', platformName: '工商银行企业网银', reason: '已过期', status: 2, createUser: '1', expireTime: past },
        { id: '13', passwordId: '7', platformName: '工商银行企业网银', reason: '审批中', status: 1, createUser: '1', expireTime: null },
        { id: '14', passwordId: '7', platformName: '工商银行企业网银', reason: '别人的', status: 2, createUser: '9', expireTime: future },
      ]);
    if (call.path === '/api/business/hjlPasswordApply/start') return ok({ id: '20', processInstanceId: '30' });
    if (call.path === '/api/business/hjlPasswordApply/reveal')
      return ok({ platform: '工商银行企业网银', loginName: 'hjzx', account: '1202', password: 'Icbc#2026demo', expireTime: future });
    if (call.path === '/api/business/hjlPassword/select') return ok([{ id: '7', platform: '工商银行企业网银', account: '1202' }]);
    if (call.path.startsWith('/api/')) return ok([]);
    return undefined;
  });
  render(<Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</Providers>);
  return http;
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  vi.useRealTimers();
});

describe('密码管理', () => {
  it('lists the entries without any secret; 申请使用 starts a use request for the row with its reason', async () => {
    const http = show(<VaultPage />, ['password_vault_edit', 'password_apply_add']);
    await screen.findByTestId('vault-apply-7', undefined, SLOW);
    expect(document.body.textContent).not.toContain('******');
    fireEvent.click(screen.getByTestId('vault-apply-7'));
    fireEvent.change(await screen.findByTestId('vault-apply-reason', undefined, SLOW), { target: { value: '打印回单' } });
    fireEvent.click(screen.getByTestId('vault-apply-submit'));
    await waitFor(() => expect(http.callsTo('/api/business/hjlPasswordApply/start')).toHaveLength(1), SLOW);
    expect(http.callsTo('/api/business/hjlPasswordApply/start')[0]!.body).toEqual({ passwordId: '7', reason: '打印回单' });
  }, 60_000);

  it('the edit form’s secret is a password input that keeps the mask (write-only)', async () => {
    show(<VaultPage />, ['password_vault_edit', 'password_vault_view']);
    fireEvent.click(await screen.findByTestId('crud-row-edit-7', undefined, SLOW));
    const input = (await screen.findByTestId('crud-form-password', undefined, SLOW)) as HTMLInputElement;
    expect(input.type).toBe('password');
  }, 60_000);
});

describe('密码使用申请', () => {
  it('查看密码 only on one’s own approved, unexpired request; it shows the secret once and hides it after 30 s', async () => {
    const http = show(<ApplyPage />, ['password_apply_reveal', 'password_apply_add']);
    await screen.findByTestId('vault-reveal-11', undefined, SLOW);
    for (const id of ['12', '13', '14']) expect(screen.queryByTestId(`vault-reveal-${id}`)).toBeNull();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('vault-reveal-11'));
    expect((await screen.findByTestId('vault-secret', undefined, SLOW)).textContent).toContain('Icbc#2026demo');
    expect(http.callsTo('/api/business/hjlPasswordApply/reveal')[0]!.query.get('id')).toBe('11');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    await waitFor(() => expect(screen.queryByTestId('vault-secret')).toBeNull(), SLOW);
    expect(document.body.textContent).not.toContain('Icbc#2026demo');
    vi.useRealTimers();
  }, 60_000);

  it('without the 查看密码 code there is no button', async () => {
    show(<ApplyPage />, ['password_apply_add']);
    await screen.findByText('打印回单', undefined, SLOW);
    expect(screen.queryByTestId('vault-reveal-11')).toBeNull();
  }, 60_000);
});
