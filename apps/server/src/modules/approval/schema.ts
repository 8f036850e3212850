/** Tables of the approval kit: batches (one process instance for several records). */
import { batchApprovalEntity } from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

export const batchApprovals = entityTable(batchApprovalEntity, (c) => [
  index('hjl_batch_approval_kind_idx')
    .on(c.tenantId, c.bizType)
    .where(sql`is_deleted = 0`),
]);
