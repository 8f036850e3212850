/**
 * The demo company's contracts and projects (tenant 000000, BUSINESS.md WP2): about 60 contracts (with
 * supplementary agreements) and 80 projects over the demo customers, in every approval and project status, with
 * persons, tasks from templates (with their history), reviews, seal requests, quality checks, expiry reminders and
 * the number counters that follow them. Seeded once, when the demo tenant's contract table has never had a row (an
 * installation from before the area receives them on its next start, with the dictionaries, data scopes and demo
 * grants it lacks). Set-based inserts; the members (data scope), link statuses and effective amounts are computed
 * by the module's own statements afterwards.
 */
import { CONTRACT_TYPE_CODES, PROJECT_PROCESSES, PROJECT_TYPE_CODES, CONTRACT_PROCESS, type TaskTemplateItem } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';
import type { FirmClock } from '../platform/time/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { numberCounters } from '../platform/numbering/schema.ts';
import {
  auditSeals,
  contracts,
  expireNotices,
  projectPersons,
  projectTaskHis,
  projectTasks,
  projects,
  qualities,
  secondChecks,
  taskTemplates,
  thirdChecks,
} from '../modules/project/schema.ts';
import { refreshContractMembers, refreshLinkStatus, refreshProjectMembers } from '../modules/project/members.ts';
import { customers } from '../modules/customer/schema.ts';
import { dataScopes, menus, roleMenus, roles, roleScopes } from '../modules/system/schema.ts';
import { depts } from '../modules/org/schema.ts';
import { users } from '../modules/user/schema.ts';
import { firmToday } from './calendar.ts';
import * as demo from './data.ts';
import { ensureDemoDicts } from './dicts.ts';

const DICTS = [
  'contract_business_type',
  'fee_basis',
  'replenish_type',
  'link_status',
  'project_type',
  'project_status',
  'bid_status',
  'project_role',
  'task_status',
  'seal_type',
  'quality_type',
  'quality_grade',
  'expire_biz_type',
  'collect_type',
  'invoice_type',
  'invoice_status',
];

/** Task templates: one per project type. */
const TEMPLATES: [string, number, string[]][] = [
  ['造价咨询标准流程', 1, ['收集资料', '现场踏勘', '编制工程量清单', '编制控制价', '内部复核', '出具成果文件']],
  ['招标代理标准流程', 2, ['编制招标方案', '发布招标公告', '组织开标评标', '发出中标通知书']],
  ['工程监理标准流程', 3, ['编制监理规划', '施工准备阶段监理', '施工阶段监理', '竣工验收', '监理资料归档']],
  ['全过程咨询标准流程', 4, ['投资决策咨询', '设计阶段造价控制', '招标采购管理', '施工阶段造价控制', '竣工结算审核']],
  ['项目管理标准流程', 5, ['项目策划', '进度管理', '合同管理', '竣工交付']],
  ['跟踪审计标准流程', 6, ['审计方案', '进度款审核', '变更签证审核', '结算审计']],
];

const PROJECT_WORDS = [
  '综合楼新建工程',
  '道路改造工程',
  '地下综合管廊工程',
  '河道整治工程',
  '学校扩建工程',
  '医院门诊楼工程',
  '污水处理厂提标改造',
  '保障性住房项目',
  '产业园区基础设施',
  '轨道交通站点工程',
];
const SERVICE = ['造价咨询', '招标代理', '施工监理', '全过程工程咨询', '项目管理', '跟踪审计'];

/** A client's name as it heads a contract's or project's name (without 有限公司, (集团) …). */
const shortName = (name: unknown) => String(name).replace(/(有限责任公司|有限公司|\(集团\))$/, '');

/** A finished project's end: its planned finish, or today when that is still ahead — never before its start. */
const finishedOn = (start: Date, planned: Date, today: Date) => {
  const end = planned > today ? today : planned;
  return end < start ? start : end;
};

/** A row as inserted (the tables derived from definitions type their values loosely). */
type Rec = Record<string, unknown>;

