import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callsAs } from '../../testing/http.ts';
import { countRows, createTenant } from '../../testing/db.ts';

let t: TestApp;
let admin: string;
let b: string;
let staff: string;
const API = '/api/blade-workflow/design/form';
const HIST = '/api/blade-workflow/design/form/history';

const { get, post } = callsAs(() => ({ app: t, token: admin }));
const categoryId = async (name: string) =>
  String((await t.database.raw(`SELECT id::text AS id FROM blade_wf_category WHERE name = $1 AND tenant_id = '000000'`, [name]))[0]!.id);

const fields = [
  { columnName: 'amount', columnDescribe: '报销金额', columnType: 1, isCondition: 1, isShowList: 1 },
  { columnName: 'expenseType', columnDescribe: '费用类型', columnType: 2, dictTag: 'expense_type' },
  { columnName: 'dept', columnDescribe: '报销部门', columnType: 4, modelPath: 'dept', isRequired: 0 },
];

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  admin = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
  staff = (await t.login('zhangwei', '123456')).access_token!;
});
afterAll(() => t.close());

let formId = '';
const versions = async () => (await get(`${HIST}/list`, { formId })).body.data.records as Record<string, unknown>[];

describe('form design', () => {
  it('refuses bad input with clear messages and saves nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '报销单' }, '请输入表单标识'],
      [{ formKey: 'expense' }, '请输入表单名称'],
      [{ formKey: 'a b', name: '报销单' }, '标识只能包含字母、数字、下划线、点和中划线,且以字母或下划线开头'],
      [{ formKey: 'expense', name: '报销单', content: '{' }, '表单字段不是有效的JSON'],
      [
        {
          formKey: 'expense',
          name: '报销单',
          content: [
            { columnName: 'a', columnDescribe: 'A' },
            { columnName: 'a', columnDescribe: 'B' },
          ],
        },
        '字段名重复: a',
      ],
      [{ formKey: 'expense', name: '报销单', content: [{ columnName: 'kind', columnDescribe: '类型', columnType: 2 }] }, '下拉字段需选择字典: kind'],
      [{ formKey: 'expense', name: '报销单', categoryId: '99' }, '流程分类不存在'],
      [{ id: '99', name: '报销单' }, '数据不存在或已被删除'],
    ];
    for (const [payload, msg] of bad) expect((await post(`${API}/submit`, { payload })).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect(await countRows(t.database, 'blade_wf_form')).toBe(0);
    expect(await countRows(t.database, 'blade_wf_form_history')).toBe(0);
  });

  it('each save of the fields is a version; any version can become the main one; the main one cannot be removed', async () => {
    const res = await post(`${API}/submit`, {
      payload: { formKey: 'expense', name: '费用报销单', categoryId: await categoryId('费用报销'), content: fields, versionRemark: '初版' },
    });
    expect(res.body).toMatchObject({ code: 200, data: { id: expect.any(String) } });
    formId = res.body.data.id;
    expect((await post(`${API}/submit`, { payload: { formKey: 'expense', name: '重复' } })).body).toMatchObject({ code: 400, msg: '表单标识已存在' });
    expect((await post(`${API}/submit`, { payload: { id: formId, content: JSON.stringify(fields.slice(0, 1)) } })).status).toBe(200);
    expect((await post(`${API}/submit`, { payload: { id: formId, remark: '只改备注' } })).status).toBe(200);

    const detail = (await get(`${API}/detail`, { id: formId })).body.data;
    expect(detail).toMatchObject({ formKey: 'expense', name: '费用报销单', version: 2, categoryName: '费用报销', remark: '只改备注' });
    expect(JSON.parse(detail.content)).toEqual([
      { columnName: 'amount', columnDescribe: '报销金额', columnType: 1, isRequired: 1, isShowList: 1, isCondition: 1 },
    ]);
    const list = (await get(`${API}/list`, { formKey: 'exp' })).body.data;
    expect(list.records).toMatchObject([{ formKey: 'expense', version: 2, categoryName: '费用报销' }]);
    expect(list.records[0]).not.toHaveProperty('content');
    expect((await versions()).map((v) => [v.version, v.remark])).toEqual([
      [2, null],
      [1, '初版'],
    ]);

    const v1 = (await versions()).find((v) => v.version === 1)!;
    expect(JSON.parse((await get(`${HIST}/detail`, { id: String(v1.id) })).body.data.content)).toHaveLength(3);
    expect((await post(`${HIST}/setMainVersion`, { query: { id: String(v1.id) } })).status).toBe(200);
    const back = (await get(`${API}/detail`, { id: formId })).body.data;
    expect(back.version).toBe(1);
    expect(JSON.parse(back.content)).toHaveLength(3);
    expect((await post(`${HIST}/remove`, { query: { ids: String(v1.id) } })).body).toMatchObject({ code: 400, msg: '不能删除当前主版本' });
    const v2 = (await versions()).find((v) => v.version === 2)!;
    expect((await post(`${HIST}/submit`, { payload: { id: String(v2.id), remark: '精简版' } })).status).toBe(200);
    expect((await get(`${HIST}/detail`, { id: String(v2.id) })).body.data.remark).toBe('精简版');
    expect((await post(`${HIST}/remove`, { query: { ids: String(v2.id) } })).status).toBe(200);
    expect((await versions()).map((v) => v.version)).toEqual([1]);
    // A new save continues after the highest version ever written.
    expect((await post(`${API}/submit`, { payload: { id: formId, content: fields } })).status).toBe(200);
    expect((await versions()).map((v) => v.version)).toEqual([3, 1]);
  });

  it('listType answers the enabled forms (by category); changeCategory moves them', async () => {
    expect((await post(`${API}/submit`, { payload: { formKey: 'leave', name: '请假单', categoryId: await categoryId('请假') } })).status).toBe(200);
    expect((await get(`${API}/listType`)).body.data.map((f: { formKey: string }) => f.formKey)).toEqual(['expense', 'leave']);
    expect((await get(`${API}/listType`, { categoryId: await categoryId('请假') })).body.data).toMatchObject([
      { formKey: 'leave', name: '请假单', version: 1 },
    ]);
    expect((await post(`${API}/changeCategory`, { query: { ids: formId, categoryId: '1' } })).body).toMatchObject({ code: 400, msg: '流程分类不存在' });
    expect((await post(`${API}/changeCategory`, { query: { ids: formId, categoryId: await categoryId('借款') } })).status).toBe(200);
    expect((await get(`${API}/detail`, { id: formId })).body.data.categoryName).toBe('借款');
  });

  it('another tenant sees and changes nothing; its own keys are its own', async () => {
    const [v] = await t.database.raw(`SELECT id::text AS id FROM blade_wf_form_history WHERE form_id = $1 LIMIT 1`, [formId]);
    expect((await get(`${API}/list`, {}, b)).body.data.total).toBe(0);
    expect((await get(`${API}/listType`, {}, b)).body.data).toEqual([]);
    expect((await get(`${HIST}/list`, { formId }, b)).body.data.total).toBe(0);
    expect((await get(`${API}/detail`, { id: formId }, b)).status).toBe(404);
    expect((await get(`${HIST}/detail`, { id: String(v!.id) }, b)).status).toBe(404);
    expect((await post(`${API}/submit`, { payload: { id: formId, name: '改' } }, b)).status).toBe(400);
    expect((await post(`${HIST}/setMainVersion`, { query: { id: String(v!.id) } }, b)).status).toBe(404);
    expect((await post(`${HIST}/submit`, { payload: { id: String(v!.id), remark: 'x' } }, b)).status).toBe(400);
    expect((await post(`${API}/changeCategory`, { query: { ids: formId, categoryId: await categoryId('请假') } }, b)).status).toBe(400);
    expect((await post(`${API}/remove`, { query: { ids: formId } }, b)).status).toBe(400);
    expect((await post(`${API}/submit`, { payload: { formKey: 'expense', name: 'B的报销单' } }, b)).status).toBe(200);
    expect((await get(`${API}/detail`, { id: formId })).body.data).toMatchObject({ name: '费用报销单', version: 3 });
  });

  it('a user without the codes is refused; removing a form removes its versions', async () => {
    for (const [method, url] of [
      ['GET', `${API}/list`],
      ['GET', `${API}/listType`],
      ['POST', `${API}/submit`],
      ['GET', `${HIST}/list`],
      ['POST', `${HIST}/setMainVersion`],
      ['POST', `${API}/changeCategory`],
    ] as const) {
      expect((await t.call(staff, { method, url })).body, url).toMatchObject({ code: 403, msg: '请求被拒绝' });
    }
    expect((await post(`${API}/remove`, { query: { ids: formId } })).status).toBe(200);
    expect(await countRows(t.database, 'blade_wf_form_history', `form_id = $1 AND is_deleted = 0`, [formId])).toBe(0);
  });
});
