import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { md5 } from 'js-md5';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenAnswer } from '../../test/http';

async function load() {
  vi.resetModules();
  await import('../../app/i18n');
  return { ...(await import('./lock')), ...(await import('../../app/session')) };
}

beforeEach(() => localStorage.clear());

describe('lock screen store', () => {
  it('locks with a password (kept as its md5), survives a reload, unlocks only with that password', async () => {
    let m = await load();
    expect(m.isLocked()).toBe(false);
    expect(m.lockScreen('')).toBe(false);
    expect(m.isLocked()).toBe(false);
    expect(m.lockScreen('s3cret')).toBe(true);
    expect(m.isLocked()).toBe(true);
    expect(localStorage.getItem('saber-lockPasswd')).toBe(JSON.stringify(md5('s3cret')));
    expect(localStorage.getItem('saber-lockPasswd')).not.toContain('s3cret');

    m = await load(); // a reload
    expect(m.isLocked()).toBe(true);
    expect(m.unlockScreen('wrong')).toBe(false);
    expect(m.isLocked()).toBe(true);
    expect(m.unlockScreen('s3cret')).toBe(true);
    expect(m.isLocked()).toBe(false);
    expect(m.unlockScreen('s3cret')).toBe(false);
  });

  it('ending the session clears the lock', async () => {
    const m = await load();
    m.saveTokens(tokenAnswer());
    m.lockScreen('pw');
    m.endSession();
    expect(m.isLocked()).toBe(false);
  });
});

describe('routes while locked', () => {
  it('every route leads to /lock until the password is given; a wrong one keeps it locked', async () => {
    const m = await load();
    m.saveTokens(tokenAnswer());
    m.lockScreen('pw');
    const { router } = await import('../../app/router');
    const { Providers } = await import('../../app/providers');
    await router.navigate('/system/user');
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByTestId('lock-page', {}, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/lock');

    fireEvent.change(screen.getByTestId('unlock-password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('unlock'));
    await screen.findByText('解锁密码错误,请重新输入');
    expect(m.isLocked()).toBe(true);

    fireEvent.click(screen.getByTestId('unlock'));
    await screen.findByText('锁屏密码不能为空');

    fireEvent.change(screen.getByTestId('unlock-password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByTestId('unlock'));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/lock'));
    expect(m.isLocked()).toBe(false);
  });
});

describe('SetLockDialog', () => {
  it('refuses an empty password with 锁屏密码不能为空, then locks and goes to /lock', async () => {
    const m = await load();
    const { SetLockDialog } = await import('./SetLockDialog');
    const { Providers } = await import('../../app/providers');
    const onClose = vi.fn();
    const router = createMemoryRouter([
      { path: '/', element: <SetLockDialog open onClose={onClose} /> },
      { path: '/lock', element: <div data-testid="at-lock" /> },
    ]);
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    fireEvent.click(await screen.findByTestId('lock-confirm'));
    await screen.findByText('锁屏密码不能为空');
    expect(m.isLocked()).toBe(false);
    fireEvent.change(screen.getByTestId('lock-password'), { target: { value: 'abc123' } });
    fireEvent.click(screen.getByTestId('lock-confirm'));
    await screen.findByTestId('at-lock');
    expect(m.isLocked()).toBe(true);
    expect(onClose).toHaveBeenCalled();
  });
});
