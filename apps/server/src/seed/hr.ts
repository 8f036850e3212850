/**
 * The demo company's people (tenant 000000, BUSINESS.md WP6): a full staff file for each demo person (id card with
 * its checksum, education with the highest degree marked, work history, family), certificates (company ones, some
 * shared, some expiring soon, one expired), labour contracts (some ending soon), two social-security schemes with
 * three months of contributions, outside persons and assets. Seeded once, when the demo tenant's staff-file table
 * has never had a row. On every start, what an installation from before the area lacks is added: the business
 * dictionaries, the role 人事专员 (held by the HR officer besides 普通员工), the self-service data scopes and their
 * grants, and the demo roles' menus of the area.
 */
import { SOCIAL_RATES, multiplyMoney, sumMoney, toFen } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';
import type { FirmClock } from '../platform/time/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { assets, certificates, educations, homeInfos, outers, socialSchemes, staffFiles, userSocials, workContracts, workHis } from '../modules/hr/schema.ts';
import { dataScopes, menus, roles, roleScopes } from '../modules/system/schema.ts';
import { users } from '../modules/user/schema.ts';
import { firmToday } from './calendar.ts';
import * as demo from './data.ts';
import { ensureDemoDicts } from './dicts.ts';
import { grantDemoMenus } from './grants.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A row as inserted (the tables derived from definitions type their values loosely). */
type Rec = Record<string, unknown>;

const DICTS = [
  'political_status',
  'marital_status',
  'education_degree',
  'family_relation',
  'cert_type',
  'cert_affiliation',
  'work_contract_type',
  'outer_type',
  'asset_category',
  'asset_status',
  'transport_type',
];
/** Menu codes of the area (the demo roles' grants of them are added where missing). */
const isHrCode = (c: string) =>
  /^(hr_mgmt|hr_report|staff_file|user_education|user_work_his|user_home_info|user_certificate|work_contract|user_social_security|social_security|user_outer|asset|office_audit|audit_evection|audit_go_out|audit_car|audit_shopping)/.test(
    c,
  );

const pad = (n: number, len = 2) => String(n).padStart(len, '0');
/** Calendar dates as UTC midnights (seed/calendar.ts): no zone moves them. */
const day = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const addDays = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + n));
const addYears = (s: string, n: number) => `${Number(s.slice(0, 4)) + n}${s.slice(4)}`;

