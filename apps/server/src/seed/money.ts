/**
 * The demo company's project money (tenant 000000, BUSINESS.md WP3): collections on the demo projects with an
 * approved contract in every approval status — the approved ones with their ledger row (income, linked to the
 * project) and their persons' shares (the leader 60 %, a colleague 40 %) —, invoices issued, under approval, voided
 * (with their approved voiding request) and drafts, titled by the client's invoice titles. Seeded once (when the
 * demo tenant has never had a collection), set-based: rows made in memory and written with a few multi-row inserts;
 * an installation from before the area gets its dictionaries and the demo roles' grants of the new menus.
 */
import { INVOICE_STATUS, fenToMoney, inclusiveTax, invoiceEntity, projectCollectEntity, toFen } from '@hjl/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/index.ts';
import type { FirmClock } from '../platform/time/index.ts';
import type { Executor } from '../platform/crud/repo.ts';
import { nextId } from '../platform/db/ids.ts';
import { customerInvoices } from '../modules/customer/schema.ts';
import { ledgerEntryOf, ledgerRowOfEntry } from '../modules/finance/api.ts';
import { incomeExpends } from '../modules/finance/schema.ts';
import { invoiceVoids, invoices, projectCollectPersons, projectCollects } from '../modules/money/schema.ts';
import { contracts, projects } from '../modules/project/schema.ts';
import { users } from '../modules/user/schema.ts';
import { firmToday } from './calendar.ts';
import * as demo from './data.ts';
import { ensureDemoDicts } from './dicts.ts';
import { grantDemoMenus } from './grants.ts';

const DICTS = ['collect_type', 'invoice_type', 'invoice_status'];
/** The share of the contract each collection of a project takes (percent), and its approval status, in turn. */
const COLLECTS: [number, number][] = [
  [30, 2],
  [20, 2],
  [15, 1],
  [10, 0],
  [10, 3],
  [5, 6],
];
const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
/** percent % of an amount, to the fen (half up). */
const part = (amount: string, percent: number) => fenToMoney((toFen(amount) * BigInt(percent * 100) + 5000n) / 10000n);

