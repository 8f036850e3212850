import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { sheetOf } from '../../testing/excel.ts';
import { multipart } from '../../testing/multipart.ts';

let t: TestApp;
let admin: string;
let b: string; // administrator of tenant 100001: has every code, but regions are the platform's

const API = '/api/blade-system/region';

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('行政区划数据');
  ws.addRow(['区划编号', '上级区划编号', '区划名称', '排序', '备注']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const download = (url: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}blade-auth=${encodeURIComponent(`bearer ${token}`)}` });
const upload = (content: Buffer, query: Record<string, string> = {}, token = admin) => {
  const { payload, headers } = multipart({}, [{ filename: '区划.xlsx', content }]);
  return t.call(token, { method: 'POST', url: `${API}/import-region`, query, payload, headers });
};
const regionsSnapshot = () =>
  t.database.raw(`SELECT id, code, name, parent_code, region_level, ancestors, city_name, is_deleted FROM blade_region ORDER BY id`);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  admin = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
});
afterAll(() => t.close());

describe('region export and template', () => {
  it('exports the filtered list with levels by their dictionary labels', async () => {
    const res = await download(`${API}/export-region?parentCode_equal=320000`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual(['区划编号', '上级区划编号', '区划名称', '排序', '备注', '区划层级']);
    expect(rows.length).toBe(1 + 13);
    expect(rows[1]!.slice(0, 3)).toEqual(['320100', '320000', '南京市']);
    expect(rows[1]![5]).toBe('地市');
  });

  it('the template marks required headers and leaves out the level', async () => {
    const rows = await sheetOf((await download(`${API}/export-template`)).rawPayload);
    expect(rows[0]).toEqual(['区划编号*', '上级区划编号', '区划名称*', '排序', '备注']);
  });
});

describe('region import', () => {
  it('a dry run reports every bad cell and saves nothing', async () => {
    const before = await regionsSnapshot();
    const r = await upload(
      await workbook([
        ['3205', '320500', '格式不对', null, null],
        ['320100', '320000', '南京', null, null],
        ['999901', '999900', '无上级', null, null],
        ['320508', '320500', null, null, null],
      ]),
      { dryRun: '1' },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.errors).toEqual([
      { row: 3, column: '区划编号', message: '区划编号已存在' },
      { row: 4, column: '上级区划编号', message: '上级区划不存在: 999900' },
      { row: 5, column: '区划名称', message: '请输入区划名称' },
    ]);
    expect(await regionsSnapshot()).toEqual(before);
  });

  it('a real import with an error saves nothing and says where', async () => {
    const before = await regionsSnapshot();
    const r = await upload(
      await workbook([
        ['320508', '320500', '姑苏区', 1, null],
        ['999901', '999900', '无上级', null, null],
      ]),
    );
    expect(r).toMatchObject({ status: 400, body: { msg: '导入失败,共1处错误,第3行「上级区划编号」: 上级区划不存在: 999900' } });
    expect(await regionsSnapshot()).toEqual(before);
  });

  it('imports regions under existing ones and under rows of the same sheet, in any order', async () => {
    const r = await upload(
      await workbook([
        ['32050801', '320508', '平江街道', 2, '子在父前'],
        ['320508', '320500', '姑苏区', 1, null],
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ total: 2, imported: 2, errors: [] });
    const [district] = await t.database.raw(
      `SELECT region_level, ancestors, city_name, district_name FROM blade_region WHERE code = '320508' AND is_deleted = 0`,
    );
    expect(district).toEqual({ region_level: 3, ancestors: '00,320000,320500', city_name: '苏州市', district_name: '姑苏区' });
    const [town] = await t.database.raw(
      `SELECT region_level, ancestors, district_name, town_name, remark FROM blade_region WHERE code = '32050801' AND is_deleted = 0`,
    );
    expect(town).toEqual({ region_level: 4, ancestors: '00,320000,320500,320508', district_name: '姑苏区', town_name: '平江街道', remark: '子在父前' });
    const tree = await t.call(admin, { method: 'GET', url: `${API}/lazy-tree`, query: { parentCode: '320508' } });
    expect(tree.body.data.map((n: { name: string }) => n.name)).toEqual(['平江街道']);
  });

  it('covers existing regions only when asked (renaming them), never moves them', async () => {
    const again = await workbook([['320508', '320500', '姑苏区(新)', null, null]]);
    expect((await upload(again)).body.msg).toBe('导入失败,共1处错误,第2行「区划编号」: 区划编号已存在');
    expect((await upload(again, { isCovered: '1' })).status).toBe(200);
    expect(await countRows(t.database, 'blade_region', "code = '320508' AND is_deleted = 0 AND name = '姑苏区(新)'")).toBe(1);
    const moved = await upload(await workbook([['320508', '320100', '姑苏区', null, null]]), { isCovered: '1' });
    expect(moved.body.msg).toBe('导入失败,共1处错误,第2行「上级区划编号」: 上级区划不可修改');
  });

  it('is the platform administrator’s: another tenant’s administrator is refused', async () => {
    const before = await regionsSnapshot();
    const r = await upload(await workbook([['320509', '320500', '吴中区', null, null]]), {}, b);
    expect(r).toMatchObject({ status: 403, body: { msg: '请求被拒绝' } });
    expect(await regionsSnapshot()).toEqual(before);
  });
});
