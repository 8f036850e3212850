import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../platform/auth/user.ts';
import { loadConfig } from '../../platform/config.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callsByToken, refusal } from '../../testing/http.ts';
import { HttpEnterpriseProvider, REGISTRY_MSG } from './enterprise.ts';

/**
 * The HTTP registry provider against a registry served by this test on 127.0.0.1 (no other network): the
 * application configured with ENTERPRISE_PROVIDER=http answers the enterprise calls from it.
 */

const KEY = 'test-key-123';
/** Credit code of the demo customer 南京地铁集团有限公司, read from the database before the calls. */
let metroCode = '';
const calls: { path: string; query: URLSearchParams; auth: string | undefined }[] = [];

const company = (i: number) => ({
  id: `R${i}`,
  name: `南京登记测试${i}有限公司`,
  creditCode: null,
  base: '江苏',
  city: '南京市',
  regLocation: `南京市玄武区珠江路${i}号`,
});

const registry = http.createServer((req, res) => {
  const url = new URL(req.url!, 'http://127.0.0.1');
  calls.push({ path: url.pathname, query: url.searchParams, auth: req.headers.authorization });
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.headers.authorization !== `Bearer ${KEY}`) return send(401, { error: 'unauthorized' });
  const name = url.searchParams.get('name') ?? '';
  if (name === '服务故障') return send(502, { error: 'bad gateway' });
  if (name === '乱码') {
    res.writeHead(200, { 'content-type': 'text/html' });
    return res.end('<html>维护中</html>');
  }
  if (name === '很慢') return; // never answers
  if (url.pathname === '/registry/search') {
    // 天眼查-like envelope: { error_code, result: { total, items } }
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('size'));
    const all =
      name === '南京地铁集团有限公司'
        ? [{ id: 'M1', name: '南京地铁集团有限公司', creditCode: metroCode }]
        : name.includes('登记测试')
          ? Array.from({ length: 23 }, (_, i) => company(i + 1))
          : [];
    return send(200, { error_code: 0, result: { total: all.length, items: all.slice((page - 1) * size, page * size) } });
  }
  if (url.pathname === '/registry/detail') {
    const id = url.searchParams.get('id');
    const code = url.searchParams.get('creditCode');
    if (id === 'M1' || (code && code === metroCode)) {
      return send(200, {
        data: {
          id: 'M1',
          name: '南京地铁集团有限公司',
          unifiedSocialCreditCode: metroCode,
          regionName: '江苏省/南京市',
          regLocation: '南京市玄武区中山路228号',
          phone: '025-84105000',
          legalPersonName: '佘才高',
          regCapital: '1000000万人民币',
          regStatus: '存续',
          estiblishTime: Date.UTC(1999, 1, 11),
          businessScope: '城市轨道交通建设',
        },
      });
    }
    return send(404, { error: 'not found' });
  }
  return send(404, { error: 'not found' });
});

let t: TestApp;
let admin: string;
let zhangwei: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  const { port } = registry.address() as AddressInfo;
  t = await createTestApp({ ENTERPRISE_PROVIDER: 'http', ENTERPRISE_API_URL: `http://127.0.0.1:${port}/registry/`, ENTERPRISE_API_KEY: KEY });
  admin = (await t.login()).access_token!;
  zhangwei = (await t.login('zhangwei', '123456')).access_token!;
  [{ code: metroCode }] = (await t.database.raw(
    `SELECT credit_code AS code FROM hjl_customer WHERE customer_name = '南京地铁集团有限公司' AND tenant_id = '000000'`,
  )) as [{ code: string }];
});
afterAll(async () => {
  await t?.close();
  registry.closeAllConnections();
  await new Promise((resolve) => registry.close(resolve));
});

const { get } = callsByToken(() => t);
const SEARCH = '/api/business/enterprise/company/search';
const DETAIL = '/api/business/enterprise/company/detail';