/** The project money of the demo company, dated back from today (`clock`: the firm's zone). */
export async function seedMoney(db: Db, clock: FirmClock) {
  const tenantId = demo.DEMO_TENANT.tenantId;
  const people = await db
    .select({ id: users.id, account: users.account, realName: users.realName, deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isDeleted, 0)));
  const admin = people.find((p) => p.account === 'admin');
  if (!admin) return; // no demo company
  const [had] = await db.select({ id: projectCollects.id }).from(projectCollects).where(eq(projectCollects.tenantId, tenantId)).limit(1);
  if (had) return;
  const clerk = people.find((p) => p.account === 'lihong') ?? admin;
  const dept = (p: { deptId: string | null }) => (p.deptId ? String(p.deptId).split(',')[0]! : null);

  // Approved projects under an approved main contract that is theirs alone, by number.
  const list = await db
    .select({
      id: projects.id,
      projectName: projects.projectName!,
      leader: projects.leaderUser!,
      members: projects.memberUsers!,
      customerId: projects.customerId!,
      contractId: contracts.id,
      amount: contracts.effectiveAmount!,
    })
    .from(projects)
    .innerJoin(contracts, eq(contracts.id, projects.contractId!))
    .where(
      and(
        eq(projects.tenantId, tenantId),
        eq(projects.isDeleted, 0),
        eq(projects.status, 2),
        eq(contracts.status, 2),
        eq(contracts.isDeleted, 0),
        sql`${contracts.parentId!} IS NULL AND ${contracts.effectiveAmount!} > 0`,
        sql`NOT EXISTS (SELECT 1 FROM hjl_project q WHERE q.contract_id = ${contracts.id} AND q.id <> ${projects.id} AND q.is_deleted = 0)`,
      ),
    )
    .orderBy(projects.projectNum!)
    .limit(24);

  const titles = new Map<string, { id: string; invoiceTitle: string; taxNumber: string }>();
  if (list.length)
    for (const t of await db
      .select({
        id: customerInvoices.id,
        customerId: customerInvoices.customerId,
        invoiceTitle: customerInvoices.invoiceTitle,
        taxNumber: customerInvoices.taxNumber,
      })
      .from(customerInvoices)
      .where(
        and(
          eq(customerInvoices.tenantId, tenantId),
          eq(customerInvoices.isDeleted, 0),
          inArray(
            customerInvoices.customerId,
            list.map((p) => String(p.customerId)),
          ),
        ),
      ))
      if (!titles.has(String(t.customerId)))
        titles.set(String(t.customerId), { id: String(t.id), invoiceTitle: String(t.invoiceTitle), taxNumber: String(t.taxNumber ?? '') });

  const today = firmToday(clock);
  const daysAgo = (n: number) => dayText(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - n)));
  const collectRows: (typeof projectCollects.$inferInsert)[] = [];
  const personRows: (typeof projectCollectPersons.$inferInsert)[] = [];
  const ledgerRows: (typeof incomeExpends.$inferInsert)[] = [];
  const invoiceRows: (typeof invoices.$inferInsert)[] = [];
  const voidRows: (typeof invoiceVoids.$inferInsert)[] = [];

  list.forEach((p, i) => {
    const amount = String(p.amount);
    const leader = people.find((u) => String(u.id) === String(p.leader)) ?? admin;
    const colleague =
      people.find(
        (u) =>
          String(u.id) !== String(leader.id) &&
          String(p.members ?? '')
            .split(',')
            .includes(String(u.id)),
      ) ??
      people.find((u) => u.account === 'chenjing') ??
      admin;
    const title = titles.get(String(p.customerId));
    // Invoices: one issued (30 %), then by turn one under approval, one voided and reissued, or a draft.
    const invoice = (percent: number, status: number, invoiceStatus: number, n: number, days: number) => {
      const id = nextId();
      const invoiceAmount = part(amount, percent);
      invoiceRows.push({
        id,
        tenantId,
        createUser: leader.id,
        createDept: dept(leader),
        updateUser: leader.id,
        createTime: `${daysAgo(days)} 10:00:00`,
        status,
        isDraft: status === 0 ? 0 : 1,
        processDefinitionKey: status === 0 ? null : invoiceEntity.approval!.processKey,
        submitTime: status === 0 ? null : `${daysAgo(days)} 10:00:00`,
        projectId: String(p.id),
        projectName: p.projectName,
        contractId: String(p.contractId),
        customerId: String(p.customerId),
        customerInvoiceId: title?.id ?? null,
        invoiceTitle: title?.invoiceTitle ?? null,
        taxNumber: title?.taxNumber ?? null,
        invoiceType: 1 + (i % 3),
        invoiceAmount,
        taxRate: '0.06',
        taxAmount: inclusiveTax(invoiceAmount, '0.06').tax,
        amountExcludingTax: inclusiveTax(invoiceAmount, '0.06').excludingTax,
        invoiceNum: invoiceStatus === INVOICE_STATUS.applying ? null : `${String(24000000 + i * 10 + n).padStart(8, '0')}`,
        invoiceDate: invoiceStatus === INVOICE_STATUS.applying ? null : daysAgo(days - 2),
        invoiceStatus,
        voidReason: invoiceStatus === INVOICE_STATUS.voided ? '发票信息有误,重新开具' : null,
        voidTime: invoiceStatus === INVOICE_STATUS.voided ? `${daysAgo(days - 5)} 16:00:00` : null,
      });
      return { id, invoiceAmount };
    };
    const first = invoice(30, 2, INVOICE_STATUS.issued, 1, 90 - (i % 30));
    if (i % 3 === 0) invoice(20, 1, INVOICE_STATUS.applying, 2, 6);
    if (i % 3 === 1) {
      const voided = invoice(10, 2, INVOICE_STATUS.voided, 2, 60);
      voidRows.push({
        id: nextId(),
        tenantId,
        createUser: leader.id,
        createDept: dept(leader),
        updateUser: leader.id,
        status: 2,
        isDraft: 1,
        processDefinitionKey: 'hjl_void_invoice',
        invoiceId: voided.id,
        projectId: String(p.id),
        projectName: p.projectName,
        invoiceAmount: voided.invoiceAmount,
        voidReason: '发票信息有误,重新开具',
      });
      invoice(10, 2, INVOICE_STATUS.issued, 3, 50);
    }
    if (i % 3 === 2) invoice(15, 0, INVOICE_STATUS.applying, 2, 3);

    // Collections: the first ones approved (the first names the issued invoice), then one of each other status.
    COLLECTS.slice(0, 3 + (i % 4)).forEach(([percent, status], k) => {
      const id = nextId();
      const collectAmount = part(amount, percent);
      const collectDate = daysAgo(80 - k * 15 - (i % 10));
      const collect: typeof projectCollects.$inferInsert = {
        id,
        tenantId,
        createUser: leader.id,
        createDept: dept(leader),
        updateUser: leader.id,
        createTime: `${collectDate} 09:30:00`,
        status,
        isDraft: status === 0 ? 0 : 1,
        processDefinitionKey: status === 0 ? null : projectCollectEntity.approval!.processKey,
        submitTime: status === 0 ? null : `${collectDate} 09:30:00`,
        projectId: String(p.id),
        projectName: p.projectName,
        contractId: String(p.contractId),
        customerId: String(p.customerId),
        collectType: k === 0 ? 1 : 2,
        collectAmount,
        collectDate,
        invoiceId: k === 0 ? first.id : null,
        invoiceNum: k === 0 ? `${String(24000000 + i * 10 + 1).padStart(8, '0')}` : null,
        isKnowGet: 0,
        remark: k === 0 ? '预付款' : '按进度收取',
      };
      collectRows.push(collect);
      if (status !== 2) return;
      // Confirmed by finance as the approval posts it (collections.ts), the project copied from the collection; the
      // demo's collections name no account.
      const entry = ledgerEntryOf(collect, {
        tenantId,
        bizType: projectCollectEntity.table,
        bizId: id,
        direction: 'income',
        amount: collectAmount,
        date: collectDate,
        accountInfoId: null,
        optionPersonName: clerk.realName,
        remark: `项目收款: ${p.projectName ?? ''}`.slice(0, 500),
        userId: clerk.id,
        deptId: dept(clerk),
      });
      ledgerRows.push({ ...ledgerRowOfEntry(entry, nextId()), createTime: `${collectDate} 15:00:00` });
      // 60 / 40, the first person taking the rounding difference.
      const second = part(collectAmount, 40);
      const firstShare = fenToMoney(toFen(collectAmount) - toFen(second));
      personRows.push(
        {
          id: nextId(),
          tenantId,
          createUser: leader.id,
          updateUser: leader.id,
          collectId: id,
          projectId: String(p.id),
          userId: String(leader.id),
          shareRatio: '60.00',
          shareAmount: firstShare,
          expend: '0.00',
          sort: 1,
        },
        {
          id: nextId(),
          tenantId,
          createUser: leader.id,
          updateUser: leader.id,
          collectId: id,
          projectId: String(p.id),
          userId: String(colleague.id),
          shareRatio: '40.00',
          shareAmount: second,
          expend: '0.00',
          sort: 2,
        },
      );
    });
  });

  await db.transaction(async (tx) => {
    await ensureDictsAndGrants(tx, tenantId);
    if (invoiceRows.length) await tx.insert(invoices).values(invoiceRows);
    if (voidRows.length) await tx.insert(invoiceVoids).values(voidRows);
    if (collectRows.length) await tx.insert(projectCollects).values(collectRows);
    if (personRows.length) await tx.insert(projectCollectPersons).values(personRows);
    if (ledgerRows.length) await tx.insert(incomeExpends).values(ledgerRows);
  });
}

/** The WP3 dictionaries and the demo roles' grants of the project-money menus, where an installation lacks them. */
async function ensureDictsAndGrants(tx: Executor, tenantId: string) {
  await ensureDemoDicts(tx, tenantId, DICTS);
  await grantDemoMenus(tx, tenantId, (_role, c) => c.startsWith('project_collect') || c.startsWith('invoice'));
}
