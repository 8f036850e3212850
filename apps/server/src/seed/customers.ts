/**
 * The demo company's customers (tenant 000000): a few dozen clients of a construction-consulting firm in
 * Jiangsu and Zhejiang with contacts, visits, accounts, invoice titles and sales chances, the customer
 * dictionaries and the owner data scope. Seeded once, when the customer table of the demo tenant has never
 * had a row (so an installation from before the customer area receives them on its next start, and an
 * administrator's deletions stay deleted). Set-based inserts.
 */
import { creditCodeCheckChar } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';
import type { FirmClock } from '../platform/time/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { customerAccounts, customerChances, customerContacts, customerInvoices, customerVisits, customers } from '../modules/customer/schema.ts';
import { regions } from '../modules/org/schema.ts';
import { dataScopes, menus, roles, roleScopes } from '../modules/system/schema.ts';
import { users } from '../modules/user/schema.ts';
import { firmNow } from './calendar.ts';
import * as demo from './data.ts';
import { ensureDemoDicts } from './dicts.ts';

/** [name, customer_type, customer_industry, region code, contact, title, customer_source, customer_status, owner account] */
type Seed = [string, number, number, string, string, string, number, number, string];
const CUSTOMERS: Seed[] = [
  ['南京市建邺区建设局', 1, 2, '320105', '周立新', '科长', 1, 3, 'zhangwei'],
  ['南京市交通建设投资控股(集团)有限责任公司', 2, 3, '320100', '吴海峰', '工程部经理', 1, 3, 'zhangwei'],
  ['江苏省水利工程建设局', 1, 4, '320000', '钱国平', '处长', 1, 3, 'liuyang'],
  ['南京市河西新城区开发建设管理委员会', 1, 2, '320105', '孙晓燕', '副主任', 2, 3, 'wangjianguo'],
  ['南京地铁集团有限公司', 2, 3, '320100', '郑凯', '合约部主管', 1, 3, 'chenjing'],
  ['江苏东方房地产开发有限公司', 3, 7, '320102', '冯雪', '成本总监', 3, 2, 'chenjing'],
  ['南京鼓楼医院', 4, 6, '320106', '陈卫东', '基建处处长', 1, 3, 'zhangwei'],
  ['南京大学', 4, 6, '320106', '褚明', '基建处副处长', 1, 3, 'liuyang'],
  ['苏州工业园区建设管理局', 1, 2, '320500', '卫军', '科长', 1, 3, 'sunlei'],
  ['苏州轨道交通集团有限公司', 2, 3, '320500', '蒋丽华', '造价主管', 1, 2, 'sunlei'],
  ['苏州金鸡湖置业有限公司', 3, 7, '320500', '沈浩', '项目总监', 5, 2, 'sunlei'],
  ['苏州市吴中区教育局', 1, 6, '320500', '韩梅', '装备科科长', 1, 1, 'sunlei'],
  ['无锡市政设施建设管理中心', 4, 2, '320200', '杨帆', '主任', 1, 3, 'chenjing'],
  ['无锡太湖新城发展集团有限公司', 2, 7, '320200', '朱建华', '总工程师', 2, 3, 'chenjing'],
  ['无锡华润燃气有限公司', 2, 5, '320200', '秦雨', '工程部经理', 3, 2, 'liuyang'],
  ['常州市城市建设(集团)有限公司', 2, 2, '320400', '尤佳', '计划部部长', 1, 3, 'zhangwei'],
  ['常州天宁建设发展有限公司', 2, 2, '320400', '许国庆', '副总经理', 2, 1, 'zhangwei'],
  ['扬州市城建国有资产控股(集团)有限责任公司', 2, 2, '321000', '何静', '合约部经理', 1, 2, 'liuyang'],
  ['镇江市交通运输局', 1, 3, '321100', '吕斌', '建设科科长', 1, 1, 'liuyang'],
  ['南通市第一人民医院', 4, 6, '320600', '施红', '总务科科长', 4, 2, 'chenjing'],
  ['徐州市新城区开发建设有限公司', 2, 7, '320300', '张强', '工程部经理', 1, 1, 'zhangwei'],
  ['盐城市水务集团有限公司', 2, 4, '320900', '孔令辉', '基建部主任', 1, 3, 'liuyang'],
  ['连云港港口集团有限公司', 2, 3, '320700', '曹磊', '工程管理部部长', 5, 2, 'wangjianguo'],
  ['泰州医药高新区城建投资有限公司', 2, 2, '321200', '严伟', '总经理助理', 2, 1, 'zhangwei'],
  ['宿迁市教育局', 1, 6, '321300', '华丽', '计财处处长', 1, 4, 'chenjing'],
  ['淮安市清江浦区住房和城乡建设局', 1, 1, '320800', '金波', '副局长', 1, 1, 'liuyang'],
  ['杭州市城市建设投资集团有限公司', 2, 2, '330100', '魏东', '投资部经理', 5, 2, 'wangjianguo'],
  ['宁波市轨道交通集团有限公司', 2, 3, '330200', '陶然', '合约管理部主管', 4, 1, 'wangjianguo'],
  ['绍兴市水利水电勘测设计院', 4, 4, '330600', '姜涛', '院长助理', 5, 2, 'liuyang'],
  ['嘉兴市南湖区城市建设投资有限公司', 2, 2, '330400', '戚美玲', '造价主管', 3, 1, 'sunlei'],
  ['江苏华信置业发展有限公司', 3, 7, '320102', '谢飞', '成本经理', 3, 2, 'chenjing'],
  ['南京国际展览中心', 4, 8, '320102', '邹琳', '物业部经理', 2, 3, 'zhangwei'],
  ['江苏银河化工有限公司', 3, 5, '320900', '柏松', '设备部经理', 4, 4, 'liuyang'],
  ['苏州恒信建设工程有限公司', 3, 1, '320500', '水清', '项目经理', 5, 2, 'sunlei'],
  ['南京市江宁区人民医院', 4, 6, '320115', '窦志强', '基建办主任', 1, 2, 'zhangwei'],
  ['广州南沙开发建设集团有限公司', 2, 2, '440100', '章晓峰', '投资发展部经理', 4, 1, 'wangjianguo'],
  ['陈志远', 5, 1, '320104', '陈志远', '业主', 2, 2, 'chenjing'],
  ['刘建平', 5, 7, '320500', '刘建平', '业主', 3, 1, 'sunlei'],
];

