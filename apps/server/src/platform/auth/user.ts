import { forbidden } from '../http/errors.ts';

/** The caller, as carried by the access token. The tenant is the token's, never a header's. */
export interface AuthUser {
  tenantId: string;
  userId: string;
  account: string;
  userName: string;
  realName: string;
  /** Depts / roles / posts in effect (narrowed by switch mode at login). */
  deptIds: string[];
  roleIds: string[];
  postIds: string[];
  roleAliases: string[];
  clientId: string;
  jti: string;
  /** Expiry, seconds since epoch. */
  exp: number;
  /** The refresh token issued with this access token, revoked with it on logout. */
  refresh?: { jti: string; exp: number };
  /**
   * The password was generated for the user (a new tenant's administrator): until it is changed the token opens
   * only the calls that change it (route.ts, `PASSWORD_CHANGE_ROUTES`).
   */
  mustChangePassword?: boolean;
  /**
   * A session of 以此身份查看: an administrator (this one) sees the product as the user the token names. Read-only:
   * the router refuses every write of it (route.ts, `VIEW_AS_READ_ONLY`).
   */
  viewAs?: { userId: string; account: string; name: string };
}

export const ADMIN_ROLE_ALIAS = 'administrator';
export const PLATFORM_TENANT_ID = '000000';

export const isAdministrator = (u: AuthUser) => u.roleAliases.includes(ADMIN_ROLE_ALIAS);
/** Administrator of the platform tenant: may change platform-wide data (menus, tenants, clients ...). */
export const isPlatformAdmin = (u: AuthUser) => isAdministrator(u) && u.tenantId === PLATFORM_TENANT_ID;

/**
 * The caller, or — for the platform administrator naming another tenant — the caller acting in that tenant.
 * Anyone else naming another tenant is refused.
 */
export function actingIn(user: AuthUser, tenantId: string | undefined): AuthUser {
  if (!tenantId || tenantId === user.tenantId) return user;
  if (!isPlatformAdmin(user)) throw forbidden();
  return { ...user, tenantId };
}
