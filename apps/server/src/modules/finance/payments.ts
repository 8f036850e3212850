/**
 * 付款申请 (BUSINESS.md WP4, S2 L440): the applicant asks (payee, amount, reason); the cashier pays at the last node
 * with the payment form (`finalStep`), and the approval posts the payment.
 */
import { APPROVAL_STATUS, BUSINESS_SUBJECT, applyPaymentEntity } from '@hjl/core';
import { fail } from '../../platform/http/errors.ts';
import { assertUsersHaveAccounts } from './api.ts';
import { blank, markPaid, paymentStep, payOut, type Applications } from './application.ts';
import { paymentFormMessages } from './payment-form.ts';
import { applyPayments } from './schema.ts';

export function registerPayments(a: Applications) {
  return a.kit.register(
    applyPaymentEntity,
    applyPayments,
    a.options(applyPaymentEntity, applyPayments, 'amount', {
      steps: { finalStep: paymentStep() },
      async beforeStart(user, record) {
        // A person paid must have a staff account (请选择已维护账户信息的用户!); a customer's name is stored beside it.
        if (Number(record.businessSubjectType ?? BUSINESS_SUBJECT.person) === BUSINESS_SUBJECT.person && !blank(record.personId)) {
          await assertUsersHaveAccounts(a.db, user.tenantId, [String(record.personId)]);
          record.businessSubjectId = record.personId;
          if (blank(record.payeeName)) record.payeeName = record.personName ?? null;
        }
        if (Number(record.businessSubjectType) === BUSINESS_SUBJECT.customer && !blank(record.customerId)) {
          record.businessSubjectId = record.customerId;
          if (blank(record.payeeName)) record.payeeName = record.customerName ?? null;
        }
      },
      async onStatus(tx, row, status) {
        if (status !== APPROVAL_STATUS.approved) return;
        const [refusal] = paymentFormMessages(row);
        if (refusal) throw fail(refusal);
        await payOut(tx, { tenantId: row.tenantId, bizType: applyPaymentEntity.table, row, amount: row.amount ?? '0', today: a.clock.today() });
        await markPaid(tx, applyPayments, row.id, a.clock.now());
      },
    }),
  );
}
