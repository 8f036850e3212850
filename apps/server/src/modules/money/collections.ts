/**
 * 项目收款 (collections, BUSINESS.md WP3; S1 L120 `hjlprojectCollect` CRUD — lower-case p —, S1 L133
 * `hjlProjectCollect` ought_income / get/invoice / get/payment / income-expend / claim); their persons' shares are
 * collection-persons.ts.
 *
 * Rules: a collection is for a project whose contract is approved; its amount never exceeds the ought income —
 * the contract's effective amount (with approved supplementary agreements) less the approved collections and
 * those under confirmation (checked on save and start, again under a lock of the contract row at start and at
 * approval, when only approved ones count); an invoice named must be an issued one of the same project. A
 * collection is confirmed through the approval kit (process 收支登记 by its route key `projectCollect`); approved,
 * it writes exactly one income row of the ledger linked to the project (finance's ledgerEntryOf and
 * postLedgerEntry, idempotent).
 */
import {
  APPROVAL_STATUS,
  INVOICE_STATUS,
  PROJECT_MONEY_MSG as MSG,
  compareMoney,
  fenToMoney,
  projectCollectEntity,
  subtractMoney,
  sumMoney,
  toFen,
} from '@hjl/core';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Executor } from '../../platform/crud/repo.ts';
import { nextId } from '../../platform/db/ids.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField, isBlank } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { claimLedgerEntry, ledgerEntryOf, ledgerRowOf, ledgerRowsOfRecord, positiveAmount, postLedgerEntry, unclaimedIncomeOf } from '../finance/api.ts';
import { contractMoney } from '../project/api.ts';
import type { MoneyShared } from './context.ts';
import { invoices, projectCollectPersons, projectCollects } from './schema.ts';

/** Fields of a collection the server fills (from the project, its contract and the invoice named). */
const SERVER_FIELDS = ['contractId', 'customerId', 'projectName', 'invoiceNum', 'isKnowGet'];
const COUNTED = [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved];
type CollectRepo = EntityRepo<typeof projectCollectEntity>;
/** The sums of a contract's collections: approved, and approved or under confirmation (but `except`). */
export async function collectedOf(tx: Executor, tenantId: string, contractId: string, except?: string) {
  const [row] = await tx
    .select({
      approved: sql<string>`coalesce(sum(${projectCollects.collectAmount}) FILTER (WHERE ${projectCollects.status} = ${APPROVAL_STATUS.approved}), 0)::text`,
      counted: sql<string>`coalesce(sum(${projectCollects.collectAmount}), 0)::text`,
    })
    .from(projectCollects)
    .where(
      and(
        eq(projectCollects.tenantId, tenantId),
        eq(projectCollects.contractId, contractId),
        eq(projectCollects.isDeleted, 0),
        inArray(projectCollects.status, COUNTED),
        ...(except ? [ne(projectCollects.id, except)] : []),
      ),
    );
  return { approved: fenToMoney(toFen(row?.approved ?? '0')), counted: fenToMoney(toFen(row?.counted ?? '0')) };
}

/** What a collection's routes require: the list, its edit and the persons' shares. */
export const COLLECT_CODES = {
  view: projectCollectEntity.name,
  edit: `${projectCollectEntity.name}_edit`,
  person: `${projectCollectEntity.name}_person`,
};
const tags = [projectCollectEntity.label.zh];
const idParam = z.object({ id: idField() });

/** The project the caller may see, its approved contract, and the contract's money. */
async function projectAndContract(s: MoneyShared, user: AuthUser, projectId: string) {
  const project = await s.projects.projectOf(user, projectId);
  if (!project) throw fail(MSG.projectMissing);
  if (!project.contractId) throw fail(MSG.noContract);
  const contract = await contractMoney(s.ctx.database.db, user.tenantId, String(project.contractId));
  if (!contract) throw fail(MSG.noContract);
  if (contract.status !== APPROVAL_STATUS.approved) throw fail(MSG.contractNotApproved);
  return { project, contract };
}

/** Refuses an amount above what the contract may still receive (others approved or under confirmation). */
async function assertWithinOught(tx: Executor, tenantId: string, contractId: string, amount: string, except: string | undefined, onlyApproved: boolean) {
  const contract = await contractMoney(tx, tenantId, contractId, true);
  if (!contract) throw fail(MSG.noContract);
  const sums = await collectedOf(tx, tenantId, contractId, except);
  const left = subtractMoney(contract.effectiveAmount, onlyApproved ? sums.approved : sums.counted);
  if (compareMoney(amount, left) > 0) throw fail(MSG.overOught);
}

/** A collection the caller may see, or 400. */
export async function visibleCollect(repo: EntityRepo, user: AuthUser, id: string) {
  const row = await repo.find(user, [eq(projectCollects.id, id)]);
  if (!row) throw fail(MSG.collectMissing);
  return row;
}

