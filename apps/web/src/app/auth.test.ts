import { md5 } from 'js-md5';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, tokenAnswer } from '../test/http';

vi.mock('./feedback', () => ({ feedback: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), alert: vi.fn(), confirm: vi.fn() }, bindFeedback: vi.fn() }));

async function load() {
  vi.resetModules();
  return { ...(await import('./auth')), ...(await import('./session')), ...(await import('./tabs')), ...(await import('./providers')) };
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'c2FiZXI6c2VjcmV0' };
});

describe('login', () => {
  it('posts the captcha grant with the md5 of the password, then loads menus and permission codes', async () => {
    const { login, getSession } = await load();
    const menus = [
      {
        id: '1',
        parentId: '0',
        code: 'system',
        name: '系统管理',
        path: '/system',
        children: [{ id: '2', parentId: '1', code: 'param', name: '参数管理', path: '/system/param' }],
      },
    ];
    const http = mockFetch((c) => {
      if (c.path === '/api/blade-auth/oauth/token') return { body: tokenAnswer() };
      if (c.path === '/api/blade-system/menu/routes') return ok(menus);
      if (c.path === '/api/blade-system/menu/buttons') return ok([{ code: 'param', children: [{ code: 'param_add' }, { code: 'param_delete' }] }]);
      return undefined;
    });

    await login({ tenantId: '000000', username: 'admin', password: 'Admin', captchaKey: 'k1', captchaCode: 'ab12' });

    const token = http.callsTo('/api/blade-auth/oauth/token')[0]!;
    expect(token.method).toBe('POST');
    expect(Object.fromEntries(token.query)).toEqual({
      tenantId: '000000',
      username: 'admin',
      password: md5('Admin'),
      grant_type: 'captcha',
      scope: 'all',
      type: 'account',
    });
    expect(token.query.get('password')).toMatch(/^[0-9a-f]{32}$/);
    expect(token.headers).toMatchObject({ 'Tenant-Id': '000000', 'Captcha-Key': 'k1', 'Captcha-Code': 'ab12', Authorization: 'Basic c2FiZXI6c2VjcmV0' });
    expect(token.headers['Blade-Auth']).toBeUndefined();

    const session = getSession()!;
    expect(session.accessToken).toBe('access-1');
    expect(session.user.real_name).toBe('管理员');
    expect(session.menus).toEqual(menus);
    expect([...session.permissions].sort()).toEqual(['param', 'param_add', 'param_delete']);
    expect(localStorage.getItem('saber-access-token')).toBe('"access-1"');
    expect(http.callsTo('/api/blade-system/menu/routes')[0]!.headers['Blade-Auth']).toBe('bearer access-1');
  });

  it('logout revokes the token, clears the session and the tabs', async () => {
    const { logout, saveTokens, saveAccess, getSession, visitTab, getTabs } = await load();
    saveTokens(tokenAnswer());
    saveAccess([], ['param_add']);
    visitTab('/system/param');
    const http = mockFetch(() => ({ body: { success: 'true', msg: 'success' } }));

    logout();
    expect(http.callsTo('/api/blade-auth/oauth/logout')).toHaveLength(1);
    expect(http.callsTo('/api/blade-auth/oauth/logout')[0]!.headers['Blade-Auth']).toBe('bearer access-1');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('saber-user-info')).toBeNull();
    expect(getTabs().tabs).toEqual(['/wel/index']);
  });

  it('forgets every cached answer when the session ends, so the next user of the browser never sees them', async () => {
    const { logout, saveTokens, queryClient } = await load();
    saveTokens(tokenAnswer());
    queryClient.setQueryData(['contract', 'list', { current: 1 }], { records: [{ id: '1', name: '张伟的合同' }] });
    mockFetch(() => ({ body: { success: 'true', msg: 'success' } }));

    logout();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('forgets cached answers when another browser tab signs out', async () => {
    const { saveTokens, queryClient, getSession } = await load();
    saveTokens(tokenAnswer());
    queryClient.setQueryData(['user', 'list'], { records: [{ id: '1' }] });

    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(getSession()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('logout ends the session at once when the server does not answer', async () => {
    const { logout, saveTokens, getSession } = await load();
    saveTokens(tokenAnswer());
    const http = mockFetch(() => new Promise(() => undefined));

    logout();
    expect(http.callsTo('/api/blade-auth/oauth/logout')).toHaveLength(1);
    expect(getSession()).toBeNull();
  });
});

describe('switching department and role', () => {
  it('drops what was cached under the old role, so the open pages ask again', async () => {
    const { switchDeptRole, saveTokens, queryClient } = await load();
    saveTokens({ ...tokenAnswer(), dept_id: '11,12', role_id: '21,22' });
    queryClient.setQueryData(['project', 'list'], { records: [{ id: '1' }] });
    const http = mockFetch((c) => {
      if (c.path === '/api/blade-auth/oauth/token') return { body: { ...tokenAnswer(2), dept_id: '12', role_id: '22' } };
      if (c.path === '/api/blade-system/menu/routes') return ok([]);
      if (c.path === '/api/blade-system/menu/buttons') return ok([]);
      return undefined;
    });

    await switchDeptRole('12', '22');
    expect(http.callsTo('/api/blade-auth/oauth/token')[0]!.headers['Role-Id']).toBe('22');
    expect(queryClient.getQueryData(['project', 'list'])).toBeUndefined();
  });
});

describe('token refresh timing', () => {
  it('refreshes within five minutes of expiry, or half the life of short tokens', async () => {
    const { tokenNeedsRefresh } = await load();
    const issued = 1_000_000;
    expect(tokenNeedsRefresh(issued, 3600, issued + 3000_000)).toBe(false);
    expect(tokenNeedsRefresh(issued, 3600, issued + 3300_000)).toBe(true);
    expect(tokenNeedsRefresh(issued, 60, issued + 29_000)).toBe(false);
    expect(tokenNeedsRefresh(issued, 60, issued + 30_000)).toBe(true);
    expect(tokenNeedsRefresh(0, 3600, issued)).toBe(false);
  });
});
