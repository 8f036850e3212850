/**
 * Calling the API in tests: as a demo user by name (`users`) or with a token (`callsByToken`), checking the BladeX
 * envelope (`ok`, `dataOf`, `refused`, `refusal`) and acting on workflow tasks (`taskOf`, `approveAs`, `decide`).
 * A test file binds them to its app once: `const { tok, get, post, login } = users(() => t);` (the app is created
 * in beforeAll, so it is read when a call is made).
 */
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { multipart, type UploadFile } from './multipart.ts';

export type Reply = Awaited<ReturnType<TestApp['call']>>;
export type Query = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const WF = '/api/blade-workflow/process';

/** The seeded passwords (seed/data.ts, testing/db.ts createTenant): admin's is admin, everyone else's 123456. */
export const demoPassword = (account: string) => (account === 'admin' ? 'admin' : '123456');

/** The envelope of a refusal (API.md): for `toEqual` / `toMatchObject` on a whole reply. */
export const refusal = (msg: string, status = 400) => ({ status, body: { code: status, success: false, data: null, msg } });
/** A caller without the permission code of a route. */
export const FORBIDDEN = refusal('请求被拒绝', 403);

/** Asserts a success envelope (`code` 200) and answers the reply. */
export function ok<T extends { body: any }>(r: T): T {
  expect(r.body, JSON.stringify(r.body).slice(0, 400)).toMatchObject({ code: 200 });
  return r;
}

/** Awaits a call, asserts `code` 200 and answers its `data`. */
export async function dataOf(reply: Promise<{ body: any }> | { body: any }): Promise<any> {
  const r = await reply;
  expect(r.body.code, JSON.stringify(r.body).slice(0, 400)).toBe(200);
  return r.body.data;
}

/** Asserts a refusal: the HTTP status (400 unless said) and a message containing `msg`. */
export function refused(r: { status: number; body: any }, msg: string, status = 400): void {
  expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(status);
  expect(r.body.msg).toContain(msg);
}

/** Calls made on behalf of `Who` (a user's name or a token). */
export interface Calls<Who> {
  get(who: Who, url: string, query?: Query): Promise<Reply>;
  post(who: Who, url: string, payload?: unknown, query?: Query): Promise<Reply>;
  put(who: Who, url: string, payload?: unknown, query?: Query): Promise<Reply>;
  del(who: Who, url: string, query?: Query): Promise<Reply>;
  /** GET with `data` as the query, any other method with `data` as the body (`{}` when none). */
  call(who: Who, method: Method, url: string, data?: Record<string, unknown>, query?: Query): Promise<Reply>;
  /** A multipart POST (an upload) of `files` after `fields`. */
  upload(who: Who, url: string, files: UploadFile[], fields?: Record<string, string>, query?: Query): Promise<Reply>;
}

export interface CallOptions {
  /** Put before every url (e.g. a module's API root with its slash). */
  prefix?: string;
  /** What a POST or PUT without a payload sends: nothing unless said (some tests post `{}` as an empty form does). */
  blankPayload?: object;
}

function callsWith<Who>(app: () => TestApp, tokenOf: (who: Who) => string | undefined, options: CallOptions = {}): Calls<Who> {
  const { prefix = '', blankPayload } = options;
  const send = (who: Who, method: Method, url: string, payload: unknown, query: Query | undefined, headers?: Record<string, string>) =>
    app().call(tokenOf(who), { method, url: `${prefix}${url}`, query, payload: payload as object, headers });
  return {
    get: (who, url, query) => send(who, 'GET', url, undefined, query),
    post: (who, url, payload, query) => send(who, 'POST', url, payload ?? blankPayload, query),
    put: (who, url, payload, query) => send(who, 'PUT', url, payload ?? blankPayload, query),
    del: (who, url, query) => send(who, 'DELETE', url, undefined, query),
    call: (who, method, url, data, query) =>
      method === 'GET' ? send(who, method, url, undefined, (data as Query | undefined) ?? query) : send(who, method, url, data ?? {}, query),
    upload: (who, url, files, fields = {}, query) => {
      const mp = multipart(fields, files);
      return send(who, 'POST', url, mp.payload, query, mp.headers);
    },
  };
}

/** Calls with a token as the first argument: `get(admin, url, query)`. */
export function callsByToken(app: () => TestApp, options?: CallOptions): Calls<string | undefined> {
  return callsWith(app, (token: string | undefined) => token, options);
}

/** A row of `${WF}/todo`. */
export interface TodoRow {
  taskId: string;
  processInstanceId: string;
  taskName: string;
  [key: string]: any;
}

export interface ApproveOptions {
  /** More fields of the completeTask body (processFrom, assignee, …). */
  more?: Record<string, unknown>;
  /** The query of the to-do list the task is looked up in. */
  todo?: Query;
  /** Fail the test when the user has no task of the instance (default); when false, completeTask goes without one. */
  mustHold?: boolean;
}

