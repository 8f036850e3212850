import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, waitFor } from '../../testing/db.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/api/test/boom', async () => {
      throw new Error('boom: secret internals');
    });
    app.post('/api/test/sql-boom', async () => {
      await t.database.raw('SELECT secret_column FROM no_such_table_xyz');
    });
  });
  admin = (await t.login()).access_token!;
});
afterAll(() => t.close());

/** The envelope of API.md: exactly {code, success, data, msg}, HTTP status = code, success = code 200. */
function expectEnvelope(r: { status: number; body: any }) {
  expect(Object.keys(r.body).sort()).toEqual(['code', 'data', 'msg', 'success']);
  expect(r.body.code).toBe(r.status);
  expect(r.body.success).toBe(r.status === 200);
  expect(typeof r.body.msg).toBe('string');
  if (r.status !== 200) expect(r.body.data).toBeNull();
}

/** Calls as admin, checks the envelope and that blade_param did not change. */
async function refusedWithoutWrites(opts: InjectOptions, status: number, msg: string | RegExp) {
  const before = await t.database.raw('SELECT id, param_value, update_time::text, is_deleted FROM blade_param ORDER BY id');
  const r = await t.call(admin, opts);
  expectEnvelope(r);
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  if (typeof msg === 'string') expect(r.body.msg).toBe(msg);
  else expect(r.body.msg).toMatch(msg);
  expect(await t.database.raw('SELECT id, param_value, update_time::text, is_deleted FROM blade_param ORDER BY id')).toEqual(before);
  return r;
}

const SUBMIT = '/api/blade-system/param/submit';
const LIST = '/api/blade-system/param/list';
const good = { paramName: '新参数', paramKey: 'new.key', paramValue: 'v' };

describe('envelope', () => {
  it('successes: {code:200, success:true, data, msg:"操作成功"}; writes answer data {}', async () => {
    const list = await t.call(admin, { method: 'GET', url: LIST });
    expectEnvelope(list);
    expect(list.body.msg).toBe('操作成功');
    expect(Object.keys(list.body.data).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    const write = await t.call(admin, { method: 'POST', url: SUBMIT, payload: { ...good, paramKey: 'envelope.key' } });
    expect(write.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    expect(write.res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('bad input answers 400 with a clear message and writes nothing', () => {
  it('malformed JSON', async () => {
    await refusedWithoutWrites(
      { method: 'POST', url: SUBMIT, headers: { 'content-type': 'application/json' }, payload: '{"paramName": "x",' },
      400,
      '请求体不是有效的JSON',
    );
    await refusedWithoutWrites(
      { method: 'POST', url: SUBMIT, headers: { 'content-type': 'application/json' }, payload: "{'paramName': 'x'}" },
      400,
      '请求体不是有效的JSON',
    );
  });

  it('a body that is not an object', async () => {
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, payload: [good] as never }, 400, '请求参数类型错误');
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, headers: { 'content-type': 'application/json' }, payload: '"text"' }, 400, '请求参数类型错误');
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, headers: { 'content-type': 'application/json' }, payload: '42' }, 400, '请求参数类型错误');
  });

  it('an unsupported media type', async () => {
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, headers: { 'content-type': 'application/xml' }, payload: '<param/>' }, 415, '不支持当前媒体类型');
  });

  it('missing required fields', async () => {
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, payload: {} }, 400, '请输入参数名称');
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, headers: { 'content-type': 'application/json' }, payload: '' }, 400, '请输入参数名称');
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, payload: { ...good, paramValue: ' ' } }, 400, '请输入参数键值');
  });

  it('wrong types', async () => {
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, payload: { ...good, paramName: { $ne: null } } }, 400, '参数名称必须是文本');
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, payload: { ...good, paramKey: ['a', 'b'] } }, 400, '参数键名必须是文本');
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, payload: { ...good, id: 'abc' } }, 400, 'id格式不正确');
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, payload: { ...good, id: '9223372036854775808' } }, 400, 'id格式不正确');
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, payload: { ...good, paramName: 'x'.repeat(256) } }, 400, '参数名称最多255个字符');
    await refusedWithoutWrites({ method: 'GET', url: '/api/blade-system/param/detail', query: { id: 'abc' } }, 400, '请求参数类型错误');
    await refusedWithoutWrites({ method: 'GET', url: '/api/blade-system/param/detail', query: { id: '9999999999999999999' } }, 400, '请求参数类型错误');
    await refusedWithoutWrites({ method: 'GET', url: '/api/blade-system/param/detail' }, 400, '缺少必要的请求参数: id');
    await refusedWithoutWrites({ method: 'GET', url: LIST, query: { current: 'abc' } }, 400, 'current必须是正整数');
    await refusedWithoutWrites({ method: 'GET', url: LIST, query: { size: '-1' } }, 400, 'size必须是正整数');
    await refusedWithoutWrites({ method: 'GET', url: LIST, query: { status: 'abc' } }, 400, '请求参数类型错误');
    await refusedWithoutWrites({ method: 'GET', url: LIST, query: { createTime_dategt: '2024-02-30' } }, 400, '查询条件createTime的日期格式不正确');
    await refusedWithoutWrites({ method: 'GET', url: '/api/blade-desk/notice/list', query: { category: '1 or 1=1' } }, 400, '请求参数类型错误');
  });

  it('injection attempts in sorts and filters', async () => {
    await refusedWithoutWrites({ method: 'GET', url: LIST, query: { descs: 'param_key;drop table blade_param' } }, 400, /^不支持按该字段排序: /);
    await refusedWithoutWrites({ method: 'GET', url: LIST, query: { ascs: 'param_key desc, (select 1)' } }, 400, /^不支持按该字段排序: /);
    await refusedWithoutWrites({ method: 'GET', url: LIST, query: { ascs: 'param_value' } }, 400, '不支持按该字段排序: param_value');
    // keys that are not declared filters are ignored (BUSINESS.md §1): the tenant's own rows, no other tenant's
    for (const query of [{ password_like: 'x' }, { tenantId_equal: '100001' }, { isDeleted_equal: '1' }] as Record<string, string>[]) {
      const r = await t.call(admin, { method: 'GET', url: LIST, query: { ...query, size: '1000' } });
      expect(r.status).toBe(200);
      expect(r.body.data.total).toBe((await t.call(admin, { method: 'GET', url: LIST, query: { size: '1000' } })).body.data.total);
    }
    await refusedWithoutWrites({ method: 'GET', url: LIST, query: { status_like: '1' } }, 400, '不支持的查询条件: status_like');
    await refusedWithoutWrites({ method: 'GET', url: LIST, query: { paramName_dategt: '2024-01-01' } }, 400, '不支持的查询条件: paramName_dategt');
    // a quote in a value is only data
    const quoted = await t.call(admin, { method: 'GET', url: LIST, query: { paramName: "' OR '1'='1" } });
    expect(quoted.status).toBe(200);
    expect(quoted.body.data.total).toBe(0);
    // LIKE wildcards in a value match themselves
    const wild = await t.call(admin, { method: 'GET', url: LIST, query: { paramKey: '%' } });
    expect(wild.body.data.total).toBe(0);
    expect(await countRows(t.database, 'blade_param')).toBeGreaterThan(0);
  });

  it('unknown plain query keys are ignored', async () => {
    const plain = await t.call(admin, { method: 'GET', url: LIST });
    const extra = await t.call(admin, { method: 'GET', url: LIST, query: { foo: 'bar', paramValue: 'x', password: 'y', param_key: 'z', _t: '1700000000000' } });
    expect(extra.status).toBe(200);
    expect(extra.body.data.total).toBe(plain.body.data.total);
  });

  it('remove: ids missing, empty, not ids, or beyond bigint', async () => {
    const remove = '/api/blade-system/param/remove';
    await refusedWithoutWrites({ method: 'POST', url: remove }, 400, '缺少必要的请求参数: ids');
    await refusedWithoutWrites({ method: 'POST', url: remove, query: { ids: '' } }, 400, '缺少必要的请求参数: ids');
    await refusedWithoutWrites({ method: 'POST', url: remove, query: { ids: 'abc' } }, 400, '请求参数类型错误');
    await refusedWithoutWrites({ method: 'POST', url: remove, query: { ids: '1,abc' } }, 400, '请求参数类型错误');
    await refusedWithoutWrites({ method: 'POST', url: remove, query: { ids: '1) OR (1=1' } }, 400, '请求参数类型错误');
    await refusedWithoutWrites({ method: 'POST', url: remove, query: { ids: '9999999999999999999' } }, 400, '请求参数类型错误');
    await refusedWithoutWrites({ method: 'POST', url: remove, query: { ids: '1' } }, 400, '数据不存在或已被删除');
  });

  it('update of a row that does not exist', async () => {
    await refusedWithoutWrites({ method: 'POST', url: SUBMIT, payload: { id: '123', paramValue: 'x' } }, 400, '数据不存在或已被删除');
  });
});

