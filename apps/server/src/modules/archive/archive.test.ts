/**
 * Archives over the API (BUSINESS.md WP7 acceptance): document templates and record columns under /api/server (POST
 * to the update answers 404/405, PUT works; export-excel a workbook with the columns); an archive numbered by the
 * numbering service, its checklist (`project/file-info/{id}`) with submitted flags, archiving refused naming the
 * missing required file and accepted once it is there — the project then 已归档; borrowing only of an archive in the
 * store (该档案已借出, also for two borrowings started at once), approval → 借出, return → 在库 and borrowable again;
 * overdue reminders to the borrower and the clerk; the template library's versions; project performance by its
 * formula; bad input (400, nothing written), another tenant, permission codes and data scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { sheetOf } from '../../testing/excel.ts';
import { expectEvery } from '../../testing/expect.ts';
import { decide, ok, users } from '../../testing/http.ts';

const A = '000000';
const T = '/api/server/archives-template';
const COL = '/api/server/archives-column';
const AR = '/api/business/hjlArchives';
const AP = '/api/business/hjlArchiveApply';
const LIB = '/api/business/hjlTemplateLibrary';
const APPROVERS = ['sunlei', 'wangjianguo', 'zhengli', 'admin'];
let t: TestApp;
const { tok, get, post, put, del, login, loginAs } = users(() => t);
const ids: Record<string, string> = {};
const rows = (q: string, v: unknown[] = []) => t.database.raw(q, v);
const one = async (q: string, v: unknown[] = []) => (await rows(q, v))[0]!;
const link = (n: number) => `/api/blade-resource/oss/endpoint/file/local/20310101/${n.toString(16).padStart(32, 'a')}.pdf`;

/** A finished (已完成) demo project without an archive, of a type with a template (1–3). */
const finishedProject = async (skip = 0) =>
  String(
    (
      await one(
        `SELECT id::text AS id FROM hjl_project p WHERE tenant_id = $1 AND is_deleted = 0 AND project_status = 5 AND project_type BETWEEN 1 AND 3
           AND NOT EXISTS (SELECT 1 FROM hjl_archives a WHERE a.project_id = p.id) ORDER BY project_num OFFSET $2 LIMIT 1`,
        [A, skip],
      )
    ).id,
  );
/** An approved archive in the store with no borrowing under way. */
const inStore = async (skip = 0) =>
  String(
    (
      await one(
        `SELECT id::text AS id FROM hjl_archives a WHERE tenant_id = $1 AND status = 2 AND borrow_status = 0 AND is_deleted = 0
           AND NOT EXISTS (SELECT 1 FROM hjl_archive_apply p WHERE p.archives_id = a.id AND p.status IN (1, 2) AND p.apply_stage <> 4)
         ORDER BY archive_num OFFSET $2 LIMIT 1`,
        [A, skip],
      )
    ).id,
  );

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'wangjianguo', 'sunlei', 'zhangwei', 'chenjing', 'zhaomin', 'zhengli', 'lihong');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
}, 180_000);
afterAll(() => t.close());

