/**
 * People over the API (BUSINESS.md WP6 without salary): every endpoint answers on the demo data; bad
 * input is refused in Chinese and writes nothing; another tenant's ids reveal and change nothing; the button codes
 * hold; self-service (a staff member keeps their own contact details, family and education; HR sees all — list,
 * detail, totals); certificate sharing; a labour contract by person or id; the highest degree; social-security
 * amounts from the scheme.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, createTenant, userIds } from '../../testing/db.ts';
import { expectEvery } from '../../testing/expect.ts';
import { users } from '../../testing/http.ts';

const B = '/api/business';
const FILE = `${B}/bladeUser`;
const EDU = `${B}/hjlUserEducation`;
const HOME = `${B}/hjlUserHomeInfo`;
const CERT = `${B}/hjlUserCertificate`;
const WC = `${B}/hjlWorkContract`;
const SCHEME = `${B}/hjlSocialSecurity`;
const SOCIAL = `${B}/hjlUserSocialSecurity`;
const OUTER = `${B}/hjlUserOuter`;
const ASSET = `${B}/asset`;
const HIS = `${B}/hjlUserWorkHis`;

/** The list call of each kind, with its table. */
const LISTS: [string, string][] = [
  [`${FILE}/list`, 'blade_user_ext'],
  [`${EDU}/list`, 'hjl_user_education'],
  [`${HIS}/list`, 'hjl_user_work_his'],
  [`${HOME}/list`, 'hjl_user_home_info'],
  [`${CERT}/list`, 'hjl_user_certificate'],
  [`${WC}/list`, 'hjl_work_contract'],
  [`${SCHEME}/list`, 'hjl_social_security'],
  [`${SOCIAL}/list`, 'hjl_user_social_security'],
  [`${OUTER}/list`, 'hjl_user_outer'],
  [`${ASSET}/page`, 'hjl_asset'],
];

let t: TestApp;
const { tok, get, post, login, loginAs } = users(() => t);
const ids = {} as Record<string, string> & Record<'admin' | 'zhangwei' | 'chenjing' | 'lihong' | 'wufang' | 'zhaomin', string>;
const list = async (who: string, url: string, query: Record<string, string> = {}) => {
  const r = await get(who, url, { size: '100', ...query });
  expect(r.body, `${who} ${url} ${JSON.stringify(r.body).slice(0, 200)}`).toMatchObject({ code: 200 });
  return r.body.data as { records: Record<string, any>[]; total: number };
};
/** The id of the first row of a table in tenant 000000 matching `where`. */
const rowId = async (table: string, where = 'true', values: unknown[] = []) =>
  String(
    (await t.database.raw(`SELECT id::text AS id FROM ${table} WHERE tenant_id = '000000' AND is_deleted = 0 AND ${where} ORDER BY id LIMIT 1`, values))[0]!.id,
  );

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  await login('admin', 'wangjianguo', 'zhaomin', 'chenjing', 'zhangwei', 'lihong', 'sunlei');
  await loginAs('b', 'admin', '100001');
  Object.assign(ids, await userIds(t.database));
}, 120_000);
afterAll(() => t.close());

describe('every endpoint', () => {
  it('lists and details answer on the demo data, with the names of the people and dictionaries', async () => {
    for (const [url, table] of LISTS) {
      const page = await list('zhaomin', url);
      expect(page.total, url).toBe(await countRows(t.database, table, `tenant_id = '000000' AND is_deleted = 0`));
      expect(page.total, url).toBeGreaterThan(0);
      const detail = await get('zhaomin', url.replace(/\/(list|page)$/, '/detail'), { id: String(page.records[0]!.id) });
      expect(detail.body, url).toMatchObject({ code: 200, data: { id: page.records[0]!.id } });
    }
    const files = await list('zhaomin', `${FILE}/list`);
    expectEvery(files.records, (r) => typeof r.userName === 'string' && r.userName.length > 0 && /^\d{17}[\dX]$/.test(r.idCard), 'staff files');
    expect((await list('zhaomin', `${SOCIAL}/list`)).records[0]).toMatchObject({ schemeName: expect.stringContaining('社保方案') });
    expect((await list('zhaomin', `${ASSET}/page`)).records[0]).toMatchObject({ keeperName: expect.any(String), deptName: expect.any(String) });
  });

  it('exports a list as Excel', async () => {
    const r = await t.call(tok.zhaomin, { method: 'GET', url: `${CERT}/export` });
    expect(r.status).toBe(200);
    expect(String(r.res.headers['content-type'])).toContain('spreadsheetml');
  });
});

