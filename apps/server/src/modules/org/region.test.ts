import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callsByToken, FORBIDDEN } from '../../testing/http.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { regions } from './schema.ts';

let t: TestApp;
let admin: string;
let project: string; // zhangwei: no region codes
let b: string; // administrator of tenant 100001 (has every code, but is not the platform administrator)

const API = '/api/blade-system/region';

const { get } = callsByToken(() => t, { prefix: `${API}/` });
const submit = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: `${API}/submit`, payload });
const remove = (token: string, id: string) => t.call(token, { method: 'POST', url: `${API}/remove`, query: { id } });
const rowOf = async (code: string) => (await t.database.db.select().from(regions).where(eq(regions.code, code)))[0];

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  admin = (await t.login()).access_token!;
  project = (await t.login('zhangwei', '123456')).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
});
afterAll(() => t.close());

describe('seeded regions', () => {
  it('hold the 34 provincial divisions, the cities of 江苏, 浙江, 广东 and the districts of 南京', async () => {
    expect(await countRows(t.database, 'blade_region', 'region_level = 1')).toBe(34);
    expect(await countRows(t.database, 'blade_region', `parent_code = '320000'`)).toBe(13);
    expect(await countRows(t.database, 'blade_region', `parent_code = '330000'`)).toBe(11);
    expect(await countRows(t.database, 'blade_region', `parent_code = '440000'`)).toBe(21);
    expect(await countRows(t.database, 'blade_region', `parent_code = '320100'`)).toBe(11);
    expect(await rowOf('320105')).toMatchObject({
      name: '建邺区',
      parentCode: '320100',
      ancestors: '00,320000,320100',
      regionLevel: 3,
      provinceCode: '320000',
      provinceName: '江苏省',
      cityCode: '320100',
      cityName: '南京市',
      districtCode: '320105',
      districtName: '建邺区',
      townCode: null,
    });
  });
});

