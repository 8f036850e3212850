/**
 * 报表列表 over the API (S2 L409, BUSINESS.md WP8b Reports): the built-in report pages and saved statistics listed,
 * a report saved from a statistic the caller may see, opened and exported with the statistic's own figures, removed
 * by `remove?ids=`; bad input refused in Chinese with nothing written; another tenant's reports invisible and
 * untouchable; the menu and export codes checked on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { sheetOf } from '../../testing/excel.ts';
import { FORBIDDEN, ok, refused, users } from '../../testing/http.ts';

const API = '/api/blade-report/report/rest';
let t: TestApp;
const { get, post, login, loginAs } = users(() => t);
const reportCount = () => countRows(t.database, 'blade_report_file', `is_deleted = 0`);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'lihong', 'wufang', 'zhangwei');
  await loginAs('b', 'admin', '100001');
});
afterAll(() => t.close());

describe('报表列表', () => {
  it('lists the built-in report pages and the saved statistics of the demo company, paged', async () => {
    const page = ok(await get('admin', `${API}/list`, { current: '1', size: '10' })).body.data;
    const names = page.records.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['客户统计', '合同统计', '项目统计', '每月收款与开票']));
    expect(page.records.find((r: { name: string }) => r.name === '合同统计')).toMatchObject({ pagePath: '/contract/contractReport' });
    expect(page.total).toBe(6);
  });

  it('saves a report of a statistic, answers its figures as the statistics service does and exports them', async () => {
    ok(await post('lihong', `${API}/submit`, { name: '报销月报(财务)', statistic: 'applyExpenseCount', view: 'line' }));
    const id = ok(await get('lihong', `${API}/list`, { name: '报销月报(财务)' })).body.data.records[0].id as string;
    const data = ok(await get('lihong', `${API}/data`, { id })).body.data;
    const [direct] = ok(await get('lihong', '/api/business-module/statistics/home/statistics', { keys: 'applyExpenseCount' })).body.data;
    expect(data).toMatchObject({ name: '报销月报(财务)', view: 'line' });
    expect(data.chart).toEqual(direct);

    const r = await get('lihong', `${API}/export`, { id });
    expect(r.status).toBe(200);
    const rows = await sheetOf(r.res.rawPayload);
    expect(rows[0]).toEqual(['分类', ...direct.series.map((s: { name: string }) => s.name)]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(direct.categories);
    expect(rows.slice(1).map((row) => Number(row[1]))).toEqual(direct.series[0].data);

    ok(await post('lihong', `${API}/remove`, undefined, { ids: id }));
    expect((await get('lihong', `${API}/data`, { id })).status).toBe(404);
  });

  it('offers the statistics the caller may save, by title', async () => {
    const offered = ok(await get('zhangwei', `${API}/statistics`)).body.data as { key: string; title: string }[];
    expect(offered).toContainEqual({ key: 'projectStatus', title: '项目状态' });
    expect(offered.map((s) => s.key)).not.toContain('highestDegree');
  });

  it('opens a built-in report as its page', async () => {
    const page = ok(await get('admin', `${API}/list`, { current: '1', size: '10', name: '客户统计' })).body.data;
    const data = ok(await get('admin', `${API}/data`, { id: page.records[0].id })).body.data;
    expect(data).toMatchObject({ pagePath: '/marketing/customerReport', chart: null });
    refused(await get('admin', `${API}/export`, { id: page.records[0].id }), '报表页面请在页面中导出');
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const before = await reportCount();
    refused(await post('admin', `${API}/submit`, { statistic: 'applyExpenseCount' }), '请输入报表名称');
    refused(await post('admin', `${API}/submit`, { name: '无统计项' }), '请选择统计项');
    refused(await post('admin', `${API}/submit`, { name: '不存在', statistic: 'nope' }), '所选统计项不存在或无权查看');
    refused(await post('admin', `${API}/submit`, { name: '错误展示', statistic: 'applyExpenseCount', view: 'radar' }), '请选择展示方式');
    refused(await get('admin', `${API}/data`, { id: 'abc' }), '请求参数类型错误');
    expect(await reportCount()).toBe(before);
  });

  it('keeps a statistic to those holding its code: a project member cannot save the staff degrees', async () => {
    refused(await post('zhangwei', `${API}/submit`, { name: '越权', statistic: 'highestDegree' }), '所选统计项不存在或无权查看');
  });

  it('confines reports to the tenant', async () => {
    const page = ok(await get('admin', `${API}/list`, { current: '1', size: '1' })).body.data;
    const id = page.records[0].id as string;
    expect(ok(await get('b', `${API}/list`, {})).body.data.total).toBe(0);
    expect((await get('b', `${API}/detail`, { id })).status).toBe(404);
    expect((await get('b', `${API}/data`, { id })).status).toBe(404);
    await post('b', `${API}/remove`, undefined, { ids: id });
    expect((await get('admin', `${API}/detail`, { id })).status).toBe(200);
  });

  it('checks the menu and export codes on the server', async () => {
    const page = ok(await get('admin', `${API}/list`, { current: '1', size: '10', name: '每月收款与开票' })).body.data;
    const id = page.records[0].id as string;
    expect(await get('wufang', `${API}/list`, {})).toMatchObject(FORBIDDEN);
    expect(await get('wufang', `${API}/data`, { id })).toMatchObject(FORBIDDEN);
    expect(await get('wufang', `${API}/export`, { id })).toMatchObject(FORBIDDEN);
    expect(await post('wufang', `${API}/submit`, { name: 'x', statistic: 'deptPersonCount' })).toMatchObject(FORBIDDEN);
  });
});
