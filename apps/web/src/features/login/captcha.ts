import { get } from '../../app/api';

/** GET /api/blade-auth/oauth/captcha (not wrapped in the envelope): `image` is a data URL. */
export interface Captcha {
  key: string;
  image: string;
}

export function fetchCaptcha(): Promise<Captcha> {
  return get<Captcha>('/api/blade-auth/oauth/captcha', undefined, { raw: true, anonymous: true, noRefresh: true });
}