const pad = (n: number, len = 2) => String(n).padStart(len, '0');
/** Calendar dates as UTC midnights (seed/calendar.ts): no zone moves them. */
const day = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const addDays = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + n));
const dateOf = (text: string) => new Date(`${text}T00:00:00Z`);
/** Contract approval statuses in turn: mostly approved, then under approval, draft, rejected, withdrawn. */
const CONTRACT_STATUS = [2, 2, 2, 2, 2, 2, 1, 0, 3, 6];

/** The demo contracts and projects, dated back from today (`clock`: the firm's zone). */
export async function seedProjects(db: Db, clock: FirmClock) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const people = await db
    .select({ id: users.id, account: users.account, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  const byAccount = new Map(people.map((p) => [p.account, p]));
  const admin = byAccount.get('admin');
  if (!admin) return; // no demo company
  const counted = (await db.execute(sql`SELECT count(*)::int AS n FROM hjl_contract WHERE tenant_id = ${tenantId}`)) as unknown as { rows: { n: number }[] };
  if ((counted.rows[0]?.n ?? 0) > 0) return;
  const clients = await db
    .select({ id: customers.id, name: customers.customerName!, owner: customers.ownerUser!, region: customers.regionCode!, regionName: customers.regionName! })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.isDeleted, 0)))
    .orderBy(customers.createTime);
  if (!clients.length) return;
  const deptRows = await db
    .select({ id: depts.id, name: depts.deptName })
    .from(depts)
    .where(and(eq(depts.tenantId, tenantId), eq(depts.isDeleted, 0)));
  const deptOf = (name: string) => deptRows.find((d) => d.name === name)?.id ?? admin.deptId;

  await db.transaction(async (tx) => {
    await ensureDicts(tx, tenantId);
    await ensureScopesAndGrants(tx, tenantId);

    const today = firmToday(clock);
    const staff = ['zhangwei', 'chenjing', 'liuyang', 'sunlei'].map((a) => byAccount.get(a) ?? admin);
    const leaderOf = (i: number) => staff[i % staff.length]!;
    const manager = byAccount.get('wangjianguo') ?? admin;
    const deptByType: Record<number, string[]> = {
      1: ['造价一组', '造价二组', '苏州造价部'],
      2: ['招标部'],
      3: ['监理部', '苏州监理部'],
      4: ['造价部', '无锡造价部'],
      5: ['造价部'],
      6: ['审计组'],
    };
    const audit = (u: { id: string; deptId: string | null }, createTime: string) => ({
      tenantId,
      createUser: u.id,
      updateUser: u.id,
      createDept: u.deptId,
      createTime,
      updateTime: createTime,
    });
    const at = (d: Date, h = 10) => `${day(d)} ${pad(h)}:${pad((d.getUTCDate() * 7) % 60)}:00`;

    // ---------------------------------------------------------------- templates
    const templateIds = new Map<number, string>();
    await tx.insert(taskTemplates).values(
      TEMPLATES.map(([name, type, items]) => {
        const id = nextId();
        templateIds.set(type, id);
        const json: TaskTemplateItem[] = items.map((n, i) => ({ name: n, sort: i + 1, weight: Math.round(100 / items.length) }));
        return {
          id,
          ...audit(manager, at(addDays(today, -420))),
          templateName: name,
          projectType: type,
          items: JSON.stringify(json),
          remark: `${SERVICE[type - 1]}项目的标准任务`,
        };
      }),
    );

    // ---------------------------------------------------------------- contracts
    const counters = new Map<string, number>();
    const take = (kind: string, head: string) => {
      const n = (counters.get(`${kind}|${head}`) ?? 0) + 1;
      counters.set(`${kind}|${head}`, n);
      return n;
    };
    type C = Rec & { id: string };
    const contractRows: C[] = [];
    for (let i = 0; i < 60; i++) {
      const type = 1 + (i % 6);
      const client = clients[(i * 7) % clients.length]!;
      const handler = i % 5 === 4 ? manager : leaderOf(i);
      const sign = addDays(today, -Math.round(((59 - i) * 420) / 60) - 3);
      const start = addDays(sign, 7);
      // A few end within the next 30 days (reminders), a few have ended, most run on.
      // An ended one ran at least a month: never an end before its start.
      const ended = addDays(today, -20 - i);
      const end =
        i % 9 === 0
          ? addDays(today, 5 + (i % 25))
          : i % 11 === 0
            ? ended < addDays(start, 30)
              ? addDays(start, 30)
              : ended
            : addDays(start, 240 + (i % 7) * 60);
      const amount = (50_000 + ((i * 37_931) % 2_950_000)).toFixed(2);
      const status = CONTRACT_STATUS[i % CONTRACT_STATUS.length]!;
      const head = `HJ-HT-${CONTRACT_TYPE_CODES[String(type)]}-${sign.getUTCFullYear()}-#`;
      const num = head.replace('#', pad(take('contract', head), 4));
      const created = at(sign, 9 + (i % 8));
      contractRows.push({
        id: nextId(),
        ...audit(handler, created),
        contractNum: num,
        // A contract names its works item; a framework agreement (two projects, two works items) names none.
        contractName: (i % 13 === 0
          ? `${shortName(client.name)}${SERVICE[type - 1]}框架协议`
          : `${shortName(client.name)}${PROJECT_WORDS[i % PROJECT_WORDS.length]}${SERVICE[type - 1]}合同`
        ).slice(0, 200),
        businessType: type,
        customerId: client.id,
        partyB: demo.DEMO_TENANT.tenantName,
        signDate: day(sign),
        startDate: day(start),
        endDate: day(end),
        contractAmount: amount,
        effectiveAmount: amount,
        feeBasis: 1 + (i % 3),
        feeRate: i % 3 === 1 ? '0.85' : null,
        isFramework: i % 13 === 0 ? 1 : 0,
        handlerUser: handler.id,
        deptId: deptOf(deptByType[type]![i % deptByType[type]!.length]!),
        paymentTerms: '合同签订后支付30%,成果文件提交后支付60%,审定后支付余款10%。',
        linkStatus: 0,
        status,
        isDraft: status === 0 ? 0 : 1,
        processDefinitionKey: status === 0 ? null : CONTRACT_PROCESS.key,
        submitTime: status === 0 ? null : created,
        remark: i % 4 === 0 ? '合同原件已交档案室' : null,
      });
    }
    // Supplementary agreements of some approved contracts: approved ones (counted in the effective amount) and one under approval.
    const approvedContracts = contractRows.filter((c) => c.status === 2);
    const agreements: C[] = approvedContracts
      .filter((_, k) => k % 4 === 1)
      .map((main, k) => {
        const status = k % 3 === 2 ? 1 : 2;
        const sign = addDays(dateOf(String(main.signDate)), 60 + k * 5);
        const created = at(sign > today ? today : sign, 11);
        return {
          id: nextId(),
          ...audit(byAccount.get(people.find((p) => p.id === main.handlerUser)?.account ?? 'admin') ?? admin, created),
          parentId: main.id,
          contractNum: `${main.contractNum}-BC01`,
          contractName: `${main.contractName}补充协议1`.slice(0, 200),
          businessType: main.businessType,
          customerId: main.customerId,
          partyB: main.partyB,
          signDate: day(sign > today ? today : sign),
          contractAmount: ((Number(main.contractAmount) * (k % 2 ? 0.1 : 0.15)) | 0).toFixed(2),
          replenishType: 1 + (k % 3),
          handlerUser: main.handlerUser,
          deptId: main.deptId,
          linkStatus: 0,
          status,
          isDraft: 1,
          processDefinitionKey: CONTRACT_PROCESS.key,
          submitTime: created,
          remark: '因服务范围增加,协商增加咨询费',
        };
      });
    await tx.insert(contracts).values([...contractRows, ...agreements]);

    // ---------------------------------------------------------------- projects
    type P = Rec & { id: string };
    const projectRows: P[] = [];
    // Each approved contract covers a project; a framework agreement covers two.
    const linkable = approvedContracts.flatMap((c) => (c.isFramework ? [c, c] : [c]));
    /** The works item (PROJECT_WORDS) of project `j`: its contract's, the framework's two projects each their own. */
    const worksOf = (contract: C | undefined, j: number) => {
      if (!contract) return (j + 3) % PROJECT_WORDS.length;
      const i = contractRows.indexOf(contract);
      return (i + (contract.isFramework && linkable[j - 1] === contract ? 1 : 0)) % PROJECT_WORDS.length;
    };
    // Project statuses of approved projects in turn: under way, in review, done, archived.
    const stages = [2, 2, 2, 3, 3, 4, 5, 5, 6, 2];
    for (let j = 0; j < 80; j++) {
      // The first ones follow an approved contract (a framework contract covers two); the rest are not linked yet.
      const contract = j < linkable.length ? linkable[j] : undefined;
      const type = contract ? Number(contract.businessType) : 1 + (j % 6);
      const client = contract ? clients.find((c) => c.id === contract.customerId)! : clients[(j * 5) % clients.length]!;
      const leader = leaderOf(j + 1);
      const created = contract ? addDays(dateOf(String(contract.signDate)), 10 + (j % 20)) : addDays(today, -((j * 13) % 300) - 2);
      const createdAt = created > today ? today : created;
      const approval = j % 16 === 7 ? 1 : j % 16 === 11 ? 0 : j % 16 === 13 ? 3 : j % 16 === 15 ? 6 : 2;
      const stage = approval === 2 ? stages[j % stages.length]! : 1;
      const head = `HJ-XM-${PROJECT_TYPE_CODES[String(type)]}-${createdAt.getUTCFullYear()}${pad(createdAt.getUTCMonth() + 1)}-#`;
      const region = client.region ?? '320100';
      const amount = contract
        ? ((Number(contract.contractAmount) * (contract.isFramework ? 0.5 : 1)) | 0).toFixed(2)
        : (80_000 + ((j * 53_119) % 900_000)).toFixed(2);
      const start = addDays(createdAt, 5);
      projectRows.push({
        id: nextId(),
        ...audit(leader, at(createdAt, 9 + (j % 8))),
        projectNum: head.replace('#', pad(take('project', head), 3)),
        // The works item of its contract (a framework agreement's two projects: two items), else one of its own.
        projectName: `${shortName(client.name)}${PROJECT_WORDS[worksOf(contract, j)]}${SERVICE[type - 1]}`.slice(0, 200),
        projectType: type,
        customerId: client.id,
        contractId: contract && approval !== 0 ? contract.id : null,
        deptId: deptOf(deptByType[type]![j % deptByType[type]!.length]!),
        leaderUser: leader.id,
        regionCode: region,
        regionName: client.regionName,
        address: `${String(client.regionName ?? '').replace(/\//g, '')}${['建邺路', '江东北路', '中山东路', '龙蟠路', '湖东路'][j % 5]}${20 + j}号`,
        projectAmount: amount,
        investmentAmount: (Number(amount) * 45).toFixed(2),
        approvedAmount: stage >= 5 ? (Number(amount) * 42.5).toFixed(2) : null,
        startDate: day(start),
        planEndDate: day(addDays(start, 120 + (j % 6) * 30)),
        endDate: stage >= 5 ? day(finishedOn(start, addDays(start, 100 + (j % 5) * 20), today)) : null,
        bidStatus: type === 2 ? 1 + (j % 4) : j % 3 === 0 ? 3 : 1,
        projectStatus: stage,
        templateId: templateIds.get(type) ?? null,
        twoAudit: stage >= 3 ? (stage === 3 && j % 2 === 0 ? 1 : 2) : 0,
        threeAudit: stage === 4 ? 1 : stage >= 5 ? 2 : 0,
        status: approval,
        isDraft: approval === 0 ? 0 : 1,
        processDefinitionKey: approval === 0 ? null : PROJECT_PROCESSES.createProject.key,
        submitTime: approval === 0 ? null : at(createdAt, 9),
        remark: j % 6 === 0 ? '委托方要求每月报送进度' : null,
      });
    }
    await tx.insert(projects).values(projectRows);

    // ---------------------------------------------------------------- persons, tasks, reviews, seals, quality
    const personRows: Rec[] = [];
    const taskRows: (Rec & { id: string })[] = [];
    const hisRows: (typeof projectTaskHis.$inferInsert)[] = [];
    const secondRows: Rec[] = [];
    const thirdRows: Rec[] = [];
    const sealRows: Rec[] = [];
    const qualityRows: Rec[] = [];
    const reviewers = [byAccount.get('chenjing') ?? admin, byAccount.get('liuyang') ?? admin, byAccount.get('zhangwei') ?? admin];
    projectRows.forEach((p, j) => {
      const leader = people.find((u) => u.id === p.leaderUser) ?? admin;
      const created = String(p.createTime);
      const a = audit(leader, created);
      const maker = reviewers[j % reviewers.length]!.id === leader.id ? reviewers[(j + 1) % reviewers.length]! : reviewers[j % reviewers.length]!;
      const checker = staff[(j + 2) % staff.length]!.id === leader.id ? staff[(j + 3) % staff.length]! : staff[(j + 2) % staff.length]!;
      personRows.push(
        { id: nextId(), ...a, projectId: p.id, userId: leader.id, projectRole: 1, shareRatio: '100.00', remark: '项目总负责' },
        { id: nextId(), ...a, projectId: p.id, userId: maker.id, projectRole: 2, shareRatio: j % 3 === 0 ? '60.00' : '100.00' },
        { id: nextId(), ...a, projectId: p.id, userId: checker.id, projectRole: 3, shareRatio: '100.00' },
        { id: nextId(), ...a, projectId: p.id, userId: manager.id, projectRole: 4, shareRatio: '100.00' },
      );
      if (j % 3 === 0 && leader.id !== maker.id)
        personRows.push({ id: nextId(), ...a, projectId: p.id, userId: leader.id, projectRole: 2, shareRatio: '40.00' });
      if (p.status === 0 || p.status === 3 || p.status === 6) return;
      const items = TEMPLATES[Number(p.projectType) - 1]![2];
      const stage = Number(p.projectStatus);
      const start = dateOf(String(p.startDate));
      items.forEach((name, k) => {
        // Done up to a point that grows with the stage; the next one under way.
        const doneUpTo = stage >= 3 ? items.length : stage === 2 ? Math.floor(((j % 4) * items.length) / 4) : 0;
        const done = k < doneUpTo;
        const rate = done ? 100 : k === doneUpTo ? 10 + ((j * 17) % 80) : 0;
        const planStart = addDays(start, k * 20);
        const planEnd = addDays(planStart, 25);
        const assignee = [leader, maker, checker][k % 3]!;
        const id = nextId();
        const finish = done ? addDays(planStart, 18) : undefined;
        taskRows.push({
          id,
          ...a,
          projectId: p.id,
          taskName: name,
          assigneeUser: assignee.id,
          planStart: day(planStart),
          planEnd: day(planEnd),
          rate,
          weight: Math.round(100 / items.length),
          sort: k + 1,
          taskStatus: done ? 1 : 0,
          finishTime: finish ? at(finish > today ? today : finish, 17) : null,
        });
        hisRows.push({ id: nextId(), ...a, taskId: id, projectId: p.id, field: 'create', oldValue: null, newValue: name });
        if (rate > 0)
          hisRows.push({
            id: nextId(),
            ...audit(assignee, at(finish && finish < today ? finish : today, 16)),
            taskId: id,
            projectId: p.id,
            field: 'rate',
            oldValue: '0',
            newValue: String(rate),
          });
        if (done)
          hisRows.push({
            id: nextId(),
            ...audit(assignee, at(finish! < today ? finish! : today, 17)),
            taskId: id,
            projectId: p.id,
            field: 'taskStatus',
            oldValue: '0',
            newValue: '1',
          });
      });
      const reviewAt = at(addDays(start, 90) > today ? today : addDays(start, 90), 14);
      if (Number(p.twoAudit) > 0)
        secondRows.push({
          id: nextId(),
          ...audit(leader, reviewAt),
          projectId: p.id,
          deliverable: `${p.projectName}成果文件(初稿)`.slice(0, 200),
          content: '编制完成,提请二级复核。',
          status: Number(p.twoAudit),
          isDraft: 1,
          processDefinitionKey: PROJECT_PROCESSES.secondCheck.key,
          submitTime: reviewAt,
        });
      if (Number(p.threeAudit) > 0)
        thirdRows.push({
          id: nextId(),
          ...audit(leader, reviewAt),
          projectId: p.id,
          deliverable: `${p.projectName}成果文件(复核稿)`.slice(0, 200),
          content: '二级复核意见已落实,提请三级审定。',
          status: Number(p.threeAudit),
          isDraft: 1,
          processDefinitionKey: PROJECT_PROCESSES.thirdCheck.key,
          submitTime: reviewAt,
        });
      if (stage >= 3) {
        const sealStatus = [2, 2, 1, 0, 3, 6][j % 6]!;
        sealRows.push({
          id: nextId(),
          ...audit(leader, reviewAt),
          sealNum: '',
          projectId: p.id,
          contractId: p.contractId ?? null,
          sealType: [1, 2, 5][j % 3]!,
          useReason: `${p.projectName}成果文件盖章`.slice(0, 500),
          copies: 2 + (j % 4),
          useDate: day(addDays(start, 95) > today ? today : addDays(start, 95)),
          status: sealStatus,
          isDraft: sealStatus === 0 ? 0 : 1,
          processDefinitionKey: sealStatus === 0 ? null : PROJECT_PROCESSES.auditSeal.key,
          submitTime: sealStatus === 0 ? null : reviewAt,
        });
      }
      if (stage >= 2 && j % 2 === 0) {
        const qStatus = [2, 2, 1, 0, 3, 2][j % 6]!;
        qualityRows.push({
          id: nextId(),
          ...audit(manager, reviewAt),
          projectId: p.id,
          qualityType: 1 + (j % 3),
          checkDate: day(addDays(start, 60) > today ? today : addDays(start, 60)),
          checkUser: manager.id,
          grade: [1, 2, 3, 2, 4][j % 5]!,
          problems: j % 5 === 4 ? '工程量计算书与清单不一致,部分单价取费有误。' : j % 5 === 2 ? '个别子目特征描述不完整。' : '未发现明显问题。',
          rectification: j % 5 === 4 ? '限期三个工作日内整改并重新提交。' : null,
          status: qStatus,
          isDraft: qStatus === 0 ? 0 : 1,
          processDefinitionKey: qStatus === 0 ? null : PROJECT_PROCESSES.quality.key,
          submitTime: qStatus === 0 ? null : reviewAt,
        });
      }
    });
    // Seal numbers in the order they were asked for, per year.
    sealRows.sort((x, y) => String(x.createTime).localeCompare(String(y.createTime)));
    for (const r of sealRows) {
      const head = `HJ-YZ-${String(r.createTime).slice(0, 4)}-#`;
      r.sealNum = head.replace('#', pad(take('seal', head), 4));
    }
    await tx.insert(projectPersons).values(personRows);
    for (let k = 0; k < taskRows.length; k += 500) await tx.insert(projectTasks).values(taskRows.slice(k, k + 500));
    for (let k = 0; k < hisRows.length; k += 500) await tx.insert(projectTaskHis).values(hisRows.slice(k, k + 500));
    if (secondRows.length) await tx.insert(secondChecks).values(secondRows);
    if (thirdRows.length) await tx.insert(thirdChecks).values(thirdRows);
    if (sealRows.length) await tx.insert(auditSeals).values(sealRows);
    if (qualityRows.length) await tx.insert(qualities).values(qualityRows);

    // Counters: the next number of each head follows the demo's.
    await tx.insert(numberCounters).values(
      [...counters].map(([k, value]) => {
        const [kind, head] = k.split('|') as [string, string];
        return { tenantId, kind, head, value };
      }),
    );

    // Members, link statuses, effective amounts (the module's own statements), then the reminders due.
    const contractIds = contractRows.map((c) => c.id);
    await refreshProjectMembers(
      tx,
      projectRows.map((p) => p.id),
    );
    await refreshContractMembers(tx, contractIds);
    await refreshLinkStatus(tx, contractIds);
    await tx.execute(sql`UPDATE hjl_contract m SET effective_amount = m.contract_amount + coalesce((
        SELECT sum(r.contract_amount) FROM hjl_contract r WHERE r.parent_id = m.id AND r.status = 2 AND r.is_deleted = 0), 0)
      WHERE m.tenant_id = ${tenantId} AND m.parent_id IS NULL`);
    const soon = day(addDays(today, 30));
    await tx.insert(expireNotices).values(
      contractRows
        .filter((c) => c.status === 2 && String(c.endDate) >= day(today) && String(c.endDate) <= soon)
        .map((c) => ({
          id: nextId(),
          tenantId,
          createUser: admin.id,
          updateUser: admin.id,
          userId: c.handlerUser!,
          bizType: 1,
          bizId: c.id,
          title: `合同【${c.contractName}】(${c.contractNum})将于${c.endDate}到期`,
          expireDate: c.endDate!,
          isRead: 0,
        })),
    );
  });
}