describe('bad input', () => {
  it('is refused with the Chinese message and writes nothing', async () => {
    const before = await Promise.all(LISTS.map(([, table]) => countRows(t.database, table)));
    const bad: [string, object, string][] = [
      [`${FILE}/submit`, { userId: ids.wufang, idCard: '320105199210090011' }, '请输入正确的身份证号码'],
      [`${FILE}/submit`, { idCard: '11010519491231002X' }, '请选择员工'],
      [`${FILE}/submit`, { userId: ids.zhangwei }, '该员工的档案已存在'],
      [`${FILE}/submit`, { userId: '123456789012' }, '员工不存在'],
      [`${FILE}/submit`, { userId: ids.admin, entryDate: '2026-13-01' }, '入职日期格式应为yyyy-MM-dd'],
      [`${EDU}/submit`, { userId: ids.chenjing, school: '东南大学', degree: 3, startDate: '2020-09-01', endDate: '2019-06-30' }, '结束日期不能早于开始日期'],
      [`${EDU}/submit`, { userId: ids.chenjing, school: '东南大学' }, '请选择学历'],
      [`${HOME}/submit`, { userId: ids.chenjing, name: '陈某', relation: 1, phone: '12345' }, '请输入正确的手机号或座机号'],
      [`${CERT}/submit`, { userId: ids.chenjing, certName: '证书', certType: 1 }, '请输入证书编号'],
      [
        `${CERT}/submit`,
        { userId: ids.chenjing, certName: '证书', certType: 1, certNum: 'X1', issueDate: '2026-01-01', expireDate: '2025-01-01' },
        '有效期至不能早于发证日期',
      ],
      [`${WC}/save`, { userId: ids.chenjing, contractNum: 'T-1', contractType: 1 }, '请选择开始日期'],
      [
        `${WC}/save`,
        { userId: ids.chenjing, contractNum: 'T-1', contractType: 1, startDate: '2026-01-01', endDate: '2027-01-01', probationEnd: '2027-03-01' },
        '试用期截止日期应在合同期限内',
      ],
      [`${WC}/save`, { userId: ids.chenjing, contractNum: 'T-1', contractType: 1, startDate: '2026-01-01', endDate: '2025-01-01' }, '结束日期不能早于开始日期'],
      [`${SCHEME}/submit`, { schemeName: '测试方案', city: '南京', pensionCompany: '120' }, '缴费比例应在0至100之间'],
      [`${SCHEME}/submit`, { schemeName: '测试方案', city: '南京', baseMin: '9000', baseMax: '8000' }, '缴费基数下限不能高于缴费基数上限'],
      [`${SCHEME}/submit`, { schemeName: '测试方案', city: '南京', pensionCompany: '1.234' }, '养老单位(%)最多保留两位小数'],
      [`${SOCIAL}/submit`, { userId: ids.chenjing, schemeId: '123456789012', payMonth: '2026-01', base: '8000' }, '社保方案不存在'],
      [`${SOCIAL}/submit`, { userId: ids.chenjing, payMonth: '2026-12', base: '8000' }, '请选择社保方案'],
      [`${SOCIAL}/submit`, { userId: ids.chenjing, schemeId: '123456789012', payMonth: '2026-13', base: '8000' }, '缴费月份格式应为yyyy-MM'],
      [`${OUTER}/submit`, { name: '外聘', outerType: 1, phone: '1234' }, '请输入正确的手机号码'],
      [`${OUTER}/submit`, { name: '外聘', outerType: 1, phone: '13812345678', idCard: '320105199210090012' }, '请输入正确的身份证号码'],
      [`${OUTER}/submit`, { name: '外聘', outerType: 1, phone: '13812345678', bankAccount: '62-22' }, '银行账号应为6至30位数字'],
      [`${ASSET}/register`, { assetNum: 'ZC-T1', category: 1 }, '请输入资产名称'],
      [`${ASSET}/register`, { assetNum: 'ZC-T1', assetName: '电脑', category: 1, value: '-1' }, '资产原值不能为负数'],
      [`${ASSET}/register`, { assetNum: 'ZC-T1', assetName: '电脑', category: 1, value: '1.234' }, '资产原值(元)最多保留两位小数'],
    ];
    for (const [url, payload, msg] of bad)
      expect((await post('zhaomin', url, payload)).body, `${url} ${JSON.stringify(payload)}`).toMatchObject({ code: 400, msg });
    // The social base outside the scheme's limits, and a second record of a person's month.
    const scheme = await rowId('hjl_social_security', `city = '南京'`);
    expect((await post('zhaomin', `${SOCIAL}/submit`, { userId: ids.chenjing, schemeId: scheme, payMonth: '2020-01', base: '100.00' })).body).toMatchObject({
      code: 400,
      msg: '缴费基数应在社保方案的上下限之间',
    });
    const [taken] = await t.database.raw(`SELECT user_id::text AS u, pay_month AS m FROM hjl_user_social_security WHERE tenant_id = '000000' LIMIT 1`);
    expect(
      (await post('zhaomin', `${SOCIAL}/submit`, { userId: String(taken!.u), schemeId: scheme, payMonth: String(taken!.m), base: '8000.00' })).body,
    ).toMatchObject({
      code: 400,
      msg: '该员工该月的社保记录已存在',
    });
    expect(await Promise.all(LISTS.map(([, table]) => countRows(t.database, table)))).toEqual(before);
  });
});

