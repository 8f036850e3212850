/**
 * Platform-wide organisation data seeded once (when its table has never had a row, so an administrator's
 * deletions stay deleted): the administrative regions of China and the top menus.
 */
import { sql } from 'drizzle-orm';
import { REGION_ROOT_CODE } from '@hjl/core';
import type { Db } from '../platform/db/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { placeRegion } from '../modules/org/region.ts';
import { regions, topMenus, topMenuSettings } from '../modules/org/schema.ts';
import { menus } from '../modules/system/schema.ts';

/** Regions as [code, name]; the real codes of GB/T 2260. */
const provinces: [string, string][] = [
  ['110000', '北京市'],
  ['120000', '天津市'],
  ['130000', '河北省'],
  ['140000', '山西省'],
  ['150000', '内蒙古自治区'],
  ['210000', '辽宁省'],
  ['220000', '吉林省'],
  ['230000', '黑龙江省'],
  ['310000', '上海市'],
  ['320000', '江苏省'],
  ['330000', '浙江省'],
  ['340000', '安徽省'],
  ['350000', '福建省'],
  ['360000', '江西省'],
  ['370000', '山东省'],
  ['410000', '河南省'],
  ['420000', '湖北省'],
  ['430000', '湖南省'],
  ['440000', '广东省'],
  ['450000', '广西壮族自治区'],
  ['460000', '海南省'],
  ['500000', '重庆市'],
  ['510000', '四川省'],
  ['520000', '贵州省'],
  ['530000', '云南省'],
  ['540000', '西藏自治区'],
  ['610000', '陕西省'],
  ['620000', '甘肃省'],
  ['630000', '青海省'],
  ['640000', '宁夏回族自治区'],
  ['650000', '新疆维吾尔自治区'],
  ['710000', '台湾省'],
  ['810000', '香港特别行政区'],
  ['820000', '澳门特别行政区'],
];

/** Prefecture-level cities of 江苏, 浙江 and 广东, and the districts of 南京, by parent code. */
const children: Record<string, [string, string][]> = {
  '320000': [
    ['320100', '南京市'],
    ['320200', '无锡市'],
    ['320300', '徐州市'],
    ['320400', '常州市'],
    ['320500', '苏州市'],
    ['320600', '南通市'],
    ['320700', '连云港市'],
    ['320800', '淮安市'],
    ['320900', '盐城市'],
    ['321000', '扬州市'],
    ['321100', '镇江市'],
    ['321200', '泰州市'],
    ['321300', '宿迁市'],
  ],
  '330000': [
    ['330100', '杭州市'],
    ['330200', '宁波市'],
    ['330300', '温州市'],
    ['330400', '嘉兴市'],
    ['330500', '湖州市'],
    ['330600', '绍兴市'],
    ['330700', '金华市'],
    ['330800', '衢州市'],
    ['330900', '舟山市'],
    ['331000', '台州市'],
    ['331100', '丽水市'],
  ],
  '440000': [
    ['440100', '广州市'],
    ['440200', '韶关市'],
    ['440300', '深圳市'],
    ['440400', '珠海市'],
    ['440500', '汕头市'],
    ['440600', '佛山市'],
    ['440700', '江门市'],
    ['440800', '湛江市'],
    ['440900', '茂名市'],
    ['441200', '肇庆市'],
    ['441300', '惠州市'],
    ['441400', '梅州市'],
    ['441500', '汕尾市'],
    ['441600', '河源市'],
    ['441700', '阳江市'],
    ['441800', '清远市'],
    ['441900', '东莞市'],
    ['442000', '中山市'],
    ['445100', '潮州市'],
    ['445200', '揭阳市'],
    ['445300', '云浮市'],
  ],
  '320100': [
    ['320102', '玄武区'],
    ['320104', '秦淮区'],
    ['320105', '建邺区'],
    ['320106', '鼓楼区'],
    ['320111', '浦口区'],
    ['320113', '栖霞区'],
    ['320114', '雨花台区'],
    ['320115', '江宁区'],
    ['320116', '六合区'],
    ['320117', '溧水区'],
    ['320118', '高淳区'],
  ],
};

/** Top menus with the codes of the menus (and everything below them) each one groups. */
const topMenuSeed = [
  { code: 'workbench', name: '工作台', source: 'DesktopOutlined', path: '/wel/index', sort: 1, menus: ['desk'] },
  {
    code: 'system_center',
    name: '系统管理',
    source: 'SettingOutlined',
    path: '/system/user',
    sort: 9,
    menus: ['system', 'authority', 'log', 'resource', 'tool'],
  },
];

const neverHadRows = async (db: Db, table: typeof regions | typeof topMenus) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n === 0;

export function regionSeedRows(): (typeof regions.$inferInsert)[] {
  const rows: (typeof regions.$inferInsert)[] = [];
  const placed = new Map<string, typeof regions.$inferSelect>();
  const add = (code: string, name: string, sort: number, parentCode: string) => {
    const row = { id: nextId(), code, name, sort, ...placeRegion(code, name, placed.get(parentCode)) } as typeof regions.$inferSelect;
    placed.set(code, row);
    rows.push(row);
  };
  provinces.forEach(([code, name], i) => add(code, name, i + 1, REGION_ROOT_CODE));
  // Cities before districts: a district's parent must be placed first.
  for (const parentCode of ['320000', '330000', '440000', '320100']) children[parentCode]!.forEach(([code, name], i) => add(code, name, i + 1, parentCode));
  return rows;
}

export async function seedOrg(db: Db) {
  if (await neverHadRows(db, regions)) await db.insert(regions).values(regionSeedRows());
  if (await neverHadRows(db, topMenus)) {
    const all = await db.select({ id: menus.id, parentId: menus.parentId, code: menus.code, category: menus.category }).from(menus);
    const top = topMenuSeed.map(({ menus: _m, ...t }) => ({ id: nextId(), ...t }));
    const settings = topMenuSeed.flatMap((t, i) => {
      // The named menus and every menu below them.
      const ids = new Set(all.filter((m) => t.menus.includes(m.code)).map((m) => m.id));
      for (let grew = true; grew;) {
        grew = false;
        for (const m of all) {
          if (m.category !== 1 || ids.has(m.id) || !ids.has(m.parentId)) continue;
          ids.add(m.id);
          grew = true;
        }
      }
      return [...ids].map((menuId) => ({ id: nextId(), topMenuId: top[i]!.id, menuId }));
    });
    await db.insert(topMenus).values(top);
    if (settings.length) await db.insert(topMenuSettings).values(settings);
  }
}