/** An 18-digit id card number of a Nanjing district, the birth date and a sequence, with its check character (GB 11643). */
export function demoIdCard(birthday: string, seq: number, female: boolean): string {
  const body = `320105${birthday.replaceAll('-', '')}${pad(seq % 50, 2)}${female ? 2 * (seq % 5) : 2 * (seq % 5) + 1}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(body[i]), 0);
  return `${body}${'10X98765432'[sum % 11]}`;
}

/** The people of each demo account: entry date, native place, school history, former employer, a family member. */
const PEOPLE: Record<
  string,
  { entry: string; native: string; political: number; school: [string, string, number][]; before?: string; family: [string, number, string] }
> = {
  admin: { entry: '2010-03-01', native: '江苏南京', political: 1, school: [['东南大学', '工程管理', 4]], family: ['周慧', 1, '南京市建邺区教育局'] },
  wangjianguo: {
    entry: '2008-06-15',
    native: '江苏扬州',
    political: 1,
    school: [
      ['南京工业大学', '土木工程', 3],
      ['同济大学', '工程管理', 4],
    ],
    before: '江苏省建筑设计研究院',
    family: ['王芳', 1, '扬州市第一人民医院'],
  },
  lihong: {
    entry: '2013-09-01',
    native: '江苏常州',
    political: 5,
    school: [['南京财经大学', '会计学', 3]],
    before: '常州天衡会计师事务所',
    family: ['刘强', 1, '常州供电公司'],
  },
  zhangwei: {
    entry: '2015-07-10',
    native: '安徽合肥',
    political: 1,
    school: [
      ['合肥工业大学', '工程造价', 3],
      ['东南大学', '建筑与土木工程', 4],
    ],
    before: '安徽建工集团',
    family: ['张丽', 1, '南京市鼓楼区人民法院'],
  },
  chenjing: { entry: '2019-07-01', native: '江苏苏州', political: 3, school: [['苏州科技大学', '工程造价', 3]], family: ['陈国华', 3, '苏州市吴中区住建局'] },
  liuyang: {
    entry: '2011-04-20',
    native: '山东临沂',
    political: 5,
    school: [['山东建筑大学', '土木工程', 3]],
    before: '山东省建设监理咨询有限公司',
    family: ['孙梅', 1, '南京市江宁区第一中学'],
  },
  zhaomin: {
    entry: '2024-07-15',
    native: '江苏南通',
    political: 3,
    school: [['南京审计大学', '人力资源管理', 3]],
    family: ['赵建平', 3, '南通市港闸区税务局'],
  },
  sunlei: {
    entry: '2009-02-16',
    native: '江苏苏州',
    political: 1,
    school: [
      ['苏州大学', '土木工程', 3],
      ['南京大学', '工商管理', 4],
    ],
    before: '苏州市建设工程造价管理处',
    family: ['钱英', 1, '苏州工业园区管委会'],
  },
  wufang: { entry: '2018-03-05', native: '江苏镇江', political: 5, school: [['江苏大学', '财务管理', 3]], family: ['吴永', 3, '镇江市京口区街道办'] },
  zhengli: { entry: '2020-10-12', native: '江苏淮安', political: 3, school: [['南京晓庄学院', '档案学', 3]], family: ['郑强', 5, '淮安市清江浦区医院'] },
};

/** Certificates: [account, type, name, number prefix, major, affiliation, shared, days until expiry (negative: expired)]. */
const CERTS: [string, number, string, string, string, number, boolean, number][] = [
  ['wangjianguo', 1, '一级造价工程师注册证书', '建[造]13320000', '土木建筑工程', 1, true, 900],
  ['wangjianguo', 5, '咨询工程师(投资)登记证书', '咨登320', '工程技术经济', 1, false, 600],
  ['zhangwei', 1, '一级造价工程师注册证书', '建[造]16320001', '土木建筑工程', 1, true, 20],
  ['zhangwei', 6, '高级工程师职称证书', '苏高职', '工程经济', 2, false, 3650],
  ['chenjing', 2, '二级造价工程师注册证书', '建[造]22320002', '安装工程', 1, false, 1200],
  ['liuyang', 3, '注册监理工程师证书', '监理320', '房屋建筑工程', 1, true, 400],
  ['liuyang', 4, '一级建造师注册证书', '苏132', '建筑工程', 2, false, 25],
  ['sunlei', 1, '一级造价工程师注册证书', '建[造]10320003', '土木建筑工程', 1, false, -15],
  ['sunlei', 5, '咨询工程师(投资)登记证书', '咨登321', '建筑', 1, true, 700],
  ['lihong', 6, '中级会计师职称证书', '苏会中', '会计', 2, false, 3650],
];

const OUTERS: [string, number, string, string, string, string][] = [
  ['马建华', 1, '东南大学土木工程学院', '结构工程', '教授', '中国工商银行南京四牌楼支行'],
  ['钱学文', 1, '江苏省建设工程造价管理总站', '工程造价', '正高级工程师', '中国建设银行南京鼓楼支行'],
  ['孔令伟', 1, '南京市市政设计研究院', '市政工程', '高级工程师', '中国银行南京新街口支行'],
  ['杨光', 2, '苏州中诚造价咨询有限公司', '安装工程', '工程师', '交通银行苏州分行'],
  ['何晓燕', 2, '无锡明达招标代理有限公司', '招标采购', '经济师', '江苏银行无锡分行'],
  ['韩东', 3, '南京宏图测绘服务部', '工程测量', '助理工程师', '南京银行城北支行'],
];

const ASSETS: [string, number, string, string, string, number][] = [
  ['ThinkPad X1 Carbon 笔记本电脑', 2, 'X1 Carbon Gen 12', '12999.00', 'zhangwei', 1],
  ['戴尔 OptiPlex 台式机', 2, 'OptiPlex 7010', '5899.00', 'chenjing', 1],
  ['惠普彩色激光打印机', 1, 'M479fdw', '4599.00', 'zhengli', 1],
  ['佳能复印机', 1, 'iR-ADV C3826', '28600.00', 'zhengli', 1],
  ['别克GL8 商务车', 3, '苏A·HJ888', '268000.00', 'wangjianguo', 1],
  ['徕卡全站仪', 4, 'TS07 R500', '56800.00', 'liuyang', 1],
  ['拓普康水准仪', 4, 'DL-502', '18500.00', 'liuyang', 3],
  ['广联达造价软件加密锁', 6, 'GCCP 7.0', '15800.00', 'zhangwei', 1],
  ['会议室投影仪', 2, 'EB-L630U', '9800.00', 'admin', 1],
  ['文件柜', 5, '钢制五层', '1280.00', 'zhengli', 1],
  ['办公桌椅(10套)', 5, '1.4m组合', '16000.00', 'sunlei', 2],
  ['旧款台式机', 2, 'OptiPlex 3020', '3200.00', 'wufang', 4],
];

/** The demo staff's files, contracts, certificates, social insurance and assets, around today (`clock`: the firm's zone). */
export async function seedHr(db: Db, clock: FirmClock) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const people = await db
    .select({
      id: users.id,
      account: users.account,
      deptId: users.deptId,
      birthday: users.birthday,
      sex: users.sex,
      realName: users.realName,
      phone: users.phone,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  const byAccount = new Map(people.map((p) => [p.account, p]));
  const admin = byAccount.get('admin');
  if (!admin) return; // no demo company

  await db.transaction(async (tx) => {
    await ensureDicts(tx, tenantId);
    await ensureRoleScopesAndGrants(tx, tenantId, byAccount.get('zhaomin')?.id);
  });

  const counted = (await db.execute(sql`SELECT count(*)::int AS n FROM blade_user_ext WHERE tenant_id = ${tenantId}`)) as unknown as { rows: { n: number }[] };
  if ((counted.rows[0]?.n ?? 0) > 0) return;

  const today = firmToday(clock);
  const hr = byAccount.get('zhaomin') ?? admin;
  const audit = (createTime = `${day(today)} 09:00:00`) => ({
    tenantId,
    createUser: hr.id,
    updateUser: hr.id,
    createDept: String(hr.deptId ?? '').split(',')[0] || null,
    createTime,
    updateTime: createTime,
  });
  const deptOf = (p: { deptId: string | null }) => String(p.deptId ?? '').split(',')[0] || null;

  const files: Rec[] = [];
  const eduRows: Rec[] = [];
  const hisRows: Rec[] = [];
  const homeRows: Rec[] = [];
  const contractRows: Rec[] = [];
  let seq = 0;
  for (const [account, p] of Object.entries(PEOPLE)) {
    const u = byAccount.get(account);
    if (!u) continue;
    seq++;
    const birthday = u.birthday ? String(u.birthday).slice(0, 10) : '1990-01-01';
    files.push({
      id: nextId(),
      ...audit(`${p.entry} 09:00:00`),
      userId: u.id,
      idCard: demoIdCard(birthday, seq, u.sex === 2),
      entryDate: p.entry,
      regularDate: day(new Date(Date.UTC(Number(p.entry.slice(0, 4)), Number(p.entry.slice(5, 7)) + 2, Number(p.entry.slice(8, 10))))),
      nativePlace: p.native,
      nation: '汉族',
      politicalStatus: p.political,
      maritalStatus: p.family[1] === 1 ? 2 : 1,
      address: `南京市建邺区江东中路${100 + seq * 7}号`,
      personalEmail: `${account}@mail.example.cn`,
      emergencyContact: p.family[0],
      emergencyRelation: p.family[1] === 1 ? '配偶' : p.family[1] === 3 ? '父亲' : '兄弟姐妹',
      emergencyPhone: `1391380${pad(200 + seq, 4)}`,
    });
    const birthYear = Number(birthday.slice(0, 4));
    p.school.forEach(([school, major, degree], i) => {
      const start = birthYear + 18 + i * 4;
      eduRows.push({
        id: nextId(),
        ...audit(),
        userId: u.id,
        school,
        major,
        degree,
        startDate: `${start}-09-01`,
        endDate: `${start + (degree === 4 ? 3 : 4)}-06-30`,
        isHighest: i === p.school.length - 1 ? 1 : 0,
      });
    });
    if (p.before) {
      hisRows.push({
        id: nextId(),
        ...audit(),
        userId: u.id,
        company: p.before,
        position: account === 'lihong' ? '审计助理' : '工程师',
        startDate: addYears(p.entry, -4),
        endDate: addYears(p.entry, 0).slice(0, 8) + '01',
        duty: '负责工程项目的造价编制、审核及现场技术管理工作',
        leaveReason: '个人职业发展',
      });
    }
    hisRows.push({
      id: nextId(),
      ...audit(),
      userId: u.id,
      company: demo.DEMO_TENANT.tenantName,
      position: account === 'wangjianguo' ? '总经理' : account === 'sunlei' ? '分公司负责人' : '职员',
      startDate: p.entry,
      duty: '现任职务',
    });
    homeRows.push({
      id: nextId(),
      ...audit(),
      userId: u.id,
      name: p.family[0],
      relation: p.family[1],
      phone: `1381234${pad(5000 + seq, 4)}`,
      workplace: p.family[2],
    });
    if (p.family[1] === 1 && seq % 2 === 0)
      homeRows.push({
        id: nextId(),
        ...audit(),
        userId: u.id,
        name: `${String(u.realName ?? '').slice(0, 1)}小宝`,
        relation: 2,
        workplace: '南京市建邺区实验小学',
      });
    // Labour contracts: three-year fixed terms (a few end within the month), the founders without a fixed term.
    const indefinite = account === 'wangjianguo' || account === 'admin';
    const end = addDays(today, [20, 300, 45, 500, 12, 700, 150, 900, 60, 365][(seq - 1) % 10]!);
    const start = indefinite ? p.entry : day(addDays(end, -3 * 365));
    contractRows.push({
      id: nextId(),
      ...audit(`${start} 09:00:00`),
      userId: u.id,
      contractNum: `HJ-LD-${start.slice(0, 4)}-${pad(seq, 3)}`,
      contractType: indefinite ? 2 : 1,
      signDate: start,
      startDate: start,
      endDate: indefinite ? null : day(end),
      probationEnd: indefinite ? null : day(addDays(end, 90 - 3 * 365)),
    });
  }

  const certRows: Rec[] = CERTS.flatMap(([account, type, name, prefix, major, affiliation, shared, days], i) => {
    const u = byAccount.get(account);
    if (!u) return [];
    const expire = addDays(today, days);
    return [
      {
        id: nextId(),
        ...audit(),
        userId: u.id,
        certName: name,
        certType: type,
        certNum: `${prefix}${pad(1000 + i * 37, 5)}`,
        major,
        issueOrg: type <= 2 ? '中华人民共和国住房和城乡建设部' : type === 6 ? '江苏省人力资源和社会保障厅' : '中华人民共和国住房和城乡建设部',
        // Four years before the expiry, and never in the future (a 职称 certificate is valid for ten years).
        issueDate: day(addDays(today, Math.min(days - 4 * 365, -300 - i * 45))),
        expireDate: day(expire),
        affiliation,
        isShare: shared ? 1 : 0,
        sharedScope: shared ? '投标资格审查' : null,
      },
    ];
  });

  // Social security: two schemes, the last three months for everybody on the Nanjing one (Suzhou for the branch).
  const nanjing: Rec = {
    id: nextId(),
    ...audit(),
    schemeName: '南京市2026年度社保方案',
    city: '南京',
    baseMin: '4879.00',
    baseMax: '24396.00',
    pensionCompany: '16.00',
    pensionPersonal: '8.00',
    medicalCompany: '9.00',
    medicalPersonal: '2.00',
    unemploymentCompany: '0.50',
    unemploymentPersonal: '0.50',
    injuryCompany: '0.40',
    maternityCompany: '0.80',
    housingCompany: '10.00',
    housingPersonal: '10.00',
  };
  const suzhou: Rec = {
    ...nanjing,
    id: nextId(),
    schemeName: '苏州市2026年度社保方案',
    city: '苏州',
    baseMin: '4494.00',
    baseMax: '24330.00',
    medicalCompany: '7.00',
    housingCompany: '8.00',
    housingPersonal: '8.00',
  };
  const rateOf = (scheme: Rec, fields: readonly string[]) => {
    const digits = toFen(sumMoney(fields.map((f) => String(scheme[f] ?? '0'))))
      .toString()
      .padStart(5, '0');
    return `${digits.slice(0, -4)}.${digits.slice(-4)}`;
  };
  const socialRows: Rec[] = [];
  for (const [i, u] of [...byAccount.values()].entries()) {
    if (!PEOPLE[u.account]) continue;
    const scheme = u.account === 'sunlei' ? suzhou : nanjing;
    const base = ['8000.00', '12000.00', '9500.00', '15000.00', '6800.00', '11000.00', '5200.00', '18000.00', '7200.00', '6000.00'][i % 10]!;
    for (let m = 1; m <= 3; m++) {
      const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - m, 1));
      socialRows.push({
        id: nextId(),
        ...audit(`${day(d)} 10:00:00`),
        userId: u.id,
        schemeId: scheme.id,
        payMonth: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`,
        base,
        personalAmount: multiplyMoney(base, rateOf(scheme, SOCIAL_RATES.personal)),
        companyAmount: multiplyMoney(base, rateOf(scheme, SOCIAL_RATES.company)),
      });
    }
  }

  const outerRows: Rec[] = OUTERS.map(([name, type, company, major, title, bank], i) => ({
    id: nextId(),
    ...audit(),
    name,
    outerType: type,
    idCard: demoIdCard(`19${70 + i * 3}-0${1 + i}-1${i}`, 20 + i, i % 2 === 1),
    phone: `1385170${pad(1000 + i * 13, 4)}`,
    company,
    major,
    title,
    bankName: bank,
    bankAccount: `62220${pad(24000000 + i * 7777, 14)}`,
  }));

  const assetRows: Rec[] = ASSETS.map(([name, category, spec, value, keeper, status], i) => {
    const u = byAccount.get(keeper) ?? admin;
    const registered = day(addDays(today, -40 * (i + 1)));
    return {
      id: nextId(),
      ...audit(`${registered} 09:00:00`),
      assetNum: `HJ-ZC-${registered.slice(0, 4)}-${pad(i + 1, 4)}`,
      assetName: name,
      category,
      spec,
      value,
      deptId: deptOf(u),
      keeperUser: u.id,
      registerDate: registered,
      assetStatus: status,
      location: category === 3 ? '公司地下车库' : category === 4 ? '监理部仪器室' : '南京总部',
    };
  });

  await db.transaction(async (tx) => {
    if (files.length) await tx.insert(staffFiles).values(files);
    if (eduRows.length) await tx.insert(educations).values(eduRows);
    if (hisRows.length) await tx.insert(workHis).values(hisRows);
    if (homeRows.length) await tx.insert(homeInfos).values(homeRows);
    if (certRows.length) await tx.insert(certificates).values(certRows);
    if (contractRows.length) await tx.insert(workContracts).values(contractRows);
    await tx.insert(socialSchemes).values([nanjing, suzhou]);
    if (socialRows.length) await tx.insert(userSocials).values(socialRows);
    await tx.insert(outers).values(outerRows);
    await tx.insert(assets).values(assetRows);
  });
}

