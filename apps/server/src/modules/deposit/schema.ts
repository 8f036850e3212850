/**
 * The tables of guarantee money (BUSINESS.md WP5), derived from their definitions, with the indexes the lists by
 * project, the outstanding report, the due reminders and a deposit's refund history need.
 */
import { depositEntity, depositRefundEntity } from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

const live = sql`is_deleted = 0`;

/** Deposits: by project; outstanding ones by their expected refund date (the report and the reminders). */
export const deposits = entityTable(depositEntity, (t) => [
  index('hjl_apply_guarantee_money_project_idx').on(t.projectId),
  index('hjl_apply_guarantee_money_due_idx').on(t.tenantId, t.expectedRefundDate).where(live),
  index('hjl_apply_guarantee_money_replaces_idx').on(t.replacesId),
]);

/** Refunds: by deposit (its history and the sums the rules count). */
export const depositRefunds = entityTable(depositRefundEntity, (t) => [index('hjl_refund_guarantee_money_deposit_idx').on(t.depositId, t.status).where(live)]);
