/**
 * 作废 (voiding an invoice, S1 L130 `hjlInvoice/cancellation/{id}`, BUSINESS.md WP3): a request of its own
 * (hjl_invoice_void) through the process `voidInvoice`, started by `cancellation/{id}`: only for an issued invoice,
 * once; approved, the invoice is 已作废 and its amount may be invoiced again.
 */
import { APPROVAL_STATUS, INVOICE_STATUS, PROJECT_MONEY_MSG as MSG, invoiceEntity, invoiceVoidEntity } from '@hjl/core';
import { and, eq, sql } from 'drizzle-orm';
import { anotherCounted } from '../approval/api.ts';
import { z } from 'zod';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import { fail } from '../../platform/http/errors.ts';
import { idField, isBlank } from '../../platform/http/params.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { MoneyShared } from './context.ts';
import { invoiceVoids, invoices } from './schema.ts';

const VOID_SERVER_FIELDS = ['projectId', 'projectName', 'invoiceNum', 'invoiceAmount'];

/** Refuses voiding an invoice that is not issued, or has a voiding under approval or approved (but `except`). */
async function assertVoidable(tx: Executor, tenantId: string, invoice: Row | undefined, except?: string) {
  if (!invoice) throw fail(MSG.invoiceMissing);
  if (Number(invoice.invoiceStatus) === INVOICE_STATUS.voided) throw fail(MSG.voidTwice);
  if (Number(invoice.status) !== APPROVAL_STATUS.approved || Number(invoice.invoiceStatus) !== INVOICE_STATUS.issued) throw fail(MSG.voidOnlyIssued);
  if (await anotherCounted(tx, invoiceVoids, tenantId, [eq(invoiceVoids.invoiceId, String(invoice.id))], { except })) throw fail(MSG.voidTwice);
  return invoice;
}

export function registerInvoiceVoids(s: MoneyShared, repo: EntityRepo<typeof invoiceEntity>) {
  const { ctx, projects } = s;
  const db = ctx.database.db;
  const tags = [invoiceEntity.label.zh];

  // The hooks read the stored voiding by the tenant only: the kit checked the caller's scope before they run.
  const voids: EntityRepo<typeof invoiceVoidEntity> = ctx.approval.register(invoiceVoidEntity, invoiceVoids, {
    parent: projects.projects,
    async beforeWrite(user, data, id) {
      for (const f of VOID_SERVER_FIELDS) delete data[f];
      if (isBlank(data.invoiceId)) throw fail('请选择发票');
      const invoice = await repo.find(user, [eq(invoices.id, String(data.invoiceId))]);
      const voidable = await assertVoidable(db, user.tenantId, invoice, id);
      data.projectId = voidable.projectId;
      data.projectName = voidable.projectName;
      data.invoiceNum = voidable.invoiceNum;
      data.invoiceAmount = voidable.invoiceAmount;
      data.voidReason = isBlank(data.voidReason) ? '申请作废' : String(data.voidReason).trim();
    },
    async startWith(tx, user, id, record) {
      // Two voidings of one invoice started at once queue on the invoice row.
      await assertVoidable(tx, user.tenantId, await repo.tenantRow(user.tenantId, String(record.invoiceId), { tx, lock: true }), id);
    },
    async onStatus(tx, rec, status) {
      if (status !== APPROVAL_STATUS.approved) return;
      const v = await voids.tenantRow(rec.tenantId, rec.id, { tx });
      if (!v) return;
      await tx
        .update(invoices)
        .set({ invoiceStatus: INVOICE_STATUS.voided, voidReason: v.voidReason, voidTime: s.clock.now(), updateTime: sql`now()` })
        .where(and(eq(invoices.id, String(v.invoiceId)), eq(invoices.tenantId, rec.tenantId), eq(invoices.invoiceStatus, INVOICE_STATUS.issued)));
    },
  });

  // GET cancellation/{id}: starts the voiding of an issued invoice (voidInvoice) through the kit's start.
  ctx.route({
    method: 'GET',
    url: `${invoiceEntity.api}/cancellation/:id`,
    summary: '发票作废(发起作废审批 voidInvoice;仅已开票,不可重复)',
    tags,
    requires: { code: `${invoiceVoidEntity.name}_add` },
    query: z.looseObject({ voidReason: z.string().max(500, { message: '作废原因最多500个字符' }).optional() }),
    handler: async ({ user, req, query }) => {
      const { id } = parseOrFail(z.object({ id: idField() }), req.params);
      // Refused here first (no process is started for an invoice the caller may not see or void).
      await assertVoidable(db, user.tenantId, await repo.find(user, [eq(invoices.id, id)]));
      // The voiding request's own start (its checks, hooks and process), as POST hjlInvoiceVoid/start does.
      return ctx.approval.start(user, invoiceVoidEntity, { invoiceId: id, voidReason: query.voidReason ?? '' });
    },
  });
}
