import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../platform/db/ids.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { callsByToken, FORBIDDEN } from '../../testing/http.ts';
import { countRows, createTenant, type TestTenant } from '../../testing/db.ts';
import { depts } from './schema.ts';
import { menus, roleMenus, roles } from '../system/schema.ts';

let t: TestApp;
let admin: string;
let project: string; // zhangwei: no dept codes
let other: TestTenant;
let b: string; // administrator of tenant 100001

const API = '/api/blade-system/dept';

interface Node {
  id: string;
  parentId: string;
  deptName: string;
  title?: string;
  parentName?: string;
  ancestors: string;
  hasChildren: boolean;
  children?: Node[];
}

const { get } = callsByToken(() => t, { prefix: `${API}/` });
const submit = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: `${API}/submit`, payload });
const remove = (token: string, ids: string) => t.call(token, { method: 'POST', url: `${API}/remove`, query: { ids } });
const idOf = async (deptName: string, tenantId = '000000') =>
  (
    await t.database.db
      .select({ id: depts.id })
      .from(depts)
      .where(and(eq(depts.deptName, deptName), eq(depts.tenantId, tenantId), eq(depts.isDeleted, 0)))
  )[0]!.id;
const rowOf = async (id: string) => (await t.database.db.select().from(depts).where(eq(depts.id, id)))[0]!;
/** The tree as nested names. */
const shape = (nodes: Node[]): Record<string, unknown> => Object.fromEntries(nodes.map((n) => [n.deptName ?? n.title, shape(n.children ?? [])]));

beforeAll(async () => {
  t = await createTestApp();
  other = await createTenant(t.database, '100001');
  admin = (await t.login()).access_token!;
  project = (await t.login('zhangwei', '123456')).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
});
afterAll(() => t.close());

describe('reading the tree', () => {
  it('list answers the whole tree with parentName, hasChildren, and no children key on leaves', async () => {
    const res = await get(admin, 'list');
    expect(res.status).toBe(200);
    const tree = res.body.data as Node[];
    expect(shape(tree)).toEqual({
      华建咨询: {
        总经办: {},
        造价部: { 造价一组: {}, 造价二组: {}, 审计组: {} },
        监理部: {},
        招标部: {},
        财务部: {},
        人事部: {},
        市场部: {},
        苏州分公司: { 苏州造价部: {}, 苏州监理部: {} },
        无锡分公司: { 无锡造价部: {} },
      },
    });
    const root = tree[0]!;
    expect(root).toMatchObject({
      parentId: '0',
      ancestors: '0',
      hasChildren: true,
      parentName: null,
      fullName: '华建工程咨询有限公司',
      deptCategoryName: '公司',
    });
    const cost = root.children!.find((n) => n.deptName === '造价部')!;
    expect(cost).toMatchObject({ parentName: '华建咨询', ancestors: `0,${root.id}`, hasChildren: true, deptCategoryName: '部门' });
    const group = cost.children![0]!;
    expect(group).toMatchObject({ deptName: '造价一组', parentName: '造价部', ancestors: `0,${root.id},${cost.id}`, hasChildren: false });
    expect(group).not.toHaveProperty('children');
    expect(group).not.toHaveProperty('isDeleted');
  });

  it('list filters by deptName and fullName; a match whose parent did not match is a root', async () => {
    const byName = (await get(admin, 'list', { deptName: '造价' })).body.data as Node[];
    expect(shape(byName)).toEqual({ 造价部: { 造价一组: {}, 造价二组: {} }, 苏州造价部: {}, 无锡造价部: {} });
    const byFull = (await get(admin, 'list', { fullName: '跟踪审计' })).body.data as Node[];
    expect(byFull.map((n) => n.deptName)).toEqual(['审计组']);
    // LIKE wildcards are text here
    expect((await get(admin, 'list', { deptName: '%' })).body.data).toEqual([]);
  });

  it('lazy-list answers one level with hasChildren; a name search without parentId searches every level', async () => {
    const roots = (await get(admin, 'lazy-list')).body.data as Node[];
    expect(roots.map((n) => [n.deptName, n.hasChildren])).toEqual([['华建咨询', true]]);
    const level2 = (await get(admin, 'lazy-list', { parentId: roots[0]!.id })).body.data as Node[];
    expect(level2.map((n) => n.deptName)).toEqual(['总经办', '造价部', '监理部', '招标部', '财务部', '人事部', '市场部', '苏州分公司', '无锡分公司']);
    expect(level2.find((n) => n.deptName === '总经办')).toMatchObject({ hasChildren: false, parentName: '华建咨询' });
    expect(level2.find((n) => n.deptName === '造价部')).toMatchObject({ hasChildren: true });
    expect(level2[0]).not.toHaveProperty('children');
    const found = (await get(admin, 'lazy-list', { deptName: '监理' })).body.data as Node[];
    expect(found.map((n) => n.deptName).sort()).toEqual(['监理部', '苏州监理部'].sort());
    expect((await get(admin, 'lazy-list', { parentId: 'x' })).status).toBe(400);
  });

  it('tree answers {id, parentId, title, key, value, hasChildren, children?} for selects', async () => {
    const tree = (await get(admin, 'tree')).body.data as Node[];
    const root = tree[0]!;
    expect(Object.keys(root).sort()).toEqual(['children', 'hasChildren', 'id', 'key', 'parentId', 'title', 'value']);
    expect(root).toMatchObject({ title: '华建咨询', key: root.id, value: root.id, parentId: '0', hasChildren: true });
    const leaf = root.children!.find((n) => n.title === '总经办')!;
    expect(Object.keys(leaf).sort()).toEqual(['hasChildren', 'id', 'key', 'parentId', 'title', 'value']);
  });

  it('lazy-tree answers the children of parentId', async () => {
    const roots = (await get(project, 'lazy-tree')).body.data as Node[];
    expect(roots).toEqual([{ id: roots[0]!.id, parentId: '0', title: '华建咨询', key: roots[0]!.id, value: roots[0]!.id, hasChildren: true }]);
    const cost = await idOf('造价部');
    const groups = (await get(project, 'lazy-tree', { parentId: cost })).body.data as Node[];
    expect(groups.map((n) => [n.title, n.hasChildren])).toEqual([
      ['造价一组', false],
      ['造价二组', false],
      ['审计组', false],
    ]);
  });

  it('select answers a flat list of the tenant’s depts', async () => {
    const rows = (await get(project, 'select')).body.data as Node[];
    expect(rows).toHaveLength(16);
    expect(rows[0]).toMatchObject({ deptName: '华建咨询', parentId: '0' });
    expect(rows[0]).not.toHaveProperty('children');
  });

  it('detail answers the dept with parentName; unknown ids are 404, bad ids 400', async () => {
    const id = await idOf('造价二组');
    const res = await get(admin, 'detail', { id });
    expect(res.body.data).toMatchObject({
      id,
      deptName: '造价二组',
      fullName: '工程造价咨询部二组',
      parentName: '造价部',
      deptCategory: 3,
      deptCategoryName: '小组',
      tenantId: '000000',
    });
    expect((await get(admin, 'detail', { id: '123' })).status).toBe(404);
    expect((await get(admin, 'detail', { id: 'abc' })).status).toBe(400);
    expect((await get(admin, 'detail')).status).toBe(400);
  });
});