describe('reading', () => {
  it('lazy-tree answers the provinces, then the children of parentCode, with hasChildren', async () => {
    const provinces = (await get(project, 'lazy-tree')).body.data;
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toMatchObject({
      code: '110000',
      title: '北京市',
      key: '110000',
      value: '110000',
      parentCode: '00',
      regionLevel: 1,
      hasChildren: false,
    });
    expect(provinces.find((p: { code: string }) => p.code === '320000')).toMatchObject({ name: '江苏省', hasChildren: true });
    const cities = (await get(project, 'lazy-tree', { parentCode: '320000' })).body.data;
    expect(cities.map((c: { name: string }) => c.name).slice(0, 3)).toEqual(['南京市', '无锡市', '徐州市']);
    expect(cities[0]).toMatchObject({ hasChildren: true });
    expect(cities[1]).toMatchObject({ hasChildren: false });
    expect((await get(project, 'lazy-tree', { parentCode: '999999' })).body.data).toEqual([]);
    expect((await get(project, 'lazy-tree', { parentCode: "1' OR 1=1" })).status).toBe(400);
  });

  it('detail answers by code with parentName', async () => {
    const res = await get(admin, 'detail', { code: '320100' });
    expect(res.body.data).toMatchObject({ code: '320100', name: '南京市', parentCode: '320000', parentName: '江苏省', regionLevel: 2 });
    expect((await get(admin, 'detail', { code: '110000' })).body.data.parentName).toBe('');
    expect((await get(admin, 'detail', { code: '999999' })).status).toBe(404);
    expect((await get(admin, 'detail')).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: code' });
  });

  it('list pages by code and filters by name, parentCode and level', async () => {
    const page = (await get(admin, 'list')).body.data;
    expect(page.total).toBe(34 + 13 + 11 + 21 + 11);
    expect(page.records[0]).toMatchObject({ code: '110000' });
    expect((await get(admin, 'list', { name: '苏州' })).body.data.records.map((r: { code: string }) => r.code)).toEqual(['320500']);
    expect((await get(admin, 'list', { parentCode_equal: '320100', size: '50' })).body.data.total).toBe(11);
    expect((await get(admin, 'list', { regionLevel: '3' })).body.data.total).toBe(11);
  });
});

describe('changes (platform administrator only)', () => {
  it('adds a town under a district, deriving level, ancestors and the level columns', async () => {
    const res = await submit(admin, { code: '320105001', parentCode: '320105', name: '沙洲街道', sort: 1 });
    expect(res.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    expect(await rowOf('320105001')).toMatchObject({
      regionLevel: 4,
      ancestors: '00,320000,320100,320105',
      provinceName: '江苏省',
      cityName: '南京市',
      districtName: '建邺区',
      townCode: '320105001',
      townName: '沙洲街道',
      villageCode: null,
      createUser: expect.any(String),
    });
    expect((await get(admin, 'lazy-tree', { parentCode: '320105' })).body.data.map((r: { name: string }) => r.name)).toEqual(['沙洲街道']);
  });

  it('adds a province without a parent', async () => {
    expect((await submit(admin, { code: '990000', name: '测试省' })).status).toBe(200);
    expect(await rowOf('990000')).toMatchObject({
      parentCode: '00',
      ancestors: '00',
      regionLevel: 1,
      provinceCode: '990000',
      provinceName: '测试省',
      cityCode: null,
    });
  });

  it('refuses a taken code, an unknown parent, a sixth level and bad input', async () => {
    const before = await countRows(t.database, 'blade_region');
    expect((await submit(admin, { code: '320100', name: '重复' })).body).toMatchObject({ code: 400, msg: '区划编号已存在' });
    expect((await submit(admin, { code: '880000', parentCode: '870000', name: 'x' })).body).toMatchObject({ code: 400, msg: '上级区划不存在' });
    expect((await submit(admin, { name: 'x' })).body).toMatchObject({ code: 400, msg: '请输入区划编号' });
    expect((await submit(admin, { code: '880000' })).body).toMatchObject({ code: 400, msg: '请输入区划名称' });
    expect((await submit(admin, { code: 'abc', name: 'x' })).body).toMatchObject({ code: 400, msg: '区划编号须为2到12位数字' });
    expect((await submit(admin, { code: '320105001001', parentCode: '320105001', name: '村' })).status).toBe(200);
    expect((await submit(admin, { code: '320105001002', parentCode: '320105001001', name: '第六级' })).body).toMatchObject({
      code: 400,
      msg: '行政区划最多5级',
    });
    expect(await countRows(t.database, 'blade_region')).toBe(before + 1);
  });

  it('edits name, sort and remark; the name reaches the level columns of the regions below', async () => {
    const town = (await rowOf('320105001'))!;
    expect((await submit(admin, { id: town.id, name: '沙洲街道办', sort: 3, remark: '改名' })).status).toBe(200);
    expect(await rowOf('320105001')).toMatchObject({ name: '沙洲街道办', townName: '沙洲街道办', sort: 3, remark: '改名' });
    expect(await rowOf('320105001001')).toMatchObject({ townName: '沙洲街道办', villageName: '村' });
    expect((await submit(admin, { id: town.id, code: '320105009' })).body).toMatchObject({ code: 400, msg: '区划编号不可修改' });
    expect((await submit(admin, { id: town.id, parentCode: '320106' })).body).toMatchObject({ code: 400, msg: '上级区划不可修改' });
    expect((await submit(admin, { id: '123', name: 'x' })).body).toMatchObject({ code: 400, msg: '数据不存在或已被删除' });
  });

  it('remove refuses a region with children (请先删除子节点!) and removes a leaf', async () => {
    const town = (await rowOf('320105001'))!;
    expect((await remove(admin, town.id)).body).toEqual({ code: 400, success: false, data: null, msg: '请先删除子节点!' });
    expect((await remove(admin, (await rowOf('320105001001'))!.id)).status).toBe(200);
    expect((await remove(admin, town.id)).status).toBe(200);
    expect((await get(admin, 'detail', { code: '320105001' })).status).toBe(404);
    expect((await get(admin, 'lazy-tree', { parentCode: '320105' })).body.data).toEqual([]);
    expect((await remove(admin, town.id)).body).toMatchObject({ code: 400, msg: '数据不存在或已被删除' });
    expect((await remove(admin, 'x')).body).toMatchObject({ code: 400, msg: '请求参数类型错误' });
  });

  it('BladeX: remove?id= takes the region code, and a region submitted appears in lazy-tree at once', async () => {
    // Read first, so that anything keeping the level would show it without the new region.
    expect((await get(admin, 'lazy-tree', { parentCode: '320106' })).body.data.map((r: { code: string }) => r.code)).not.toContain('320106088');
    expect((await submit(admin, { code: '320106088', name: '兼容测试街道', parentCode: '320106', sort: 1 })).status).toBe(200);
    const shown = (await get(admin, 'lazy-tree', { parentCode: '320106' })).body.data;
    expect(shown).toContainEqual(expect.objectContaining({ code: '320106088', key: '320106088', title: '兼容测试街道', hasChildren: false }));
    expect((await get(admin, 'lazy-tree', { parentCode: '320100' })).body.data).toContainEqual(expect.objectContaining({ code: '320106', hasChildren: true }));
    // The code (BladeX's key), not the row id.
    expect((await remove(admin, '320106088')).body).toMatchObject({ code: 200, success: true });
    expect(await rowOf('320106088')).toMatchObject({ isDeleted: 1 });
    expect((await get(admin, 'lazy-tree', { parentCode: '320106' })).body.data.map((r: { code: string }) => r.code)).not.toContain('320106088');
    expect((await remove(admin, '320106088')).body).toMatchObject({ code: 400, msg: '数据不存在或已被删除' });
    // A code with regions below is refused as by id.
    expect((await remove(admin, '320100')).body).toMatchObject({ code: 400, msg: '请先删除子节点!' });
  });

  it('a tenant administrator may read but not change regions', async () => {
    expect((await get(b, 'lazy-tree')).status).toBe(200);
    expect((await get(b, 'detail', { code: '320000' })).status).toBe(200);
    const before = await countRows(t.database, 'blade_region', 'is_deleted = 0');
    const nanjing = (await rowOf('320100'))!;
    expect(await submit(b, { code: '770000', name: 'x' })).toMatchObject(FORBIDDEN);
    expect(await submit(b, { id: nanjing.id, name: '改名' })).toMatchObject(FORBIDDEN);
    expect(await remove(b, (await rowOf('990000'))!.id)).toMatchObject(FORBIDDEN);
    expect(await countRows(t.database, 'blade_region', 'is_deleted = 0')).toBe(before);
    expect((await rowOf('320100'))!.name).toBe('南京市');
  });

  it('a user without region codes may use the lazy tree only', async () => {
    expect(await get(project, 'list')).toMatchObject(FORBIDDEN);
    expect(await get(project, 'detail', { code: '320000' })).toMatchObject(FORBIDDEN);
    expect(await submit(project, { code: '770000', name: 'x' })).toMatchObject(FORBIDDEN);
    expect(await remove(project, '1')).toMatchObject(FORBIDDEN);
    expect((await t.call(undefined, { method: 'GET', url: `${API}/lazy-tree` })).status).toBe(401);
  });
});
