/** A fetch stand-in for tests: routes by path to handlers and records every call. */
import { vi } from 'vitest';

export interface Call {
  path: string;
  query: URLSearchParams;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** What a handler answers: status (200), body, response headers. */
export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (call: Call) => Answer | Promise<Answer>;

export function ok<T>(data: T) {
  return { status: 200, body: { code: 200, success: true, data, msg: '操作成功' } };
}

export function fail(code: number, msg: string) {
  return { status: code, body: { code, success: false, data: null, msg } };
}

/** Installs a fetch mock; `route(path)` may answer with a handler result or undefined for a 404. */
export function mockFetch(route: (call: Call) => ReturnType<Handler> | undefined) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      path: url.pathname,
      query: url.searchParams,
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const answer: Answer = (await route(call)) ?? fail(404, '404 Not Found');
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return { status: answer.status ?? 200, headers: new Headers(answer.headers), text: async () => text } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export const tokenAnswer = (n = 1) => ({
  access_token: `access-${n}`,
  token_type: 'bearer' as const,
  refresh_token: `refresh-${n}`,
  expires_in: 3600,
  scope: 'all',
  tenant_id: '000000',
  user_id: '1',
  dept_id: '1',
  post_id: '1',
  role_id: '1',
  oauth_id: '',
  account: 'admin',
  user_name: 'admin',
  nick_name: '管理员',
  real_name: '管理员',
  role_name: 'administrator',
  avatar: '',
  client_id: 'saber',
  detail: { type: 'web' },
  license: '',
  jti: `jti-${n}`,
});
