import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, tokenAnswer } from '../../test/http';

async function setup(switchMode: boolean) {
  window.__APP_CONFIG__ = { clientBasic: 'c2FiZXI6c2VjcmV0', switchMode };
  vi.resetModules();
  await import('../i18n');
  (await import('../session')).saveTokens(tokenAnswer());
  mockFetch((c) => (c.path === '/api/blade-desk/notification/unread-count' ? ok({ mail: 0, message: 0, notice: 0, total: 0 }) : undefined));
  const errorLog = await import('../../features/errorlog/errorLog');
  const { HeaderBar } = await import('./HeaderBar');
  const { Providers } = await import('../providers');
  const { QueryClient } = await import('@tanstack/react-query');
  const router = createMemoryRouter([{ path: '*', element: <HeaderBar collapsed={false} onToggle={() => {}} menus={[]} compact={false} /> }]);
  render(
    <Providers client={new QueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { errorLog, router };
}

describe('HeaderBar', () => {
  it('offers the department/role switch only in switch mode', async () => {
    await setup(false);
    fireEvent.click(screen.getByTestId('user-menu'));
    await screen.findByTestId('user-menu-profile');
    expect(screen.queryByTestId('user-menu-switch')).toBeNull();
  });

  it('in switch mode the user menu has 用户信息选择', async () => {
    await setup(true);
    fireEvent.click(screen.getByTestId('user-menu'));
    expect((await screen.findByTestId('user-menu-switch')).textContent).toBe('用户信息选择');
  });

  it('counts logged errors on the badge, capped at 99', async () => {
    const { errorLog } = await setup(false);
    const badge = () => screen.getByTestId('error-log-badge').querySelector('.ant-badge-count')?.getAttribute('title');
    expect(badge()).toBeUndefined();
    act(() => {
      for (let i = 0; i < 3; i++) errorLog.recordError(new Error(`e${i}`));
    });
    expect(badge()).toBe('3');
    act(() => {
      for (let i = 0; i < 120; i++) errorLog.recordError(new Error(`e${i}`));
    });
    expect(screen.getByTestId('error-log-badge').textContent).toContain('99+');
  });

  it('links the user manual PDF', async () => {
    await setup(false);
    expect(screen.getByTestId('manual-link').getAttribute('href')).toBe('/manual/user-manual.pdf');
  });
});
