/**
 * What other modules may use of the dictionary module (the only file of it they import): the dictionary
 * stores and reads of the system dictionary.
 */
import { and, eq, ne } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '../../platform/auth/user.ts';
import type { Executor } from '../../platform/crud/repo.ts';
import type { Db } from '../../platform/db/index.ts';
import { nextId } from '../../platform/db/ids.ts';
import { dictBiz, dicts } from './schema.ts';

export type { DictStores } from './index.ts';

/** Live entries of a system dictionary: dictKey → dictValue. */
export async function dictValues(db: Db, code: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: dicts.dictKey, value: dicts.dictValue })
    .from(dicts)
    .where(and(eq(dicts.code, code), ne(dicts.parentId, '0'), eq(dicts.isDeleted, 0)));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Copies of the platform's business dictionaries for a new tenant, with new ids and the tree kept (in its transaction). */
export async function copyPlatformBizDicts(tx: Executor, audit: { tenantId: string; createUser: string; updateUser: string; createDept: string }) {
  const dictRows = await tx
    .select()
    .from(dictBiz)
    .where(and(eq(dictBiz.tenantId, PLATFORM_TENANT_ID), eq(dictBiz.isDeleted, 0)));
  if (!dictRows.length) return;
  const newIds = new Map(dictRows.map((r) => [r.id, nextId()]));
  const copies = dictRows.flatMap(({ id: old, parentId, code, dictKey, dictValue, sort, remark, isSealed, colorType, cssClass }) => {
    const id = newIds.get(old);
    const parent = parentId === '0' ? '0' : newIds.get(parentId);
    // an entry whose parent is gone is not part of any tree
    if (!id || !parent) return [];
    return [{ id, parentId: parent, code, dictKey, dictValue, sort, remark, isSealed, colorType, cssClass, ...audit }];
  });
  await tx.insert(dictBiz).values(copies);
}

/** The entries of a system dictionary (platform-wide) in their order: key and label. */
export async function systemDictItems(db: Db, code: string): Promise<{ key: string; label: string }[]> {
  const rows = await db
    .select({ key: dicts.dictKey, label: dicts.dictValue, parentId: dicts.parentId })
    .from(dicts)
    .where(and(eq(dicts.code, code), eq(dicts.isDeleted, 0)))
    .orderBy(dicts.sort);
  return rows.filter((r) => r.parentId !== '0').map((r) => ({ key: r.key, label: r.label }));
}
