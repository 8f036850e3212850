import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { sheetOf } from '../../testing/excel.ts';
import { expectEvery } from '../../testing/expect.ts';
import { FORBIDDEN, refusal } from '../../testing/http.ts';
import { multipart } from '../../testing/multipart.ts';
import { highlight, searchTerms, snippet } from './search.ts';

let t: TestApp;
let admin: string;
/** 张伟, project staff: reads the lookups, imports nothing. */
let zhangwei: string;
let otherAdmin: string;

const D = '/prod-api/database';
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token!;
  zhangwei = (await t.login('zhangwei', '123456')).access_token!;
  await createTenant(t.database, '200036');
  otherAdmin = (await t.login('admin', 'admin', '200036')).access_token!;
});
afterAll(() => t.close());

const get = async (token: string, url: string, query: Record<string, string> = {}) => {
  const r = await t.call(token, { method: 'GET', url, query });
  return r;
};
const data = async (token: string, url: string, query: Record<string, string> = {}) => {
  const r = await get(token, url, query);
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return r.body.data;
};
const expectPage = (p: any) => {
  expect(Object.keys(p)).toEqual(expect.arrayContaining(['records', 'total', 'size', 'current', 'pages']));
  expect(p.records.length).toBeGreaterThan(0);
};
type Node = { id: string; parentId: string; children?: Node[] };
const depth = (nodes: Node[]): number => (nodes.length ? 1 + Math.max(...nodes.map((n) => depth(n.children ?? []))) : 0);

describe('价格库', () => {
  it('pages the cost indices of 南京 2026Q3 by project type, with the details summing to the index', async () => {
    const all = await data(zhangwei, `${D}/projectpriceindex/indexPage`, { current: '1', size: '10' });
    expectPage(all);
    const nj = await data(zhangwei, `${D}/projectpriceindex/indexPage`, { regionName: '南京市', period: '2026Q3', size: '50' });
    expect(nj.total).toBe(10);
    expectEvery(nj.records, (r: any) => r.regionName === '南京市' && r.period === '2026Q3');
    const housing = await data(zhangwei, `${D}/projectpriceindex/indexPage`, { regionName: '南京市', period: '2026Q3', projectType: '1' });
    expect(housing.total).toBe(1);
    const index = housing.records[0];
    expect(index.indexName).toBe('南京市2026年第三季度住宅工程造价指标');
    const detail = await data(zhangwei, `${D}/projectpriceindex/${index.id}`);
    expect(detail.details.map((d: any) => d.itemName)).toEqual(['土建工程', '安装工程', '装饰工程', '室外配套工程']);
    const fen = (v: string) => BigInt(v.replace('.', ''));
    expect(detail.details.reduce((s: bigint, d: any) => s + fen(d.itemPrice), 0n)).toBe(fen(index.unitPrice));
    const details = await data(zhangwei, `${D}/projectpricedetail/indexPage`, { indexId: index.id });
    expect(details.total).toBe(4);
    // A year alone matches its quarters; a region code matches the regions under it.
    const year = await data(zhangwei, `${D}/projectpriceindex/indexPage`, { period: '2025', projectType: '1', regionCode: '320500' });
    expect(year.total).toBe(4);
  });

  it('draws an index over its periods in two regions side by side', async () => {
    const chart = await data(zhangwei, `${D}/projectpriceindex/trend`, { projectType: '5', regionNames: '南京市,苏州市' });
    expect(chart.title).toBe('医院造价指标走势(元/m²)');
    expect(chart.categories[0]).toBe('2024Q1');
    expect(chart.categories.at(-1)).toBe('2026Q3');
    expect(chart.series.map((s: any) => s.name).sort()).toEqual(['南京市', '苏州市']);
    expectEvery(chart.series, (s: any) => s.data.length === chart.categories.length && s.data.every((v: number) => v > 4000));
  });

  it('pages unit prices by category, and opens one', async () => {
    const labour = await data(zhangwei, `${D}/unitpriceindex/indexPage`, { category: '1', period: '2026Q3', size: '100' });
    expect(labour.total).toBe(10);
    expectEvery(labour.records, (r: any) => r.category === 1 && r.unit === '工日');
    const all = await data(zhangwei, `${D}/unitpriceindex/indexPage`, { size: '1' });
    expect(all.total).toBeGreaterThanOrEqual(300);
    const one = await data(zhangwei, `${D}/unitpriceindex/${labour.records[0].id}`);
    expect(one.itemName).toBe(labour.records[0].itemName);
    expect((await get(zhangwei, `${D}/unitpriceindex/123`)).status).toBe(404);
    expect(await get(zhangwei, `${D}/unitpriceindex/abc`)).toMatchObject(refusal('请求参数类型错误'));
    expect(await get(zhangwei, `${D}/projectpriceindex/indexPage`, { period: '2026年' })).toMatchObject(refusal('期次格式应为年份加季度,如2026Q3'));
  });
});

