import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../app/i18n';
import { ViewAsBanner } from '../../../app/layout/ViewAsBanner';
import { Providers } from '../../../app/providers';
import { getSession, saveAccess, saveTokens, stashSession } from '../../../app/session';
import { mockFetch, ok, tokenAnswer, type Call } from '../../../test/http';
import ExplainPage from './ExplainPage';

const API = '/api/blade-system/access-explain';
const who = { user: { id: '5', account: 'zhangwei', name: '张伟' }, tenant: { id: '000000', name: '华建联' } };
const codeAnswer = {
  ...who,
  menu: { id: '2', code: 'notice', name: '通知公告', category: 1, path: '/desk/notice' },
  granted: false,
  inPackage: true,
  roles: [{ id: '30', name: '项目人员', grants: false, how: null, reason: '未授予' }],
  reason: '张伟的角色(项目人员)均未授予「通知公告」(notice)',
};
const recordAnswer = {
  ...who,
  kind: { kind: 'notice', label: '通知公告' },
  id: '77',
  exists: true,
  menuGranted: true,
  visible: true,
  scope: {
    decision: 'rules',
    reason: '其角色被授予的数据权限规则之一符合即可见',
    admin: false,
    rules: [{ id: '901', name: '通知本人可见', type: 2, typeLabel: '本人可见', column: null, value: null, granted: true, matches: true }],
    deciding: ['901'],
  },
  reason: '张伟可以看到这条通知公告记录;符合规则:通知本人可见',
};
const viewAsAnswer = { ...tokenAnswer(9), user_id: '5', account: 'zhangwei', real_name: '张伟', viewer: { userId: '1', account: 'admin', name: '管理员' } };

function routes(call: Call) {
  if (call.path === '/api/blade-system/menu/list')
    return ok([{ id: '1', name: '工作台', code: 'desk', category: 1, children: [{ id: '2', name: '通知公告', code: 'notice', category: 1 }] }]);
  if (call.path === '/api/blade-user/search/user')
    return ok({ records: [{ id: '5', realName: '张伟', displayName: '张伟' }], total: 1, size: 1, current: 1, pages: 1 });
  if (call.path === `${API}/kinds`) return ok([{ kind: 'notice', label: '通知公告' }]);
  if (call.path === `${API}/menu`) return ok(codeAnswer);
  if (call.path === `${API}/record`) return ok(recordAnswer);
  if (call.path === `${API}/view-as`) return ok(viewAsAnswer);
  if (call.path === `${API}/view-as/end`) return ok({});
  if (call.path === '/api/blade-system/menu/routes') return ok([]);
  if (call.path === '/api/blade-system/menu/buttons') return ok([]);
  return undefined;
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => {
  localStorage.clear();
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], ['access_explain', 'access_explain_view_as']);
});

describe('权限解释', () => {
  function renderPage() {
    const http = mockFetch(routes);
    render(
      <Providers client={client()}>
        <MemoryRouter initialEntries={['/authority/explain?userId=5']}>
          <ExplainPage />
        </MemoryRouter>
      </Providers>,
    );
    return http;
  }
  const userShown = () => waitFor(() => expect((screen.getByTestId('explain-user') as HTMLInputElement).value).toBe('张伟'));

  it('explains a menu or button code for the chosen user', async () => {
    const http = renderPage();
    await userShown();
    const code = screen.getByTestId('explain-code');
    fireEvent.mouseDown(code.querySelector('.ant-select-selector') ?? code);
    // Searched by name: the folders above a match open.
    fireEvent.change(code.querySelector('input')!, { target: { value: '通知' } });
    fireEvent.click(await screen.findByTitle('通知公告(notice)'));
    fireEvent.click(screen.getByTestId('explain-code-ask'));
    const codeBox = await screen.findByTestId('explain-code-answer');
    expect(within(codeBox).getByText(codeAnswer.reason)).toBeTruthy();
    expect(within(codeBox).getByText('项目人员')).toBeTruthy();
    const [asked] = http.callsTo(`${API}/menu`);
    expect([asked!.query.get('userId'), asked!.query.get('code')]).toEqual(['5', 'notice']);
  });

  it('explains a record: the rules and the one that decided', async () => {
    const http = renderPage();
    await userShown();
    fireEvent.click(screen.getByText('记录'));
    const kind = await screen.findByTestId('explain-kind');
    fireEvent.mouseDown(kind.querySelector('.ant-select-selector') ?? kind);
    fireEvent.click(await screen.findByTitle('通知公告'));
    fireEvent.change(screen.getByTestId('explain-record-id'), { target: { value: ' 77 ' } });
    fireEvent.click(screen.getByTestId('explain-record-ask'));
    const recordBox = await screen.findByTestId('explain-record-answer');
    expect(within(recordBox).getByText(recordAnswer.reason)).toBeTruthy();
    expect(within(recordBox).getByText('决定')).toBeTruthy();
    const [record] = http.callsTo(`${API}/record`);
    expect([record!.query.get('userId'), record!.query.get('kind'), record!.query.get('id')]).toEqual(['5', 'notice', '77']);
  });

  it('以此身份查看 replaces the session by the view’s, keeping the administrator’s aside', async () => {
    const http = renderPage();
    await userShown();
    fireEvent.click(screen.getByTestId('explain-view-as'));
    await waitFor(() => expect(getSession()?.user.viewer).toEqual(viewAsAnswer.viewer));
    expect(http.callsTo(`${API}/view-as`)[0]!.body).toEqual({ userId: '5' });
    expect(getSession()).toMatchObject({ accessToken: 'access-9', refreshToken: '' });
    expect(http.callsTo('/api/blade-system/menu/routes')).toHaveLength(1);
  });

  it('hides 以此身份查看 without its code', async () => {
    saveAccess([], ['access_explain']);
    mockFetch(routes);
    render(
      <Providers client={client()}>
        <MemoryRouter>
          <ExplainPage />
        </MemoryRouter>
      </Providers>,
    );
    await screen.findByTestId('explain-page');
    expect(screen.queryByTestId('explain-view-as')).toBeNull();
  });
});

describe('the view-as banner', () => {
  it('names the user viewed, and 退出 ends the view and brings the administrator back', async () => {
    const http = mockFetch(routes);
    stashSession();
    saveTokens({ ...viewAsAnswer, refresh_token: '' });
    render(
      <Providers client={client()}>
        <ViewAsBanner />
      </Providers>,
    );
    expect((await screen.findByTestId('view-as-banner')).textContent).toContain('正在以 张伟 的身份查看(只读)');
    fireEvent.click(screen.getByTestId('view-as-exit'));
    await waitFor(() => expect(screen.queryByTestId('view-as-banner')).toBeNull());
    expect(http.callsTo(`${API}/view-as/end`)).toHaveLength(1);
    expect(http.callsTo(`${API}/view-as/end`)[0]!.headers).toMatchObject({ 'Blade-Auth': 'bearer access-9' });
    expect(getSession()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1', user: { account: 'admin' } });
    expect(getSession()?.user.viewer).toBeUndefined();
  });

  it('is not shown in an ordinary session', () => {
    mockFetch(routes);
    render(
      <Providers client={client()}>
        <ViewAsBanner />
      </Providers>,
    );
    expect(screen.queryByTestId('view-as-banner')).toBeNull();
  });
});
