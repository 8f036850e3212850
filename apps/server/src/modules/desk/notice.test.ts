import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { refusal } from '../../testing/http.ts';
import { countRows } from '../../testing/db.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token!;
});
afterAll(() => t.close());

const API = '/api/blade-desk/notice';
const list = (query: Record<string, string> = {}) => t.call(admin, { method: 'GET', url: `${API}/list`, query });
/** The release days of a page (releaseTime is a date-time, `yyyy-MM-dd HH:mm:ss`, as in BladeX). */
const dates = async (query: Record<string, string> = {}) =>
  (await list(query)).body.data.records.map((r: { releaseTime: string }) => r.releaseTime.slice(0, 10));

/** Seeded notices (seed/data.ts), newest first. */
const SEEDED = ['2026-11-18', '2026-11-10', '2026-11-03', '2026-10-27', '2026-10-15', '2026-09-25'];

describe('GET /api/blade-desk/notice/list', () => {
  it('answers a page of the seeded notices, newest first by default', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ total: 6, size: 10, current: 1, pages: 1 });
    expect(r.body.data.records.map((n: { releaseTime: string }) => n.releaseTime)).toEqual(SEEDED.map((d) => `${d} 00:00:00`));
    const first = r.body.data.records[0];
    expect(first).toMatchObject({
      title: '关于2026年度项目质量检查工作的通知',
      category: 1,
      releaseTime: '2026-11-18 00:00:00',
      tenantId: '000000',
      isDeleted: 0,
      status: 1,
    });
    expect(first.id).toMatch(/^\d+$/);
    expect(first.createUser).toMatch(/^\d+$/);
    expect(first.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(typeof first.content).toBe('string');
  });

  it('pages', async () => {
    const r = await list({ size: '4', current: '2' });
    expect(r.body.data).toMatchObject({ total: 6, size: 4, current: 2, pages: 2 });
    expect(r.body.data.records.map((n: { releaseTime: string }) => n.releaseTime.slice(0, 10))).toEqual(SEEDED.slice(4));
    const beyond = await list({ size: '4', current: '9' });
    expect(beyond.body.data).toMatchObject({ records: [], total: 6, current: 9 });
  });

  it('filters: title LIKE, category =, and date ranges on releaseTime', async () => {
    expect((await list({ title: '通知' })).body.data.total).toBe(4);
    expect((await list({ title: '差旅' })).body.data.records.map((n: { title: string }) => n.title)).toEqual(['关于调整差旅费报销标准的决定']);
    expect((await list({ title_notlike: '通知' })).body.data.total).toBe(2);
    expect(await dates({ category: '1' })).toEqual(['2026-11-18', '2026-10-15', '2026-09-25']);
    expect(await dates({ category_equal: '5' })).toEqual(['2026-11-03']);
    expect(await dates({ category_notequal: '1' })).toEqual(['2026-11-10', '2026-11-03', '2026-10-27']);
    expect(await dates({ releaseTime_dategt: '2026-11-01' })).toEqual(['2026-11-18', '2026-11-10', '2026-11-03']);
    expect(await dates({ releaseTime_datelt: '2026-10-20' })).toEqual(['2026-10-15', '2026-09-25']);
    expect(await dates({ releaseTime_dategt: '2026-10-01 00:00:00', releaseTime_datelt: '2026-11-05 00:00:00' })).toEqual([
      '2026-11-03',
      '2026-10-27',
      '2026-10-15',
    ]);
    expect(await dates({ releaseTime_dateequal: '2026-11-10' })).toEqual(['2026-11-10']);
    expect(await dates({ releaseTime: '2026-10-27' })).toEqual(['2026-10-27']);
    expect(await dates({ category: '1', title: '安全' })).toEqual(['2026-10-15']);
    expect(await dates({ category: '1', title_ignore: '安全' })).toEqual(['2026-11-18', '2026-10-15', '2026-09-25']);
    expect((await list({ title_null: '' })).body.data.total).toBe(0);
    expect((await list({ title_notnull: '' })).body.data.total).toBe(6);
  });

  it('the total follows the filters', async () => {
    const r = await list({ category: '1', size: '1' });
    expect(r.body.data).toMatchObject({ total: 3, pages: 3 });
    expect(r.body.data.records).toHaveLength(1);
  });

  it('sorts on the sortable fields, by field or column name', async () => {
    expect(await dates({ ascs: 'releaseTime' })).toEqual([...SEEDED].reverse());
    expect(await dates({ ascs: 'release_time' })).toEqual([...SEEDED].reverse());
    expect(await dates({ descs: 'release_time' })).toEqual(SEEDED);
    const titles = (await list({ ascs: 'title' })).body.data.records.map((n: { title: string }) => n.title);
    expect(titles).toHaveLength(6);
    const [lowest] = await t.database.raw(`SELECT title FROM blade_notice WHERE is_deleted = 0 AND tenant_id = '000000' ORDER BY title ASC, id DESC LIMIT 1`);
    expect(titles[0]).toBe(lowest!.title);
    expect(await list({ ascs: 'category' })).toMatchObject(refusal('不支持按该字段排序: category'));
    expect(await list({ descs: 'content' })).toMatchObject(refusal('不支持按该字段排序: content'));
  });

  it('refuses bad filter values', async () => {
    expect(await list({ releaseTime_dategt: '2026/11/01' })).toMatchObject(refusal('查询条件releaseTime的日期格式不正确'));
    expect(await list({ releaseTime_datelt: '2026-02-30' })).toMatchObject(refusal('查询条件releaseTime的日期格式不正确'));
    expect(await list({ releaseTime: '2026-13-01' })).toMatchObject(refusal('查询条件releaseTime的日期格式不正确'));
    expect(await list({ category: 'abc' })).toMatchObject(refusal('请求参数类型错误'));
    expect(await list({ category_like: '1' })).toMatchObject(refusal('不支持的查询条件: category_like'));
    // content is not a declared filter: the key is ignored (BUSINESS.md §1)
    expect((await list({ content_like: 'zzz-no-such-text' })).status).toBe(200);
  });
});