describe('人才库 and 专家库', () => {
  it('answers both trees two levels deep, the specialities of a category and the certificate pages', async () => {
    for (const [tree, speciality, pool] of [
      ['talentcategory', 'talentspeciality', 'talent'],
      ['expertTalentCategory', 'experttalentspeciality', 'expert'],
    ] as const) {
      const nodes: (Node & { categoryName: string })[] = await data(zhangwei, `${D}/${tree}/tree`);
      expect(depth(nodes)).toBe(2);
      const child = nodes[0]!.children![0]!;
      const list = await data(zhangwei, `${D}/${speciality}/list`, { expertTalentCategoryId: child.id });
      expect(list.length).toBeGreaterThan(0);
      expectEvery(list, (s: any) => s.categoryId === child.id);
      const everyOne = await data(zhangwei, `${D}/${speciality}/list`);
      expect(everyOne.length).toBeGreaterThan(list.length);
      const page = await data(zhangwei, `${D}/certificationinfo/index/${pool}/seniorPage`, { current: '1', size: '10' });
      expectPage(page);
      const narrowed = await data(zhangwei, `${D}/certificationinfo/index/${pool}/seniorPage`, { categoryId: child.id, size: '100' });
      expect(narrowed.total).toBeLessThan(page.total);
      expectEvery(narrowed.records, (c: any) => c.categoryId === child.id && !!c.certificateName);
      const bySpeciality = await data(zhangwei, `${D}/certificationinfo/index/${pool}/seniorPage`, { specialityId: list[0].id });
      expectEvery(bySpeciality.records, (c: any) => c.specialityId === list[0].id);
    }
    const expertNames = (await data(zhangwei, `${D}/expertTalentCategory/tree`)).map((n: any) => n.categoryName);
    expect(expertNames).toContain('评标专家');
    expect(expertNames).not.toContain('造价咨询');
  });

  it('the dict item page answers 20 items of a dictType', async () => {
    const p = await data(zhangwei, '/prod-api/admin/dict/item/page', { current: '1', size: '20', dictType: 'db_project_type' });
    expect(p.records).toHaveLength(20);
    expect(p.total).toBe(22);
    expect(p.pages).toBe(2);
    expect(p.records[0]).toMatchObject({ dictType: 'db_project_type', itemValue: '1', label: '住宅' });
    const second = await data(zhangwei, '/prod-api/admin/dict/item/page', { current: '2', size: '20', dictType: 'db_project_type' });
    expect(second.records).toHaveLength(2);
    expect(await get(zhangwei, '/prod-api/admin/dict/item/page', { current: '1', size: '20' })).toMatchObject(refusal('缺少必要的请求参数: dictType'));
  });
});

