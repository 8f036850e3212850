import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callsByToken, FORBIDDEN } from '../../testing/http.ts';
import { createTenant, countRows } from '../../testing/db.ts';
import { dictBiz, dicts } from './schema.ts';
import { expectEvery } from '../../testing/expect.ts';

let t: TestApp;
let admin: string; // platform administrator
let user: string; // zhangwei: no dictionary permission codes
let other: string; // administrator of tenant 100001 (all codes, not the platform)
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login()).access_token!;
  user = (await t.login('zhangwei', '123456')).access_token!;
  await createTenant(t.database, '100001');
  other = (await t.login('admin', 'admin', '100001')).access_token!;
});
afterAll(() => t.close());

const { get } = callsByToken(() => t);
const submit = (token: string, service: string, body: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url: `/api/blade-system/${service}/submit`, payload: body });
const remove = (token: string, service: string, ids: string) => t.call(token, { method: 'POST', url: `/api/blade-system/${service}/remove`, query: { ids } });
const dictionary = async (code: string, service = 'dict', token = user) => get(token, `/api/blade-system/${service}/dictionary`, { code });
const keys = async (code: string, service = 'dict', token = user) =>
  (await dictionary(code, service, token)).body.data.map((d: { dictKey: string }) => d.dictKey);
const rootId = async (code: string, table: typeof dicts | typeof dictBiz = dicts, tenantId = '000000') => {
  const where =
    table === dicts
      ? and(eq(dicts.code, code), eq(dicts.parentId, '0'))
      : and(eq(dictBiz.code, code), eq(dictBiz.parentId, '0'), eq(dictBiz.tenantId, tenantId));
  const [r] = await t.database.db.select({ id: table.id }).from(table).where(where);
  return r!.id;
};
const parent = { code: 'project_level', dictValue: '项目等级', sort: 20, isSealed: 0, remark: '项目分级' };

