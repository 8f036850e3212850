import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, tokenAnswer, type Call } from '../test/http';

const feedback = vi.hoisted(() => ({
  error: vi.fn(),
  warning: vi.fn(),
  success: vi.fn(),
  alert: vi.fn(),
  confirm: vi.fn(),
}));
vi.mock('./feedback', () => ({ feedback, bindFeedback: vi.fn() }));

// Each test gets fresh modules: the client keeps the refresh queue and the dialog flag in module state.
async function load() {
  vi.resetModules();
  const api = await import('./api');
  const session = await import('./session');
  return { ...api, ...session };
}

const TOKEN = '/api/blade-auth/oauth/token';

beforeEach(() => {
  for (const fn of Object.values(feedback)) fn.mockReset();
  window.__APP_CONFIG__ = { clientBasic: 'c2FiZXI6c2VjcmV0' };
});

describe('api client', () => {
  it('sends the client and user headers and resolves with the envelope data', async () => {
    const { get, saveTokens } = await load();
    saveTokens(tokenAnswer());
    const http = mockFetch(() => ok({ id: '1' }));

    await expect(get('/api/blade-system/param/detail', { id: '1', empty: '', none: undefined })).resolves.toEqual({ id: '1' });
    const call = http.calls[0]!;
    expect(call.headers.Authorization).toBe('Basic c2FiZXI6c2VjcmV0');
    expect(call.headers['Blade-Auth']).toBe('bearer access-1');
    expect([...call.query]).toEqual([['id', '1']]);
  });

  it('posts JSON bodies with query parameters', async () => {
    const { post } = await load();
    const http = mockFetch(() => ok({}));
    await post('/api/x/submit', { a: 1 }, { ids: '1,2' });
    expect(http.calls[0]).toMatchObject({ method: 'POST', body: { a: 1 } });
    expect(http.calls[0]!.query.get('ids')).toBe('1,2');
    expect(http.calls[0]!.headers['Blade-Auth']).toBeUndefined();
  });

  it('shows msg, then error_description, then 未知错误, and rejects with the code', async () => {
    const { get, ApiError } = await load();
    mockFetch((c) =>
      c.path === '/a'
        ? fail(400, '当前用户 [x] 已存在!')
        : c.path === '/b'
          ? { status: 400, body: { error_code: 400, error_description: '验证码不正确' } }
          : { status: 500, body: { code: 500 } },
    );
    await expect(get('/a')).rejects.toMatchObject({ code: 400, message: '当前用户 [x] 已存在!' });
    await expect(get('/b')).rejects.toBeInstanceOf(ApiError);
    await expect(get('/c')).rejects.toMatchObject({ code: 500 });
    expect(feedback.error.mock.calls.map((c) => c[0])).toEqual(['当前用户 [x] 已存在!', '验证码不正确', '未知错误']);
  });

  it('adds the request id (请求编号) to the message of a server error, not to a refusal', async () => {
    const { get } = await load();
    mockFetch((c) =>
      c.path === '/boom'
        ? { ...fail(500, '服务器异常'), headers: { 'x-request-id': '3f2a9c1e-77aa-4bd0-9e51-0c4d2b7e8a10' } }
        : { ...fail(400, '请输入参数名称'), headers: { 'x-request-id': 'id-of-a-refusal' } },
    );
    await expect(get('/boom')).rejects.toMatchObject({ code: 500, message: '服务器异常（请求编号 3f2a9c1e-77aa-4bd0-9e51-0c4d2b7e8a10）' });
    await expect(get('/refused')).rejects.toMatchObject({ code: 400, message: '请输入参数名称' });
    expect(feedback.error.mock.calls.map((c) => c[0])).toEqual(['服务器异常（请求编号 3f2a9c1e-77aa-4bd0-9e51-0c4d2b7e8a10）', '请输入参数名称']);
  });

  it('takes the code from the body when present', async () => {
    const { get } = await load();
    mockFetch(() => ({ status: 200, body: { code: 400, success: false, data: null, msg: '请输入参数名称' } }));
    await expect(get('/a')).rejects.toMatchObject({ code: 400 });
    expect(feedback.error).toHaveBeenCalledWith('请输入参数名称');
  });

  it('does not show the message of a silent call', async () => {
    const { get } = await load();
    mockFetch(() => fail(400, 'x'));
    await expect(get('/a', undefined, { silent: true })).rejects.toMatchObject({ code: 400 });
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('rejects network failures with a message', async () => {
    const { get } = await load();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(get('/a')).rejects.toMatchObject({ code: 0 });
    expect(feedback.error).toHaveBeenCalledWith('网络异常，请检查网络连接');
  });

  it('refreshes the token once for concurrent 401s and retries each call once', async () => {
    const { get, saveTokens, getSession } = await load();
    saveTokens(tokenAnswer(1));
    let refreshes = 0;
    const http = mockFetch(async (c: Call) => {
      if (c.path === TOKEN) {
        refreshes++;
        await new Promise((r) => setTimeout(r, 10)); // both 401s arrive while the refresh runs
        return { body: tokenAnswer(2) };
      }
      return c.headers['Blade-Auth'] === 'bearer access-2' ? ok(c.path) : fail(401, '请求未授权');
    });

    await expect(Promise.all([get('/a'), get('/b')])).resolves.toEqual(['/a', '/b']);
    expect(refreshes).toBe(1);
    const refresh = http.callsTo(TOKEN)[0]!;
    expect(refresh.method).toBe('POST');
    expect(Object.fromEntries(refresh.query)).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1', scope: 'all', tenantId: '000000' });
    expect(refresh.headers['Tenant-Id']).toBe('000000');
    expect(refresh.headers.Authorization).toBe('Basic c2FiZXI6c2VjcmV0');
    expect(http.callsTo('/a')).toHaveLength(2);
    expect(getSession()?.accessToken).toBe('access-2');
    expect(feedback.alert).not.toHaveBeenCalled();
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('shows the session-expired dialog once when the refresh fails, and confirming ends the session', async () => {
    const { get, saveTokens, getSession } = await load();
    saveTokens(tokenAnswer(1));
    const http = mockFetch((c) =>
      c.path === TOKEN ? { status: 400, body: { error_code: 400, error: 'invalid_grant', error_description: '令牌已失效' } } : fail(401, '请求未授权'),
    );

    const results = await Promise.allSettled([get('/a'), get('/b'), get('/c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(http.callsTo(TOKEN)).toHaveLength(1);
    expect(feedback.alert).toHaveBeenCalledTimes(1);
    expect(feedback.alert.mock.calls[0]![0]).toMatchObject({ title: '提示', content: '登录过期，请重新登录' });
    expect(feedback.error).not.toHaveBeenCalled();

    // A later failure while the dialog is open neither refreshes again nor opens another dialog.
    await get('/d').catch(() => undefined);
    expect(http.callsTo(TOKEN)).toHaveLength(1);
    expect(feedback.alert).toHaveBeenCalledTimes(1);

    feedback.alert.mock.calls[0]![0].onOk();
    expect(getSession()).toBeNull();
  });

  it('treats a 401 of the token call as an ordinary error', async () => {
    const { request } = await load();
    mockFetch(() => ({ status: 401, body: { error_code: 401, error: 'invalid_client', error_description: '客户端认证失败' } }));
    await expect(request(TOKEN, { method: 'POST', raw: true, noRefresh: true })).rejects.toMatchObject({ code: 401 });
    expect(feedback.error).toHaveBeenCalledWith('客户端认证失败');
    expect(feedback.alert).not.toHaveBeenCalled();
  });

  it('resolves raw answers as they are', async () => {
    const { get } = await load();
    mockFetch(() => ({ body: { key: 'k', image: 'data:image/png;base64,xx' } }));
    await expect(get('/api/blade-auth/oauth/captcha', undefined, { raw: true })).resolves.toEqual({ key: 'k', image: 'data:image/png;base64,xx' });
  });
});