describe('notice detail, submit and remove', () => {
  const good = { title: '元旦放假安排', category: 1, releaseTime: '2026-12-25', content: '1月1日放假一天。' };

  it('creates a notice; the dictionary field and the date travel as sent', async () => {
    const r = await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: good });
    expect(r.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    const found = await list({ title: '元旦' });
    expect(found.body.data.total).toBe(1);
    const id = found.body.data.records[0].id;
    const detail = await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id } });
    // a date alone is its midnight: the answer is the date-time BladeX has
    expect(detail.body.data).toMatchObject({ ...good, releaseTime: '2026-12-25 00:00:00', id, tenantId: '000000', categoryName: '发布通知' });
    // the category is a key of the `notice` dictionary
    const dict = await t.call(admin, { method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'notice' } });
    expect(dict.body.data.find((d: { dictKey: string }) => d.dictKey === String(detail.body.data.category)).dictValue).toBe('发布通知');
  });

  it('keeps the attachments (file items of uploaded files) and clears them', async () => {
    const link = '/api/blade-resource/oss/endpoint/file/local/20261201/0123456789abcdef0123456789abcdef.pdf';
    const attachment = [{ label: '放假通知.pdf', value: link }];
    expect((await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: { ...good, title: '带附件', attachment } })).status).toBe(200);
    const id = (await list({ title: '带附件' })).body.data.records[0].id;
    expect((await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id } })).body.data.attachment).toEqual(attachment);
    expect((await list({ title: '带附件' })).body.data.records[0].attachment).toEqual(attachment);
    expect(await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: { id, attachment: [{ label: 'x', value: 'http://evil/x' }] } })).toMatchObject(
      refusal('附件格式不正确'),
    );
    expect((await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: { id, attachment: null } })).status).toBe(200);
    expect((await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id } })).body.data.attachment).toBeNull();
  });

  it('takes releaseTime as BladeX sends it (yyyy-MM-dd HH:mm:ss) and answers it so', async () => {
    const r = await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: { ...good, title: '带时间的通知', releaseTime: '2026-12-20 08:30:00' } });
    expect(r.status).toBe(200);
    const row = (await list({ title: '带时间的通知' })).body.data.records[0];
    expect(row).toMatchObject({ releaseTime: '2026-12-20 08:30:00', categoryName: '发布通知' });
    expect((await list({ releaseTime_dategt: '2026-12-20 08:00:00', releaseTime_datelt: '2026-12-20 09:00:00' })).body.data.total).toBe(1);
  });

  it('lists carry categoryName, the notice dictionary label (NoticeVO)', async () => {
    const records = (await list()).body.data.records as { category: number; categoryName: string }[];
    const dict = (await t.call(admin, { method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'notice' } })).body.data as {
      dictKey: string;
      dictValue: string;
    }[];
    for (const r of records) expect(r.categoryName).toBe(dict.find((d) => d.dictKey === String(r.category))!.dictValue);
  });

  it('sanitises rich text on write: no scripts, event handlers or javascript: links; formatting kept', async () => {
    const content =
      '<p style="color:#f00;position:fixed">要点<script>alert(1)</script><img src="x.png" onerror="alert(2)"></p>' +
      '<a href="javascript:alert(3)">a</a><a href="https://example.com" target="_blank" onclick="x()">b</a><iframe src="https://evil"></iframe>' +
      '<svg onload="alert(4)"></svg><b>粗体</b><table><tr><td colspan="2">格</td></tr></table>';
    expect((await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: { ...good, title: '富文本', content } })).status).toBe(200);
    const id = (await list({ title: '富文本' })).body.data.records[0].id;
    const stored = String((await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id } })).body.data.content);
    expect(stored).not.toMatch(/script|onerror|onclick|onload|javascript:|iframe|svg|position/i);
    expect(stored).toContain('<p style="color:#f00">要点<img src="x.png" /></p>');
    expect(stored).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">b</a>');
    expect(stored).toContain('<b>粗体</b>');
    expect(stored).toContain('<td colspan="2">格</td>');
    // an edit is cleaned the same way
    expect((await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: { id, content: '<div onmouseover="x()">改</div>' } })).status).toBe(200);
    expect((await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id } })).body.data.content).toBe('<div>改</div>');
  });

  it('accepts the category as a string of digits (form value)', async () => {
    expect((await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: { ...good, title: '字符串类型', category: '4' } })).status).toBe(200);
    expect((await list({ title: '字符串类型' })).body.data.records[0].category).toBe(4);
  });

  it('refuses bad input with the field’s message and writes nothing', async () => {
    const before = await countRows(t.database, 'blade_notice');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, title: '' }, '请输入通知标题'],
      [{ ...good, category: undefined }, '请选择通知类型'],
      [{ ...good, releaseTime: '' }, '请选择通知日期'],
      [{ ...good, releaseTime: '2026/12/25' }, '通知日期格式应为yyyy-MM-dd HH:mm:ss'],
      [{ ...good, releaseTime: '2026-02-30' }, '通知日期格式应为yyyy-MM-dd HH:mm:ss'],
      [{ ...good, releaseTime: '2026-12-25 25:00:00' }, '通知日期格式应为yyyy-MM-dd HH:mm:ss'],
      [{ ...good, releaseTime: 20261225 }, '通知日期格式应为yyyy-MM-dd HH:mm:ss'],
      [{ ...good, category: 'abc' }, '通知类型必须是整数'],
      [{ ...good, category: 1.5 }, '通知类型必须是整数'],
      [{ ...good, category: true }, '通知类型必须是整数'],
      [{ ...good, category: 99999999999 }, '通知类型必须是整数'],
      [{ ...good, title: 'x'.repeat(256) }, '通知标题最多255个字符'],
      [{ ...good, content: { html: '<b>' } }, '通知内容必须是文本'],
    ];
    for (const [payload, msg] of cases) {
      expect(await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: payload as never }), msg).toMatchObject(refusal(msg));
    }
    expect(await countRows(t.database, 'blade_notice')).toBe(before);
  });

  it('updates only what is sent; a blanked optional field is cleared, a blanked required one refused', async () => {
    const [row] = await t.database.raw(`SELECT id::text FROM blade_notice WHERE title = '元旦放假安排'`);
    const id = String(row!.id);
    expect((await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: { id, title: '元旦放假安排(更新)' } })).status).toBe(200);
    let detail = (await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id } })).body.data;
    expect(detail).toMatchObject({ title: '元旦放假安排(更新)', category: 1, releaseTime: '2026-12-25 00:00:00', content: '1月1日放假一天。' });

    expect((await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: { id, content: '' } })).status).toBe(200);
    detail = (await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id } })).body.data;
    expect(detail.content).toBeNull();

    expect(await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: { id, title: ' ' } })).toMatchObject(refusal('请输入通知标题'));
    expect(await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: { id, releaseTime: null } })).toMatchObject(refusal('请选择通知日期'));
    detail = (await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id } })).body.data;
    expect(detail).toMatchObject({ title: '元旦放假安排(更新)', releaseTime: '2026-12-25 00:00:00' });
  });

  it('removes several at once (logically); they are gone from list and detail', async () => {
    const records = (await list({ ascs: 'releaseTime', size: '2' })).body.data.records as { id: string }[];
    const ids = records.map((r) => r.id);
    const r = await t.call(admin, { method: 'POST', url: `${API}/remove`, query: { ids: ids.join(',') } });
    expect(r.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    for (const id of ids) {
      expect((await t.call(admin, { method: 'GET', url: `${API}/detail`, query: { id } })).status).toBe(404);
      expect(await countRows(t.database, 'blade_notice', 'id = $1 AND is_deleted = 1', [id])).toBe(1);
    }
    expect((await list()).body.data.records.map((n: { id: string }) => n.id)).not.toContain(ids[0]);
    // removing them again finds nothing
    expect(await t.call(admin, { method: 'POST', url: `${API}/remove`, query: { ids: ids.join(',') } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect(await t.call(admin, { method: 'POST', url: `${API}/submit`, payload: { id: ids[0], title: '复活' } })).toMatchObject(
      refusal('数据不存在或已被删除'),
    );
  });
});
