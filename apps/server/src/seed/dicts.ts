/** The demo business dictionaries an installation lacks (one from before an area), added with their items. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../platform/crud/repo.ts';
import { nextId } from '../platform/db/ids.ts';
import { dictBiz } from '../modules/dict/schema.ts';
import * as demo from './data.ts';

/** Adds each of `codes` (keys of `demo.bizDicts`) the tenant has no dictionary of. */
export async function ensureDemoDicts(tx: Executor, tenantId: string, codes: readonly string[]): Promise<void> {
  const have = new Set(
    (
      await tx
        .select({ code: dictBiz.code })
        .from(dictBiz)
        .where(and(eq(dictBiz.tenantId, tenantId), eq(dictBiz.parentId, '0'), eq(dictBiz.isDeleted, 0), inArray(dictBiz.code, [...codes])))
    ).map((d) => d.code),
  );
  for (const code of codes) {
    if (have.has(code)) continue;
    const d = demo.bizDicts[code]!;
    const rootId = nextId();
    await tx
      .insert(dictBiz)
      .values([
        { id: rootId, tenantId, parentId: '0', code, dictKey: '-1', dictValue: d.name, sort: 0 },
        ...d.items.map(([k, v], i) => ({ id: nextId(), tenantId, parentId: rootId, code, dictKey: k, dictValue: v, sort: i + 1 })),
      ]);
  }
}