describe('enterprise information from a registry service (ENTERPRISE_PROVIDER=http)', () => {
  it('searches the registry by name with the key, pages, and maps its companies', async () => {
    calls.length = 0;
    const r = await get(admin, SEARCH, { searchName: '登记测试', current: '3', size: '10' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/registry/search');
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ name: '登记测试', page: '3', size: '10' });
    expect(calls[0]!.auth).toBe(`Bearer ${KEY}`);
    expect(r.body.data).toMatchObject({ total: 23, current: 3, size: 10 });
    expect(r.body.data.records).toEqual([
      { name: '南京登记测试21有限公司', creditCode: null, regionName: '江苏/南京市', address: '南京市玄武区珠江路21号', source: '企业信息服务' },
      { name: '南京登记测试22有限公司', creditCode: null, regionName: '江苏/南京市', address: '南京市玄武区珠江路22号', source: '企业信息服务' },
      { name: '南京登记测试23有限公司', creditCode: null, regionName: '江苏/南京市', address: '南京市玄武区珠江路23号', source: '企业信息服务' },
    ]);
    // The route's own checks still come first.
    expect(await get(admin, SEARCH, {})).toMatchObject(refusal('请输入企业名称'));
  });

  it('a detail by credit code asks the registry by code; by name it opens the exact match by its id; linked to our customer', async () => {
    calls.length = 0;
    const byCode = await get(admin, DETAIL, { searchName: metroCode });
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
    expect(calls.map((c) => `${c.path}?${c.query}`)).toEqual([`/registry/detail?creditCode=${metroCode}`]);
    const metro = (await get(admin, '/api/business/hjlCustomer/list', { customerName: '南京地铁集团有限公司' })).body.data.records[0];
    expect(byCode.body.data).toEqual({
      name: '南京地铁集团有限公司',
      creditCode: metroCode,
      regionName: '江苏省/南京市',
      address: '南京市玄武区中山路228号',
      source: '企业信息服务',
      contactPerson: metro.contactPerson,
      contactPhone: '025-84105000',
      customerId: metro.id,
      ownerName: '陈静',
      facts: [
        { label: '法定代表人', value: '佘才高' },
        { label: '注册资本', value: '1000000万人民币' },
        { label: '登记状态', value: '存续' },
        { label: '成立日期', value: '1999-02-11' },
        { label: '经营范围', value: '城市轨道交通建设' },
      ],
    });
    calls.length = 0;
    const byName = await get(admin, DETAIL, { searchName: '南京地铁集团有限公司' });
    expect(byName.body.data.name).toBe('南京地铁集团有限公司');
    expect(calls.map((c) => `${c.path}?${c.query.get('id') ?? c.query.get('name')}`)).toEqual(['/registry/search?南京地铁集团有限公司', '/registry/detail?M1']);
    // 张伟 may not see 陈静's customer: the registry's facts, without our record.
    expect((await get(zhangwei, DETAIL, { searchName: metroCode })).body.data).toMatchObject({
      name: '南京地铁集团有限公司',
      customerId: null,
      ownerName: null,
    });
    expect(await get(admin, DETAIL, { searchName: '登记里没有的公司' })).toMatchObject({ status: 404, body: { msg: '未找到该企业信息' } });
  });

  it('a registry that fails or answers something else is refused with 400 and a Chinese message', async () => {
    expect(await get(admin, SEARCH, { searchName: '服务故障' })).toMatchObject(refusal('企业信息服务调用失败(HTTP 502),请稍后重试'));
    expect(await get(admin, SEARCH, { searchName: '乱码' })).toMatchObject(refusal('企业信息服务返回的数据无法识别'));
    expect(await get(admin, DETAIL, { searchName: '服务故障' })).toMatchObject(refusal('企业信息服务调用失败(HTTP 502),请稍后重试'));
  });
});

describe('HttpEnterpriseProvider', () => {
  const user = { userId: '1', tenantId: '000000' } as AuthUser;
  const base = () => `http://127.0.0.1:${(registry.address() as AddressInfo).port}/registry`;

  it('gives up after its timeout (5 s by default) and says the service did not answer', async () => {
    const provider = new HttpEnterpriseProvider({ url: base(), apiKey: KEY, timeoutMs: 300 });
    const started = Date.now();
    await expect(provider.search(user, '很慢', 1, 10)).rejects.toMatchObject({ code: 400, message: REGISTRY_MSG.timeout });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('says so when the service cannot be reached or refuses the key', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(new HttpEnterpriseProvider({ url: `http://127.0.0.1:${port}` }).search(user, '南京', 1, 10)).rejects.toMatchObject({
      code: 400,
      message: REGISTRY_MSG.unreachable,
    });
    await expect(new HttpEnterpriseProvider({ url: base(), apiKey: 'wrong' }).search(user, '南京', 1, 10)).rejects.toMatchObject({
      code: 400,
      message: REGISTRY_MSG.status(401),
    });
  });
});

describe('configuration', () => {
  it('our own records by default; http needs an http(s) address; other providers are refused at start', () => {
    expect(loadConfig({}).enterprise).toEqual({ provider: 'local', apiUrl: undefined, apiKey: undefined });
    expect(loadConfig({ ENTERPRISE_PROVIDER: 'http', ENTERPRISE_API_URL: 'https://registry.example/api', ENTERPRISE_API_KEY: 'k' }).enterprise).toEqual({
      provider: 'http',
      apiUrl: 'https://registry.example/api',
      apiKey: 'k',
    });
    expect(() => loadConfig({ ENTERPRISE_PROVIDER: 'http' })).toThrow(/ENTERPRISE_API_URL/);
    expect(() => loadConfig({ ENTERPRISE_PROVIDER: 'http', ENTERPRISE_API_URL: 'ftp://registry.example' })).toThrow(/ENTERPRISE_API_URL/);
    expect(() => loadConfig({ ENTERPRISE_PROVIDER: 'qcc' })).toThrow(/ENTERPRISE_PROVIDER/);
  });
});