/** Telephone area codes of the cities above (by the region code's first four digits). */
const AREA_CODES: Record<string, string> = {
  '3200': '025',
  '3201': '025',
  '3202': '0510',
  '3203': '0516',
  '3204': '0519',
  '3205': '0512',
  '3206': '0513',
  '3207': '0518',
  '3208': '0517',
  '3209': '0515',
  '3210': '0514',
  '3211': '0511',
  '3212': '0523',
  '3213': '0527',
  '3301': '0571',
  '3302': '0574',
  '3304': '0573',
  '3306': '0575',
  '4401': '020',
};

/** Organisation code (9 characters, digits) and the credit code around it: 11 government, 12 public institution, 91 company. */
function creditCode(type: number, region: string, n: number): string {
  const head = type === 1 ? '11' : type === 4 ? '12' : '91';
  const org = String(571_234_567 + n * 7_919_3)
    .slice(-9)
    .padStart(9, '0');
  const first = `${head}${region.slice(0, 6).padEnd(6, '0')}${org}`;
  return `${first}${creditCodeCheckChar(first)}`;
}

const BANKS = [
  '中国工商银行南京城南支行',
  '中国建设银行南京河西支行',
  '中国银行苏州工业园区支行',
  '江苏银行无锡分行营业部',
  '南京银行建邺支行',
  '交通银行常州分行',
];
const VISITS: [number, string, string][] = [
  [1, '上门拜访基建负责人,了解明年投资计划中的新建项目,介绍我司全过程造价咨询业绩。', '整理同类项目业绩资料,下周发送对方'],
  [2, '电话沟通招标代理需求,对方计划下月发布监理招标公告。', '关注招标公告,准备投标文件'],
  [3, '视频会议汇报跟踪审计方案,对方对进度款审核周期提出意见。', '修改方案,缩短进度款审核周期至7个工作日'],
  [4, '客户来访,洽谈结算审计合作框架,初步确认服务费率。', '起草框架协议报公司审批'],
  [5, '微信沟通项目结算资料移交事宜。', '安排造价一组接收资料'],
];
const CHANCES: [string, number, string, number][] = [
  ['全过程造价咨询', 3, '860000.00', 60],
  ['施工监理服务', 2, '1250000.00', 40],
  ['招标代理服务', 4, '320000.00', 75],
  ['竣工结算审计', 5, '480000.00', 100],
  ['跟踪审计服务', 1, '560000.00', 20],
  ['项目管理咨询', 6, '900000.00', 0],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The demo company's clients, spread over the twelve months up to today (`clock`: the firm's zone). */
