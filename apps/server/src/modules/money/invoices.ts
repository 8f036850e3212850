/**
 * 开票 (invoices, BUSINESS.md WP3; S2 L452 `hjlInvoice` CRUD, S1 L128 `hjlProject` get/invoice/{id} and
 * apply/invoice, S1 L130 `hjlInvoice/cancellation/{id}`).
 *
 * An invoice is applied for on a project with an approved contract, titled with one of the project client's
 * invoice titles (开票信息 of the customer, `hjlCustomerInvoice`), and approved through the process `invoice`:
 * approved, it is 已开票. The contract's invoiced total — invoices under approval or issued, not voided — never
 * exceeds its effective amount (`开票金额不能超过合同金额`; checked on save and start, again under a lock of the
 * contract row at start and approval). Voiding (作废) is a request of its own (hjl_invoice_void) through the process
 * `voidInvoice`, started by `cancellation/{id}`: only for an issued invoice, once; approved, the invoice is 已作废
 * and its amount may be invoiced again.
 */
import {
  APPROVAL_STATUS,
  INVOICE_STATUS,
  PROJECT_MONEY_MSG as MSG,
  compareMoney,
  fenToMoney,
  invoiceEntity,
  addMoney,
  inclusiveTax,
  projectEntity,
  subtractMoney,
  toFen,
} from '@hjl/core';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField, isBlank } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import { customerInvoiceTitle, customerInvoiceTitles } from '../customer/api.ts';
import { positiveAmount } from '../finance/api.ts';
import { contractMoney } from '../project/api.ts';
import type { MoneyShared } from './context.ts';
import { invoices } from './schema.ts';

const SERVER_FIELDS = [
  'contractId',
  'customerId',
  'projectName',
  'invoiceTitle',
  'taxNumber',
  'taxAmount',
  'amountExcludingTax',
  'invoiceStatus',
  'voidReason',
  'voidTime',
];
const COUNTED = [APPROVAL_STATUS.approving, APPROVAL_STATUS.approved];
/** A tax rate: 0 to 1 with at most four decimals ('0.06', '0.13'). */
const TAX_RATE_RE = /^(0(\.\d{1,4})?|1(\.0{1,4})?)$/;

/** The sums of a contract's invoices that are not voided: issued (approved), and under approval or issued (but `except`). */
export async function invoicedOf(tx: Executor, tenantId: string, contractId: string, except?: string) {
  const [row] = await tx
    .select({
      issued: sql<string>`coalesce(sum(${invoices.invoiceAmount}) FILTER (WHERE ${invoices.status} = ${APPROVAL_STATUS.approved}), 0)::text`,
      counted: sql<string>`coalesce(sum(${invoices.invoiceAmount}), 0)::text`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        eq(invoices.contractId, contractId),
        eq(invoices.isDeleted, 0),
        inArray(invoices.status, COUNTED),
        ne(invoices.invoiceStatus, INVOICE_STATUS.voided),
        ...(except ? [ne(invoices.id, except)] : []),
      ),
    );
  return { issued: fenToMoney(toFen(row?.issued ?? '0')), counted: fenToMoney(toFen(row?.counted ?? '0')) };
}

/** Refuses an amount beyond the contract's effective amount less its other invoices (under approval or issued). */
async function assertWithinContract(tx: Executor, tenantId: string, contractId: string, amount: string, except: string | undefined, lock: boolean) {
  const contract = await contractMoney(tx, tenantId, contractId, lock);
  if (!contract) throw fail(MSG.invoiceNoContract);
  const sums = await invoicedOf(tx, tenantId, contractId, except);
  if (compareMoney(amount, subtractMoney(contract.effectiveAmount, sums.counted)) > 0) throw fail(MSG.overContract);
}

