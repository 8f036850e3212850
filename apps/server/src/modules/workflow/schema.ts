/** Tables of the workflow module kept outside the engine: out-of-office proxies. */
import { wfProxyEntity } from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

// The engine looks up the proxy of a user whenever it assigns a task.
export const wfProxies = entityTable(wfProxyEntity, (c) => [index('blade_wf_proxy_user_idx').on(c.tenantId!, c.userId!).where(sql`is_deleted = 0`)]);
