/** The tables of the secrets vault (BUSINESS.md §1 `hjlPassword`): entries, use requests and the reveal audit log. */
import { passwordApplyEntity, passwordLogEntity, passwordVaultEntity } from '@hjl/core';
import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import { entityTable } from '../../platform/crud/table.ts';

const live = sql`is_deleted = 0`;

export const vaultEntries = entityTable(passwordVaultEntity);
export const vaultApplies = entityTable(passwordApplyEntity, (t) => [
  index('hjl_password_apply_user_idx').on(t.tenantId, t.createUser, t.passwordId).where(live),
]);
export const vaultLogs = entityTable(passwordLogEntity);
