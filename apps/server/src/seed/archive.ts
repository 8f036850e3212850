/**
 * The demo company's archives and KPI (tenant 000000, BUSINESS.md WP7): a document template per archive type with its
 * record columns (some 必须归档), an approved archive with every file for each 已归档 demo project and a draft with one
 * file missing for the first 已完成 one; borrowings in each state (draft, lent, lent and overdue, returned, rejected);
 * the template library with earlier versions; and three months of KPI — the two earlier months scored, the last one
 * half self-scored. Seeded once, when the tenant has no document template. On every start, what an installation from
 * before the area lacks is added: its business dictionaries, the role 档案管理员 (held by the records clerk 郑丽 besides
 * 普通员工) and the demo roles' menus of the area.
 */
import {
  NUMBER_KINDS,
  APPROVAL_STATUS,
  ARCHIVE_APPLY_STAGE,
  ARCHIVE_BORROW_STATUS,
  KPI_RECORD_STATUS,
  PROJECT_STATUS,
  finalKpiScore,
  weightedKpiScore,
} from '@hjl/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';
import { nextId } from '../platform/db/ids.ts';
import { numberCounters } from '../platform/numbering/schema.ts';
import { lastMonths } from '../platform/time/index.ts';
import type { FirmClock } from '../platform/time/index.ts';
import {
  archiveApplies,
  archives,
  archivesColumns,
  archivesFiles,
  archivesTemplates,
  kpiRecords,
  kpiTasks,
  templateLibraries,
  templateLibraryVersions,
} from '../modules/archive/schema.ts';
import { projects } from '../modules/project/schema.ts';
import { roles } from '../modules/system/schema.ts';
import { tenants } from '../modules/tenant/schema.ts';
import { users } from '../modules/user/schema.ts';
import * as demo from './data.ts';
import { ensureDemoDicts } from './dicts.ts';
import { grantDemoMenus } from './grants.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DICTS = [
  'archive_type',
  'archive_keep_period',
  'archive_borrow_status',
  'archive_borrow_type',
  'archive_apply_stage',
  'archive_column_type',
  'template_category',
  'kpi_record_status',
];
const isAreaCode = (c: string) => /^(archive|archives|template_library|kpi|project_performance)/.test(c);
const CLERK = 'zhengli';

/** Templates: [type, name, columns [label, required]]. */
const TEMPLATES: [number, string, [string, boolean][]][] = [
  [
    1,
    '造价成果档案模板',
    [
      ['委托合同', true],
      ['造价咨询报告', true],
      ['审核定案表', true],
      ['工作底稿', false],
    ],
  ],
  [
    2,
    '招标文件档案模板',
    [
      ['招标文件', true],
      ['评标报告', true],
      ['中标通知书', true],
      ['投标文件', false],
    ],
  ],
  [
    3,
    '监理资料档案模板',
    [
      ['监理规划', true],
      ['监理日志', true],
      ['竣工验收记录', false],
    ],
  ],
];
const KPI_ITEMS = [
  { item: '工作业绩', weight: 40 },
  { item: '工作质量', weight: 30 },
  { item: '工作态度', weight: 20 },
  { item: '团队协作', weight: 10 },
];

const link = (n: number) => `/api/blade-resource/oss/endpoint/file/local/20260105/${n.toString(16).padStart(32, '0')}.pdf`;
const file = (name: string, n: number) => [{ label: `${name}.pdf`, value: link(n) }];

export async function seedArchive(db: Db, clock: FirmClock): Promise<void> {
  const tenantId = demo.DEMO_TENANT.tenantId;
  await db.transaction(async (tx) => {
    const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.tenantId, tenantId)).limit(1);
    if (!tenant) return;
    await ensureDemoDicts(tx, tenantId, DICTS);
    await ensureClerkRole(tx, tenantId);
    await grantDemoMenus(tx, tenantId, (_role, code) => isAreaCode(code));
    const [any] = await tx.select({ id: archivesTemplates.id }).from(archivesTemplates).where(eq(archivesTemplates.tenantId, tenantId)).limit(1);
    if (any) return;
    await seedRecords(tx, tenantId, clock);
  });
}

/** The role 档案管理员 where missing, held by the records clerk besides her own. */
async function ensureClerkRole(tx: Tx, tenantId: string) {
  const role = demo.roles.find((r) => r.key === 'archive')!;
  let [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.roleAlias, role.roleAlias), eq(roles.isDeleted, 0)));
  if (!row) {
    row = { id: nextId() };
    await tx.insert(roles).values({ id: row.id, tenantId, roleName: role.roleName, roleAlias: role.roleAlias, sort: role.sort });
  }
  const [u] = await tx
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, CLERK), eq(users.isDeleted, 0)));
  const held = String(u?.roleId ?? '')
    .split(',')
    .filter(Boolean);
  if (u && !held.includes(String(row.id)))
    await tx
      .update(users)
      .set({ roleId: [...held, String(row.id)].join(',') })
      .where(eq(users.id, u.id));
}