describe('unknown paths and methods', () => {
  it('404 for an unknown /api path', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/blade-system/nothing/submit'],
      ['GET', '/api/blade-system/param/list/extra'],
    ] as const) {
      const r = await t.call(admin, { method, url });
      expectEnvelope(r);
      expect(r.status, url).toBe(404);
    }
  });

  it('405 不支持当前请求方法 for a known path with another method', async () => {
    for (const [method, url] of [
      ['GET', SUBMIT],
      ['POST', LIST],
      ['DELETE', '/api/blade-system/param/remove'],
      ['PUT', '/api/blade-system/param/detail'],
    ] as const) {
      const r = await refusedWithoutWrites({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : good }, 405, '不支持当前请求方法');
      expect(r.status).toBe(405);
    }
    const withQuery = await t.call(admin, { method: 'GET', url: `${SUBMIT}?x=1` });
    expect(withQuery.status).toBe(405);
  });
});

describe('500', () => {
  it('answers 服务器异常 without stack or SQL, and records the error with its stack', async () => {
    const r = await t.call(admin, { method: 'GET', url: '/api/test/boom' });
    expect(r.body).toEqual({ code: 500, success: false, data: null, msg: '服务器异常' });
    expect(r.status).toBe(500);
    expect(r.res.body).not.toMatch(/boom|secret|at |\.ts/);
    const [row] = await waitFor(() => t.database.raw(`SELECT * FROM blade_log_error WHERE request_uri = '/api/test/boom'`));
    expect(row).toMatchObject({ method: 'GET', message: 'boom: secret internals', exception_name: 'Error', tenant_id: '000000', create_by: 'admin' });
    expect(String(row!.stack_trace)).toContain('boom: secret internals');
    expect(String(row!.stack_trace)).toMatch(/\n\s+at /);
    expect(String(row!.file_name)).toContain('errors.test.ts');
    expect(Number(row!.line_number)).toBeGreaterThan(0);
  });

  it('never shows SQL text of a failed statement', async () => {
    const r = await t.call(admin, { method: 'POST', url: '/api/test/sql-boom', payload: {} });
    expect(r.body).toEqual({ code: 500, success: false, data: null, msg: '服务器异常' });
    expect(r.res.body).not.toMatch(/no_such_table|secret_column|SELECT|relation/i);
    const [row] = await waitFor(() => t.database.raw(`SELECT message FROM blade_log_error WHERE request_uri = '/api/test/sql-boom'`));
    expect(String(row!.message)).toContain('no_such_table_xyz');
  });
});