/** Invoices on the approval kit (开票), the invoice titles of a project's client and a project's invoices with their sums. */
export function registerInvoices(s: MoneyShared) {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  const tags = [invoiceEntity.label.zh];

  // The hooks read the stored invoice by the tenant only: the kit checked the caller's scope before they run.
  const repo: EntityRepo<typeof invoiceEntity> = ctx.approval.register(invoiceEntity, invoices, {
    parent: projects.projects,
    dictionary: s.dictionary,
    startAt: [`${projectEntity.api}/apply/invoice`],
    async beforeWrite(user, data, id) {
      for (const f of SERVER_FIELDS) delete data[f];
      const current = id ? await repo.tenantRow(user.tenantId, id) : undefined;
      const projectId = String(data.projectId ?? current?.projectId ?? '');
      const project = await projects.projectOf(user, projectId);
      if (!project) throw fail(MSG.projectMissing);
      if (!project.contractId) throw fail(MSG.invoiceNoContract);
      const contract = await contractMoney(db, user.tenantId, String(project.contractId));
      if (!contract) throw fail(MSG.invoiceNoContract);
      if (contract.status !== APPROVAL_STATUS.approved) throw fail(MSG.invoiceContractNotApproved);
      data.contractId = contract.id;
      data.customerId = project.customerId;
      data.projectName = project.projectName;
      const titleId = data.customerInvoiceId ?? current?.customerInvoiceId;
      if (!isBlank(titleId)) {
        const title = await customerInvoiceTitle(db, user.tenantId, String(titleId));
        if (!title) throw fail(MSG.titleMissing);
        if (title.customerId !== String(project.customerId)) throw fail(MSG.titleOtherCustomer);
        data.invoiceTitle = title.invoiceTitle;
        data.taxNumber = title.taxNumber;
      }
      if (data.invoiceAmount !== undefined) data.invoiceAmount = positiveAmount(data.invoiceAmount);
      if (data.taxRate !== undefined && data.taxRate !== null) {
        const rate = String(data.taxRate).trim();
        if (rate && !TAX_RATE_RE.test(rate)) throw fail(MSG.taxRate);
        data.taxRate = rate || null;
      }
      const amount = data.invoiceAmount ?? current?.invoiceAmount;
      const rate = data.taxRate !== undefined ? data.taxRate : current?.taxRate;
      const split = !isBlank(amount) && !isBlank(rate) ? inclusiveTax(String(amount), String(rate)) : null;
      data.taxAmount = split?.tax ?? null;
      data.amountExcludingTax = split ? split.excludingTax : isBlank(amount) ? null : addMoney(String(amount), '0');
      if (!id) data.invoiceStatus = INVOICE_STATUS.applying;
      if (!isBlank(amount)) await assertWithinContract(db, user.tenantId, contract.id, String(amount), id, false);
    },
    async startWith(tx, user, id, record) {
      await assertWithinContract(tx, user.tenantId, String(record.contractId), String(record.invoiceAmount), id, true);
    },
    async onStatus(tx, rec, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      const row = await repo.tenantRow(rec.tenantId, rec.id, { tx, lock: true });
      if (!row || Number(row.invoiceStatus) !== INVOICE_STATUS.applying) return;
      await assertWithinContract(tx, rec.tenantId, String(row.contractId), String(row.invoiceAmount), rec.id, true);
      await tx
        .update(invoices)
        .set({ invoiceStatus: INVOICE_STATUS.issued, invoiceDate: row.invoiceDate ? String(row.invoiceDate) : s.clock.today(), updateTime: sql`now()` })
        .where(eq(invoices.id, rec.id));
    },
  });

  // GET titles/{projectId}: the invoice titles of the project's client (the form's 发票抬头 select).
  ctx.route({
    method: 'GET',
    url: `${invoiceEntity.api}/titles/:id`,
    summary: '项目委托方的开票信息(发票抬头)',
    tags,
    requires: { code: invoiceEntity.name },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      const project = await projects.projectOf(user, id);
      if (!project) throw fail(MSG.projectMissing);
      return project.customerId ? customerInvoiceTitles(db, user.tenantId, String(project.customerId)) : [];
    },
  });

  // GET hjlProject/get/invoice/{id}: a project's invoices with the contract's invoiced, applying and voided sums.
  ctx.route({
    method: 'GET',
    url: `${projectEntity.api}/get/invoice/:id`,
    summary: '项目的开票记录及合计(已开票、申请中、已作废、可开票)',
    tags,
    requires: { code: invoiceEntity.name },
    handler: async ({ user, req }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      const project = await projects.projectOf(user, id);
      if (!project) throw fail(MSG.projectMissing);
      const page = await repo.page(user, { size: '1000' }, [eq(invoices.projectId, id)], 1000);
      const records = await repo.withNames(user, page.records);
      const sum = (pick: (r: Row) => boolean) => fenToMoney(records.filter(pick).reduce((a, r) => a + toFen(String(r.invoiceAmount ?? '0')), 0n));
      const contract = project.contractId ? await contractMoney(db, user.tenantId, String(project.contractId)) : undefined;
      const counted = contract ? (await invoicedOf(db, user.tenantId, contract.id)).counted : '0.00';
      return {
        records: records.sort((a, b) => String(b.createTime).localeCompare(String(a.createTime))),
        total: page.total,
        contractAmount: contract?.effectiveAmount ?? null,
        invoicedAmount: sum((r) => Number(r.invoiceStatus) === INVOICE_STATUS.issued),
        applyingAmount: sum((r) => Number(r.invoiceStatus) === INVOICE_STATUS.applying && Number(r.status) === APPROVAL_STATUS.approving),
        voidedAmount: sum((r) => Number(r.invoiceStatus) === INVOICE_STATUS.voided),
        invoiceableAmount: contract ? subtractMoney(contract.effectiveAmount, counted) : null,
      };
    },
  });

  return { repo };
}