async function seedRecords(tx: Tx, tenantId: string, clock: FirmClock) {
  const people = await tx
    .select({ id: users.id, account: users.account, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  const idOf = (account: string) => String(people.find((p) => p.account === account)?.id ?? '');
  const clerk = idOf(CLERK);
  const audit = { tenantId, createUser: clerk, updateUser: clerk };
  const today = clock.today();
  const columnsOfType = new Map<number, { id: string; label: string; required: boolean }[]>();
  for (const [type, name, columns] of TEMPLATES) {
    const templateId = nextId();
    await tx
      .insert(archivesTemplates)
      .values({ id: templateId, ...audit, templateName: name, archiveType: type, remark: `${name}(必须归档的文件须全部上传方可归档)` });
    const rows = columns.map(([label, required], i) => ({
      id: nextId(),
      ...audit,
      templateId,
      columnLabel: label,
      columnType: 1,
      required: required ? 1 : 0,
      sort: i + 1,
    }));
    await tx.insert(archivesColumns).values(rows);
    columnsOfType.set(
      type,
      rows.map((r) => ({ id: r.id, label: r.columnLabel, required: r.required === 1 })),
    );
  }

  const finished = await tx
    .select({ id: projects.id, name: projects.projectName, type: projects.projectType, status: projects.projectStatus, num: projects.projectNum })
    .from(projects)
    .where(and(eq(projects.tenantId, tenantId), eq(projects.isDeleted, 0), inArray(projects.projectStatus, [PROJECT_STATUS.done, PROJECT_STATUS.archived])))
    .orderBy(projects.projectNum);
  const year = today.slice(0, 4);
  // Numbers as the numbering service gives them (NUMBER_KINDS.archive), its counters kept in step.
  const seqOfType = new Map<number, number>();
  let seq = 0;
  let n = 0;
  const stored: { id: string; num: string; projectId: string }[] = [];
  let draftGiven = false;
  for (const p of finished) {
    const archived = p.status === PROJECT_STATUS.archived;
    if (!archived && draftGiven) continue;
    const type = Math.min(Math.max(Number(p.type ?? 1), 1), 3);
    const id = nextId();
    seq++;
    const typeSeq = (seqOfType.get(type) ?? 0) + 1;
    seqOfType.set(type, typeSeq);
    const num = `HJ-DA-${type}-${year}-${String(typeSeq).padStart(4, '0')}`;
    await tx.insert(archives).values({
      id,
      ...audit,
      status: archived ? APPROVAL_STATUS.approved : APPROVAL_STATUS.draft,
      isDraft: archived ? 1 : 0,
      archiveNum: num,
      archiveName: `${String(p.name)}档案`,
      projectId: p.id,
      archiveType: type,
      boxNum: `A-${String(seq).padStart(3, '0')}`,
      location: `档案室${(seq % 3) + 1}号柜`,
      pages: 40 + seq * 7,
      keepPeriod: type === 1 ? 1 : 2,
      archiveDate: archived ? today : null,
      archivistUser: clerk,
      borrowStatus: ARCHIVE_BORROW_STATUS.inStore,
      performanceScore: archived ? ['92.00', '85.50', '78.00', '88.00'][seq % 4] : null,
    });
    const columns = columnsOfType.get(type) ?? [];
    // A draft lacks its last required file: archiving it is refused until the clerk uploads it.
    const lacking = archived ? undefined : columns.filter((c) => c.required).at(-1)?.id;
    const fileRows = columns
      .filter((c) => c.id !== lacking)
      .map((c) => ({
        id: nextId(),
        ...audit,
        archivesId: id,
        projectId: p.id,
        columnId: c.id,
        fileName: c.label,
        files: file(c.label, ++n),
        submitTime: `${today} 09:00:00`,
        submitUser: clerk,
      }));
    if (fileRows.length) await tx.insert(archivesFiles).values(fileRows);
    if (archived) stored.push({ id, num, projectId: String(p.id) });
    else draftGiven = true;
  }
  if (seqOfType.size)
    await tx
      .insert(numberCounters)
      .values([...seqOfType].map(([type, value]) => ({ tenantId, kind: NUMBER_KINDS.archive.name, head: `HJ-DA-${type}-${year}-#`, value })))
      .onConflictDoNothing();
  await seedBorrowings(tx, tenantId, stored, idOf, today);
  await seedLibrary(tx, audit);
  await seedKpi(tx, tenantId, clock, people, idOf);
}

/** Borrowings of the approved archives: a draft, lent, lent and overdue (the archive 借出), returned, rejected. */
async function seedBorrowings(tx: Tx, tenantId: string, stored: { id: string; num: string; projectId: string }[], idOf: (a: string) => string, today: string) {
  const day = (offset: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const plan: [string, number, number, number, number, string | null][] = [
    // borrower, approval status, stage, borrow day, due day, return day
    ['zhangwei', APPROVAL_STATUS.draft, ARCHIVE_APPLY_STAGE.applying, 2, 9, null],
    ['chenjing', APPROVAL_STATUS.approved, ARCHIVE_APPLY_STAGE.lent, -3, 7, null],
    ['liuyang', APPROVAL_STATUS.approved, ARCHIVE_APPLY_STAGE.lent, -20, -5, null],
    ['zhangwei', APPROVAL_STATUS.approved, ARCHIVE_APPLY_STAGE.returned, -40, -30, day(-31)],
    ['zhaomin', APPROVAL_STATUS.rejected, ARCHIVE_APPLY_STAGE.applying, -10, -3, null],
  ];
  const rows = plan.flatMap(([account, status, stage, from, due, returned], i) => {
    const a = stored[i % Math.max(stored.length, 1)];
    const userId = idOf(account);
    if (!a || !userId) return [];
    return [
      {
        id: nextId(),
        tenantId,
        createUser: userId,
        updateUser: userId,
        status,
        isDraft: status === APPROVAL_STATUS.draft ? 0 : 1,
        archivesId: a.id,
        archiveNum: a.num,
        projectId: a.projectId,
        borrowType: (i % 3) + 1,
        borrowDate: day(from),
        planReturnDate: day(due),
        returnDate: returned,
        borrowReason: ['结算审计查阅', '出具复核意见', '竣工资料核对', '审计署抽查', '投标业绩证明'][i] ?? '查阅',
        applyUser: userId,
        applyStage: stage,
      },
    ];
  });
  if (!rows.length) return;
  await tx.insert(archiveApplies).values(rows);
  const lent = rows.filter((r) => r.applyStage === ARCHIVE_APPLY_STAGE.lent).map((r) => r.archivesId);
  if (lent.length) await tx.update(archives).set({ borrowStatus: ARCHIVE_BORROW_STATUS.lent }).where(inArray(archives.id, lent));
}

async function seedLibrary(tx: Tx, audit: { tenantId: string; createUser: string; updateUser: string }) {
  const list: [string, number, string[]][] = [
    ['建设工程造价咨询合同(示范文本)', 1, ['V1.0', 'V2.0']],
    ['工程结算审核报告模板', 2, ['V1.0', 'V1.1', 'V2.0']],
    ['公开招标文件范本', 3, ['V1.0']],
    ['监理月报模板', 4, ['V1.0', 'V1.1']],
  ];
  let n = 1000;
  for (const [name, category, versions] of list) {
    const id = nextId();
    const last = versions.at(-1) ?? 'V1.0';
    await tx.insert(templateLibraries).values({ id, ...audit, templateName: name, category, version: last, files: file(`${name}${last}`, ++n) });
    await tx.insert(templateLibraryVersions).values(
      versions.map((v, i) => ({
        id: nextId(),
        ...audit,
        libraryId: id,
        version: v,
        files: file(`${name}${v}`, v === last ? n : ++n + 100),
        createTime: `2026-0${i + 1}-15 10:00:00`,
      })),
    );
  }
}

/** Three months of KPI: the two earlier scored by the department managers, the latest half self-scored. */
async function seedKpi(
  tx: Tx,
  tenantId: string,
  clock: FirmClock,
  people: { id: string; account: string; deptId: string | null }[],
  idOf: (a: string) => string,
) {
  const months = lastMonths(clock.today().slice(0, 7), 4).slice(0, 3);
  const leader = idOf('wangjianguo');
  const assessed = people.filter((p) => p.account !== 'admin');
  for (const [m, month] of months.entries()) {
    const taskId = nextId();
    await tx.insert(kpiTasks).values({
      id: taskId,
      tenantId,
      createUser: leader,
      updateUser: leader,
      month,
      taskName: `${month.slice(0, 4)}年${Number(month.slice(5))}月绩效考核`,
      items: JSON.stringify(KPI_ITEMS),
      deadline: `${month}-28`,
    });
    const rows = assessed.map((p, i) => {
      const latest = m === months.length - 1;
      const selfDone = !latest || i % 2 === 0;
      const leaderDone = !latest;
      const items = KPI_ITEMS.map((x, j) => ({
        ...x,
        selfScore: selfDone ? `${80 + ((i * 3 + j * 5 + m) % 18)}.00` : null,
        leaderScore: leaderDone ? `${75 + ((i * 7 + j * 3 + m * 2) % 22)}.50` : null,
      }));
      const selfScore = weightedKpiScore(items, 'selfScore');
      const leaderScore = weightedKpiScore(items, 'leaderScore');
      return {
        id: nextId(),
        tenantId,
        createUser: leader,
        updateUser: leader,
        taskId,
        month,
        userId: p.id,
        deptId: p.deptId ? (p.deptId.split(',').find(Boolean) ?? null) : null,
        items: JSON.stringify(items),
        selfScore,
        leaderScore,
        finalScore: finalKpiScore(selfScore, leaderScore),
        selfSubmitTime: selfDone ? `${month}-25 18:00:00` : null,
        leaderUser: leaderDone ? leader : null,
        leaderSubmitTime: leaderDone ? `${month}-28 10:00:00` : null,
        recordStatus: leaderDone ? KPI_RECORD_STATUS.scored : selfDone ? KPI_RECORD_STATUS.waitingLeader : KPI_RECORD_STATUS.waitingSelf,
      };
    });
    if (rows.length) await tx.insert(kpiRecords).values(rows);
  }
}