describe('another tenant', () => {
  it("sees, counts, changes and shares nothing of tenant A's, and cannot name A's people", async () => {
    for (const [url, table] of LISTS) {
      expect((await list('b', url)).total, url).toBe(0);
      const id = await rowId(table);
      const detail = await get('b', url.replace(/\/(list|page)$/, '/detail'), { id });
      expect(detail.status, url).toBe(404);
      expect((await post('b', url.replace(/\/(list|page)$/, '/remove'), undefined, { ids: id })).body, url).toMatchObject({ code: 400 });
    }
    const fingerprint = async () =>
      (await t.database.raw(`SELECT md5(string_agg(x::text, '|' ORDER BY x.id)) AS h FROM hjl_user_certificate x WHERE tenant_id = '000000'`))[0]!.h;
    const before = await fingerprint();
    const cert = await rowId('hjl_user_certificate', 'is_share = 1');
    expect((await post('b', `${CERT}/cancel-share`, undefined, { ids: cert })).body).toMatchObject({ code: 400, msg: '证书不存在或无权访问' });
    expect((await post('b', `${CERT}/submit`, { id: cert, certName: '改名' })).body).toMatchObject({ code: 400 });
    expect((await post('b', `${CERT}/submit`, { userId: ids.zhangwei, certName: 'x', certType: 1, certNum: 'x' })).body).toMatchObject({
      code: 400,
      msg: '员工不存在',
    });
    expect(await fingerprint()).toBe(before);
    const contract = await rowId('hjl_work_contract');
    expect((await get('b', `${WC}/${contract}`)).status).toBe(404);
    expect((await get('b', `${WC}/${ids.zhangwei}`)).status).toBe(404);
    expect((await get('b', `${WC}/detail`, { userId: ids.zhangwei })).status).toBe(404);
  });
});

