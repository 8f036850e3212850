/**
 * The one HTTP client of the app (API.md): headers, the `{code, success, data, msg}` envelope, error
 * messages, token refresh on 401 and the session-expired dialog.
 *
 * - Every call sends `Authorization: Basic <client>` and, when signed in, `Blade-Auth: bearer <token>`.
 * - A non-200 answer shows `msg`, else `error_description`, else 未知错误, and rejects with an ApiError; a server
 *   error (5xx) adds the answer's X-Request-Id (请求编号), by which its row in 错误日志 and the server log are found.
 * - A 401 refreshes the token once (concurrent 401s wait for the same refresh) and retries the call once;
 *   when that fails the dialog 登录过期，请重新登录 appears (once), and confirming it ends the session,
 *   which sends the user to /login.
 */
import type { R, TokenAnswer } from '@hjl/core';
import { clientBasic, settings } from './config';
import { feedback } from './feedback';
import { i18n } from './i18n';
import { endSession, getSession, saveTokens } from './session';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query string; empty values (undefined, null, '') are left out. */
  params?: Query;
  /** JSON body (or FormData for uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  /** The answer is not wrapped in the envelope (OAuth token, captcha, logout): resolve with it as is. */
  raw?: boolean;
  /** Do not send the user's token (the OAuth token and captcha calls). */
  anonymous?: boolean;
  /** A 401 is an ordinary error here: no refresh, no session-expired dialog (the token calls). */
  noRefresh?: boolean;
  /** Do not show the error message; the caller handles the rejection. */
  silent?: boolean;
  signal?: AbortSignal;
}

/** A failed call: `code` is the envelope's or the HTTP status (0 for network errors and timeouts). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const TOKEN_URL = '/api/blade-auth/oauth/token';

export function buildUrl(url: string, params?: Query): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

function errorText(body: unknown): string {
  if (body && typeof body === 'object') {
    const { msg, error_description: description } = body as { msg?: unknown; error_description?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (typeof description === 'string' && description) return description;
  }
  return i18n.t('api.unknownError');
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One fetch with the app's headers and the request timeout; resolves with the status and parsed body. */
async function send(url: string, opts: RequestOptions, token: string | undefined) {
  const headers: Record<string, string> = { ...opts.headers };
  const basic = clientBasic();
  if (basic) headers.Authorization = `Basic ${basic}`;
  if (token && !opts.anonymous) headers['Blade-Auth'] = `bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json;charset=UTF-8';
    body = JSON.stringify(opts.body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, settings.requestTimeoutMs);
  const onCallerAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort);
  try {
    const res = await fetch(buildUrl(url, opts.params), { method: opts.method ?? 'GET', headers, body, signal: controller.signal });
    return { status: res.status, body: await readBody(res), requestId: res.headers.get('x-request-id') ?? undefined };
  } catch (e) {
    if (opts.signal?.aborted) throw e; // cancelled by the caller (e.g. a query that is no longer needed)
    const text = i18n.t(timedOut ? 'api.timeout' : 'api.networkError');
    if (!opts.silent) feedback.error(text);
    throw new ApiError(0, text, e);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
}

let refreshing: Promise<void> | null = null;
let expiredDialogOpen = false;

/**
 * Exchanges the refresh token for new tokens. Concurrent callers share one call. Rejects (silently) when
 * there is no session or the server refuses.
 */
export function refreshSession(): Promise<void> {
  refreshing ??= (async () => {
    const session = getSession();
    if (!session?.refreshToken) throw new ApiError(401, i18n.t('api.sessionExpired'));
    const answer = await request<TokenAnswer>(TOKEN_URL, {
      method: 'POST',
      params: { grant_type: 'refresh_token', refresh_token: session.refreshToken, scope: 'all', tenantId: session.tenantId },
      headers: { 'Tenant-Id': session.tenantId },
      raw: true,
      anonymous: true,
      noRefresh: true,
      silent: true,
    });
    saveTokens(answer);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** After a 401 with `tokenUsed`: true when the call may be retried with a newer token. */
async function renewAfter401(tokenUsed: string | undefined): Promise<boolean> {
  const session = getSession();
  if (!session?.refreshToken || expiredDialogOpen) return false;
  if (tokenUsed !== session.accessToken) return true; // refreshed meanwhile (another call or browser tab)
  try {
    await refreshSession();
    return true;
  } catch {
    return false;
  }
}

/** The 登录过期 dialog: shown once however many calls fail; confirming ends the session (→ /login). */
export function showSessionExpired() {
  if (expiredDialogOpen || !getSession()) return;
  expiredDialogOpen = true;
  feedback.alert({
    title: i18n.t('common.tip'),
    content: i18n.t('api.sessionExpired'),
    okText: i18n.t('common.ok'),
    closable: false,
    keyboard: false,
    onOk: () => {
      expiredDialogOpen = false;
      endSession();
    },
  });
}

/**
 * Calls the API. Resolves with the envelope's `data` (or the whole answer with `raw`); rejects with an
 * ApiError after showing its message (unless `silent`).
 */
export async function request<T>(url: string, opts: RequestOptions = {}, isRetry = false): Promise<T> {
  const tokenUsed = getSession()?.accessToken;
  const { status, body, requestId } = await send(url, opts, tokenUsed);
  const envelope = body && typeof body === 'object' ? (body as Partial<R>) : undefined;
  const code = typeof envelope?.code === 'number' ? envelope.code : status;

  if (code === 401 && !opts.noRefresh) {
    if (!isRetry && (await renewAfter401(tokenUsed))) return request<T>(url, opts, true);
    showSessionExpired();
    throw new ApiError(401, errorText(body), body);
  }
  if (code !== 200) {
    const text = code >= 500 && requestId ? i18n.t('api.withRequestId', { msg: errorText(body), id: requestId }) : errorText(body);
    if (!opts.silent) feedback.error(text);
    throw new ApiError(code, text, body);
  }
  return (opts.raw ? body : envelope?.data) as T;
}

export function get<T>(url: string, params?: Query, opts?: Omit<RequestOptions, 'method' | 'params'>): Promise<T> {
  return request<T>(url, { ...opts, method: 'GET', params });
}

export function post<T>(url: string, body?: unknown, params?: Query, opts?: Omit<RequestOptions, 'method' | 'params' | 'body'>): Promise<T> {
  return request<T>(url, { ...opts, method: 'POST', body, params });
}
