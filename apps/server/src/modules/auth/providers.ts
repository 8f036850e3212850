/**
 * Logins that another service vouches for (spec 2 section 7: "Login can be by username …, phone, social or SSO"):
 * the OAuth grants `social` (a third-party account: source, code, state), `authorization_code` (single sign-on:
 * code, redirect_uri) and `sms_code` (a phone number and the code texted to it). Each goes through a provider that
 * turns the grant's parameters into an identity; the token call then issues tokens as for a password login.
 *
 * None is configured by default: such a grant answers 400 with a clear Chinese message instead of pretending.
 * An installation wires its providers with `registerAuth(ctx, { providers })`.
 */

/** Who a provider says the caller is. */
export type ProviderIdentity =
  /** A user of the tenant, by id (SSO and phone logins know the user). */
  | { kind: 'user'; userId: string }
  /**
   * A third-party account (social login): bound to a user through blade_user_oauth, or, when unbound, a guest
   * who may register (register-guest with this oauthId) and wait for an administrator's approval.
   */
  | { kind: 'oauth'; source: string; uuid: string; name?: string; avatar?: string };

export interface LoginProvider {
  /** Resolves the grant's parameters (query and form body of the token call) for a tenant; throws LoginRefused. */
  resolve(tenantId: string, params: Record<string, string>): Promise<ProviderIdentity>;
}

export interface LoginProviders {
  social?: LoginProvider;
  /** Single sign-on (`grant_type=authorization_code`). */
  sso?: LoginProvider;
  /** Phone number and texted code (`grant_type=sms_code`). */
  phone?: LoginProvider;
}

/** A provider's refusal, answered as `invalid_grant` with this message. */
export class LoginRefused extends Error {}

/** The grant types served by providers, with the provider and the message when none is configured. */
export const PROVIDER_GRANTS = {
  social: { provider: 'social', missing: '未配置第三方登录服务,请使用账号密码登录' },
  authorization_code: { provider: 'sso', missing: '未配置单点登录服务,请使用账号密码登录' },
  sms_code: { provider: 'phone', missing: '未配置手机验证码登录服务,请使用账号密码登录' },
} as const satisfies Record<string, { provider: keyof LoginProviders; missing: string }>;

export type ProviderGrant = keyof typeof PROVIDER_GRANTS;
export const isProviderGrant = (grant: string): grant is ProviderGrant => Object.hasOwn(PROVIDER_GRANTS, grant);