/** Collections on the approval kit (收支登记), with their reads and the claim of unclaimed money. */
export function registerCollections(s: MoneyShared) {
  const repo = registerCollectionRecord(s);
  registerCollectionReads(s, repo);
  registerClaim(s, repo);
  return { repo };
}

function registerCollectionRecord(s: MoneyShared): CollectRepo {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  // The hooks read the stored collection by the tenant only: the kit checked the caller's scope before they run.
  const repo: CollectRepo = ctx.approval.register(projectCollectEntity, projectCollects, {
    parent: projects.projects,
    dictionary: s.dictionary,
    async beforeWrite(user, data, id) {
      for (const f of SERVER_FIELDS) delete data[f];
      const current = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      const projectId = String(data.projectId ?? current?.projectId ?? '');
      const { project, contract } = await projectAndContract(s, user, projectId);
      data.contractId = contract.id;
      data.customerId = contract.customerId;
      data.projectName = project.projectName;
      if (data.collectAmount !== undefined) data.collectAmount = positiveAmount(data.collectAmount);
      const invoiceId = data.invoiceId !== undefined ? data.invoiceId : current?.invoiceId;
      if (!isBlank(invoiceId)) {
        const [inv] = await db
          .select({ projectId: invoices.projectId, invoiceStatus: invoices.invoiceStatus, invoiceNum: invoices.invoiceNum })
          .from(invoices)
          .where(and(eq(invoices.id, String(invoiceId)), eq(invoices.tenantId, user.tenantId), eq(invoices.isDeleted, 0)))
          .limit(1);
        if (!inv || String(inv.projectId) !== projectId) throw fail(MSG.invoiceOtherProject);
        if (Number(inv.invoiceStatus) !== INVOICE_STATUS.issued) throw fail(MSG.invoiceNotIssued);
        data.invoiceNum = inv.invoiceNum;
      } else if (data.invoiceId !== undefined) data.invoiceNum = null;
      const amount = data.collectAmount ?? current?.collectAmount;
      if (!isBlank(amount)) await assertWithinOught(db, user.tenantId, contract.id, String(amount), id, false);
    },
    async startWith(tx, user, id, record) {
      // Two collections of one contract started at once queue on the contract row and see each other.
      await assertWithinOught(tx, user.tenantId, String(record.contractId), String(record.collectAmount), id, false);
    },
    async onStatus(tx, rec, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      const row = await repo.tenantRow(rec.tenantId, rec.id, { tx });
      if (!row || Number(row.status) !== APPROVAL_STATUS.approved) return;
      if (await ledgerRowOf(tx, rec.tenantId, projectCollectEntity.table, rec.id)) return;
      // Confirmed: never beyond the contract's effective amount less the collections confirmed before it.
      await assertWithinOught(tx, rec.tenantId, String(row.contractId), String(row.collectAmount), rec.id, true);
      await postLedgerEntry(
        tx,
        ledgerEntryOf(row, {
          tenantId: rec.tenantId,
          bizType: projectCollectEntity.table,
          bizId: rec.id,
          direction: 'income',
          amount: String(row.collectAmount),
          date: String(row.collectDate),
          accountInfoId: row.accountInfoId || null,
          remark: `项目收款: ${row.projectName ?? ''}`.slice(0, 500),
          userId: row.createUser || null,
          deptId: row.createDept || null,
        }),
      );
    },
    async beforeRemove(user, ids) {
      // A collection's shares go with it.
      await db
        .update(projectCollectPersons)
        .set({ isDeleted: 1, updateTime: sql`now()` })
        .where(and(eq(projectCollectPersons.tenantId, user.tenantId), inArray(projectCollectPersons.collectId, ids)));
    },
  });
  return repo;
}