describe('permission codes', () => {
  it('a user without the menu or button code is refused 403', async () => {
    // Finance staff keep only their own file, family and education.
    for (const url of [
      `${CERT}/list`,
      `${WC}/list`,
      `${WC}/${ids.lihong}`,
      `${SCHEME}/list`,
      `${SOCIAL}/list`,
      `${OUTER}/list`,
      `${ASSET}/page`,
      `${HIS}/list`,
    ])
      expect((await get('lihong', url)).status, url).toBe(403);
    expect((await post('lihong', `${FILE}/submit`, { userId: ids.lihong, idCard: '11010519491231002X' })).status).toBe(403); // no 新增 of a file
    expect((await post('lihong', `${FILE}/remove`, undefined, { ids: await rowId('blade_user_ext', 'user_id = $1', [ids.lihong]) })).status).toBe(403);
    // Leaders read everything and change nothing.
    expect((await list('wangjianguo', `${CERT}/list`)).total).toBeGreaterThan(5);
    const cert = await rowId('hjl_user_certificate', 'affiliation = 1 AND is_share = 0 AND expire_date > now()');
    expect((await post('wangjianguo', `${CERT}/share`, undefined, { ids: cert })).status).toBe(403);
    expect((await post('wangjianguo', `${ASSET}/register`, { assetNum: 'ZC-X', assetName: '电脑', category: 1 })).status).toBe(403);
    expect((await post('wangjianguo', `${WC}/save`, { userId: ids.zhangwei, contractNum: 'X', contractType: 1, startDate: '2026-01-01' })).status).toBe(403);
  });
});

describe('self-service', () => {
  it('a staff member sees only their own file, education and family (rows, totals, details)', async () => {
    for (const url of [`${FILE}/list`, `${EDU}/list`, `${HOME}/list`]) {
      const mine = await list('chenjing', url);
      expectEvery(mine.records, (r) => r.userId === ids.chenjing, url);
      expect(mine.total, url).toBe(mine.records.length);
      const all = await list('zhaomin', url);
      expect(all.total, url).toBeGreaterThan(mine.total);
      const other = all.records.find((r) => r.userId !== ids.chenjing)!;
      expect((await get('chenjing', url.replace('/list', '/detail'), { id: String(other.id) })).status, url).toBe(404);
    }
    // Asked for another person by filter: still their own only.
    expect((await list('chenjing', `${EDU}/list`, { userId: ids.zhangwei })).total).toBe(0);
    // The export is HR's.
    expect((await t.call(tok.chenjing, { method: 'GET', url: `${HOME}/export` })).status).toBe(403);
  });

  it('changes the contact fields of their own file only', async () => {
    const own = (await list('chenjing', `${FILE}/list`)).records[0]!;
    expect((await post('chenjing', `${FILE}/submit`, { ...own, address: '南京市鼓楼区中山路1号', emergencyPhone: '13900001111' })).body).toMatchObject({
      code: 200,
    });
    expect((await get('chenjing', `${FILE}/detail`, { id: String(own.id) })).body.data).toMatchObject({ address: '南京市鼓楼区中山路1号', idCard: own.idCard });
    expect((await post('chenjing', `${FILE}/submit`, { id: own.id, entryDate: '2001-01-01' })).body).toMatchObject({
      code: 400,
      msg: '只能修改本人的联系方式,其他档案信息请联系人事部门',
    });
    expect((await post('chenjing', `${FILE}/submit`, { id: own.id, userId: ids.zhangwei })).body).toMatchObject({ code: 400, msg: '只能维护本人的档案信息' });
    const other = await rowId('blade_user_ext', 'user_id = $1', [ids.zhangwei]);
    expect((await post('chenjing', `${FILE}/submit`, { id: other, address: 'x' })).body).toMatchObject({ code: 400, msg: '数据不存在或已被删除' });
    // HR changes any field of anybody's file.
    expect((await post('zhaomin', `${FILE}/submit`, { id: other, entryDate: '2015-07-11' })).body).toMatchObject({ code: 200 });
  });

  it('adds, changes and removes their own education and family, never another person’s', async () => {
    const before = await countRows(t.database, 'hjl_user_home_info');
    expect((await post('chenjing', `${HOME}/submit`, { userId: ids.zhangwei, name: '他人', relation: 6 })).body).toMatchObject({
      code: 400,
      msg: '只能维护本人的档案信息',
    });
    expect(await countRows(t.database, 'hjl_user_home_info')).toBe(before);
    expect((await post('chenjing', `${HOME}/submit`, { userId: ids.chenjing, name: '陈小妹', relation: 5, phone: '13800001234' })).body).toMatchObject({
      code: 200,
    });
    const mine = (await list('chenjing', `${HOME}/list`, { name: '陈小妹' })).records[0]!;
    expect(mine).toMatchObject({ userId: ids.chenjing, userName: '陈静' });
    const others = await rowId('hjl_user_home_info', 'user_id = $1', [ids.zhangwei]);
    expect((await post('chenjing', `${HOME}/submit`, { id: others, name: '改' })).body).toMatchObject({ code: 400, msg: '数据不存在或已被删除' });
    expect((await post('chenjing', `${HOME}/remove`, undefined, { ids: others })).body).toMatchObject({ code: 400, msg: '数据不存在或已被删除' });
    expect((await post('chenjing', `${HOME}/remove`, undefined, { ids: String(mine.id) })).body).toMatchObject({ code: 200 });
    expect(await countRows(t.database, 'hjl_user_home_info', 'is_deleted = 0')).toBe(before);
  });
});

