/**
 * The demo company's office approvals (行政审批, BUSINESS.md WP6): business trips with their lines, going out, car
 * use and purchases with their lines, for several demo people in every status (0 草稿, 1 审批中, 2 审批通过,
 * 3 审批驳回, 6 已撤回). Seeded once, set-based, when the demo tenant has never had a business trip. Like the other
 * areas' demo records (finance, projects) they carry no process instance: the lists show their status, records
 * sent from the screens run the processes — so no demo user's 待办 changes (the browser stories count on them).
 * Approved ones show 审批通过 like the others (isDraft 1), without a process diagram to open.
 */
import { approvalProcess, fenToMoney, multiplyMoney, sumMoney, toFen } from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';
import type { FirmClock } from '../platform/time/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { cars, evectionInfos, evections, goOuts, shoppingInfos, shoppings } from '../modules/hr/schema.ts';
import { depts } from '../modules/org/schema.ts';
import { users } from '../modules/user/schema.ts';
import { firmToday } from './calendar.ts';
import * as demo from './data.ts';

type Rec = Record<string, unknown>;

/** Who applies, in turn. */
const APPLICANTS = ['zhangwei', 'chenjing', 'liuyang', 'zhaomin', 'lihong', 'wufang'];
/** The statuses of each kind's records, in order (every status at least once). */
const STATUSES = [2, 1, 0, 3, 6, 2, 1, 2] as const;

