import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../app/i18n';
import { Providers } from '../../../app/providers';
import { saveAccess, saveTokens } from '../../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../../test/http';
import { LogPage } from './LogPage';

const record = {
  id: '41',
  tenantId: '000000',
  serviceId: 'hjl-server',
  title: '参数管理新增或修改',
  method: 'POST',
  requestUri: '/api/blade-system/param/submit',
  statusCode: 400,
  time: '12',
  createBy: 'admin',
  remoteIp: '127.0.0.1',
  createTime: '2026-01-02 09:00:00',
  params: '{"query":{},"body":{"paramName":"x"}}',
};

function setup(permissions: string[]) {
  saveTokens(tokenAnswer());
  saveAccess([], permissions);
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-log/api/list') return ok({ records: [record], total: 1, size: 10, current: 1, pages: 1 });
    if (call.path === '/api/blade-log/api/detail') return ok(record);
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LogPage kind="api" />
    </Providers>,
  );
  return http;
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('LogPage', () => {
  it('lists, searches by request URI from page 1, and shows a record in the drawer', async () => {
    const http = setup(['log_api_view']);
    expect(await screen.findByText('参数管理新增或修改')).toBeTruthy();
    expect(screen.getByText('400')).toBeTruthy();
    fireEvent.change(screen.getByTestId('log-search-requestUri'), { target: { value: ' param ' } });
    fireEvent.click(screen.getByTestId('log-search-submit'));
    await waitFor(() =>
      expect(Object.fromEntries(http.callsTo('/api/blade-log/api/list').at(-1)!.query)).toEqual({ requestUri: 'param', current: '1', size: '10' }),
    );

    fireEvent.click(screen.getByTestId('log-view-41'));
    await waitFor(() => expect(http.callsTo('/api/blade-log/api/detail').map((c) => c.query.get('id'))).toEqual(['41']));
    expect(await screen.findByText('请求参数')).toBeTruthy();
    expect(screen.getByText(/"paramName": "x"/)).toBeTruthy(); // parameters pretty-printed
  });

  it('needs the view code for details', async () => {
    setup([]);
    expect(await screen.findByText('参数管理新增或修改')).toBeTruthy();
    expect(screen.queryByTestId('log-view-41')).toBeNull();
  });
});