describe('材料库, 知识库, 企业库', () => {
  it('material tree, children, details and price history', async () => {
    const tree = await data(zhangwei, `${D}/materialcategory/tree`);
    expect(depth(tree)).toBe(2);
    const roots = await data(zhangwei, `${D}/materialcategory/children`, { parentId: '0' });
    expect(roots.map((r: any) => r.id)).toEqual(tree.map((n: any) => n.id));
    expectEvery(roots, (r: any) => r.hasChildren === true);
    const steel = tree[0].children[0];
    const materials = await data(zhangwei, `${D}/materialinfo/page`, { categoryId: steel.id });
    expectPage(materials);
    expectEvery(materials.records, (m: any) => m.categoryId === steel.id);
    const detail = await data(zhangwei, `${D}/materialinfo/${materials.records[0].id}`);
    expect(detail.categoryName).toBe(steel.categoryName);
    const history = await data(zhangwei, `${D}/materialprice/historyPage`, { materialId: detail.id, regionName: '苏州市', size: '50' });
    expect(history.total).toBe(12);
    expect(history.records[0].priceMonth).toBe('2026-09');
    expectEvery(history.records, (h: any) => h.materialId === detail.id && h.regionName === '苏州市');
  });

  it('knowledge: tree, tags, a ranked full-text search with the matches marked, and the detail', async () => {
    expect(depth(await data(zhangwei, `${D}/knowledgecategory/tree`))).toBe(2);
    const top = await data(zhangwei, `${D}/knowledgetag/top`, { limit: '5' });
    expect(top).toHaveLength(5);
    expect(top[0]).toEqual({ tagName: '清单计价', articleCount: expect.any(Number) });
    const tags = await data(zhangwei, `${D}/knowledgetag/list`);
    expect(tags.length).toBeGreaterThan(top.length);
    const all = await data(zhangwei, `${D}/knowledgeinfo/page`, { size: '1' });
    expect(all.total).toBe(100);
    const byTag = await data(zhangwei, `${D}/knowledgeinfo/page`, { tag: '签证变更', size: '100' });
    expect(byTag.total).toBe(15);
    expectEvery(byTag.records, (a: any) => a.tagList.includes('签证变更'));
    const found = await data(zhangwei, `${D}/knowledgeinfo/page`, { keyword: '现场签证', size: '20' });
    expect(found.total).toBeGreaterThan(0);
    // Articles titled with the words come before those that only mention them.
    expect(found.records[0].titleHighlight).toContain('<em>现场签证</em>');
    expect(found.records[0].score).toBeGreaterThanOrEqual(found.records.at(-1).score);
    expectEvery(found.records, (a: any) => a.snippet.includes('<em>') || a.titleHighlight.includes('<em>'));
    const both = await data(zhangwei, `${D}/knowledgeinfo/page`, { keyword: '钢筋 锚固' });
    expectEvery(both.records, (a: any) => a.titleHighlight.includes('钢筋') || a.snippet.includes('锚固'));
    const none = await data(zhangwei, `${D}/knowledgeinfo/page`, { keyword: '没有这种说法' });
    expect(none).toMatchObject({ records: [], total: 0 });
    const detail = await data(zhangwei, `${D}/knowledgeinfo/${found.records[0].id}`, { keyword: '签证' });
    expect(detail.content).toContain('签证');
    expect(detail.contentHighlight).toContain('<em>签证</em>');
    expect(detail.categoryName).toBeTruthy();
  });

  it('enterprise tree and qualifications, a category answering those under it', async () => {
    const tree = await data(zhangwei, `${D}/enterprisecategory/tree`);
    expect(depth(tree)).toBe(2);
    const all = await data(zhangwei, `${D}/enterpriseauthentication/page`, { size: '200' });
    expect(new Set(all.records.map((r: any) => r.enterpriseName)).size).toBe(50);
    const consulting = tree.find((n: any) => n.categoryName === '工程咨询');
    const under = await data(zhangwei, `${D}/enterpriseauthentication/page`, { categoryId: consulting.id, size: '200' });
    const childIds = consulting.children.map((c: any) => c.id);
    expect(under.total).toBeLessThan(all.total);
    expectEvery(under.records, (r: any) => childIds.includes(r.categoryId));
    const leaf = await data(zhangwei, `${D}/enterpriseauthentication/page`, { categoryId: childIds[0], size: '200' });
    expectEvery(leaf.records, (r: any) => r.categoryId === childIds[0]);
  });
});