describe('GET dict/dictionary (lookups)', () => {
  it('answers the seeded items of a code in sort order', async () => {
    const r = await dictionary('notice');
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: { dictKey: string; dictValue: string; sort: number }) => [d.dictKey, d.dictValue, d.sort])).toEqual([
      ['1', '发布通知', 1],
      ['2', '批转通知', 2],
      ['3', '转发通知', 3],
      ['4', '指示通知', 4],
      ['5', '任命通知', 5],
      ['6', '决定通知', 6],
      ['7', '报告通知', 7],
    ]);
    expect(r.body.data[0]).toMatchObject({ code: 'notice', isSealed: 0 });
    expect(r.body.data[0].id).toMatch(/^\d+$/);
    expect(r.body.data[0].parentId).toMatch(/^\d+$/);
  });

  it('is cached, and every change through the API shows in the next lookup (sealed, deleted, sort, new)', async () => {
    expect(await keys('org_category')).toEqual(['1', '2', '3']);
    const item = async (key: string) =>
      (
        await t.database.db
          .select()
          .from(dicts)
          .where(and(eq(dicts.code, 'org_category'), eq(dicts.dictKey, key)))
      )[0]!;
    // A change behind the API's back is not seen while the answer is cached ...
    await t.database.db
      .update(dicts)
      .set({ dictValue: '班组' })
      .where(and(eq(dicts.code, 'org_category'), eq(dicts.dictKey, '3')));
    expect((await dictionary('org_category')).body.data[2].dictValue).toBe('小组');
    // ... but each change through the API drops the cache.
    expect((await submit(admin, 'dict', { id: (await item('1')).id, isSealed: 1 })).status).toBe(200);
    expect(await keys('org_category')).toEqual(['2', '3']);
    expect((await dictionary('org_category')).body.data[1].dictValue).toBe('班组');
    expect((await submit(admin, 'dict', { id: (await item('3')).id, sort: 0 })).status).toBe(200);
    expect(await keys('org_category')).toEqual(['3', '2']);
    expect((await remove(admin, 'dict', (await item('2')).id)).status).toBe(200);
    expect(await keys('org_category')).toEqual(['3']);
    const added = await submit(admin, 'dict', { parentId: await rootId('org_category'), dictKey: '4', dictValue: '项目部', sort: 9, isSealed: 0 });
    expect(added.status).toBe(200);
    expect(await keys('org_category')).toEqual(['3', '4']);
  });

  it('answers an empty list for an unknown code and refuses a missing one', async () => {
    expect((await dictionary('no_such_code')).body.data).toEqual([]);
    const missing = await t.call(user, { method: 'GET', url: '/api/blade-system/dict/dictionary' });
    expect(missing).toMatchObject({ status: 400, body: { code: 400, success: false, data: null, msg: '缺少必要的请求参数: code' } });
    expect((await dictionary('')).body.msg).toBe('缺少必要的请求参数: code');
  });

  it("business dictionaries (dict-biz) are the tenant's own", async () => {
    const r = await dictionary('customer_type', 'dict-biz');
    expect(r.body.data.map((d: { dictValue: string }) => d.dictValue)).toEqual(['政府机关', '国有企业', '民营企业', '事业单位', '个人']);
    // tenant 100001 (created directly in the database) has no business dictionaries of its own
    expect((await dictionary('customer_type', 'dict-biz', other)).body.data).toEqual([]);
    // the system dictionary is the same for every tenant
    expect(await keys('sex', 'dict', other)).toEqual(['1', '2', '3']);
  });

  it('dict-biz dictionary-tree answers the entries of a code as a tree', async () => {
    const root = await rootId('expense_type', dictBiz);
    const travel = (
      await t.database.db
        .select()
        .from(dictBiz)
        .where(and(eq(dictBiz.parentId, root), eq(dictBiz.dictKey, '1')))
    )[0]!;
    expect((await submit(admin, 'dict-biz', { parentId: travel.id, dictKey: '1-1', dictValue: '市内交通', sort: 1, isSealed: 0 })).status).toBe(200);
    const tree = (await get(user, '/api/blade-system/dict-biz/dictionary-tree', { code: 'expense_type' })).body.data;
    expect(tree.map((n: { dictKey: string }) => n.dictKey)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(tree[0]).toMatchObject({ dictValue: '差旅费', hasChildren: true, children: [{ dictKey: '1-1', dictValue: '市内交通', hasChildren: false }] });
    expect(tree[1].children).toBeUndefined();
    expect((await get(user, '/api/blade-system/dict-biz/dictionary-tree', {})).body.msg).toBe('缺少必要的请求参数: code');
  });

  it('needs a token', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'notice' } })).status).toBe(401);
  });
});