describe('education', () => {
  it('keeps one highest degree per person', async () => {
    expect(
      (
        await post('zhaomin', `${EDU}/submit`, {
          userId: ids.zhangwei,
          school: '南京大学',
          major: '管理科学与工程',
          degree: 5,
          startDate: '2022-09-01',
          isHighest: 1,
        })
      ).body,
    ).toMatchObject({ code: 200 });
    const rows = (await list('zhaomin', `${EDU}/list`, { userId: ids.zhangwei })).records;
    expect(rows.filter((r) => r.isHighest === 1).map((r) => r.school)).toEqual(['南京大学']);
    expect(rows.length).toBeGreaterThan(1);
  });
});

describe('certificates', () => {
  it('shares a valid company certificate and cancels it; refuses an expired one and a personal one; a submit keeps isShare', async () => {
    const valid = await rowId('hjl_user_certificate', 'affiliation = 1 AND is_share = 0 AND expire_date > now()');
    const expired = await rowId('hjl_user_certificate', 'affiliation = 1 AND expire_date < now()');
    const personal = await rowId('hjl_user_certificate', 'affiliation = 2 AND expire_date > now()');
    expect((await post('zhaomin', `${CERT}/share`, undefined, { ids: expired })).body).toMatchObject({ code: 400, msg: '证书已过期,不能共享' });
    expect((await post('zhaomin', `${CERT}/share`, undefined, { ids: personal })).body).toMatchObject({ code: 400, msg: '只有注册在本公司的证书才能共享' });
    // One refused among several: none is shared.
    expect((await post('zhaomin', `${CERT}/share`, undefined, { ids: `${valid},${expired}` })).body).toMatchObject({ code: 400, msg: '证书已过期,不能共享' });
    expect((await get('zhaomin', `${CERT}/detail`, { id: valid })).body.data.isShare).toBe(0);

    const unshared = async () => (await list('zhaomin', `${CERT}/list`, { affiliation: '1', isShare: '0' })).records;
    expectEvery(await unshared(), (r) => r.affiliation === 1 && r.isShare === 0, 'company certificates not shared');
    expect((await unshared()).map((r) => r.id)).toContain(valid);

    expect((await post('zhaomin', `${CERT}/share`, undefined, { ids: valid, sharedScope: '某项目投标' })).body).toMatchObject({ code: 200 });
    expect((await get('zhaomin', `${CERT}/detail`, { id: valid })).body.data).toMatchObject({ isShare: 1, sharedScope: '某项目投标' });
    expect((await unshared()).map((r) => r.id)).not.toContain(valid);
    // A submit does not change the share.
    expect((await post('zhaomin', `${CERT}/submit`, { id: valid, isShare: 0, remark: '复审' })).body).toMatchObject({ code: 200 });
    expect((await get('zhaomin', `${CERT}/detail`, { id: valid })).body.data).toMatchObject({ isShare: 1, remark: '复审' });

    expect((await post('zhaomin', `${CERT}/cancel-share`, undefined, { ids: valid })).body).toMatchObject({ code: 200 });
    expect((await get('zhaomin', `${CERT}/detail`, { id: valid })).body.data).toMatchObject({ isShare: 0, sharedScope: null });
    expect((await post('zhaomin', `${CERT}/share`, undefined, {})).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: ids' });
  });
});

describe('labour contracts', () => {
  it('GET /{param} and detail answer the same record by the person or by the id', async () => {
    const byUser = await get('zhaomin', `${WC}/${ids.zhangwei}`);
    expect(byUser.body).toMatchObject({ code: 200, data: { userId: ids.zhangwei, userName: '张伟' } });
    const id = String(byUser.body.data.id);
    expect((await get('zhaomin', `${WC}/${id}`)).body.data).toEqual(byUser.body.data);
    expect((await get('zhaomin', `${WC}/detail`, { id })).body.data).toEqual(byUser.body.data);
    expect((await get('zhaomin', `${WC}/detail`, { userId: ids.zhangwei })).body.data).toEqual(byUser.body.data);
    // A renewal that starts later is the person's contract from then on.
    expect(
      (await post('zhaomin', `${WC}/save`, { userId: ids.zhangwei, contractNum: 'HJ-LD-TEST-001', contractType: 2, startDate: '2099-01-01' })).body,
    ).toMatchObject({ code: 200 });
    const renewed = (await get('zhaomin', `${WC}/detail`, { userId: ids.zhangwei })).body.data;
    expect(renewed).toMatchObject({ contractNum: 'HJ-LD-TEST-001' });
    expect((await get('zhaomin', `${WC}/${ids.zhangwei}`)).body.data).toEqual(renewed);
    expect((await get('zhaomin', `${WC}/detail`)).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: id' });
    expect((await get('zhaomin', `${WC}/abc`)).body).toMatchObject({ code: 400 });
    expect((await get('zhaomin', `${WC}/123456789012`)).status).toBe(404);
    expect((await post('zhaomin', `${WC}/update`, { id: renewed.id, contractNum: 'HJ-LD-TEST-002' })).body).toMatchObject({ code: 200 });
    expect(
      (await post('zhaomin', `${WC}/save`, { userId: ids.chenjing, contractNum: 'HJ-LD-TEST-002', contractType: 1, startDate: '2026-01-01' })).body,
    ).toMatchObject({
      code: 400,
      msg: '合同编号已存在',
    });
  });
});

describe('social security and assets', () => {
  it('computes the personal and company amounts from the base and the scheme (to the fen)', async () => {
    expect(
      (
        await post('zhaomin', `${SCHEME}/submit`, {
          schemeName: '测试方案',
          city: '南京',
          baseMin: '3000',
          baseMax: '30000',
          pensionCompany: '16',
          pensionPersonal: '8',
          medicalCompany: '9.5',
          medicalPersonal: '2',
          unemploymentPersonal: '0.5',
          injuryCompany: '0.33',
          housingPersonal: '12',
        })
      ).body,
    ).toMatchObject({ code: 200 });
    const scheme = (await list('zhaomin', `${SCHEME}/list`, { schemeName: '测试方案' })).records[0]!;
    expect(
      (await post('zhaomin', `${SOCIAL}/submit`, { userId: ids.chenjing, schemeId: scheme.id, payMonth: '2030-01', base: '10001.01', personalAmount: '1' }))
        .body,
    ).toMatchObject({
      code: 200,
    });
    const row = (await list('zhaomin', `${SOCIAL}/list`, { payMonth: '2030-01' })).records[0]!;
    // 10001.01 × 22.5 % = 2250.22725 → 2250.23; × 25.83 % = 2583.260883 → 2583.26
    expect(row).toMatchObject({ personalAmount: '2250.23', companyAmount: '2583.26', schemeName: '测试方案', userName: '陈静' });
    expect((await post('zhaomin', `${SOCIAL}/submit`, { id: row.id, base: '20000' })).body).toMatchObject({ code: 200 });
    expect((await get('zhaomin', `${SOCIAL}/detail`, { id: String(row.id) })).body.data).toMatchObject({ personalAmount: '4500.00', companyAmount: '5166.00' });
  });

  it('registers an asset (today, unless dated) and changes it through register', async () => {
    expect(
      (await post('zhaomin', `${ASSET}/register`, { assetNum: 'ZC-T-1', assetName: '测试电脑', category: 2, value: '6999.90', keeperUser: ids.chenjing })).body,
    ).toMatchObject({ code: 200 });
    const row = (await list('zhaomin', `${ASSET}/page`, { assetNum: 'ZC-T-1' })).records[0]!;
    expect(row).toMatchObject({
      assetName: '测试电脑',
      value: '6999.90',
      keeperName: '陈静',
      assetStatus: 1,
      registerDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await post('zhaomin', `${ASSET}/register`, { id: row.id, assetStatus: 2 })).body).toMatchObject({ code: 200 });
    expect((await get('zhaomin', `${ASSET}/detail`, { id: String(row.id) })).body.data).toMatchObject({ assetStatus: 2 });
    expect((await post('zhaomin', `${ASSET}/register`, { assetNum: 'ZC-T-1', assetName: '重复', category: 2 })).body).toMatchObject({
      code: 400,
      msg: '资产编号已存在',
    });
  });
});

describe('the staff file by person (bladeUser/detail?userId=)', () => {
  it('answers the same file by the person or by the id; a person without a file gets an empty one to fill', async () => {
    const fileId = await rowId('blade_user_ext', 'user_id = $1', [ids.zhangwei]);
    const byUser = await get('zhaomin', `${FILE}/detail`, { userId: ids.zhangwei });
    const byId = await get('zhaomin', `${FILE}/detail`, { id: fileId });
    expect(byUser.body).toMatchObject({ code: 200, data: { id: fileId, userId: ids.zhangwei, userName: '张伟' } });
    expect(byUser.body.data).toEqual(byId.body.data);

    // HR removes wufang's file: the person's file is then empty (no id), and filling it creates it.
    const wufangFile = await rowId('blade_user_ext', 'user_id = $1', [ids.wufang]);
    expect((await post('zhaomin', `${FILE}/remove`, undefined, { ids: wufangFile })).body).toMatchObject({ code: 200 });
    const empty = await get('zhaomin', `${FILE}/detail`, { userId: ids.wufang });
    expect(empty.body).toMatchObject({ code: 200, data: { userId: ids.wufang, userName: '吴芳' } });
    expect(empty.body.data.id).toBeUndefined();
    expect((await post('zhaomin', `${FILE}/submit`, { userId: ids.wufang, nativePlace: '江苏镇江', entryDate: '2018-03-05' })).body).toMatchObject({
      code: 200,
    });
    expect((await get('zhaomin', `${FILE}/detail`, { userId: ids.wufang })).body.data).toMatchObject({
      userId: ids.wufang,
      nativePlace: '江苏镇江',
      id: expect.any(String),
    });
  });

  it('refuses a call without id or userId in Chinese, and finds nobody outside the tenant, the scope or the staff', async () => {
    expect((await get('zhaomin', `${FILE}/detail`)).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: id' });
    expect((await get('zhaomin', `${FILE}/detail`, { userId: 'abc' })).status).toBe(400);
    expect((await get('zhaomin', `${FILE}/detail`, { userId: '123456789012' })).status).toBe(404);
    // Another tenant's administrator: neither the file nor the person.
    expect((await get('b', `${FILE}/detail`, { userId: ids.zhangwei })).status).toBe(404);
    expect((await get('b', `${FILE}/detail`, { id: await rowId('blade_user_ext', 'user_id = $1', [ids.zhangwei]) })).status).toBe(404);
    // A staff member: their own file by their id, nobody else's (with or without a file).
    expect((await get('chenjing', `${FILE}/detail`, { userId: ids.chenjing })).body).toMatchObject({ code: 200, data: { userId: ids.chenjing } });
    expect((await get('chenjing', `${FILE}/detail`, { userId: ids.zhangwei })).status).toBe(404);
    expect((await get('chenjing', `${FILE}/detail`, { userId: ids.lihong })).status).toBe(404);
  });
});

describe('people statistics (人事统计)', () => {
  const sum = (c: { series: { data: number[] }[] }, i = 0) => c.series[i]!.data.reduce((a, b) => a + b, 0);

  it('HR sees the whole tenant: highest degrees, certificates by type (company, shared), people by department and age band', async () => {
    const r = await get('zhaomin', `${B}/report/hr`);
    expect(r.body.code).toBe(200);
    const { highestDegree, certificateCount, byDept, byAge } = r.body.data;
    expect(highestDegree).toMatchObject({ kind: 'pie', title: '最高学历分布' });
    const highest = await t.database.raw(
      `SELECT count(DISTINCT user_id)::int AS n FROM hjl_user_education WHERE tenant_id = '000000' AND is_deleted = 0 AND is_highest = 1`,
    );
    expect(sum(highestDegree)).toBe(Number(highest[0]!.n));
    expectEvery(highestDegree.categories as string[], (c) => /[\u4e00-\u9fa5]/.test(c), 'degree labels in Chinese');
    expect(certificateCount).toMatchObject({ kind: 'bar', title: '证书统计', series: [{ name: '证书数' }, { name: '注册本公司' }, { name: '已共享' }] });
    expect(sum(certificateCount)).toBe(await countRows(t.database, 'hjl_user_certificate', `tenant_id = '000000' AND is_deleted = 0`));
    expect(sum(certificateCount, 2)).toBe(await countRows(t.database, 'hjl_user_certificate', `tenant_id = '000000' AND is_deleted = 0 AND is_share = 1`));
    expect(certificateCount.categories).toContain('一级造价工程师');
    expect(byDept).toMatchObject({ kind: 'bar', title: '部门人数' });
    expect(sum(byDept)).toBeGreaterThan(5);
    expect(sum(byAge)).toBe(await countRows(t.database, 'blade_user', `tenant_id = '000000' AND is_deleted = 0 AND status = 1`));
  });

  it("a staff member's figures are their own (rows and totals); another tenant's are its own; no menu, 403", async () => {
    const { highestDegree, certificateCount, byDept, byAge } = (await get('chenjing', `${B}/report/hr`)).body.data;
    expect(sum(highestDegree)).toBe(1);
    expect(sum(byAge)).toBe(1);
    expect(sum(byDept)).toBe(1);
    const own = await countRows(t.database, 'hjl_user_certificate', `is_deleted = 0 AND user_id = ${ids.chenjing}`);
    expect(own).toBeGreaterThan(0);
    expect(sum(certificateCount)).toBe(own);
    // A leader sees all.
    expect(sum((await get('wangjianguo', `${B}/report/hr`)).body.data.certificateCount)).toBe(
      await countRows(t.database, 'hjl_user_certificate', `tenant_id = '000000' AND is_deleted = 0`),
    );
    // The other tenant has no certificates or educations of its own.
    const other = (await get('b', `${B}/report/hr`)).body.data;
    expect(sum(other.certificateCount) + sum(other.highestDegree)).toBe(0);
    expect((await t.call(undefined, { method: 'GET', url: `${B}/report/hr` })).status).toBe(401);
  });

  it('the workbench shows 最高学历分布 and 证书统计 to holders of 人事统计 (HR, leaders), not to other staff', async () => {
    const keysOf = async (who: string) =>
      ((await get(who, '/api/business-module/statistics/home/statistics')).body.data as { key: string }[]).map((s) => s.key);
    expect(await keysOf('zhaomin')).toEqual(expect.arrayContaining(['highestDegree', 'certificateCount']));
    expect(await keysOf('wangjianguo')).toEqual(expect.arrayContaining(['highestDegree', 'certificateCount']));
    expect(await keysOf('chenjing')).not.toContain('highestDegree');
    expect(await keysOf('chenjing')).not.toContain('certificateCount');
    const [cert] = (await get('zhaomin', '/api/business-module/statistics/home/statistics', { keys: 'certificateCount' })).body.data;
    expect(cert).toMatchObject({ key: 'certificateCount', title: '证书统计' });
  });
});
