/** The login screen's calls: the captcha and the tenant bound to this address. Keys from app/queryKeys. */
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
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