describe('文档模板 and 著录项 (/api/server)', () => {
  let templateId = '';
  it('create, PUT update (POST answers 404/405), get, page, select options, export-excel, delete', async () => {
    const before = await countRows(t.database, 'hjl_archives_template');
    expect((await post('zhengli', `${T}/create`, { archiveType: 9 })).body).toMatchObject({ code: 400, msg: '请输入模板名称' });
    expect((await post('zhengli', `${T}/create`, { templateName: '重复', archiveType: 1 })).body).toMatchObject({ code: 400, msg: '该档案类型已有文档模板' });
    expect(await countRows(t.database, 'hjl_archives_template')).toBe(before);
    const created = ok(await post('zhengli', `${T}/create`, { templateName: '财务档案模板', archiveType: 5 }));
    templateId = String(created.body.data.id);
    const byPost = await post('zhengli', `${T}/update`, { id: templateId, templateName: '改名' });
    expect([404, 405]).toContain(byPost.status);
    ok(await put('zhengli', `${T}/update`, { id: templateId, templateName: '财务凭证档案模板' }));
    expect(ok(await get('zhengli', `${T}/get`, { id: templateId })).body.data).toMatchObject({ templateName: '财务凭证档案模板', archiveType: 5 });
    const page = ok(await get('zhengli', `${T}/page`, { size: '50' })).body.data;
    expect(page.records.map((r: { id: string }) => r.id)).toContain(templateId);
    const options = ok(await get('zhengli', `${T}/select-options`)).body.data;
    expect(options).toContainEqual(expect.objectContaining({ value: templateId, label: '财务凭证档案模板' }));
    const x = await get('zhengli', `${T}/export-excel`);
    expect(x.status).toBe(200);
    expect(String(x.res.headers['content-type'])).toContain('spreadsheetml');
    const sheet = await sheetOf(x.res.rawPayload);
    expect(sheet[0]).toEqual(['模板名称', '档案类型', '备注']);
    expect(sheet.some((r) => r[0] === '财务凭证档案模板')).toBe(true);

    const column = ok(await post('zhengli', `${COL}/create`, { templateId, columnLabel: '记账凭证', required: 1, sort: 1 }));
    expect((await post('zhengli', `${COL}/create`, { templateId: '123456789', columnLabel: '某文件' })).body).toMatchObject({
      code: 400,
      msg: '文档模板不存在',
    });
    expect(ok(await get('zhengli', `${COL}/select-options`, { templateId })).body.data).toEqual([
      { value: String(column.body.data.id), label: '记账凭证', required: true },
    ]);
    // A template with columns stays until its columns go.
    expect((await del('zhengli', `${T}/delete`, { id: templateId })).body).toMatchObject({ code: 400, msg: '该文档模板下还有著录项,不能删除' });
    ok(await del('zhengli', `${COL}/delete`, { id: String(column.body.data.id) }));
    ok(await del('zhengli', `${T}/delete`, { id: templateId }));
    expect((await get('zhengli', `${T}/get`, { id: templateId })).body.code).toBe(404);
  });

  it('another tenant and permission codes', async () => {
    const mine = { id: String((await one(`SELECT id::text AS id FROM hjl_archives_template WHERE tenant_id = $1 LIMIT 1`, [A])).id) };
    expect((await get('b', `${T}/page`)).body.data.total).toBe(0);
    expect((await get('b', `${T}/get`, { id: mine.id })).body.code).toBe(404);
    expect((await put('b', `${T}/update`, { id: mine.id, templateName: '他人改名' })).body.code).not.toBe(200);
    expect((await get('zhangwei', `${T}/page`)).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    expect((await post('zhangwei', `${T}/create`, { templateName: 'x', archiveType: 4 })).body).toMatchObject({ code: 403 });
    expect((await del('zhangwei', `${T}/delete`, { id: mine.id })).body).toMatchObject({ code: 403 });
  });
});

describe('档案: checklist, archiving against it, 已归档', () => {
  let project = '';
  let id = '';
  it('refuses bad input, writing nothing; numbers a saved archive by the numbering service', async () => {
    project = await finishedProject();
    const before = await countRows(t.database, 'hjl_archives');
    const base = { projectId: project, archiveName: '测试档案', archiveType: 1, keepPeriod: 1 };
    const bad: [Record<string, unknown>, string][] = [
      [{ ...base, archiveName: undefined }, '请输入档案名称'],
      [{ ...base, archiveType: undefined }, '请选择档案类型'],
      [{ ...base, projectId: '123456789' }, '项目不存在或无权访问'],
      [{ ...base, pages: -1 }, '页数应在0至100000之间'],
    ];
    for (const [payload, msg] of bad) expect((await post('zhengli', `${AR}/save`, payload)).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect(await countRows(t.database, 'hjl_archives')).toBe(before);
    const type = Number((await one(`SELECT project_type AS t FROM hjl_project WHERE id = $1`, [project])).t);
    ok(await post('zhengli', `${AR}/save`, { ...base, archiveType: type, archiveNum: 'HACK', borrowStatus: 1 }));
    const saved = await one(`SELECT id::text AS id, archive_num AS n, borrow_status AS b FROM hjl_archives WHERE project_id = $1`, [project]);
    id = String(saved.id);
    expect(String(saved.n)).toMatch(new RegExp(`^HJ-DA-${type}-\\d{4}-\\d{4}$`));
    expect(saved.b).toBe(0);
  });

  it('file-info lists the required files with submitted flags; archiving is refused naming a missing one, then accepted', async () => {
    const info = ok(await get('zhengli', `${AR}/project/file-info/${project}`)).body.data;
    const archive = info.archives.find((a: { id: string }) => a.id === id);
    const required = archive.checklist.filter((c: { required: boolean }) => c.required);
    expect(required.length).toBeGreaterThan(1);
    expectEvery(archive.checklist, (c: { submitted: boolean }) => !c.submitted, 'nothing submitted yet');
    expect(archive.missing).toEqual(required.map((c: { columnLabel: string }) => c.columnLabel));
    expect((await post('zhengli', `${AR}/start`, { id })).body).toMatchObject({ code: 400, msg: `请先上传必须归档的文件: ${archive.missing.join('、')}` });
    // Every required file but the last.
    for (const [i, c] of required.slice(0, -1).entries())
      ok(
        await post('zhengli', '/api/business/hjlArchives-file/submit', {
          archivesId: id,
          columnId: c.columnId,
          files: [{ label: `${c.columnLabel}.pdf`, value: link(i + 1) }],
        }),
      );
    expect((await post('zhengli', '/api/business/hjlArchives-file/submit', { archivesId: id, columnId: '123456789', files: [] })).body).toMatchObject({
      code: 400,
      msg: '著录项不存在',
    });
    expect(
      (
        await post('zhengli', '/api/business/hjlArchives-file/submit', {
          archivesId: id,
          columnId: required[0].columnId,
          files: [{ label: 'a', value: 'http://x' }],
        })
      ).body,
    ).toMatchObject({ code: 400, msg: '归档文件格式不正确' });
    const last = required.at(-1);
    expect((await post('zhengli', `${AR}/start`, { id })).body).toMatchObject({ code: 400, msg: `请先上传必须归档的文件: ${last.columnLabel}` });
    const after = ok(await get('zhengli', `${AR}/project/file-info/${project}`)).body.data.archives.find((a: { id: string }) => a.id === id);
    expect(after.checklist.filter((c: { submitted: boolean }) => c.submitted)).toHaveLength(required.length - 1);
    ok(
      await post('zhengli', '/api/business/hjlArchives-file/submit', {
        archivesId: id,
        columnId: last.columnId,
        files: [{ label: '末件.pdf', value: link(99) }],
      }),
    );
    const started = ok(await post('zhengli', `${AR}/start`, { id }));
    expect(started.body.data.processDefinitionKey).toBe('hjl_archives');
    // A second archive of the project and type is refused while this one counts.
    ok(await post('zhengli', `${AR}/save`, { projectId: project, archiveName: '重复档案', archiveType: Number(after.archiveType), keepPeriod: 2 }));
    const dup = String((await one(`SELECT id::text AS id FROM hjl_archives WHERE project_id = $1 AND archive_name = '重复档案'`, [project])).id);
    expect((await post('zhengli', `${AR}/start`, { id: dup })).body).toMatchObject({ code: 400, msg: '该项目的此类档案已归档或审批中' });
    ok(await post('zhengli', `${AR}/remove`, undefined, { ids: dup }));
    expect((await post('zhengli', '/api/business/hjlArchives-file/submit', { archivesId: id, columnId: last.columnId, files: [] })).body).toMatchObject({
      code: 400,
      msg: '档案审批中或已归档,不能修改归档文件',
    });
    await decide(t, tok, started.body.data.processInstanceId, true, APPROVERS);
    const done = ok(await get('zhengli', `${AR}/detail`, { id })).body.data;
    expect(done).toMatchObject({ status: 2, borrowStatus: 0 });
    expect(done.archiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await one(`SELECT project_status AS s FROM hjl_project WHERE id = $1`, [project])).s).toBe(6);
  });

  it('refuses archiving a project not yet finished', async () => {
    const running = String(
      (await one(`SELECT id::text AS id FROM hjl_project WHERE tenant_id = $1 AND project_status < 5 AND project_type = 1 LIMIT 1`, [A])).id,
    );
    ok(await post('zhengli', `${AR}/save`, { projectId: running, archiveName: '未完成项目档案', archiveType: 1, keepPeriod: 1 }));
    const a = String((await one(`SELECT id::text AS id FROM hjl_archives WHERE project_id = $1`, [running])).id);
    expect((await post('zhengli', `${AR}/start`, { id: a })).body).toMatchObject({ code: 400, msg: '项目未完成,不能归档' });
  });

  it('another tenant, permission codes', async () => {
    expect((await get('b', `${AR}/list`)).body.data.total).toBe(0);
    expect((await get('b', `${AR}/detail`, { id })).body.code).not.toBe(200);
    expect((await get('b', `${AR}/project/file-info/${project}`)).body).toMatchObject({ code: 400, msg: '项目不存在或无权访问' });
    expect((await post('b', '/api/business/hjlArchives-file/submit', { archivesId: id, columnId: '1', files: [] })).body).toMatchObject({
      code: 400,
      msg: '档案不存在或无权访问',
    });
    expect((await post('b', `${AR}/updateProjectPerformance`, { id, performanceScore: 90 })).body).toMatchObject({ code: 400, msg: '档案不存在或无权访问' });
    // Staff read the catalogue but neither add archives nor score them.
    ok(await get('zhaomin', `${AR}/list`));
    expect((await post('zhaomin', `${AR}/save`, { projectId: project, archiveName: 'x', archiveType: 1, keepPeriod: 1 })).body).toMatchObject({ code: 403 });
    expect((await post('zhaomin', '/api/business/hjlArchives-file/submit', { archivesId: id, columnId: '1' })).body).toMatchObject({ code: 403 });
    expect((await post('zhaomin', `${AR}/updateProjectPerformance`, { id, performanceScore: 90 })).body).toMatchObject({ code: 403 });
  });
});

describe('档案借阅: borrow in store only, approval 借出, return 在库', () => {
  let archive = '';
  let apply = '';
  const borrow = (archivesId: string, over: Record<string, unknown> = {}) => ({
    archivesId,
    borrowType: 2,
    borrowDate: '2031-03-01',
    planReturnDate: '2031-03-10',
    borrowReason: '结算审计查阅',
    ...over,
  });

  it('refuses bad input and archives not in the store — nothing written', async () => {
    archive = await inStore();
    const lent = String((await one(`SELECT id::text AS id FROM hjl_archives WHERE tenant_id = $1 AND borrow_status = 1 LIMIT 1`, [A])).id);
    const draft = String((await one(`SELECT id::text AS id FROM hjl_archives WHERE tenant_id = $1 AND status = 0 LIMIT 1`, [A])).id);
    const before = await countRows(t.database, 'hjl_archive_apply');
    const bad: [Record<string, unknown>, RegExp][] = [
      [borrow(archive, { archivesId: undefined }), /^请选择档案$/],
      [borrow(archive, { borrowReason: undefined }), /^请输入借阅事由$/],
      [borrow(archive, { planReturnDate: '2031-02-01' }), /^预计归还日期不能早于借阅日期$/],
      [borrow(archive, { borrowDate: '2031-02-30' }), /^借阅日期格式应为yyyy-MM-dd$/],
      [borrow('123456789'), /^档案不存在/],
      [borrow(lent), /^该档案已借出$/],
      [borrow(draft), /^档案未归档,不能借阅$/],
    ];
    for (const [payload, msg] of bad) {
      const r = (await post('chenjing', `${AP}/start`, payload)).body;
      expect(r.code, JSON.stringify(payload)).toBe(400);
      expect(r.msg).toMatch(msg);
    }
    expect(await countRows(t.database, 'hjl_archive_apply')).toBe(before);
  });

  it('borrowed once: a second borrowing is refused; approved → 借出; returned through archiveReturn → 在库, borrowable again', async () => {
    const s = ok(await post('chenjing', `${AP}/start`, borrow(archive, { applyStage: 4, applyUser: ids.zhangwei })));
    apply = String(s.body.data.id);
    expect(s.body.data.processDefinitionKey).toBe('hjl_archive_borrow');
    expect((await post('zhangwei', `${AP}/start`, borrow(archive))).body).toMatchObject({ code: 400, msg: '该档案已借出' });
    expect((await post('chenjing', `${AP}/return`, { id: apply })).body).toMatchObject({ code: 400, msg: '该借阅未借出或已归还,不能归还' });
    await decide(t, tok, s.body.data.processInstanceId, true, APPROVERS);
    expect(ok(await get('chenjing', `${AP}/detail`, { id: apply })).body.data).toMatchObject({ status: 2, applyStage: 2, applyUser: ids.chenjing });
    expect((await one(`SELECT borrow_status AS b FROM hjl_archives WHERE id = $1`, [archive])).b).toBe(1);
    expect((await post('zhangwei', `${AP}/start`, borrow(archive))).body).toMatchObject({ code: 400, msg: '该档案已借出' });
    expect((await post('chenjing', `${AP}/return`, { id: apply, returnDate: '2031-02-01' })).body).toMatchObject({
      code: 400,
      msg: '归还日期不能早于借阅日期',
    });
    const r = ok(await post('chenjing', `${AP}/return`, { id: apply, returnDate: '2031-03-08' }));
    expect(r.body.data.applyStage).toBe(3);
    expect((await post('chenjing', `${AP}/return`, { id: apply })).body).toMatchObject({ code: 400, msg: '该借阅未借出或已归还,不能归还' });
    await decide(t, tok, r.body.data.processInstanceId, true, APPROVERS);
    expect(ok(await get('chenjing', `${AP}/detail`, { id: apply })).body.data).toMatchObject({ status: 2, applyStage: 4, returnDate: '2031-03-08' });
    expect((await one(`SELECT borrow_status AS b FROM hjl_archives WHERE id = $1`, [archive])).b).toBe(0);
    ok(await post('zhangwei', `${AP}/start`, borrow(archive)));
  });

  it('two borrowings of one archive started at once: one passes, the other is told 该档案已借出', async () => {
    const target = await inStore(1);
    const [a, b] = await Promise.all([post('chenjing', `${AP}/start`, borrow(target)), post('zhangwei', `${AP}/start`, borrow(target))]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual([200, 400]);
    expect([a, b].find((x) => x.body.code === 400)!.body.msg).toBe('该档案已借出');
    expect(await countRows(t.database, 'hjl_archive_apply', 'archives_id = $1 AND status = 1', [target])).toBe(1);
  });

  it('another tenant, codes and data scope (own borrowings; the clerk all)', async () => {
    expect((await get('b', `${AP}/list`)).body.data.total).toBe(0);
    expect((await post('b', `${AP}/start`, borrow(archive))).body.msg).toMatch(/^档案不存在/);
    expect((await post('b', `${AP}/return`, { id: apply })).body).toMatchObject({ code: 400, msg: '借阅申请不存在或无权访问' });
    const mine = ok(await get('zhangwei', `${AP}/list`, { size: '100' })).body.data;
    expectEvery(mine.records, (r: { applyUser: string }) => r.applyUser === ids.zhangwei, 'zhangwei sees his own borrowings');
    expect(mine.records.map((r: { id: string }) => r.id)).not.toContain(apply);
    expect((await post('zhangwei', `${AP}/return`, { id: apply })).body).toMatchObject({ code: 400, msg: '借阅申请不存在或无权访问' });
    const all = ok(await get('zhengli', `${AP}/list`, { size: '100' })).body.data;
    expect(all.records.map((r: { id: string }) => r.id)).toContain(apply);
    expect(all.total).toBeGreaterThan(mine.total);
    expect((await post('zhengli', `${T}/create`, {})).body.code).toBe(400);
    expect((await get('lihong', `${T}/page`)).body).toMatchObject({ code: 403 });
  });

  it('overdue borrowings remind the borrower and the clerk (the daily job), once', async () => {
    const overdue = await one(
      `SELECT id::text AS id, apply_user::text AS u FROM hjl_archive_apply WHERE tenant_id = $1 AND apply_stage = 2 AND plan_return_date < current_date LIMIT 1`,
      [A],
    );
    const added = await t.app.archiveOverdue.run(new Date());
    expect(added).toBeGreaterThan(0);
    const notices = await rows(`SELECT user_id::text AS u, title FROM hjl_expire_notice WHERE biz_type = 6 AND biz_id = $1`, [overdue.id]);
    expect(notices.map((n) => n.u).sort()).toEqual([String(overdue.u), ids.zhengli].sort());
    expect(String(notices.find((n) => n.u === ids.zhengli)!.title)).toMatch(/已逾期$/);
    expect(await t.app.archiveOverdue.run(new Date())).toBe(0);
  });
});

describe('模板库 and 项目绩效', () => {
  it('keeps each version of a library template with its files; a changed file needs a new version', async () => {
    const before = await countRows(t.database, 'hjl_template_library');
    expect((await post('zhengli', `${LIB}/submit`, { templateName: '竣工结算书', category: 2, version: 'V1.0' })).body).toMatchObject({
      code: 400,
      msg: '请上传模板文件',
    });
    expect(await countRows(t.database, 'hjl_template_library')).toBe(before);
    ok(await post('zhengli', `${LIB}/submit`, { templateName: '竣工结算书', category: 2, version: 'V1.0', files: [{ label: 'v1.docx', value: link(201) }] }));
    const id = String((await one(`SELECT id::text AS id FROM hjl_template_library WHERE template_name = '竣工结算书'`)).id);
    expect((await post('zhengli', `${LIB}/submit`, { id, files: [{ label: 'v1b.docx', value: link(202) }] })).body).toMatchObject({
      code: 400,
      msg: '模板文件已变更,请填写新的版本号',
    });
    ok(await post('zhengli', `${LIB}/submit`, { id, version: 'V2.0', files: [{ label: 'v2.docx', value: link(203) }] }));
    const versions = ok(await get('zhangwei', `${LIB}/versions/${id}`)).body.data;
    expect(versions.map((v: { version: string; files: { label: string }[] }) => [v.version, v.files[0]!.label])).toEqual([
      ['V2.0', 'v2.docx'],
      ['V1.0', 'v1.docx'],
    ]);
    expect((await get('b', `${LIB}/versions/${id}`)).body).toMatchObject({ code: 400, msg: '模板不存在或无权访问' });
    expect((await post('zhangwei', `${LIB}/submit`, { id, version: 'V3.0' })).body).toMatchObject({ code: 403 });
  });

  it('output value = 咨询费 × 分配比例 ÷ 100 × 绩效得分 ÷ 100 per person of an archived project; staff see their own rows', async () => {
    const a = await one(
      `SELECT a.id::text AS id, a.project_id::text AS p, p.project_amount::text AS amount FROM hjl_archives a JOIN hjl_project p ON p.id = a.project_id
        WHERE a.tenant_id = $1 AND a.status = 2 AND p.project_amount > 0
          AND EXISTS (SELECT 1 FROM hjl_project_person pp WHERE pp.project_id = p.id AND pp.is_deleted = 0)
          AND (SELECT count(*) FROM hjl_archives x WHERE x.project_id = a.project_id AND x.status = 2) = 1 LIMIT 1`,
      [A],
    );
    for (const bad of ['100.01', '-1', '9.999', 'abc'])
      expect((await post('zhengli', `${AR}/updateProjectPerformance`, { id: a.id, performanceScore: bad })).body).toMatchObject({
        code: 400,
        msg: '绩效得分应在0到100之间,最多两位小数',
      });
    ok(await post('zhengli', `${AR}/updateProjectPerformance`, { id: a.id, performanceScore: '90' }));
    const page = ok(await get('wangjianguo', '/api/business/projectPerformance/page', { projectId: String(a.p), size: '100' })).body.data;
    expect(page.formula).toBe('产值 = 咨询费 × 分配比例(%) ÷ 100 × 绩效得分 ÷ 100');
    const persons = await rows(`SELECT user_id::text AS u, share_ratio::text AS s FROM hjl_project_person WHERE project_id = $1 AND is_deleted = 0`, [a.p]);
    expect(page.total).toBe(persons.length);
    // In fen, by hand: amount × share% × 90%.
    const fen = (m: string) => BigInt(m.replace('.', ''));
    for (const r of page.records) {
      expect(r.performanceScore).toBe('90.00');
      const expected = (fen(String(a.amount)) * fen(r.shareRatio) * 9000n + 50_000_000n) / 100_000_000n;
      expect(r.outputValue, JSON.stringify(r)).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
    }
    const mine = ok(await get('zhangwei', '/api/business/projectPerformance/page', { size: '100' })).body.data;
    expectEvery(mine.records, (r: { userId: string }) => r.userId === ids.zhangwei, 'staff see their own output');
    expect((await get('b', '/api/business/projectPerformance/page')).body.data.total).toBe(0);
  });
});