/** The reads of a project's collections: ought income, invoices to name, confirmed money, a collection's ledger rows. */
function registerCollectionReads(s: MoneyShared, repo: CollectRepo) {
  const { ctx, projects } = s;
  const db = ctx.database.db;

  // GET ought_income/{projectId}: what the project's contract may still receive.
  const C = '/api/business/hjlProjectCollect';
  ctx.route({
    method: 'GET',
    url: `${C}/ought_income/:id`,
    summary: '项目应收金额(合同有效金额 − 已确认收款)',
    tags,
    requires: { code: COLLECT_CODES.view },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(idParam, req.params);
      const { project, contract } = await projectAndContract(s, user, id);
      const sums = await collectedOf(db, user.tenantId, contract.id);
      return {
        projectId: String(project.id),
        contractId: contract.id,
        contractName: contract.contractName,
        contractAmount: contract.effectiveAmount,
        collectedAmount: sums.approved,
        pendingAmount: subtractMoney(sums.counted, sums.approved),
        oughtIncome: subtractMoney(contract.effectiveAmount, sums.approved),
      };
    },
  });

  // GET get/invoice/{projectId}: the project's issued invoices a collection may name.
  ctx.route({
    method: 'GET',
    url: `${C}/get/invoice/:id`,
    summary: '项目可关联的发票(已开票)',
    tags,
    requires: { code: COLLECT_CODES.view },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(idParam, req.params);
      if (!(await projects.projectOf(user, id))) throw fail(MSG.projectMissing);
      return db
        .select({
          id: invoices.id,
          invoiceNum: invoices.invoiceNum,
          invoiceTitle: invoices.invoiceTitle,
          invoiceAmount: invoices.invoiceAmount,
          invoiceDate: invoices.invoiceDate,
        })
        .from(invoices)
        .where(
          and(eq(invoices.tenantId, user.tenantId), eq(invoices.projectId, id), eq(invoices.isDeleted, 0), eq(invoices.invoiceStatus, INVOICE_STATUS.issued)),
        )
        .orderBy(desc(invoices.invoiceDate), desc(invoices.id));
    },
  });

  // GET get/payment/{projectId}: the project's confirmed collections (the money received), newest first, with their sum.
  ctx.route({
    method: 'GET',
    url: `${C}/get/payment/:id`,
    summary: '项目已确认的收款及合计',
    tags,
    requires: { code: COLLECT_CODES.view },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(idParam, req.params);
      if (!(await projects.projectOf(user, id))) throw fail(MSG.projectMissing);
      const where = [eq(projectCollects.projectId, id), eq(projectCollects.status, APPROVAL_STATUS.approved)];
      const page = await repo.page(user, { size: '1000', descs: 'collectDate' }, where, 1000);
      const records = await repo.withNames(user, page.records);
      return { records, total: page.total, collectedAmount: sumMoney(records.map((r) => String(r.collectAmount ?? '0'))) };
    },
  });

  // GET income-expend/{collectId}: the ledger row of a collection, as a list — the row a confirmed collection wrote
  // (none before), or the unclaimed bank money a claimed collection took.
  ctx.route({
    method: 'GET',
    url: `${C}/income-expend/:id`,
    summary: '收款记账的收支明细',
    tags,
    requires: { code: COLLECT_CODES.view },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(idParam, req.params);
      await visibleCollect(repo, user, id);
      return ledgerRowsOfRecord(db, user.tenantId, projectCollectEntity.table, id);
    },
  });
}

function registerClaim(s: MoneyShared, repo: CollectRepo) {
  const { ctx } = s;
  const db = ctx.database.db;
  const C = '/api/business/hjlProjectCollect';
  // POST claim: unclaimed bank money (a ledger income row with isKnowGet 0, 待认领) taken as a collection of a project:
  // the collection is written confirmed (the money is in the ledger already: no approval, no second row) with the
  // row's amount, date and account, within the ought income, and the row is claimed for it — one transaction.
  ctx.route({
    method: 'POST',
    url: `${C}/claim`,
    summary: '认领待认领款项为项目收款(金额、日期、账户取自该款项)',
    tags,
    requires: { code: `${projectCollectEntity.name}_add` },
    body: z.object({
      incomeExpendId: idField({ message: MSG.claimMissing }),
      projectId: idField({ message: MSG.projectMissing }),
      collectType: z
        .union([z.number(), z.string()], { message: '请选择收款类型' })
        .transform((v) => Number(v))
        .refine((v) => Number.isInteger(v) && v > 0 && v < 100, { message: '请选择收款类型' }),
      remark: z.string().max(500, { message: '备注最多500个字符' }).optional().nullable(),
    }),
    handler: async ({ user, body }) => {
      const { project, contract } = await projectAndContract(s, user, body.projectId);
      const money = await unclaimedIncomeOf(db, user.tenantId, body.incomeExpendId);
      if (!money) throw fail(MSG.claimMissing);
      const id = nextId();
      await db.transaction(async (tx) => {
        await assertWithinOught(tx, user.tenantId, contract.id, money.tradeAmount, undefined, false);
        await tx.insert(projectCollects).values({
          id,
          tenantId: user.tenantId,
          createUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          updateUser: user.userId,
          status: APPROVAL_STATUS.approved,
          isDraft: 2,
          projectId: String(project.id),
          projectName: project.projectName,
          contractId: contract.id,
          customerId: contract.customerId,
          collectType: body.collectType,
          collectAmount: money.tradeAmount,
          collectDate: money.transactionDate,
          accountInfoId: money.accountInfoId,
          isKnowGet: 1,
          remark: body.remark ?? `认领款项: ${money.payerName ?? ''}`.slice(0, 500),
        });
        await claimLedgerEntry(tx, {
          tenantId: user.tenantId,
          incomeExpendId: money.id,
          claimBizType: projectCollectEntity.table,
          claimBizId: id,
          projectId: String(project.id),
          projectName: project.projectName ?? null,
        });
      });
      const [row] = await repo.withNames(user, [(await repo.tenantRow(user.tenantId, id)) as never]);
      return row;
    },
  });
}