describe('dictionary administration (dict and dict-biz)', () => {
  it('parent-list: roots only, paged, filtered by code and name, with hasChildren', async () => {
    const r = await get(admin, '/api/blade-system/dict/parent-list', { current: '1', size: '3' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ size: 3, current: 1 });
    expect(r.body.data.total).toBe(await countRows(t.database, 'blade_dict', 'parent_id = 0 AND is_deleted = 0'));
    expect(r.body.data.records).toHaveLength(3);
    expectEvery(r.body.data.records, (d: { parentId: string; dictKey: string }) => d.parentId === '0' && d.dictKey === '-1');
    const byCode = await get(admin, '/api/blade-system/dict/parent-list', { code: 'notice' });
    expect(byCode.body.data.records.map((d: { code: string; hasChildren: boolean }) => [d.code, d.hasChildren])).toEqual([['notice', true]]);
    const byName = await get(admin, '/api/blade-system/dict/parent-list', { dictValue: '审批' });
    expect(byName.body.data.records.map((d: { code: string }) => d.code)).toEqual(['approval_status']);
  });

  it('list: every node, paged', async () => {
    const r = await get(admin, '/api/blade-system/dict/list', { code_equal: 'yes_no', size: '10' });
    expect(r.body.data.records.map((d: { dictKey: string }) => d.dictKey).sort()).toEqual(['-1', '0', '1']);
  });

  it('child-list: the children of a node as a tree; detail names the parent', async () => {
    const root = await rootId('approval_status');
    const r = await get(admin, '/api/blade-system/dict/child-list', { parentId: root });
    expect(r.body.data.map((d: { dictKey: string }) => d.dictKey)).toEqual(['0', '1', '2', '3', '6']);
    // BladeX's default parentId is -1 (no dictionary chosen yet): an empty list, also when the parameter is left out
    expect((await get(admin, '/api/blade-system/dict/child-list', {})).body).toMatchObject({ code: 200, data: [] });
    expect((await get(admin, '/api/blade-system/dict/child-list', { parentId: '-1' })).body).toMatchObject({ code: 200, data: [] });
    const detail = await get(admin, '/api/blade-system/dict/detail', { id: r.body.data[1].id });
    expect(detail.body.data).toMatchObject({ dictKey: '1', dictValue: '审批中', parentName: '审批状态', code: 'approval_status' });
    expect((await get(admin, '/api/blade-system/dict/detail', { id: root })).body.data.parentName).toBe('顶级');
  });

  it("submit: the specs' messages for a parent and a child", async () => {
    const msg = async (body: Record<string, unknown>) => (await submit(admin, 'dict', body)).body.msg;
    expect(await msg({ ...parent, code: '' })).toBe('请输入字典编号');
    expect(await msg({ ...parent, dictValue: ' ' })).toBe('请输入字典名称');
    expect(await msg({ ...parent, sort: null })).toBe('请输入字典排序');
    expect(await msg({ ...parent, isSealed: '' })).toBe('请选择封存');
    expect(await msg({ ...parent, isSealed: 3 })).toBe('请选择封存');
    expect(await msg({ ...parent, sort: 'abc' })).toBe('字典排序必须是整数');
    const root = await rootId('sex');
    expect(await msg({ parentId: root, dictValue: '其他', sort: 4, isSealed: 0 })).toBe('请输入字典键值');
    expect(await msg({ parentId: root, dictKey: '1', dictValue: '其他', sort: 4, isSealed: 0 })).toBe('当前字典键值已存在!');
    expect(await msg({ parentId: '123', dictKey: '9', dictValue: '其他', sort: 4, isSealed: 0 })).toBe('上级字典不存在');
    expect(await msg({ ...parent, code: 'sex' })).toBe('当前字典编号已存在!');
    expect(await countRows(t.database, 'blade_dict', "code = 'project_level'")).toBe(0);
  });

  it('submit: a parent, its children (code inherited), renaming the code renames the children', async () => {
    expect((await submit(admin, 'dict', parent)).status).toBe(200);
    const root = await rootId('project_level');
    expect((await submit(admin, 'dict', { parentId: root, code: 'ignored', dictKey: 'A', dictValue: '重点项目', sort: 1, isSealed: 0 })).status).toBe(200);
    expect((await submit(admin, 'dict', { parentId: root, dictKey: 'B', dictValue: '一般项目', sort: 2, isSealed: 0 })).status).toBe(200);
    expect(await keys('project_level')).toEqual(['A', 'B']);
    expect((await submit(admin, 'dict', { id: root, code: 'project_grade' })).status).toBe(200);
    expect(await keys('project_level')).toEqual([]);
    expect(await keys('project_grade')).toEqual(['A', 'B']);
  });

  it('remove: a node with children is refused (请先删除子节点!), and nothing changes', async () => {
    const root = await rootId('yes_no');
    const r = await remove(admin, 'dict', root);
    expect(r).toMatchObject({ status: 400, body: { msg: '请先删除子节点!' } });
    expect(await keys('yes_no')).toEqual(['0', '1']);
    // together with all its children it goes
    const children = (await get(admin, '/api/blade-system/dict/child-list', { parentId: root })).body.data.map((d: { id: string }) => d.id);
    expect((await remove(admin, 'dict', [root, ...children].join(','))).status).toBe(200);
    expect(await keys('yes_no')).toEqual([]);
  });

  it("tree?code=: a code's tree, or every dictionary for DICT", async () => {
    const one = (await get(user, '/api/blade-system/dict/tree', { code: 'sex' })).body.data;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ code: 'sex', title: '性别', hasChildren: true });
    expect(one[0].children.map((n: { title: string }) => n.title)).toEqual(['男', '女', '未知']);
    const all = (await get(user, '/api/blade-system/dict/tree', { code: 'DICT' })).body.data;
    expect(all.length).toBe(await countRows(t.database, 'blade_dict', 'parent_id = 0 AND is_deleted = 0'));
  });

  it('the system dictionary is changed only by the platform administrator; codes are checked', async () => {
    const root = await rootId('sex');
    expect(await submit(other, 'dict', { ...parent, code: 'x_other' })).toMatchObject(FORBIDDEN);
    expect(await remove(other, 'dict', root)).toMatchObject(FORBIDDEN);
    expect(await submit(user, 'dict', { ...parent, code: 'x_user' })).toMatchObject(FORBIDDEN);
    expect(await get(user, '/api/blade-system/dict/parent-list')).toMatchObject(FORBIDDEN);
    expect(await get(user, '/api/blade-system/dict-biz/child-list', { parentId: root })).toMatchObject(FORBIDDEN);
    // another tenant's administrator may read it
    expect((await get(other, '/api/blade-system/dict/parent-list')).status).toBe(200);
    expect(await countRows(t.database, 'blade_dict', "code LIKE 'x\\_%'")).toBe(0);
  });

  it("business dictionaries: each tenant administers its own; another tenant's ids are not there", async () => {
    expect((await submit(other, 'dict-biz', { code: 'customer_type', dictValue: '客户类型', sort: 1, isSealed: 0 })).status).toBe(200);
    const mine = await rootId('customer_type', dictBiz, '100001');
    expect((await submit(other, 'dict-biz', { parentId: mine, dictKey: '1', dictValue: '外资企业', sort: 1, isSealed: 0 })).status).toBe(200);
    expect((await dictionary('customer_type', 'dict-biz', other)).body.data.map((d: { dictValue: string }) => d.dictValue)).toEqual(['外资企业']);
    expect(await keys('customer_type', 'dict-biz')).toEqual(['1', '2', '3', '4', '5']);

    const platformRoot = await rootId('customer_type', dictBiz);
    expect((await get(other, '/api/blade-system/dict-biz/detail', { id: platformRoot })).status).toBe(404);
    expect((await get(other, '/api/blade-system/dict-biz/child-list', { parentId: platformRoot })).body.data).toEqual([]);
    expect((await submit(other, 'dict-biz', { parentId: platformRoot, dictKey: '9', dictValue: '渗透', sort: 1, isSealed: 0 })).body.msg).toBe(
      '上级字典不存在',
    );
    expect((await submit(other, 'dict-biz', { id: platformRoot, dictValue: '改名' })).body.msg).toBe('数据不存在或已被删除');
    const leaf = (await get(admin, '/api/blade-system/dict-biz/child-list', { parentId: platformRoot })).body.data[0].id;
    expect((await remove(other, 'dict-biz', leaf)).status).toBe(400);
    const list = (await get(other, '/api/blade-system/dict-biz/parent-list', { size: '100' })).body.data;
    expect(list.records.map((d: { code: string }) => d.code)).toEqual(['customer_type']);
    expect(list.total).toBe(1);
    expect(await keys('customer_type', 'dict-biz')).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('spec 2 dictType / dictData (views over the system dictionary)', () => {
  it('create a type and its data, read them through every call, update and delete', async () => {
    const created = await t.call(admin, {
      method: 'POST',
      url: '/api/system/dictType/create',
      payload: { name: '合同状态', type: 'contract_state', status: 0, remark: '合同' },
    });
    expect(created.status).toBe(200);
    const typeId = created.body.data;
    expect(typeId).toMatch(/^\d+$/);
    expect((await get(admin, '/api/system/dictType/get', { id: typeId })).body.data).toMatchObject({
      id: typeId,
      name: '合同状态',
      type: 'contract_state',
      status: 0,
      remark: '合同',
    });
    expect((await t.call(admin, { method: 'POST', url: '/api/system/dictType/create', payload: { name: '重复', type: 'contract_state' } })).body.msg).toBe(
      '当前字典编号已存在!',
    );
    expect((await t.call(admin, { method: 'POST', url: '/api/system/dictType/create', payload: { type: 'x' } })).body.msg).toBe('请输入字典名称');

    const data = { dictType: 'contract_state', label: '履行中', value: 'running', sort: 1, status: 0, colorType: 'success', cssClass: 'tag-green' };
    const d1 = await t.call(admin, { method: 'POST', url: '/api/system/dictData/create', payload: data });
    expect(d1.status).toBe(200);
    await t.call(admin, {
      method: 'POST',
      url: '/api/system/dictData/create',
      payload: { ...data, label: '已终止', value: 'stopped', sort: 2, colorType: 'danger' },
    });
    expect((await t.call(admin, { method: 'POST', url: '/api/system/dictData/create', payload: { ...data, dictType: 'none' } })).body.msg).toBe(
      '当前字典类型不存在',
    );
    expect((await t.call(admin, { method: 'POST', url: '/api/system/dictData/create', payload: data })).body.msg).toBe('当前字典键值已存在!');

    const byType = (await get(user, '/api/system/dictData/type/contract_state')).body.data;
    expect(byType.map((d: { value: string; label: string; colorType: string }) => [d.value, d.label, d.colorType])).toEqual([
      ['running', '履行中', 'success'],
      ['stopped', '已终止', 'danger'],
    ]);
    for (const url of ['/api/system/dict-data/list', '/system/dict-data/list']) {
      expect((await get(user, url, { type: 'contract_state' })).body.data.map((d: { value: string }) => d.value)).toEqual(['running', 'stopped']);
    }
    // the BladeX lookup sees the same rows
    expect(await keys('contract_state')).toEqual(['running', 'stopped']);
    const page = (await get(admin, '/api/system/dictData/page', { dictType: 'contract_state', pageNo: '1', pageSize: '1' })).body.data;
    expect(page).toMatchObject({ total: 2, size: 1 });
    expect(page.records[0]).toMatchObject({ dictType: 'contract_state', cssClass: 'tag-green' });
    expect((await get(admin, '/api/system/dictData/list', { dictType: 'contract_state' })).body.data).toHaveLength(2);
    expect((await get(admin, '/api/system/dictType/page', { type: 'contract' })).body.data.records.map((r: { type: string }) => r.type)).toEqual([
      'contract_state',
    ]);
    expect((await get(user, '/api/system/dictType/list-all-simple')).body.data).toContainEqual({ id: typeId, name: '合同状态', type: 'contract_state' });
    expect((await get(user, '/api/system/dictData/list-all-simple')).body.data).toContainEqual({
      dictType: 'contract_state',
      value: 'running',
      label: '履行中',
      colorType: 'success',
      cssClass: 'tag-green',
    });

    const running = byType[0].id;
    expect((await t.call(admin, { method: 'PUT', url: '/api/system/dictData/update', payload: { id: running, label: '执行中', status: 1 } })).status).toBe(200);
    expect(await keys('contract_state')).toEqual(['stopped']);
    expect((await get(admin, '/api/system/dictData/get', { id: running })).body.data).toMatchObject({ label: '执行中', status: 1 });
    expect((await t.call(admin, { method: 'DELETE', url: '/api/system/dictType/delete', query: { id: typeId } })).body.msg).toBe('请先删除子节点!');
    expect((await t.call(admin, { method: 'DELETE', url: '/api/system/dictData/delete', query: { id: running } })).status).toBe(200);
    expect((await t.call(admin, { method: 'POST', url: '/api/system/dictData/delete', query: { id: byType[1].id } })).status).toBe(200);
    expect((await t.call(admin, { method: 'DELETE', url: '/api/system/dictType/delete', query: { id: typeId } })).status).toBe(200);
    expect((await get(admin, '/api/system/dictType/get', { id: typeId })).status).toBe(404);
  });

  it('changes are for the platform administrator with the codes', async () => {
    expect(await t.call(other, { method: 'POST', url: '/api/system/dictType/create', payload: { name: '其他', type: 'x_other2', status: 0 } })).toMatchObject(
      FORBIDDEN,
    );
    expect(await t.call(user, { method: 'POST', url: '/api/system/dictType/create', payload: { name: '其他', type: 'x_user2', status: 0 } })).toMatchObject(
      FORBIDDEN,
    );
    expect(await get(user, '/api/system/dictType/page')).toMatchObject(FORBIDDEN);
    expect(await get(user, '/api/system/dictData/page')).toMatchObject(FORBIDDEN);
  });
});
