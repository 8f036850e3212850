import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, tokenAnswer } from '../../test/http';

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'c2FiZXI6c2VjcmV0', switchMode: true };
});

describe('SwitchDialog (用户信息选择)', () => {
  it("offers only the user's own departments and roles, requires both, and 切换 refreshes the token with Dept-Id / Role-Id", async () => {
    vi.resetModules();
    await import('../i18n');
    const session = await import('../session');
    session.saveTokens({ ...tokenAnswer(), dept_id: '11,12', role_id: '21,22' });
    const http = mockFetch((c) => {
      if (c.path === '/api/blade-auth/oauth/user-info') return ok({ deptId: '11,12', roleId: '21,22' });
      if (c.path === '/api/blade-system/dept/select')
        return ok([
          { id: '11', deptName: '造价部' },
          { id: '12', deptName: '财务部' },
          { id: '13', deptName: '人事部' },
        ]);
      if (c.path === '/api/blade-system/role/select')
        return ok([
          { id: '21', roleName: '项目人员' },
          { id: '22', roleName: '普通员工' },
          { id: '23', roleName: '超级管理员' },
        ]);
      if (c.path === '/api/blade-auth/oauth/token') return { body: { ...tokenAnswer(2), dept_id: '12', role_id: '22' } };
      if (c.path === '/api/blade-system/menu/routes') return ok([]);
      if (c.path === '/api/blade-system/menu/buttons') return ok([]);
      return undefined;
    });
    const { SwitchDialog } = await import('./SwitchDialog');
    const { Providers } = await import('../providers');
    const { QueryClient } = await import('@tanstack/react-query');
    const onClose = vi.fn();
    render(
      <Providers client={new QueryClient()}>
        <SwitchDialog open onClose={onClose} />
      </Providers>,
    );
    expect(await screen.findByText('用户信息选择')).toBeTruthy();

    fireEvent.click(screen.getByTestId('switch-ok'));
    await screen.findByText('请选择部门');
    await screen.findByText('请选择角色');
    expect(http.callsTo('/api/blade-auth/oauth/token')).toHaveLength(0);

    await waitFor(() => expect(http.callsTo('/api/blade-system/role/select')).toHaveLength(1));
    fireEvent.mouseDown(screen.getByTestId('switch-dept').querySelector('.ant-select-selector') ?? screen.getByTestId('switch-dept'));
    await screen.findByText('财务部');
    expect(screen.queryByText('人事部')).toBeNull();
    fireEvent.click(screen.getByText('财务部'));
    fireEvent.mouseDown(screen.getByTestId('switch-role').querySelector('.ant-select-selector') ?? screen.getByTestId('switch-role'));
    await screen.findByText('普通员工');
    expect(screen.queryByText('超级管理员')).toBeNull();
    fireEvent.click(screen.getByText('普通员工'));
    fireEvent.click(screen.getByTestId('switch-ok'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [token] = http.callsTo('/api/blade-auth/oauth/token');
    expect(token!.query.get('grant_type')).toBe('refresh_token');
    expect(token!.headers).toMatchObject({ 'Dept-Id': '12', 'Role-Id': '22' });
    expect(session.getSession()).toMatchObject({ accessToken: 'access-2', user: { dept_id: '12', role_id: '22' } });
    expect(http.callsTo('/api/blade-system/menu/routes')).toHaveLength(1);
  });
});