describe('submit', () => {
  it('adds a dept under a parent with its ancestors; fullName defaults to the name', async () => {
    const parent = await idOf('招标部');
    const res = await submit(admin, { deptName: '招标一组', parentId: parent, deptCategory: 3, sort: 1 });
    // as BladeX: what the lazy tree needs to show the new node
    expect(res.body).toEqual({ code: 200, success: true, data: { id: await idOf('招标一组'), tenantId: '000000', deptCategoryName: '小组' }, msg: '操作成功' });
    const row = await rowOf(await idOf('招标一组'));
    const up = await rowOf(parent);
    expect(row).toMatchObject({ parentId: parent, ancestors: `${up.ancestors},${parent}`, fullName: '招标一组', deptCategory: 3, sort: 1, tenantId: '000000' });
    expect(row.createUser).not.toBeNull();
  });

  it('adds a root dept without a parent', async () => {
    expect((await submit(admin, { deptName: '南京分公司', fullName: '华建工程咨询有限公司南京分公司', deptCategory: 1 })).status).toBe(200);
    expect(await rowOf(await idOf('南京分公司'))).toMatchObject({ parentId: '0', ancestors: '0', deptCategory: 1 });
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const before = await countRows(t.database, 'blade_dept');
    expect((await submit(admin, { fullName: 'x' })).body).toMatchObject({ code: 400, msg: '请输入机构名称' });
    expect((await submit(admin, { deptName: '  ' })).body).toMatchObject({ code: 400, msg: '请输入机构名称' });
    expect((await submit(admin, { deptName: 'x'.repeat(46) })).body).toMatchObject({ code: 400, msg: '机构名称最多45个字符' });
    expect((await submit(admin, { deptName: 'x', deptCategory: 9 })).body).toMatchObject({ code: 400, msg: '请选择正确的机构类型' });
    expect((await submit(admin, { deptName: 'x', deptCategory: 'a' })).body).toMatchObject({ code: 400, msg: '机构类型必须是整数' });
    expect((await submit(admin, { deptName: 'x', parentId: '123' })).body).toMatchObject({ code: 400, msg: '上级机构不存在' });
    expect((await submit(admin, { deptName: 'x', parentId: other.deptId })).body).toMatchObject({ code: 400, msg: '上级机构不存在' });
    expect((await submit(admin, { deptName: 'x', parentId: 'abc' })).body).toMatchObject({ code: 400, msg: '上级机构格式不正确' });
    expect(await countRows(t.database, 'blade_dept')).toBe(before);
  });

  it('edits fields without moving the node', async () => {
    const id = await idOf('市场部');
    const before = await rowOf(id);
    expect((await submit(admin, { id, deptName: '市场经营部', remark: '负责市场开拓' })).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({
      deptName: '市场经营部',
      remark: '负责市场开拓',
      parentId: before.parentId,
      ancestors: before.ancestors,
      fullName: before.fullName,
    });
  });

  it('moving a node rewrites the ancestors of its whole subtree', async () => {
    const suzhou = await idOf('苏州分公司');
    const sub = await idOf('苏州造价部');
    // a grandchild, to see the rewrite reach every level
    expect((await submit(admin, { deptName: '苏州造价一组', parentId: sub })).status).toBe(200);
    const grand = await idOf('苏州造价一组');
    const wuxi = await idOf('无锡分公司');
    const wuxiRow = await rowOf(wuxi);

    expect((await submit(admin, { id: suzhou, parentId: wuxi })).status).toBe(200);
    const base = `${wuxiRow.ancestors},${wuxi}`;
    expect(await rowOf(suzhou)).toMatchObject({ parentId: wuxi, ancestors: base });
    expect((await rowOf(sub)).ancestors).toBe(`${base},${suzhou}`);
    expect((await rowOf(grand)).ancestors).toBe(`${base},${suzhou},${sub}`);
    // siblings and other branches untouched
    expect((await rowOf(await idOf('无锡造价部'))).ancestors).toBe(`${base}`);

    // and back to the top level
    expect((await submit(admin, { id: suzhou, parentId: '0' })).status).toBe(200);
    expect(await rowOf(suzhou)).toMatchObject({ parentId: '0', ancestors: '0' });
    expect((await rowOf(grand)).ancestors).toBe(`0,${suzhou},${sub}`);
    const tree = (await get(admin, 'list')).body.data as Node[];
    expect(shape(tree.filter((n) => n.deptName === '苏州分公司'))).toEqual({ 苏州分公司: { 苏州造价部: { 苏州造价一组: {} }, 苏州监理部: {} } });
  });

  it('refuses a node as its own parent or under its own descendant', async () => {
    const suzhou = await idOf('苏州分公司');
    const before = await rowOf(suzhou);
    expect((await submit(admin, { id: suzhou, parentId: suzhou })).body).toMatchObject({ code: 400, msg: '父节点不可选择自身!' });
    expect((await submit(admin, { id: suzhou, parentId: await idOf('苏州造价一组') })).body).toMatchObject({ code: 400, msg: '父节点不可选择自身的下级机构!' });
    expect(await rowOf(suzhou)).toEqual(before);
  });
});

describe('remove', () => {
  it('refuses a node with children with 请先删除子节点!', async () => {
    const id = await idOf('造价部');
    expect((await remove(admin, id)).body).toEqual({ code: 400, success: false, data: null, msg: '请先删除子节点!' });
    expect((await rowOf(id)).isDeleted).toBe(0);
  });

  it('refuses a dept that still has users and says who', async () => {
    const id = await idOf('人事部');
    expect((await remove(admin, id)).body).toMatchObject({ code: 400, msg: '部门[人事部]下还有用户: 赵敏,请先调整这些用户的部门' });
    expect((await rowOf(id)).isDeleted).toBe(0);
  });

  it('removes empty leaves (logically) and then their parent', async () => {
    const ids = [await idOf('造价一组'), await idOf('造价二组'), await idOf('审计组')];
    expect((await remove(admin, ids.join(','))).status).toBe(200);
    for (const id of ids) expect((await rowOf(id)).isDeleted).toBe(1);
    // 造价部 still has 张伟 and 陈静
    expect((await remove(admin, await idOf('造价部'))).body.msg).toBe('部门[造价部]下还有用户: 张伟、陈静,请先调整这些用户的部门');
    expect((await remove(admin, await idOf('招标一组'))).status).toBe(200);
    expect((await remove(admin, 'x')).body).toMatchObject({ code: 400, msg: '请求参数类型错误' });
    expect((await remove(admin, '')).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: ids' });
  });
});

describe('tenants', () => {
  it('another tenant sees only its own depts', async () => {
    const tree = (await get(b, 'list')).body.data as Node[];
    expect(tree.map((n) => n.id)).toEqual([other.deptId]);
    expect(((await get(b, 'tree')).body.data as Node[]).map((n) => n.id)).toEqual([other.deptId]);
    expect(((await get(b, 'select')).body.data as Node[]).map((n) => n.id)).toEqual([other.deptId]);
    expect((await get(b, 'lazy-list', { parentId: await idOf('华建咨询') })).body.data as Node[]).toEqual([]);
    expect((await get(b, 'lazy-tree', { parentId: await idOf('华建咨询') })).body.data as Node[]).toEqual([]);
    expect((await get(b, 'lazy-list', { deptName: '造价' })).body.data).toEqual([]);
  });

  it('another tenant’s ids answer nothing and change nothing', async () => {
    const id = await idOf('财务部');
    const before = await rowOf(id);
    expect((await get(b, 'detail', { id })).status).toBe(404);
    expect((await submit(b, { id, deptName: '改名' })).body).toMatchObject({ code: 400, msg: '数据不存在或已被删除' });
    expect((await submit(b, { deptName: '挂到别人下面', parentId: id })).body).toMatchObject({ code: 400, msg: '上级机构不存在' });
    expect((await remove(b, id)).body).toMatchObject({ code: 400 });
    // A's admin moving its dept under B's dept is refused too
    expect((await submit(admin, { id, parentId: other.deptId })).body).toMatchObject({ code: 400, msg: '上级机构不存在' });
    expect(await rowOf(id)).toEqual(before);
  });

  it('only the platform administrator may read another tenant’s tree with tenantId', async () => {
    expect(((await get(admin, 'tree', { tenantId: '100001' })).body.data as Node[]).map((n) => n.id)).toEqual([other.deptId]);
    expect(((await get(admin, 'select', { tenantId: '100001' })).body.data as Node[]).map((n) => n.id)).toEqual([other.deptId]);
    expect(await get(b, 'tree', { tenantId: '000000' })).toMatchObject(FORBIDDEN);
    expect(await get(b, 'list', { tenantId: '000000' })).toMatchObject(FORBIDDEN);
    expect(await get(project, 'tree', { tenantId: '100001' })).toMatchObject(FORBIDDEN);
    // naming the own tenant is fine
    expect((await get(b, 'tree', { tenantId: '100001' })).status).toBe(200);
  });
});

describe('permission codes', () => {
  it('a user without dept codes may use the pickers (tree, lazy-tree, select) but not the list or changes', async () => {
    const id = await idOf('财务部');
    for (const path of ['tree', 'lazy-tree', 'select']) expect((await get(project, path)).status).toBe(200);
    for (const path of ['list', 'lazy-list']) expect(await get(project, path)).toMatchObject(FORBIDDEN);
    expect(await get(project, 'detail', { id })).toMatchObject(FORBIDDEN);
    expect(await submit(project, { deptName: 'x' })).toMatchObject(FORBIDDEN);
    expect(await remove(project, id)).toMatchObject(FORBIDDEN);
    expect(await t.call(undefined, { method: 'GET', url: `${API}/tree` })).toMatchObject({ status: 401 });
  });

  it('dept grants view; dept_add adds but does not edit', async () => {
    const grant = async (...codes: string[]) => {
      const [role] = await t.database.db
        .select()
        .from(roles)
        .where(and(eq(roles.roleAlias, 'project'), eq(roles.tenantId, '000000')));
      const rows = await t.database.db.select().from(menus);
      await t.database.db.insert(roleMenus).values(codes.map((c) => ({ id: nextId(), roleId: role!.id, menuId: rows.find((m) => m.code === c)!.id })));
      await t.call(admin, { method: 'GET', url: '/api/blade-auth/oauth/clear-cache' });
    };
    await grant('dept', 'dept_add');
    const id = await idOf('财务部');
    expect((await get(project, 'list')).status).toBe(200);
    expect((await get(project, 'detail', { id })).status).toBe(200);
    expect((await submit(project, { deptName: '项目人员新增', parentId: id })).status).toBe(200);
    expect(await submit(project, { id, deptName: '改名' })).toMatchObject(FORBIDDEN);
    expect(await remove(project, id)).toMatchObject(FORBIDDEN);
  });
});