/** The demo users of one test file: their tokens by name (`tok`) and calls as each of them. */
export interface Users extends Calls<string> {
  tok: Record<string, string>;
  /** The calls of one user: `as('lihong').get(url, query)`. */
  as(who: string): { [K in keyof Calls<string>]: Calls<string>[K] extends (who: string, ...rest: infer A) => infer R ? (...rest: A) => R : never };
  /** Logs the demo accounts of tenant 000000 in, in this order, each under its account name. */
  login(...accounts: string[]): Promise<void>;
  /** Logs `account` of `tenantId` in under `name` (e.g. `loginAs('b', 'admin', '100001')`). */
  loginAs(name: string, account: string, tenantId: string, password?: string): Promise<void>;
  /** The user's to-do row of an instance (the first 100 rows unless `todo` says otherwise). */
  taskOf(who: string, processInstanceId: string, todo?: Query): Promise<TodoRow | undefined>;
  /** The user completes their task of an instance: passes ('同意') or rejects ('不同意'), writing `variables`. */
  approveAs(who: string, processInstanceId: string, pass?: boolean, variables?: Record<string, unknown>, options?: ApproveOptions): Promise<Reply>;
}

/** Calls as users by name, `get('lihong', url, query)`, with the tokens `login` put in `tok`. */
export function users(app: () => TestApp, options?: CallOptions): Users {
  const tok: Record<string, string> = {};
  const calls = callsWith(app, (who: string) => tok[who], options);
  const taskOf: Users['taskOf'] = async (who, processInstanceId, todo = { size: '100' }) =>
    ((await calls.get(who, `${WF}/todo`, todo)).body.data.records as TodoRow[]).find((r) => r.processInstanceId === processInstanceId);
  const tokenOf = async (account: string, password: string, tenantId?: string) => {
    const answer = await app().login(account, password, tenantId);
    if (!answer.access_token) throw new Error(`login ${account} answered no token`);
    return answer.access_token;
  };
  return {
    ...calls,
    tok,
    as: (who) => ({
      get: (...a) => calls.get(who, ...a),
      post: (...a) => calls.post(who, ...a),
      put: (...a) => calls.put(who, ...a),
      del: (...a) => calls.del(who, ...a),
      call: (...a) => calls.call(who, ...a),
      upload: (...a) => calls.upload(who, ...a),
    }),
    async login(...accounts) {
      for (const a of accounts) tok[a] = await tokenOf(a, demoPassword(a));
    },
    async loginAs(name, account, tenantId, password = demoPassword(account)) {
      tok[name] = await tokenOf(account, password, tenantId);
    },
    taskOf,
    async approveAs(who, processInstanceId, pass = true, variables = {}, { more = {}, todo, mustHold = true } = {}) {
      const task = await taskOf(who, processInstanceId, todo);
      if (mustHold) expect(task, `${who} has a task of ${processInstanceId}`).toBeTruthy();
      return calls.call(who, 'POST', `${WF}/completeTask`, { taskId: task?.taskId, pass, comment: pass ? '同意' : '不同意', variables, ...more });
    },
  };
}

/**
 * Calls with one token unless another is given last: `get(url, query?, token?)`, `post(url, { query, payload }?,
 * token?)` (the workflow design tests, which act as the administrator almost always).
 */
export function callsAs(bound: () => { app: TestApp; token: string }) {
  return {
    get: (url: string, query: Query = {}, as = bound().token) => bound().app.call(as, { method: 'GET', url, query }),
    post: (url: string, opts: { query?: Query; payload?: Record<string, unknown> } = {}, as = bound().token) =>
      bound().app.call(as, { method: 'POST', url, ...opts }),
  };
}

/**
 * Acts on a process until it ends (or once, when rejecting): each open task is claimed and completed by the first
 * of `approvers` allowed to. Answers the number of tasks completed.
 */
export async function decide(t: TestApp, tok: Record<string, string>, processInstanceId: string, pass = true, approvers = ['sunlei', 'wangjianguo', 'admin']) {
  let done = 0;
  for (let round = 0; round < 8; round++) {
    const tasks = await t.database.raw(`SELECT id::text AS id FROM blade_wf_task WHERE proc_inst_id = $1 ORDER BY create_time`, [processInstanceId]);
    if (!tasks.length) return done;
    const taskId = String(tasks[0]!.id);
    let acted = false;
    for (const who of approvers) {
      await t.call(tok[who], { method: 'POST', url: `${WF}/claimTask`, query: { taskId } });
      const r = await t.call(tok[who], {
        method: 'POST',
        url: `${WF}/completeTask`,
        payload: { taskId, processInstanceId, pass, comment: pass ? '同意' : '不同意' },
      });
      if (r.status === 200) {
        acted = true;
        done++;
        break;
      }
    }
    expect(acted, `nobody of ${approvers.join(',')} could act on task ${taskId}`).toBe(true);
    if (!pass) return done;
  }
  return done;
}
