/**
 * Who answers the lookup calls (/prod-api/…, BUSINESS.md §3 WP8a (b)): a LookupProvider. The default answers
 * from the tenant's own lookup tables (each route's `local` answer); LOOKUP_PROVIDER=http hands every call to a
 * remote service speaking the same /prod-api calls (a pig/ruoyi data service, as the specs' front end was built
 * against), the way enterprise information may come from a registry (customer/enterprise.ts). Another service
 * plugs in by implementing the interface and handing it to registerLookup.
 */
import type { AuthUser } from '../../platform/auth/user.ts';
import type { LookupConfig } from '../../platform/config.ts';
import { fail } from '../../platform/http/errors.ts';

/** One lookup call as a route received it. */
export interface LookupCall {
  /** The path called, below the server (`/prod-api/database/projectpriceindex/123`). */
  path: string;
  /** Its query, validated. */
  query: Record<string, unknown>;
  /** The answer from the tenant's own tables. */
  local: () => Promise<unknown>;
}

export interface LookupProvider {
  /** The `data` of the answer to `call`, for the caller's tenant. */
  answer(user: AuthUser, call: LookupCall): Promise<unknown>;
}

/** The default: the tenant's own tables (tenant-scoped by the repositories each route reads through). */
export const localLookups: LookupProvider = { answer: (_user, call) => call.local() };

export const LOOKUP_TIMEOUT_MS = 5000;

export const LOOKUP_SERVICE_MSG = {
  timeout: '数据库服务响应超时,请稍后重试',
  unreachable: '无法连接数据库服务,请稍后重试',
  status: (status: number) => `数据库服务调用失败(HTTP ${status}),请稍后重试`,
  notFound: '数据不存在',
  unreadable: '数据库服务返回的数据无法识别',
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A remote service answering the same calls (LOOKUP_PROVIDER=http): `GET <LOOKUP_API_URL><path>?<query>` with
 * the path as called (`/prod-api/database/…`), `Authorization: Bearer <LOOKUP_API_KEY>` when a key is set and the
 * caller's tenant as `TENANT-ID` (the header pig services read). The answer's `data` is answered (an answer without
 * an envelope as it is); a 404 is 数据不存在, any other failure, an unreadable answer or more than five seconds a 400
 * saying so, never a 500.
 */
export class HttpLookups implements LookupProvider {
  private readonly base: string;

  constructor(
    url: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs = LOOKUP_TIMEOUT_MS,
  ) {
    this.base = url.replace(/\/+$/, '');
  }

  async answer(user: AuthUser, call: LookupCall): Promise<unknown> {
    const query = new URLSearchParams(
      Object.entries(call.query)
        .filter(([, v]) => v !== undefined && v !== null && v !== '')
        .map(([k, v]): [string, string] => [k, String(v)]),
    );
    let status: number;
    let text: string;
    try {
      const res = await fetch(`${this.base}${call.path}${query.size ? `?${query}` : ''}`, {
        headers: { accept: 'application/json', 'tenant-id': user.tenantId, ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}) },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (e) {
      throw fail((e as Error).name === 'TimeoutError' ? LOOKUP_SERVICE_MSG.timeout : LOOKUP_SERVICE_MSG.unreachable);
    }
    if (status === 404) throw fail(LOOKUP_SERVICE_MSG.notFound);
    if (status < 200 || status >= 300) throw fail(LOOKUP_SERVICE_MSG.status(status));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw fail(LOOKUP_SERVICE_MSG.unreadable);
    }
    // pig answers { code: 0, msg, data }, BladeX { code: 200, success, data, msg }.
    if (isObject(body) && 'data' in body && 'code' in body) {
      if (body.code !== 0 && body.code !== 200) throw fail(typeof body.msg === 'string' && body.msg ? body.msg : LOOKUP_SERVICE_MSG.unreadable);
      return body.data;
    }
    return body;
  }
}

/** The provider the configuration names (app.ts). */
export function lookupProvider(config: LookupConfig): LookupProvider {
  return config.provider === 'http' ? new HttpLookups(config.apiUrl, config.apiKey) : localLookups;
}
