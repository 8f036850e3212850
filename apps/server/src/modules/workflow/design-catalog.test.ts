import { WF_STANDARD_BUTTONS } from '@hjl/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callsAs } from '../../testing/http.ts';
import { countRows, createTenant } from '../../testing/db.ts';

let t: TestApp;
let admin: string;
let b: string;
let staff: string;
const CAT = '/api/blade-workflow/design/category';
const COND = '/api/blade-workflow/design/condition';
const BTN = '/api/blade-workflow/design/button';
const DEF = '/api/blade-workflow/design/form-default-values';

const { get, post } = callsAs(() => ({ app: t, token: admin }));
const idOf = async (table: string, where: string, values: unknown[]) =>
  String((await t.database.raw(`SELECT id::text AS id FROM ${table} WHERE tenant_id = '000000' AND is_deleted = 0 AND ${where}`, values))[0]?.id);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  admin = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
  staff = (await t.login('zhangwei', '123456')).access_token!;
});
afterAll(() => t.close());

describe('process categories', () => {
  it('the demo tenant has the category tree; list, tree, allTree and listType answer it', async () => {
    const list = (await get(`${CAT}/list`)).body.data;
    expect(list.map((n: { name: string }) => n.name)).toEqual(['行政审批', '财务审批', '项目审批', '人事审批']);
    expect(list[1]).toMatchObject({ name: '财务审批', parentId: '0', hasChildren: true });
    expect(list[1].children.map((n: { name: string }) => n.name)).toEqual(['费用报销', '付款申请', '借款']);
    const tree = (await get(`${CAT}/tree`)).body.data;
    expect(tree[0]).toMatchObject({ title: '行政审批', key: tree[0].id, value: tree[0].id, hasChildren: true });
    expect((await get(`${CAT}/listType`)).body.data).toHaveLength(15);
    // A name search answers the matches as roots.
    expect((await get(`${CAT}/list`, { name: '报销' })).body.data).toMatchObject([{ name: '费用报销', hasChildren: false }]);
  });

  it('refuses bad input with clear messages and saves nothing', async () => {
    const before = await countRows(t.database, 'blade_wf_category');
    const finance = await idOf('blade_wf_category', `name = '财务审批'`, []);
    const expense = await idOf('blade_wf_category', `name = '费用报销'`, []);
    const bad: [Record<string, unknown>, string][] = [
      [{}, '请输入分类名称'],
      [{ name: 'x'.repeat(65) }, '分类名称最多64个字符'],
      [{ name: '新分类', parentId: 'abc' }, '上级分类格式不正确'],
      [{ name: '新分类', parentId: '123' }, '上级分类不存在'],
      [{ name: '新分类', sort: 'first' }, '排序必须是整数'],
      [{ id: finance, parentId: finance }, '父节点不可选择自身!'],
      [{ id: finance, parentId: expense }, '父节点不可选择自身的下级分类!'],
    ];
    for (const [payload, msg] of bad) expect((await post(`${CAT}/submit`, { payload })).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect(await countRows(t.database, 'blade_wf_category')).toBe(before);
    expect((await get(`${CAT}/detail`, { id: finance })).body.data).toMatchObject({ name: '财务审批', parentId: '0' });
  });

  it('adds, moves, disables and removes; a node with children or in use is kept', async () => {
    const hr = await idOf('blade_wf_category', `name = '人事审批'`, []);
    expect((await post(`${CAT}/submit`, { payload: { name: '调岗', parentId: hr, sort: 9 } })).status).toBe(200);
    const id = await idOf('blade_wf_category', `name = '调岗'`, []);
    expect((await get(`${CAT}/detail`, { id })).body.data).toMatchObject({ name: '调岗', parentId: hr, parentName: '人事审批', sort: 9 });
    expect((await post(`${CAT}/submit`, { payload: { id, parentId: 0 } })).status).toBe(200);
    expect((await get(`${CAT}/detail`, { id })).body.data).toMatchObject({ parentId: '0', parentName: '' });

    expect((await post(`${CAT}/changeStatus`, { query: { ids: id, status: '2' } })).status).toBe(200);
    expect((await post(`${CAT}/changeStatus`, { query: { ids: id, status: '5' } })).body).toMatchObject({ code: 400, msg: '状态只能是1(启用)或2(停用)' });
    expect((await get(`${CAT}/tree`)).body.data.some((n: { title: string }) => n.title === '调岗')).toBe(false);
    expect((await get(`${CAT}/allTree`)).body.data.find((n: { title: string }) => n.title === '调岗')).toMatchObject({ status: 2 });

    expect((await post(`${CAT}/remove`, { query: { ids: hr } })).body).toMatchObject({ code: 400, msg: '请先删除子节点!' });
    // A form filed under 用印 keeps it; the leave process's model (seed) keeps 请假.
    const seal = await idOf('blade_wf_category', `name = '用印'`, []);
    expect((await post('/api/blade-workflow/design/form/submit', { payload: { formKey: 'cat_in_use', name: '占用分类', categoryId: seal } })).status).toBe(200);
    expect((await post(`${CAT}/remove`, { query: { ids: seal } })).body).toMatchObject({ code: 400, msg: '分类下还有表单「占用分类」,请先变更其分类' });
    const leave = await idOf('blade_wf_category', `name = '请假'`, []);
    expect((await post(`${CAT}/remove`, { query: { ids: leave } })).body).toMatchObject({ code: 400, msg: '分类下还有流程模型「请假流程」,请先变更其分类' });
    expect((await post(`${CAT}/remove`, { query: { ids: id } })).status).toBe(200);
    expect((await get(`${CAT}/detail`, { id })).status).toBe(404);
  });

  it('another tenant sees and changes none of them', async () => {
    const finance = await idOf('blade_wf_category', `name = '财务审批'`, []);
    expect((await get(`${CAT}/list`, {}, b)).body.data).toEqual([]);
    expect((await get(`${CAT}/allTree`, {}, b)).body.data).toEqual([]);
    expect((await get(`${CAT}/detail`, { id: finance }, b)).status).toBe(404);
    expect((await post(`${CAT}/submit`, { payload: { id: finance, name: '改名' } }, b)).body).toMatchObject({ code: 400, msg: '数据不存在或已被删除' });
    expect((await post(`${CAT}/submit`, { payload: { name: '子类', parentId: finance } }, b)).body).toMatchObject({ code: 400, msg: '上级分类不存在' });
    expect((await post(`${CAT}/changeStatus`, { query: { ids: finance, status: '2' } }, b)).status).toBe(400);
    expect((await post(`${CAT}/remove`, { query: { ids: finance } }, b)).status).toBe(400);
    expect((await get(`${CAT}/detail`, { id: finance })).body.data).toMatchObject({ name: '财务审批', status: 1 });
    // Its own tree is its own.
    expect((await post(`${CAT}/submit`, { payload: { name: 'B的分类' } }, b)).status).toBe(200);
    expect((await get(`${CAT}/list`, {}, b)).body.data).toMatchObject([{ name: 'B的分类' }]);
    expect((await get(`${CAT}/list`)).body.data.some((n: { name: string }) => n.name === 'B的分类')).toBe(false);
  });
});

describe('conditions', () => {
  it('the demo conditions are there, grouped by type', async () => {
    const list = (await get(`${COND}/list`, { size: '100' })).body.data;
    expect(list.records.find((r: { name: string }) => r.name === '请假超过三天')).toMatchObject({ expression: '${days > 3}', type: 1, typeName: '流转条件' });
    expect(list.records.find((r: { name: string }) => r.name === '金额五万以上')).toMatchObject({ expression: '${amount >= 50000}' });
    const types = (await get(`${COND}/listType`, { type: '2' })).body.data;
    expect(types).toMatchObject([{ name: '发起人', expression: '${applyUser}', type: 2 }]);
    const tree = (await get(`${COND}/tree`)).body.data;
    expect(tree.map((g: { title: string }) => g.title)).toEqual(['流转条件', '人员条件']);
    expect(tree[0].children[0]).toMatchObject({ title: '请假超过三天', value: '${days > 3}' });
  });

  it('refuses what is not an expression; disabled ones leave the designer’s lists', async () => {
    const before = await countRows(t.database, 'blade_wf_condition');
    const bad: [Record<string, unknown>, string][] = [
      [{ type: 1, expression: '${a}' }, '请输入条件名称'],
      [{ name: '天数', type: 1 }, '请输入条件表达式'],
      [{ name: '天数', type: 1, expression: 'days > 3' }, '条件表达式应写成${...}的形式'],
      [{ name: '天数', type: 7, expression: '${days > 3}' }, '条件类型不正确'],
      [{ name: '天数', type: 'x', expression: '${days > 3}' }, '条件类型必须是整数'],
    ];
    for (const [payload, msg] of bad) expect((await post(`${COND}/submit`, { payload })).body, JSON.stringify(payload)).toMatchObject({ code: 400, msg });
    expect(await countRows(t.database, 'blade_wf_condition')).toBe(before);

    expect((await post(`${COND}/submit`, { payload: { name: '出差超过一周', type: 1, expression: ' ${days > 7} ' } })).status).toBe(200);
    const id = await idOf('blade_wf_condition', `name = '出差超过一周'`, []);
    expect((await get(`${COND}/detail`, { id })).body.data).toMatchObject({ expression: '${days > 7}', typeName: '流转条件' });
    await post(`${COND}/changeStatus`, { query: { ids: id, status: '2' } });
    expect((await get(`${COND}/listType`, { type: '1' })).body.data.some((c: { id: string }) => c.id === id)).toBe(false);
    expect((await get(`${COND}/allTree`)).body.data[0].children.some((c: { id: string }) => c.id === id)).toBe(true);
    expect((await post(`${COND}/remove`, { query: { ids: id } })).status).toBe(200);
    expect((await get(`${COND}/list`, {}, b)).body.data.total).toBe(0);
    expect((await get(`${COND}/tree`, {}, b)).body.data).toEqual([]);
  });
});

describe('buttons and form default values', () => {
  it('the standard buttons catalogue is seeded in order', async () => {
    const list = (await get(`${BTN}/list`, { size: '50' })).body.data;
    expect(list.records.map((r: { buttonKey: string; name: string }) => [r.buttonKey, r.name])).toEqual(WF_STANDARD_BUTTONS);
  });

  it('button codes are unique within the tenant and well-formed', async () => {
    expect((await post(`${BTN}/submit`, { payload: { buttonKey: 'wf_pass', name: '同意2' } })).body).toMatchObject({ code: 400, msg: '按钮编号已存在' });
    expect((await post(`${BTN}/submit`, { payload: { buttonKey: '1 pass', name: '同意2' } })).body).toMatchObject({
      code: 400,
      msg: '按钮编号只能包含字母、数字和下划线,且以字母开头',
    });
    expect((await post(`${BTN}/submit`, { payload: { buttonKey: 'wf_urge' } })).body).toMatchObject({ code: 400, msg: '请输入按钮名称' });
    expect((await post(`${BTN}/submit`, { payload: { buttonKey: 'wf_urge', name: '催办', sort: 10 } })).status).toBe(200);
    // Another tenant keeps its own catalogue: the same code is free there.
    expect((await post(`${BTN}/submit`, { payload: { buttonKey: 'wf_pass', name: '同意' } }, b)).status).toBe(200);
    expect((await get(`${BTN}/list`, {}, b)).body.data.total).toBe(1);
    const id = await idOf('blade_wf_button', `button_key = 'wf_urge'`, []);
    expect((await post(`${BTN}/changeStatus`, { query: { ids: id, status: '2' } })).status).toBe(200);
    expect((await get(`${BTN}/detail`, { id })).body.data).toMatchObject({ buttonKey: 'wf_urge', status: 2 });
    expect((await post(`${BTN}/remove`, { query: { ids: id } }, b)).status).toBe(400);
    expect((await post(`${BTN}/remove`, { query: { ids: id } })).status).toBe(200);
  });

  it('form default values: list, submit, detail, remove', async () => {
    expect((await get(`${DEF}/list`)).body.data.records.map((r: { name: string }) => r.name).sort()).toEqual(['当前用户', '当前日期', '当前部门'].sort());
    expect((await post(`${DEF}/submit`, { payload: { name: '当前岗位' } })).body).toMatchObject({ code: 400, msg: '请输入默认值' });
    expect((await post(`${DEF}/submit`, { payload: { name: '当前岗位', content: '${user.postName}', fieldType: 'input' } })).status).toBe(200);
    const id = await idOf('blade_wf_form_default_values', `name = '当前岗位'`, []);
    expect((await get(`${DEF}/detail`, { id })).body.data).toMatchObject({ content: '${user.postName}' });
    expect((await get(`${DEF}/detail`, { id }, b)).status).toBe(404);
    expect((await post(`${DEF}/remove`, { query: { ids: id } })).status).toBe(200);
  });

  it('a user without the codes is refused (the enabled category tree is every list page’s)', async () => {
    expect((await t.call(staff, { method: 'GET', url: `${CAT}/tree` })).body.code).toBe(200);
    for (const [method, url] of [
      ['GET', `${CAT}/list`],
      ['GET', `${COND}/list`],
      ['POST', `${BTN}/submit`],
      ['GET', `${DEF}/list`],
      ['POST', `${CAT}/changeStatus`],
    ] as const) {
      expect((await t.call(staff, { method, url })).body, url).toMatchObject({ code: 403, msg: '请求被拒绝' });
    }
  });
});
