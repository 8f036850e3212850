import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { refusal } from '../../testing/http.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { sheetOf } from '../../testing/excel.ts';
import { multipart } from '../../testing/multipart.ts';

let t: TestApp;
let admin: string;
let b: string;
let costId: string;

async function workbook(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户数据');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const download = (url: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}blade-auth=${encodeURIComponent(`bearer ${token}`)}` });

const upload = (content: Buffer, query: Record<string, string> = {}, filename = '用户.xlsx', token = admin) => {
  const { payload, headers } = multipart({}, [{ filename, content }]);
  return t.call(token, { method: 'POST', url: '/api/blade-user/import-user', query, payload, headers });
};

const HEADER = ['登录账号', '用户昵称', '用户姓名', '手机号码', '电子邮箱', '用户性别', '用户生日', '所属角色', '所属部门', '所属岗位'];
const userSnapshot = () => t.database.raw(`SELECT id, account, real_name, phone, role_id, dept_id, is_deleted, update_time::text FROM blade_user ORDER BY id`);

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  admin = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
  costId = String((await t.database.raw(`SELECT id FROM blade_dept WHERE dept_name = '造价部'`))[0]!.id);
});
afterAll(() => t.close());

describe('export-template and export-user', () => {
  it('the template has the Chinese headers, required ones marked; the token may travel as ?blade-auth=', async () => {
    const res = await download('/api/blade-user/export-template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}`);
    const rows = await sheetOf(res.rawPayload);
    expect(rows).toEqual([['登录账号*', '用户昵称', '用户姓名*', '手机号码*', '电子邮箱', '用户性别', '用户生日', '所属角色*', '所属部门*', '所属岗位']]);
    expect((await t.app.inject({ method: 'GET', url: '/api/blade-user/export-template' })).statusCode).toBe(401);
  });

  it('exports the filtered list with names and dictionary labels', async () => {
    const res = await download(`/api/blade-user/export-user?deptId=${costId}`);
    expect(res.statusCode).toBe(200);
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual([...HEADER, '状态', '创建时间']);
    const byAccount = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect([...byAccount.keys()].sort()).toEqual(['chenjing', 'zhangwei']);
    expect(byAccount.get('zhangwei')!.slice(0, 10)).toEqual([
      'zhangwei',
      '张伟',
      '张伟',
      '13913800103',
      'zhangwei@huajian.example',
      '男',
      '1990-07-14',
      '项目人员',
      '造价部',
      '项目负责人',
    ]);
    expect(byAccount.get('chenjing')![5]).toBe('女');
    expect(byAccount.get('chenjing')![10]).toBe('在职');
    const all = await sheetOf((await download('/api/blade-user/export-user')).rawPayload);
    expect(all).toHaveLength(11);
  });

  it('another tenant exports only its own users', async () => {
    const rows = await sheetOf((await download('/api/blade-user/export-user', b)).rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['admin']);
    expect(rows[1]![2]).toBe('租户管理员');
  });
});

describe('import-user', () => {
  it('round trip: an exported sheet, with new accounts, imports after a clean dry run', async () => {
    const exported = await sheetOf((await download(`/api/blade-user/export-user?deptId=${costId}`)).rawPayload);
    const rows = exported.slice(1).map((r, i) => [`${r[0]}_copy`, ...r.slice(1, 3), `1370000000${i}`, ...r.slice(4, 10)]);
    const file = await workbook([exported[0]!.slice(0, 10), ...rows]);
    const before = await countRows(t.database, 'blade_user');

    const dry = await upload(file, { dryRun: 'true' });
    expect(dry.body).toEqual({ code: 200, success: true, msg: '操作成功', data: { total: 2, imported: 0, errors: [] } });
    expect(await countRows(t.database, 'blade_user')).toBe(before);

    const real = await upload(file);
    expect(real.body.data).toEqual({ total: 2, imported: 2, errors: [] });
    expect(await countRows(t.database, 'blade_user')).toBe(before + 2);
    const copy = await t.call(admin, { method: 'GET', url: '/api/blade-user/page', query: { account: 'zhangwei_copy' } });
    expect(copy.body.data.records[0]).toMatchObject({
      realName: '张伟',
      deptName: '造价部',
      roleName: '项目人员',
      postName: '项目负责人',
      sex: 1,
      approvalStatus: 1,
    });
    expect(await t.login('zhangwei_copy', '123456')).toHaveProperty('access_token');
  });

  it('a sheet with bad rows reports every row and cell on the dry run, and saves nothing on import', async () => {
    const file = await workbook([
      HEADER,
      ['wanggang', '王刚', '王刚', '13911112222', 'wg@huajian.example', '男', '1990-01-02', '普通员工', '造价部', '职员'],
      ['liuli', '刘丽', '刘丽', '1391111222', 'not-mail', '女士', '1990-02-30', '不存在的角色', '不存在的部门', ''],
      ['', '无账号', '', '', '', '', '', '普通员工', '造价部', ''],
      ['wanggang', '王刚', '王刚', '13911112222', '', '', '', '普通员工', '造价部', ''],
      ['admin', '管理员', '管理员', '13911112223', '', '', '', '普通员工', '造价部', ''],
    ]);
    const before = await userSnapshot();
    const dry = await upload(file, { dryRun: '1' });
    expect(dry.status).toBe(200);
    expect(dry.body.data.total).toBe(5);
    expect(dry.body.data.errors).toEqual([
      { row: 3, column: '手机号码', message: '手机号码长度不为11位' },
      { row: 3, column: '电子邮箱', message: '请输入正确的邮箱地址' },
      { row: 3, column: '用户性别', message: '用户性别只能是: 男/女/未知' },
      { row: 3, column: '用户生日', message: '用户生日格式应为yyyy-MM-dd' },
      { row: 3, column: '所属角色', message: '角色不存在: 不存在的角色' },
      { row: 3, column: '所属部门', message: '部门不存在: 不存在的部门' },
      { row: 4, column: '登录账号', message: '请输入登录账号' },
      { row: 4, column: '用户姓名', message: '请输入用户姓名' },
      { row: 4, column: '手机号码', message: '手机号码不能为空' },
      { row: 5, column: '登录账号', message: '文件中账号 [wanggang] 重复' },
      { row: 6, column: '登录账号', message: '当前用户 [admin] 已存在!' },
    ]);
    const real = await upload(file);
    expect(real).toMatchObject(refusal('导入失败,共11处错误,第3行「手机号码」: 手机号码长度不为11位'));
    expect(await userSnapshot()).toEqual(before);
  });

  it('isCovered updates existing accounts', async () => {
    const file = await workbook([
      HEADER,
      ['lihong', '李红', '李红红', '13977778888', '', '女', new Date(Date.UTC(1988, 4, 20)), '财务人员,普通员工', '财务部', '会计'],
    ]);
    expect((await upload(file)).body.msg).toBe('导入失败,共1处错误,第2行「登录账号」: 当前用户 [lihong] 已存在!');
    const r = await upload(file, { isCovered: '1' });
    expect(r.body.data).toMatchObject({ total: 1, imported: 1 });
    const li = (await t.call(admin, { method: 'GET', url: '/api/blade-user/page', query: { account: 'lihong' } })).body.data.records[0];
    expect(li).toMatchObject({ realName: '李红红', phone: '13977778888', birthday: '1988-05-20', roleName: '财务人员,普通员工' });
    expect(await t.login('lihong', '123456')).toHaveProperty('access_token'); // password untouched
  });

  it('another tenant’s role and dept names mean nothing there', async () => {
    const file = await workbook([HEADER, ['bnew', 'B新人', 'B新人', '13900001111', '', '', '', '普通员工', '造价部', '']]);
    const dry = await upload(file, { dryRun: '1' }, '用户.xlsx', b);
    expect(dry.body.data.errors).toEqual([
      { row: 2, column: '所属角色', message: '角色不存在: 普通员工' },
      { row: 2, column: '所属部门', message: '部门不存在: 造价部' },
    ]);
  });

  it('refuses a missing file, another format, a sheet without the required columns or rows', async () => {
    const before = await userSnapshot();
    expect(await t.call(admin, { method: 'POST', url: '/api/blade-user/import-user', payload: {} })).toMatchObject(refusal('请上传Excel文件'));
    expect(await upload(Buffer.from('a,b,c'), {}, 'users.csv')).toMatchObject(refusal('请上传 .xlsx 格式的Excel文件'));
    expect(await upload(Buffer.from('not a zip'), {}, 'users.xlsx')).toMatchObject(refusal('文件不是有效的Excel(.xlsx)文件'));
    expect(await upload(await workbook([['登录账号', '用户姓名']]))).toMatchObject(refusal('Excel缺少必填列: 手机号码、所属角色、所属部门'));
    expect(await upload(await workbook([HEADER]))).toMatchObject(refusal('Excel中没有可导入的数据'));
    expect(await userSnapshot()).toEqual(before);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    expect(await upload(big)).toMatchObject(refusal('上传文件过大', 413));
  });
});