const TRIPS: [string, string, [string, string, number, string][]][] = [
  [
    '苏州工业园区项目跟踪审计现场核查',
    '苏州',
    [
      ['南京', '苏州', 1, '139.50'],
      ['苏州', '南京', 1, '139.50'],
    ],
  ],
  [
    '无锡地铁四号线结算审核资料对接',
    '无锡',
    [
      ['南京', '无锡', 1, '94.50'],
      ['无锡', '南京', 1, '94.50'],
    ],
  ],
  [
    '上海造价协会继续教育培训',
    '上海',
    [
      ['南京', '上海', 1, '234.50'],
      ['上海', '南京', 1, '234.50'],
    ],
  ],
  [
    '扬州市政道路工程竣工验收',
    '扬州',
    [
      ['南京', '扬州', 3, '0.00'],
      ['扬州', '南京', 3, '0.00'],
    ],
  ],
  [
    '北京招标文件评审会',
    '北京',
    [
      ['南京', '北京', 2, '1250.00'],
      ['北京', '南京', 1, '443.50'],
    ],
  ],
  [
    '常州学校改扩建工程结算对账',
    '常州',
    [
      ['南京', '常州', 1, '119.00'],
      ['常州', '南京', 4, '86.40'],
    ],
  ],
  [
    '南通港口改造项目全过程咨询例会',
    '南通',
    [
      ['南京', '南通', 5, '108.00'],
      ['南通', '南京', 5, '108.00'],
    ],
  ],
  [
    '杭州同行交流及软件培训',
    '杭州',
    [
      ['南京', '杭州', 1, '187.50'],
      ['杭州', '南京', 1, '187.50'],
    ],
  ],
];
const GO_OUTS: [string, string][] = [
  ['南京市财政局投资评审中心', '报送年度结算审核报告'],
  ['江宁区住建局', '办理造价咨询资质年检材料'],
  ['河西万达广场项目部', '现场踏勘与计量复核'],
  ['建邺区人社局', '办理社保增减员手续'],
  ['中国工商银行城南支行', '办理基本户对账单'],
  ['鼓楼区档案馆', '调阅项目竣工档案'],
  ['南京南站项目指挥部', '参加工程款支付协调会'],
  ['江北新区管委会', '递交投标文件'],
];
const CARS: [string, string, string, number][] = [
  ['苏A·8H316', '周师傅', '公司—江宁开发区项目部—公司', 46],
  ['苏A·2K957', '吴师傅', '公司—禄口机场—公司', 72],
  ['苏A·8H316', '周师傅', '公司—溧水区财政局—公司', 128],
  ['苏A·5D203', '李师傅', '公司—六合项目现场—公司', 96],
  ['苏A·2K957', '吴师傅', '公司—南京南站—公司', 24],
  ['苏A·5D203', '李师傅', '公司—浦口档案馆—公司', 58],
  ['苏A·8H316', '周师傅', '公司—仙林大学城项目—公司', 64],
  ['苏A·2K957', '吴师傅', '公司—高淳区住建局—公司', 186],
];
const PURCHASES: [string, [string, string, number, string][]][] = [
  [
    '造价部新员工办公电脑',
    [
      ['笔记本电脑', 'ThinkPad T14 i7/16G/512G', 2, '6899.00'],
      ['显示器', '戴尔 P2422H 23.8英寸', 2, '1099.00'],
    ],
  ],
  [
    '办公用品季度采购',
    [
      ['A4复印纸', '得力 70g 500张/包', 40, '23.50'],
      ['中性笔', '晨光 0.5mm 黑色 12支/盒', 20, '18.80'],
    ],
  ],
  [
    '测量仪器校准配件',
    [
      ['激光测距仪', '徕卡 D2', 1, '1580.00'],
      ['钢卷尺', '史丹利 7.5m', 6, '45.90'],
    ],
  ],
  ['广联达计价软件加密锁续费', [['计价软件年费', 'GCCP6.0 单机版', 3, '2600.00']]],
  [
    '会议室投影设备',
    [
      ['投影仪', '爱普生 CB-FH52', 1, '4299.00'],
      ['投影幕布', '100英寸电动', 1, '699.00'],
    ],
  ],
  ['档案室文件柜', [['钢制文件柜', '1850×900×390', 4, '760.00']]],
  [
    '财务部票据打印机',
    [
      ['针式打印机', '爱普生 LQ-630KII', 1, '1799.00'],
      ['色带', 'S015290', 10, '19.90'],
    ],
  ],
  [
    '安全帽与反光背心',
    [
      ['安全帽', 'ABS 国标', 20, '32.00'],
      ['反光背心', '荧光黄 XL', 20, '15.50'],
    ],
  ],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The office forms of the demo company, around today (`clock`: the firm's zone). */
export async function seedOffice(db: Db, clock: FirmClock) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const counted = (await db.execute(sql`SELECT count(*)::int AS n FROM hjl_audit_evection WHERE tenant_id = ${tenantId}`)) as unknown as {
    rows: { n: number }[];
  };
  if ((counted.rows[0]?.n ?? 0) > 0) return;
  const people = await db
    .select({ id: users.id, account: users.account, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  const byAccount = new Map(people.map((p) => [p.account, p]));
  const applicants = APPLICANTS.map((a) => byAccount.get(a)).filter((p) => p !== undefined);
  if (!applicants.length) return;
  const deptNames = new Map(
    (await db.select({ id: depts.id, name: depts.deptName }).from(depts).where(eq(depts.tenantId, tenantId))).map((d) => [String(d.id), d.name]),
  );

  const today = firmToday(clock);
  const dayText = (offset: number) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset));
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  };
  const head = (i: number, form: string, offset: number) => {
    const who = applicants[i % applicants.length]!;
    const dept = String(who.deptId ?? '').split(',')[0] || null;
    const status = STATUSES[i % STATUSES.length]!;
    const time = `${dayText(offset)} 09:${pad(10 + i)}:00`;
    return {
      id: nextId(),
      tenantId,
      createUser: who.id,
      updateUser: who.id,
      createDept: dept,
      createTime: time,
      updateTime: time,
      applyUser: who.id,
      applyDept: dept,
      applyDeptName: dept ? (deptNames.get(dept) ?? null) : null,
      applyTime: time,
      status,
      isDraft: status === 0 ? 0 : 1,
      processDefinitionKey: status === 0 ? null : approvalProcess(form).key,
      submitTime: status === 0 ? null : time,
    };
  };

  const trips: Rec[] = [];
  const tripLines: Rec[] = [];
  TRIPS.forEach(([reason, destination, lines], i) => {
    const offset = -40 + i * 6;
    const h = head(i, 'auditEvectionProcess', offset - 3);
    const rows = lines.map(([fromPlace, toPlace, transport, cost], k) => ({
      id: nextId(),
      tenantId,
      createUser: h.createUser,
      updateUser: h.createUser,
      auditEvectionId: h.id,
      tripDate: dayText(offset + k * (1 + (i % 3))),
      fromPlace,
      toPlace,
      transport,
      cost,
      sort: k + 1,
    }));
    tripLines.push(...rows);
    trips.push({
      ...h,
      reason,
      destination,
      startDate: dayText(offset),
      endDate: dayText(offset + 1 + (i % 3)),
      days: 2 + (i % 3),
      totalAmount: sumMoney(rows.map((r) => r.cost)),
    });
  });

  const outs: Rec[] = GO_OUTS.map(([place, reason], i) => {
    const d = dayText(-30 + i * 4);
    return { ...head(i + 1, 'auditGoOutProcess', -31 + i * 4), place, reason, startTime: `${d} 13:30:00`, endTime: `${d} 17:00:00` };
  });
  const carRows: Rec[] = CARS.map(([carNumber, driver, route, km], i) => {
    const d = dayText(-28 + i * 4);
    return {
      ...head(i + 2, 'auditCarProcess', -29 + i * 4),
      carNumber,
      driver,
      route,
      km,
      reason: GO_OUTS[i]![1],
      startTime: `${d} 08:30:00`,
      endTime: `${d} 12:00:00`,
    };
  });

  const buys: Rec[] = [];
  const buyLines: Rec[] = [];
  PURCHASES.forEach(([title, lines], i) => {
    const h = head(i + 3, 'auditShoppingProcess', -35 + i * 5);
    const rows = lines.map(([itemName, spec, qty, price], k) => ({
      id: nextId(),
      tenantId,
      createUser: h.createUser,
      updateUser: h.createUser,
      auditShoppingId: h.id,
      itemName,
      spec,
      qty,
      price,
      amount: multiplyMoney(price, String(qty)),
      sort: k + 1,
    }));
    buyLines.push(...rows);
    buys.push({ ...h, title, needDate: dayText(-25 + i * 5), totalAmount: fenToMoney(rows.reduce((a, r) => a + toFen(r.amount), 0n)) });
  });

  await db.transaction(async (tx) => {
    await tx.insert(evections).values(trips as never);
    await tx.insert(evectionInfos).values(tripLines as never);
    await tx.insert(goOuts).values(outs as never);
    await tx.insert(cars).values(carRows as never);
    await tx.insert(shoppings).values(buys as never);
    await tx.insert(shoppingInfos).values(buyLines as never);
  });
}
