import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { md5 } from 'js-md5';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { fail, mockFetch, ok, tokenAnswer, type Handler } from '../../test/http';
import { PasswordForm } from './PasswordForm';
import { avatarError } from './ProfilePage';

function setup(answer: () => ReturnType<Handler> = () => ok({})) {
  saveTokens(tokenAnswer());
  saveAccess([], []);
  const http = mockFetch((call) => (call.path === '/api/blade-user/update-password' ? answer() : undefined));
  render(
    <Providers client={new QueryClient()}>
      <PasswordForm />
    </Providers>,
  );
  return http;
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('password-submit'));
  });
};

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('PasswordForm', () => {
  it('asks for every field with the specs’ messages and sends nothing', async () => {
    const http = setup();
    await submit();
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    expect(screen.getByText('请确认密码')).toBeTruthy();
    expect(http.callsTo('/api/blade-user/update-password')).toHaveLength(0);
  });

  it('checks the new password rule and the confirmation', async () => {
    const http = setup();
    type('password-old', 'old-pass1');
    for (const bad of ['abc12', 'abcdefgh', '12345678', 'ABCDEF12', 'abc1234567890abcd']) {
      type('password-new', bad);
      await submit();
      expect(await screen.findByText('密码最少6位,最长16位,包括至少1个小写字母!'), bad).toBeTruthy();
    }
    type('password-new', 'abc123');
    type('password-confirm', 'abc124');
    await submit();
    expect(await screen.findByText('两次密码输入不一致')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('密码最少6位,最长16位,包括至少1个小写字母!')).toBeNull());
    expect(http.callsTo('/api/blade-user/update-password')).toHaveLength(0);
  });

  it('sends the old password as md5 and the new one as typed', async () => {
    const http = setup();
    type('password-old', 'old-pass1');
    type('password-new', 'huajian2024');
    type('password-confirm', 'huajian2024');
    await submit();
    await waitFor(() => expect(http.callsTo('/api/blade-user/update-password')).toHaveLength(1));
    expect(http.callsTo('/api/blade-user/update-password')[0]!.body).toEqual({
      oldPassword: md5('old-pass1'),
      newPassword: 'huajian2024',
      newPassword1: 'huajian2024',
    });
    expect(await screen.findByText('修改成功')).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    setup(() => fail(400, '原密码不正确!'));
    type('password-old', 'wrong1');
    type('password-new', 'huajian2024');
    type('password-confirm', 'huajian2024');
    await submit();
    expect(await screen.findByText('原密码不正确!')).toBeTruthy();
  });
});

describe('avatar rule', () => {
  it('accepts jpg and png up to 500kb', () => {
    expect(avatarError({ type: 'image/png', size: 500 * 1024 })).toBeUndefined();
    expect(avatarError({ type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(avatarError({ type: 'image/gif', size: 1000 })).toBe('上传头像图片只能是 JPG/PNG 格式!');
    expect(avatarError({ type: 'image/png', size: 500 * 1024 + 1 })).toBe('上传头像图片大小不能超过 500KB!');
  });
});
