/**
 * EntityRepo on a database of its own (an in-memory PGlite with one table): `tenantRow`, the read of a tenant's live
 * row by id without the data scope, next to `detail`, which keeps it.
 */
import { defineEntity } from '@hjl/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessProvider } from '../access/index.ts';
import type { AuthUser } from '../auth/user.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { createTestTable } from '../../testing/entity-table.ts';
import { EntityRepo } from './repo.ts';
import { entityTable } from './table.ts';

const def = defineEntity({
  name: 'repo_test',
  table: 'repo_test_record',
  api: '/api/test/repoRecord',
  path: '/test/repoRecord',
  label: { zh: '测试记录', en: 'Test records' },
  routes: [],
  fields: { title: { type: 'string', max: 100, label: { zh: '标题', en: 'Title' } } },
});
const table = entityTable(def);

/** A data scope of 本人: each user sees the rows they created. */
const access: AccessProvider = {
  permissions: async () => new Set(),
  dataScope: async (user, _resource, columns) => eq(columns.createUser, user.userId),
  apiAllowed: async () => true,
};
const userOf = (tenantId: string, userId: string) => ({ tenantId, userId, deptIds: [] }) as unknown as AuthUser;

let database: Database;
let repo: EntityRepo<typeof def>;

beforeAll(async () => {
  database = await openDatabase({ timeZone: 'Asia/Shanghai' });
  await createTestTable(database, table);
  repo = new EntityRepo(def, table, database, access, async () => 100);
  await database.db.insert(table).values([
    { id: '1', tenantId: '000000', createUser: '11', title: '本租户的' },
    { id: '2', tenantId: '100001', createUser: '21', title: '另一租户的' },
    { id: '3', tenantId: '000000', createUser: '11', title: '已删除的', isDeleted: 1 },
  ]);
});
afterAll(() => database.close());

describe('tenantRow', () => {
  it('answers the live row of the tenant named, whoever created it (no data scope)', async () => {
    expect(await repo.tenantRow('000000', '1')).toMatchObject({ id: '1', title: '本租户的' });
    // The same row through the data scope: only its creator sees it.
    expect(await repo.detail(userOf('000000', '12'), '1')).toBeUndefined();
    expect(await repo.detail(userOf('000000', '11'), '1')).toMatchObject({ id: '1' });
  });

  it('answers nothing of another tenant, nor a deleted row, nor an unknown id', async () => {
    expect(await repo.tenantRow('000000', '2')).toBeUndefined();
    expect(await repo.tenantRow('100001', '2')).toMatchObject({ id: '2' });
    expect(await repo.tenantRow('000000', '3')).toBeUndefined();
    expect(await repo.tenantRow('000000', '4')).toBeUndefined();
  });

  it('reads in the transaction given, locked when asked', async () => {
    const seen = await repo
      .transaction(async (tx) => {
        await tx.insert(table).values({ id: '5', tenantId: '000000', createUser: '11', title: '事务中写的' });
        const inside = await repo.tenantRow('000000', '5', { tx, lock: true });
        expect(inside).toMatchObject({ id: '5', title: '事务中写的' });
        throw new Error('rolled back');
      })
      .catch((e: Error) => e.message);
    expect(seen).toBe('rolled back');
    expect(await repo.tenantRow('000000', '5')).toBeUndefined();
    expect(await repo.transaction((tx) => repo.tenantRow('000000', '1', { tx, lock: true }))).toMatchObject({ id: '1' });
  });
});
