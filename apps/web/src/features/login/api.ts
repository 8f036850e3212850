/**
 * The login screen's calls: the captcha, the tenant bound to this address, a guest's registration and the first
 * login's password change. Keys from app/queryKeys.
 */
import { queryOptions } from '@tanstack/react-query';
import { md5 } from 'js-md5';
import { get, request } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

/** GET /api/blade-auth/oauth/captcha (not wrapped in the envelope): `image` is a data URL. */
export interface Captcha {
  key: string;
  image: string;
}

/** A new captcha for every opening of the screen (never cached). */
export const captchaQuery = () =>
  queryOptions({
    queryKey: queryKeys.account.captcha(),
    queryFn: () => get<Captcha>('/api/blade-auth/oauth/captcha', undefined, { raw: true, anonymous: true, noRefresh: true }),
    gcTime: 0,
    staleTime: Infinity,
  });

/** The tenant bound to a domain (tenant/info), if any. */
export const domainTenantQuery = (domain: string) =>
  queryOptions({
    queryKey: queryKeys.account.domainTenant(domain),
    queryFn: () => get<{ tenantId?: string }>('/api/blade-system/tenant/info', { domain }, { anonymous: true, silent: true }),
    staleTime: Infinity,
    retry: false,
  });

/** 账号注册: a guest registers (answered with the server's message: approval is awaited); the caller shows a refusal. */
export const registerGuest = (params: { tenantId: string; name: string; account: string; password: string; oauthId?: string | undefined }) =>
  request<{ msg?: string }>('/api/blade-user/register-guest', {
    method: 'POST',
    params: { ...params, password: md5(params.password) },
    raw: true,
    anonymous: true,
    noRefresh: true,
    silent: true,
  });

/** 修改初始密码 with the token of a first login (which may do only this). */
export const changeInitialPassword = (token: string | undefined, oldPassword: string, newPassword: string, newPassword1: string) =>
  request('/api/blade-user/update-password', {
    method: 'POST',
    params: { oldPassword: md5(oldPassword), newPassword, newPassword1 },
    headers: { 'Blade-Auth': `bearer ${token}` },
    anonymous: true,
    noRefresh: true,
  });
