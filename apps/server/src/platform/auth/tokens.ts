/**
 * Access and refresh tokens: HS256 JWTs whose claims are those of the token answer (API.md). The key is the
 * configured JWT_SECRET or a random key generated on first start into the data directory.
 */
import crypto from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { Database } from '../db/index.ts';
import { unauthorized } from '../http/errors.ts';
import { readOrCreateSecret } from '../secrets.ts';
import { revokedTokens } from './schema.ts';
import type { AuthUser } from './user.ts';

export type TokenClaims = Record<string, unknown> & { jti?: string };

/** access and refresh tokens; a `ticket` is a short-lived single-use proof handed between two calls (get-token, guest registration). */
export type TokenType = 'access' | 'refresh' | 'ticket';

/** The signing key, imported once (jose would otherwise import raw bytes again on every verification). */
export function loadSigningKey(secret: string | undefined, dataDir: string): KeyObject {
  return crypto.createSecretKey(Buffer.from(secret ?? readOrCreateSecret(dataDir, 'jwt-signing.key'), 'utf8'));
}

const split = (v: unknown) => (typeof v === 'string' && v ? v.split(',') : []);

export class TokenService {
  /** jti → when the database last said it is not revoked. */
  private notRevoked = new Map<string, number>();
  /** Token → its claims once the signature checked out: the signature is the costly part of every request. */
  private verified = new Map<string, JWTPayload>();

  /**
   * `recheckMs`: how long a "not revoked" answer for a token id is reused before asking the database again.
   * Logout on this instance takes effect at once; on other instances within this time (config.tokenRecheckMs).
   */
  constructor(
    private readonly key: KeyObject,
    private readonly database: Database,
    private readonly recheckMs = 5_000,
  ) {}

  async sign(claims: TokenClaims, seconds: number, type: TokenType): Promise<{ token: string; jti: string }> {
    const jti = crypto.randomUUID().replace(/-/g, '');
    const token = await new SignJWT({ ...claims, token_type: type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .sign(this.key);
    return { token, jti };
  }

  /**
   * The claims of a token whose signature checked out before and whose id the database said is not revoked less than
   * `recheckMs` ago — what `verify` answers then, without a promise; undefined when `verify` has to run (first use,
   * a recheck due, or a refusal to give).
   */
  verifiedBefore(token: string, type: TokenType): (TokenClaims & { exp: number; jti: string }) | undefined {
    const payload = this.verified.get(token);
    if (!payload?.jti || !payload.exp || payload.token_type !== type || payload.exp * 1000 <= Date.now()) return undefined;
    const checked = this.notRevoked.get(payload.jti);
    if (checked === undefined || Date.now() - checked >= this.recheckMs) return undefined;
    return payload as TokenClaims & { exp: number; jti: string };
  }

  /** Verifies signature, expiry, type and revocation; answers the claims. */
  async verify(token: string, type: TokenType): Promise<TokenClaims & { exp: number; jti: string }> {
    let payload = this.verified.get(token);
    if (payload) {
      // Checked before: only the expiry can have changed.
      if (!payload.exp || payload.exp * 1000 <= Date.now()) throw unauthorized();
    } else {
      try {
        ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] }));
      } catch (e) {
        if (e instanceof joseErrors.JOSEError) throw unauthorized();
        throw e;
      }
      if (this.verified.size > 10_000) this.verified.clear();
      this.verified.set(token, payload);
    }
    if (payload.token_type !== type || !payload.jti || !payload.exp) throw unauthorized();
    if (await this.isRevoked(payload.jti)) throw unauthorized();
    return payload as TokenClaims & { exp: number; jti: string };
  }

  private async isRevoked(jti: string): Promise<boolean> {
    const checked = this.notRevoked.get(jti);
    if (checked !== undefined && Date.now() - checked < this.recheckMs) return false;
    const revoked = await this.database.db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti)).limit(1);
    if (revoked.length) return true;
    if (this.notRevoked.size > 50_000) this.notRevoked.clear();
    this.notRevoked.set(jti, Date.now());
    return false;
  }

  async revoke(jti: string, exp: number) {
    this.notRevoked.delete(jti);
    const expiresAt = new Date(exp * 1000).toISOString().replace('T', ' ').slice(0, 19);
    await this.database.db
      .insert(revokedTokens)
      .values({ jti, expiresAt: sql`${expiresAt}::timestamptz AT TIME ZONE current_setting('TimeZone')` as unknown as string })
      .onConflictDoNothing();
    await this.database.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now() - interval '1 day'`));
  }

  /** The caller of an access token. */
  static userOf(claims: TokenClaims & { exp: number; jti: string }): AuthUser {
    return {
      tenantId: String(claims.tenant_id ?? ''),
      userId: String(claims.user_id ?? ''),
      account: String(claims.account ?? ''),
      userName: String(claims.user_name ?? ''),
      realName: String(claims.real_name ?? ''),
      deptIds: split(claims.dept_id),
      roleIds: split(claims.role_id),
      postIds: split(claims.post_id),
      roleAliases: split(claims.role_name),
      clientId: String(claims.client_id ?? ''),
      jti: claims.jti,
      exp: claims.exp,
      ...(typeof claims.refresh_jti === 'string' ? { refresh: { jti: claims.refresh_jti, exp: Number(claims.refresh_exp) } } : {}),
      ...(claims.must_change_password === true ? { mustChangePassword: true } : {}),
      ...(typeof claims.view_as_by === 'string'
        ? { viewAs: { userId: claims.view_as_by, account: String(claims.view_as_by_account ?? ''), name: String(claims.view_as_by_name ?? '') } }
        : {}),
    };
  }
}