/** The WP2 business dictionaries a tenant lacks (an installation from before the area). */
async function ensureDicts(tx: Parameters<Parameters<Db['transaction']>[0]>[0], tenantId: string) {
  await ensureDemoDicts(tx, tenantId, DICTS);
}

/** The project and contract data scopes and their grants, and the demo roles' WP2 menus, where missing. */
async function ensureScopesAndGrants(tx: Parameters<Parameters<Db['transaction']>[0]>[0], tenantId: string) {
  const menuRows = await tx.select({ id: menus.id, code: menus.code }).from(menus).where(eq(menus.isDeleted, 0));
  const menuIds = new Map(menuRows.map((m) => [m.code, m.id]));
  const present = new Map<string, string>(
    (
      await tx
        .select({ id: dataScopes.id!, name: dataScopes.scopeName!, code: dataScopes.resourceCode! })
        .from(dataScopes)
        .where(and(inArray(dataScopes.resourceCode!, ['project', 'contract']), eq(dataScopes.isDeleted!, 0)))
    ).map((d) => [`${String(d.code)}|${String(d.name)}`, String(d.id)]),
  );
  const missing = demo.dataScopes
    .filter((d) => (d.menu === 'project' || d.menu === 'contract') && menuIds.has(d.menu) && !present.has(`${d.menu}|${d.scopeName}`))
    .map(({ menu: code, ...d }) => {
      const id = nextId();
      present.set(`${code}|${d.scopeName}`, id);
      return { id, menuId: menuIds.get(code)!, resourceCode: code, ...d };
    });
  if (missing.length) await tx.insert(dataScopes).values(missing);
  const roleRows = await tx
    .select({ id: roles.id, alias: roles.roleAlias })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.isDeleted, 0)));
  const roleOf = (key: string) => roleRows.find((r) => r.alias === demo.roles.find((x) => x.key === key)?.roleAlias);
  const held = new Set(
    (await tx.select({ roleId: roleScopes.roleId, scopeId: roleScopes.scopeId }).from(roleScopes)).map((r) => `${String(r.roleId)}|${String(r.scopeId)}`),
  );
  const grants = demo.dataScopeGrants
    .filter(([, menu]) => menu === 'project' || menu === 'contract')
    .flatMap(([roleKey, menu, scopeName]) => {
      const role = roleOf(roleKey);
      const scopeId = present.get(`${menu}|${scopeName}`);
      return role && scopeId && !held.has(`${role.id}|${scopeId}`) ? [{ id: nextId(), scopeCategory: 1, scopeId, roleId: role.id }] : [];
    });
  if (grants.length) await tx.insert(roleScopes).values(grants);
  // The demo roles' WP2 menus and buttons (granted with the rest on a fresh installation).
  const granted = new Set(
    (await tx.select({ roleId: roleMenus.roleId, menuId: roleMenus.menuId }).from(roleMenus)).map((r) => `${String(r.roleId)}|${String(r.menuId)}`),
  );
  const wp2 = (c: string) => /^(contract|project|task_template|audit_seal|expire_notice)/.test(c);
  const rows = Object.entries(demo.roleGrants).flatMap(([key, codes]) => {
    const role = roleOf(key);
    if (!role) return [];
    return codes
      .filter((c) => wp2(c) && menuIds.has(c) && !granted.has(`${role.id}|${menuIds.get(c)}`))
      .map((c) => ({ id: nextId(), roleId: role.id, menuId: menuIds.get(c)! }));
  });
  if (rows.length) await tx.insert(roleMenus).values(rows);
}
