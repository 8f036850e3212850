import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, tokenAnswer } from '../../test/http';

async function load() {
  vi.resetModules();
  await import('../../app/i18n');
  return { ...(await import('./errorLog')), ...(await import('../../app/session')) };
}

beforeEach(() => {
  localStorage.clear();
  window.__APP_CONFIG__ = { clientBasic: 'c2FiZXI6c2VjcmV0', switchMode: false };
});

describe('error log store', () => {
  it('records an error with route, user, tenant and version, newest first, kept across reloads', async () => {
    let m = await load();
    m.saveTokens(tokenAnswer());
    window.history.pushState({}, '', '/system/user?x=1');
    m.recordError(new TypeError('boom'), 'render', 'in <Page>');
    m.recordError('plain text', 'unhandledrejection');
    const [second, first] = m.getErrorLog();
    expect(first).toMatchObject({ type: 'render', message: 'TypeError: boom', info: 'in <Page>', url: '/system/user?x=1', user: 'admin', tenant: '000000' });
    expect(first!.stack).toContain('boom');
    expect(first!.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(second).toMatchObject({ type: 'unhandledrejection', message: 'plain text', stack: '' });
    m = await load();
    expect(m.getErrorLog()).toHaveLength(2);
  });

  it('keeps at most 200 entries', async () => {
    const m = await load();
    for (let i = 0; i < 205; i++) m.recordError(new Error(`e${i}`));
    expect(m.getErrorLog()).toHaveLength(200);
    expect(m.getErrorLog()[0]!.message).toBe('Error: e204');
  });

  it('records uncaught window errors and unhandled rejections once installed', async () => {
    const m = await load();
    m.installErrorHandlers();
    window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('bad'), message: 'bad', filename: 'app.js', lineno: 3, colno: 9 }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new Error('async');
    window.dispatchEvent(rejection);
    expect(m.getErrorLog().map((e) => [e.type, e.message])).toEqual([
      ['unhandledrejection', 'Error: async'],
      ['error', 'RangeError: bad'],
    ]);
    expect(m.getErrorLog()[1]!.info).toBe('app.js:3:9');
  });

  it('uploads without user and tenant (the server takes them from the token) and forgets what was sent', async () => {
    const m = await load();
    m.saveTokens(tokenAnswer());
    m.recordError(new Error('one'));
    const http = mockFetch((c) => (c.path === '/api/blade-log/error/upload' ? ok({ count: 1 }) : undefined));
    await m.uploadErrorLog();
    const [call] = http.callsTo('/api/blade-log/error/upload');
    expect(call!.method).toBe('POST');
    expect(call!.body).toEqual([expect.objectContaining({ type: 'error', message: 'Error: one' })]);
    expect((call!.body as Record<string, unknown>[])[0]).not.toHaveProperty('user');
    expect(m.getErrorLog()).toEqual([]);
  });
});

describe('ErrorLogDialog', () => {
  it('lists the errors; upload and clear each ask first, then say 发送成功! / 清空成功! and close the dialog', async () => {
    const m = await load();
    m.saveTokens(tokenAnswer());
    m.recordError(new Error('first failure'));
    const http = mockFetch((c) => (c.path === '/api/blade-log/error/upload' ? ok({ count: 1 }) : undefined));
    const { ErrorLogDialog } = await import('./ErrorLogDialog');
    const { Providers } = await import('../../app/providers');
    const onClose = vi.fn();
    render(
      <Providers>
        <ErrorLogDialog open onClose={onClose} />
      </Providers>,
    );
    expect(await screen.findByText('Error: first failure')).toBeTruthy();
    for (const col of ['类型', '地址', '内容', '错误堆栈', '时间']) expect(screen.getAllByText(col).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByTestId('error-log-upload'));
    await screen.findByText('确定上传本地日志到服务器?');
    expect(http.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await screen.findByText('发送成功!');
    expect(http.callsTo('/api/blade-log/error/upload')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('暂无错误日志')).toBeTruthy());
    expect(onClose).toHaveBeenCalledTimes(1);

    m.recordError(new Error('second'));
    await screen.findByText('Error: second');
    fireEvent.click(screen.getByTestId('error-log-clear'));
    await screen.findByText('确定清空本地日志记录?');
    fireEvent.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    await screen.findByText('清空成功!');
    expect(m.getErrorLog()).toEqual([]);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