describe('read-only, per tenant', () => {
  async function workbook(head: string[], rows: (string | number | null)[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('数据');
    ws.addRow(head);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const upload = async (token: string, table: string, content: Buffer, query: Record<string, string> = {}) => {
    const { payload, headers } = multipart({}, [{ filename: '数据.xlsx', content }]);
    return t.call(token, { method: 'POST', url: `/api/business/lookup/${table}/import`, query, payload, headers });
  };

  it('every lookup call is a GET; users may not import, and a caller without the menu is refused', async () => {
    const lookups = t.app.routeTable.filter((r) => r.url.startsWith('/prod-api/'));
    expect(lookups.length).toBeGreaterThanOrEqual(25);
    expectEvery(lookups, (r) => r.method === 'GET');
    const content = await workbook(['分类名称'], [['不该导入']]);
    expect(await upload(zhangwei, 'db_knowledge_category', content)).toMatchObject(FORBIDDEN);
    expect(await get(zhangwei, '/api/business/lookup/db_knowledge_category/import-template')).toMatchObject(FORBIDDEN);
    expect(await countRows(t.database, 'db_knowledge_category', `category_name = '不该导入'`)).toBe(0);
    for (const url of [`${D}/talentcategory/tree`, `${D}/projectpriceindex/indexPage`, '/prod-api/admin/dict/item/page']) {
      expect((await t.call(undefined, { method: 'GET', url })).status).toBe(401);
    }
    expect((await t.call(undefined, { method: 'GET', url: '/prod-api/database/nothing' })).status).toBe(404);
  });

  it("another tenant's rows are invisible, and the import's dry run lists every bad cell and saves nothing", async () => {
    const template = await get(otherAdmin, '/api/business/lookup/db_knowledge_category/import-template');
    expect(template.status).toBe(200);
    expect((await sheetOf(template.res.rawPayload))[0]).toEqual(['上级分类', '分类名称*', '排序']);
    const bad = await workbook(
      ['上级分类', '分类名称', '排序'],
      [
        ['没有的分类', '子分类', 1],
        [null, null, 'x'],
        [null, '他租户分类', 2],
      ],
    );
    const dry = await upload(otherAdmin, 'db_knowledge_category', bad, { dryRun: '1' });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ total: 3, imported: 0 });
    expect(dry.body.data.errors).toEqual([
      { row: 2, column: '上级分类', message: '上级分类不存在: 没有的分类' },
      { row: 3, column: '分类名称', message: '请输入分类名称' },
      { row: 3, column: '排序', message: expect.any(String) },
    ]);
    const refused = await upload(otherAdmin, 'db_knowledge_category', bad);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('导入失败,共3处错误,第2行「上级分类」: 上级分类不存在: 没有的分类');
    expect(await countRows(t.database, 'db_knowledge_category', `tenant_id = '200036'`)).toBe(0);

    // A good file: a root and a child naming it above, saved in the importing tenant only.
    const good = await workbook(
      ['上级分类', '分类名称', '排序'],
      [
        [null, '他租户分类', 1],
        ['他租户分类', '他租户子分类', 1],
      ],
    );
    const done = await upload(otherAdmin, 'db_knowledge_category', good);
    expect(done.body.data).toMatchObject({ total: 2, imported: 2, errors: [] });
    const theirs = await data(otherAdmin, `${D}/knowledgecategory/tree`);
    expect(theirs).toHaveLength(1);
    expect(theirs[0].children.map((c: any) => c.categoryName)).toEqual(['他租户子分类']);
    expect(JSON.stringify(await data(admin, `${D}/knowledgecategory/tree`))).not.toContain('他租户');
    // The other tenant sees none of the demo company's samples.
    expect((await data(otherAdmin, `${D}/projectpriceindex/indexPage`)).total).toBe(0);
    const ours = await data(admin, `${D}/projectpriceindex/indexPage`, { size: '1' });
    expect((await get(otherAdmin, `${D}/projectpriceindex/${ours.records[0].id}`)).status).toBe(404);
    // Only the lookup tables have an import.
    expect((await get(otherAdmin, '/api/business/lookup/hjl_customer/import-template')).status).toBe(404);
  });

  it('imports price indices with their details, named by the index', async () => {
    const head = ['指标名称', '地区编码', '地区', '期次', '工程类型', '结构类型', '造价指标(元/m²)'];
    const sheet = await workbook(head, [['测试市2026年第三季度住宅工程造价指标', '320100', '测试市', '2026Q3', '住宅', '剪力墙结构', '2800.50']]);
    // Another tenant has no 工程类型 dictionary: nothing it names is one.
    const other = await upload(otherAdmin, 'db_project_price_index', sheet, { dryRun: '1' });
    expect(other.body.data.errors).toEqual([{ row: 2, column: '工程类型', message: expect.stringMatching(/^工程类型只能是/) }]);
    const saved = await upload(admin, 'db_project_price_index', sheet);
    expect(saved.body.data, saved.body.msg).toMatchObject({ imported: 1 });
    const details = await workbook(
      ['所属指标', '费用组成', '指标(元/m²)', '占比(%)'],
      [
        ['测试市2026年第三季度住宅工程造价指标', '土建工程', '1800.50', '64.29'],
        ['不存在的指标', '安装工程', '1000', '35.71'],
      ],
    );
    const dry = await upload(admin, 'db_project_price_detail', details, { dryRun: '1' });
    expect(dry.body.data.errors).toEqual([{ row: 3, column: '所属指标', message: '所属指标不存在: 不存在的指标' }]);
    const page = await data(zhangwei, `${D}/projectpriceindex/indexPage`, { regionName: '测试市' });
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ unitPrice: '2800.50', projectType: 1 });
    expect(await countRows(t.database, 'db_project_price_detail', `item_name = '安装工程' AND item_price = 1000`)).toBe(0);
  });
});

describe('search words and marks', () => {
  it('splits, escapes and marks', () => {
    expect(searchTerms(' 签证  变更,签证 ')).toEqual(['签证', '变更']);
    expect(highlight('<b>签证</b>变更', ['签证'])).toBe('&lt;b&gt;<em>签证</em>&lt;/b&gt;变更');
    expect(highlight('现场签证', ['签证', '现场签证'])).toBe('<em>现场签证</em>');
    expect(snippet(`${'甲'.repeat(200)}签证${'乙'.repeat(200)}`, ['签证'], 40)).toMatch(/^…甲+<em>签证<\/em>乙+…$/);
  });
});
