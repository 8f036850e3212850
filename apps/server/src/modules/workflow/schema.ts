/** Tables of the workflow module kept outside the engine: out-of-office proxies. */
import { leaveEntity, wfProxyEntity } from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

// The engine looks up the proxy of a user whenever it assigns a task.
export const wfProxies = entityTable(wfProxyEntity, (c) => [index('blade_wf_proxy_user_idx').on(c.tenantId!, c.userId!).where(sql`is_deleted = 0`)]);

/** Leave requests (请假流程): the first business record whose status follows its approval process. */
export const leaves = entityTable(leaveEntity, (c) => [index('blade_process_leave_instance_idx').on(c.processInstanceId!)]);