/** The area's business dictionaries a tenant lacks (an installation from before the area). */
async function ensureDicts(tx: Tx, tenantId: string) {
  await ensureDemoDicts(tx, tenantId, DICTS);
}

/**
 * The role 人事专员 (and the HR officer holding it), the self-service data scopes and their grants, and the demo
 * roles' menus of the area, where missing.
 */
async function ensureRoleScopesAndGrants(tx: Tx, tenantId: string, hrOfficer: string | undefined) {
  const hrRole = demo.roles.find((r) => r.key === 'hr')!;
  let roleRows = await tx
    .select({ id: roles.id, alias: roles.roleAlias })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)));
  if (!roleRows.some((r) => r.alias === hrRole.roleAlias)) {
    await tx.insert(roles).values({ id: nextId(), tenantId, roleName: hrRole.roleName, roleAlias: hrRole.roleAlias, sort: hrRole.sort });
    roleRows = await tx
      .select({ id: roles.id, alias: roles.roleAlias })
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)));
  }
  const roleOf = (key: string) => roleRows.find((r) => r.alias === demo.roles.find((x) => x.key === key)?.roleAlias);
  const hrRoleId = roleOf('hr')?.id;
  if (hrOfficer && hrRoleId) {
    const [u] = await tx.select({ roleId: users.roleId }).from(users).where(eq(users.id, hrOfficer));
    const held = String(u?.roleId ?? '')
      .split(',')
      .filter(Boolean);
    if (u && !held.includes(String(hrRoleId)))
      await tx
        .update(users)
        .set({ roleId: [...held, String(hrRoleId)].join(',') })
        .where(eq(users.id, hrOfficer));
  }

  const menuRows = await tx.select({ id: menus.id, code: menus.code }).from(menus).where(eq(menus.isDeleted, 0));
  const menuIds = new Map(menuRows.map((m) => [m.code, m.id]));
  const scopeMenus = demo.HR_SELF_SERVICE_MENUS;
  const present = new Map<string, string>(
    (
      await tx
        .select({ id: dataScopes.id!, name: dataScopes.scopeName!, code: dataScopes.resourceCode! })
        .from(dataScopes)
        .where(and(inArray(dataScopes.resourceCode!, scopeMenus), eq(dataScopes.isDeleted!, 0)))
    ).map((d) => [`${String(d.code)}|${String(d.name)}`, String(d.id)]),
  );
  const missing = demo.dataScopes
    .filter((d) => scopeMenus.includes(d.menu) && menuIds.has(d.menu) && !present.has(`${d.menu}|${d.scopeName}`))
    .map(({ menu: code, ...d }) => {
      const id = nextId();
      present.set(`${code}|${d.scopeName}`, id);
      return { id, menuId: menuIds.get(code)!, resourceCode: code, ...d };
    });
  if (missing.length) await tx.insert(dataScopes).values(missing);
  const heldScopes = new Set(
    (await tx.select({ roleId: roleScopes.roleId, scopeId: roleScopes.scopeId }).from(roleScopes)).map((r) => `${String(r.roleId)}|${String(r.scopeId)}`),
  );
  const wanted = new Map<string, { roleId: string; scopeId: string }>();
  for (const [roleKey, menu, scopeName] of demo.dataScopeGrants.filter(([, menu]) => scopeMenus.includes(menu))) {
    const role = roleOf(roleKey);
    const scopeId = present.get(`${menu}|${scopeName}`);
    if (role && scopeId) wanted.set(`${role.id}|${scopeId}`, { roleId: role.id, scopeId });
  }
  // Given once, like the menus (grants.ts): when any of them is held they were given before, and what an
  // administrator revoked since stays revoked.
  if (![...wanted.keys()].some((k) => heldScopes.has(k)) && wanted.size)
    await tx.insert(roleScopes).values([...wanted.values()].map((w) => ({ id: nextId(), scopeCategory: 1, ...w })));

  // The demo roles' menus and buttons of the area (granted with the rest on a fresh installation, but for the new role).
  await grantDemoMenus(tx, tenantId, (role, code) => role === 'hr' || isHrCode(code));
}
