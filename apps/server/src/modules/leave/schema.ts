/** Leave requests (请假流程): an approvable record (its approval columns and instance index are derived). */
import { leaveEntity } from '@hjl/core';
import { entityTable } from '../../platform/crud/table.ts';

export const leaves = entityTable(leaveEntity);