export async function seedCustomers(db: Db, clock: FirmClock) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const people = await db
    .select({ id: users.id, account: users.account, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  const admin = people.find((p) => p.account === 'admin');
  if (!admin) return; // no demo company
  const counted = (await db.execute(sql`SELECT count(*)::int AS n FROM hjl_customer WHERE tenant_id = ${tenantId}`)) as unknown as { rows: { n: number }[] };
  if ((counted.rows[0]?.n ?? 0) > 0) return;

  await db.transaction(async (tx) => {
    // The customer dictionaries the tenant lacks (an installation from before the customer area).
    await ensureDemoDicts(tx, tenantId, [
      'customer_type',
      'account_nature',
      'customer_industry',
      'customer_source',
      'customer_status',
      'visit_way',
      'chance_stage',
    ]);

    const regionRows = await tx
      .select({ code: regions.code, provinceName: regions.provinceName, cityName: regions.cityName, districtName: regions.districtName })
      .from(regions)
      .where(inArray(regions.code, [...new Set(CUSTOMERS.map((c) => c[3]))]));
    const regionName = new Map(regionRows.map((r) => [r.code, [r.provinceName, r.cityName, r.districtName].filter(Boolean).join('/')]));
    const byAccount = new Map(people.map((p) => [p.account, p]));
    // Dates and times on the firm's calendar, as UTC dates (seed/calendar.ts).
    const now = firmNow(clock);
    const rows: (typeof customers.$inferInsert)[] = [];
    const contactRows: (typeof customerContacts.$inferInsert)[] = [];
    const visitRows: (typeof customerVisits.$inferInsert)[] = [];
    const accountRows: (typeof customerAccounts.$inferInsert)[] = [];
    const invoiceRows: (typeof customerInvoices.$inferInsert)[] = [];
    const chanceRows: (typeof customerChances.$inferInsert)[] = [];
    CUSTOMERS.forEach(([name, type, industry, region, contact, title, source, status, owner], i) => {
      const o = byAccount.get(owner) ?? admin;
      const audit = { tenantId, createUser: o.id, updateUser: o.id, createDept: o.deptId };
      // Spread over the last twelve months, oldest first, so the report's months are all filled.
      const created = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + Math.floor((i * 12) / CUSTOMERS.length), 3 + (i % 25), 9 + (i % 8), 30));
      const createTime = `${created.getUTCFullYear()}-${pad(created.getUTCMonth() + 1)}-${pad(created.getUTCDate())} ${pad(created.getUTCHours())}:30:00`;
      const id = nextId();
      const phone = `139${String(51_000_000 + i * 137_711).slice(-8)}`;
      const landline = `${AREA_CODES[region.slice(0, 4)] ?? '025'}-8${String(3_100_000 + i * 4_271).slice(-7)}`;
      const code = type === 5 ? null : creditCode(type, region, i);
      const address = `${regionName.get(region)?.replace(/\//g, '') ?? ''}${['中山路', '江东中路', '汉中路', '人民路', '解放路'][i % 5]}${18 + i * 7}号`;
      rows.push({
        id,
        ...audit,
        createTime,
        updateTime: createTime,
        customerName: name,
        customerType: type,
        creditCode: code,
        contactPerson: contact,
        contactPhone: i % 3 === 0 ? landline : phone,
        regionCode: region,
        regionName: regionName.get(region) ?? null,
        address,
        industry,
        source,
        ownerUser: o.id,
        customerStatus: status,
      });
      contactRows.push(
        {
          id: nextId(),
          ...audit,
          customerId: id,
          contactName: contact,
          position: title,
          mobile: phone,
          telephone: landline,
          email: `contact${i + 1}@client${i + 1}.example`,
        },
        {
          id: nextId(),
          ...audit,
          customerId: id,
          contactName: `${'李王刘黄徐'[i % 5]}${'明芳军颖杰'[(i + 2) % 5]}`,
          position: '经办人',
          mobile: `138${String(62_000_000 + i * 91_313).slice(-8)}`,
        },
      );
      for (let v = 0; v < 1 + (i % 3); v++) {
        const [way, content, next] = VISITS[(i + v) % VISITS.length]!;
        const d = new Date(created.getTime() + (v + 1) * 9 * 86_400_000);
        if (d > now) break;
        visitRows.push({
          id: nextId(),
          ...audit,
          customerId: id,
          visitDate: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
          visitWay: way,
          visitee: contact,
          content,
          nextPlan: next,
        });
      }
      if (type !== 5) {
        accountRows.push({
          id: nextId(),
          ...audit,
          customerId: id,
          accountName: name,
          accountNumber: String(3_201_000_000_000_000 + i * 7_654_321),
          bankName: BANKS[i % BANKS.length]!,
          accountNature: 1,
        });
        invoiceRows.push({
          id: nextId(),
          ...audit,
          customerId: id,
          invoiceTitle: name,
          taxNumber: code!,
          address,
          phone: landline,
          bankName: BANKS[i % BANKS.length]!,
          bankAccount: String(3_201_000_000_000_000 + i * 7_654_321),
        });
      }
      if (i % 4 !== 3) {
        const [what, stage, amount, rate] = CHANCES[i % CHANCES.length]!;
        const exp = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1 + (i % 5), 15));
        chanceRows.push({
          id: nextId(),
          ...audit,
          customerId: id,
          chanceName: `${name.replace(/(有限责任公司|有限公司)$/, '')}${what}`,
          stage,
          expectedAmount: amount,
          expectedDate: `${exp.getUTCFullYear()}-${pad(exp.getUTCMonth() + 1)}-15`,
          winRate: rate,
        });
      }
    });
    await tx.insert(customers).values(rows);
    await tx.insert(customerContacts).values(contactRows);
    await tx.insert(customerVisits).values(visitRows);
    await tx.insert(customerAccounts).values(accountRows);
    await tx.insert(customerInvoices).values(invoiceRows);
    await tx.insert(customerChances).values(chanceRows);

    // The customer menu's data scopes (seedScopes adds them on a fresh installation), the owner scope granted
    // to the project staff.
    const [menu] = await tx
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.code, 'customer'), eq(menus.isDeleted, 0)))
      .limit(1);
    if (!menu) return;
    const present = new Map<string, string>(
      (
        await tx
          .select({ id: dataScopes.id, name: dataScopes.scopeName })
          .from(dataScopes)
          .where(and(eq(dataScopes.resourceCode, 'customer'), eq(dataScopes.isDeleted, 0)))
      ).map((d) => [String(d.name), String(d.id)]),
    );
    const missing = demo.dataScopes
      .filter((d) => d.menu === 'customer' && !present.has(d.scopeName))
      .map(({ menu: code, ...d }) => {
        const id = nextId();
        present.set(d.scopeName, id);
        return { id, menuId: menu.id, resourceCode: code, ...d };
      });
    if (missing.length) await tx.insert(dataScopes).values(missing);
    const roleRows = await tx
      .select({ id: roles.id, alias: roles.roleAlias })
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)));
    const grants = demo.dataScopeGrants.flatMap(([roleKey, , scopeName]) => {
      const alias = demo.roles.find((r) => r.key === roleKey)?.roleAlias;
      const role = roleRows.find((r) => r.alias === alias);
      const scopeId = present.get(scopeName);
      return role && scopeId ? [{ id: nextId(), scopeCategory: 1, scopeId, roleId: role.id }] : [];
    });
    if (grants.length) await tx.insert(roleScopes).values(grants);
  });
}
