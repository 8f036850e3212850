/**
 * One dictionary (the system one, platform-wide, or the business one, per tenant): its tree operations with
 * their checks, and the cached lookups every screen reads. Both the BladeX routes (dict, dict-biz) and the
 * dictType / dictData views of spec 2 go through here, so there is one set of rules over one set of rows.
 *
 * Lookups are cached per tenant and code for a few seconds and the cache is dropped on every change made on
 * this instance; other instances converge within the TTL.
 */
import { MSG, submitSchema, type EntityDef, type FieldDef } from '@hjl/core';
import { and, asc, count, eq, inArray, ne, notInArray, type SQL } from 'drizzle-orm';
import { isPlatformAdmin, type AuthUser } from '../../platform/auth/user.ts';
import type { DictionaryLookup } from '../../platform/crud/export.ts';
import type { EntityRepo, Executor, Row } from '../../platform/crud/repo.ts';
import type { Db } from '../../platform/db/index.ts';
import { fail, forbidden } from '../../platform/http/errors.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { dictBiz, dicts } from './schema.ts';
import { buildTree, type TreeNode } from '../../platform/tree.ts';

type DictTable = typeof dicts | typeof dictBiz;
export type DictRow = typeof dicts.$inferSelect & { tenantId?: string };

const TTL_MS = 10_000;
const ROOT = '0';
const ROOT_KEY = '-1';

/** What a lookup answers for one entry (the shape `dictionary?code=` has always had). */
export const lookupColumns = (t: DictTable) => ({
  id: t.id,
  parentId: t.parentId,
  code: t.code,
  dictKey: t.dictKey,
  dictValue: t.dictValue,
  sort: t.sort,
  remark: t.remark,
  isSealed: t.isSealed,
  colorType: t.colorType,
  cssClass: t.cssClass,
});
export type LookupItem = {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string | null;
  isSealed: number;
  colorType: string | null;
  cssClass: string | null;
};

/** Entries of a dictionary another module keeps (e.g. `flow`: the tenant's process categories), per tenant. */
export type DictProvider = (tenantId: string) => Promise<LookupItem[]>;

export class DictStore {
  private cache = new Map<string, { at: number; value: unknown }>();
  private readonly providers = new Map<string, DictProvider>();
  private readonly parentSchema;
  private readonly childSchema;
  readonly tenant: boolean;

  constructor(
    readonly table: DictTable,
    /** The repo of the parent definition: tenant scoping, paging and filters. */
    readonly repo: EntityRepo,
    readonly childDef: EntityDef,
    private readonly db: Db,
  ) {
    this.tenant = repo.def.tenant !== false;
    this.parentSchema = submitSchema(repo.def);
    this.childSchema = submitSchema(childDef);
  }

  invalidate() {
    this.cache.clear();
  }

  /** Condition of root nodes (parent-list). */
  isRoot(): SQL {
    return eq(this.table.parentId, ROOT);
  }

  /** The root of a code, if any. */
  async root(tenantId: string, code: string) {
    const [root] = await this.db
      .select(lookupColumns(this.table))
      .from(this.table)
      .where(and(eq(this.table.code, code), eq(this.table.parentId, ROOT), ...this.live(tenantId)))
      .limit(1);
    return root;
  }

  private async cached<T>(kind: string, tenantId: string, code: string, load: () => Promise<T>): Promise<T> {
    // The system dictionary is the same for every tenant.
    const key = `${kind}|${this.tenant ? tenantId : '*'}|${code}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T;
    const value = await load();
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { at: Date.now(), value });
    return value;
  }

  /** Live rows of a tenant (no tenant condition for the system dictionary). */
  private live(tenantId: string): SQL[] {
    const conds: SQL[] = [eq(this.table.isDeleted, 0)];
    if (this.tenant) conds.push(eq((this.table as typeof dictBiz).tenantId, tenantId));
    return conds;
  }

  /**
   * Answers `dictionary?code=` for a code from a module that keeps those entries itself (BladeX's `flow`: the
   * process categories); the rows of the code, if any, are not read then.
   */
  provide(code: string, provider: DictProvider) {
    this.providers.set(code, provider);
  }

  /** `dictionary?code=`: the root's direct entries in sort order, without sealed ones. */
  items(tenantId: string, code: string): Promise<LookupItem[]> {
    const provider = this.providers.get(code);
    // A provider's entries are the tenant's own, also in the platform-wide dictionary.
    if (provider) return this.cached(`provided:${tenantId}`, tenantId, code, () => provider(tenantId));
    return this.cached('items', tenantId, code, async () => {
      const root = await this.root(tenantId, code);
      if (!root) return [];
      return this.db
        .select(lookupColumns(this.table))
        .from(this.table)
        .where(and(eq(this.table.parentId, root.id), eq(this.table.isSealed, 0), ...this.live(tenantId)))
        .orderBy(asc(this.table.sort), asc(this.table.id));
    });
  }

  /** The labels of a code's entries (those `items` answers): dictKey → dictValue, for names beside stored keys. */
  async labels(tenantId: string, code: string): Promise<Map<string, string>> {
    return new Map((await this.items(tenantId, code)).map((d) => [d.dictKey, d.dictValue]));
  }

  /**
   * `items` read through a transaction the caller holds, uncached (an approval hook choosing a process: on the
   * embedded database the caller's transaction holds the only connection).
   */
  async itemsIn(tx: Executor, tenantId: string, code: string): Promise<LookupItem[]> {
    const [root] = await tx
      .select(lookupColumns(this.table))
      .from(this.table)
      .where(and(eq(this.table.code, code), eq(this.table.parentId, ROOT), ...this.live(tenantId)))
      .limit(1);
    if (!root) return [];
    return tx
      .select(lookupColumns(this.table))
      .from(this.table)
      .where(and(eq(this.table.parentId, root.id), eq(this.table.isSealed, 0), ...this.live(tenantId)))
      .orderBy(asc(this.table.sort), asc(this.table.id));
  }

  /** `dictionary-tree?code=`: every entry under the root as a tree, without sealed branches. */
  entryTree(tenantId: string, code: string) {
    return this.cached('tree', tenantId, code, async () => {
      const root = await this.root(tenantId, code);
      if (!root) return [];
      const rows = await this.db
        .select(lookupColumns(this.table))
        .from(this.table)
        .where(and(eq(this.table.code, code), ne(this.table.id, root.id), eq(this.table.isSealed, 0), ...this.live(tenantId)))
        .orderBy(asc(this.table.sort), asc(this.table.id));
      return childrenOf(buildTree(rows.map(treeNode)), root.id);
    });
  }

  /**
   * `tree?code=`: the code's tree (root included) for selects; without a code, or with the placeholder `DICT`
   * the screens send, every dictionary (to pick a parent).
   */
  async selectTree(tenantId: string, code: string | undefined) {
    const byCode = code && code !== 'DICT' ? [eq(this.table.code, code)] : [];
    const rows = await this.db
      .select(lookupColumns(this.table))
      .from(this.table)
      .where(and(...byCode, ...this.live(tenantId)))
      .orderBy(asc(this.table.sort), asc(this.table.id));
    return buildTree(rows.map(treeNode));
  }

  /** `child-list?parentId=`: the descendants of a node, as a tree (all of them, sealed ones included). */
  async childTree(user: AuthUser, parentId: string) {
    const parent = await this.repo.detail(user, parentId);
    if (!parent) return [];
    const rows = (await this.db
      .select()
      .from(this.table)
      .where(and(eq(this.table.code, String(parent.code)), ne(this.table.id, parentId), ...(await this.repo.scope(user))))
      .orderBy(asc(this.table.sort), asc(this.table.id))) as DictRow[];
    return childrenOf(buildTree(rows), parentId);
  }

  /** Marks each record whether it has live children (parent-list). */
  async withHasChildren(user: AuthUser, records: Row[]) {
    if (!records.length) return records;
    const ids = records.map((r) => String(r.id));
    const counts = await this.db
      .select({ parentId: this.table.parentId, n: count() })
      .from(this.table)
      .where(and(inArray(this.table.parentId, ids), ...(await this.repo.scope(user))))
      .groupBy(this.table.parentId);
    const has = new Set(counts.filter((c) => Number(c.n) > 0).map((c) => c.parentId));
    return records.map((r) => ({ ...r, hasChildren: has.has(String(r.id)) }));
  }

  /** Detail with the parent's name. */
  async detail(user: AuthUser, id: string) {
    const row = await this.repo.detail(user, id);
    if (!row) return undefined;
    const parent = row.parentId && row.parentId !== ROOT ? await this.repo.detail(user, String(row.parentId)) : undefined;
    return { ...row, parentName: parent ? String(parent.dictValue) : '顶级' };
  }

  private assertCanWrite(user: AuthUser) {
    if (!this.tenant && !isPlatformAdmin(user)) throw forbidden();
  }

  /**
   * Insert (no id) or update. A body with a parentId other than 0 is an entry (dictKey required, unique within
   * its parent, code taken from the parent); otherwise a root (code unique, dictKey -1). The parent of an
   * existing node is kept. Answers the id.
   */
  async submit(user: AuthUser, given: unknown): Promise<string> {
    this.assertCanWrite(user);
    // BladeX clients send dictKey as a number at times (-1 for a top-level dictionary): it is text here.
    const raw = given && typeof given === 'object' ? { ...(given as Record<string, unknown>) } : given;
    if (raw && typeof raw === 'object' && typeof (raw as Row).dictKey === 'number' && Number.isFinite((raw as Row).dictKey))
      (raw as Row).dictKey = String((raw as Row).dictKey);
    const rawParent = (raw as Record<string, unknown> | null)?.parentId;
    const rawId = (raw as Record<string, unknown> | null)?.id;
    const existing = rawId !== undefined && rawId !== null && rawId !== '' ? await this.findForUpdate(user, raw) : undefined;
    const parentId = existing ? String(existing.parentId) : rawParent === undefined || rawParent === null || rawParent === '' ? ROOT : String(rawParent);
    const isChild = parentId !== ROOT;
    const body = parseOrFail(isChild ? this.childSchema : this.parentSchema, { ...(raw as object), parentId }) as Row & { id?: string };
    const { id, ...data } = body;
    if (data.isSealed !== undefined && data.isSealed !== null && data.isSealed !== 0 && data.isSealed !== 1) throw fail('请选择封存');
    data.parentId = parentId;

    if (isChild) {
      const parent = await this.repo.detail(user, parentId);
      if (!parent) throw fail('上级字典不存在');
      data.code = parent.code;
      const key = data.dictKey ?? existing?.dictKey;
      const taken = await this.repo.find(user, [
        eq(this.table.parentId, parentId),
        eq(this.table.dictKey, String(key)),
        ...(id ? [ne(this.table.id, id)] : []),
      ]);
      if (taken) throw fail('当前字典键值已存在!');
    } else {
      data.dictKey = ROOT_KEY;
      const code = data.code ?? existing?.code;
      const taken = await this.repo.find(user, [eq(this.table.parentId, ROOT), eq(this.table.code, String(code)), ...(id ? [ne(this.table.id, id)] : [])]);
      if (taken) throw fail('当前字典编号已存在!');
    }

    let savedId: string;
    if (id) {
      await this.repo.update(user, id, data);
      // A root's entries carry its code: renaming the root renames them.
      if (!isChild && data.code && existing && data.code !== existing.code) {
        await this.db
          .update(this.table)
          .set({ code: String(data.code) })
          .where(and(eq(this.table.code, String(existing.code)), ne(this.table.parentId, ROOT), ...(await this.repo.scope(user))));
      }
      savedId = id;
    } else {
      savedId = await this.repo.insert(user, data);
    }
    this.invalidate();
    return savedId;
  }

  private async findForUpdate(user: AuthUser, raw: unknown) {
    const { id } = parseOrFail(this.parentSchema, { id: (raw as Record<string, unknown>).id }) as { id: string };
    const row = await this.repo.detail(user, id);
    if (!row) throw fail('数据不存在或已被删除');
    return row;
  }

  /** Logical delete; a node with live children is refused. */
  async remove(user: AuthUser, ids: string[]) {
    this.assertCanWrite(user);
    const [child] = await this.db
      .select({ id: this.table.id })
      .from(this.table)
      // Children removed together with their parent do not count.
      .where(and(inArray(this.table.parentId, ids), notInArray(this.table.id, ids), ...(await this.repo.scope(user))))
      .limit(1);
    if (child) throw fail(MSG.hasChildren);
    await this.repo.remove(user, ids);
    this.invalidate();
  }
}

/**
 * The labels of a dictionary field's keys, for the caller's tenant: the business dictionary for a `bizDict`
 * field, else the system one; none for a field without `dict`. What an export writes for such a field
 * (the entity hooks' `dictionary`, platform/crud/export.ts).
 */
export function fieldDictionary(stores: { system: Pick<DictStore, 'items'>; biz: Pick<DictStore, 'items'> }): DictionaryLookup {
  return async (user: AuthUser, field: FieldDef) =>
    field.dict
      ? (await (field.bizDict ? stores.biz : stores.system).items(user.tenantId, field.dict)).map((d) => ({ key: d.dictKey, label: d.dictValue }))
      : [];
}

const treeNode = (r: LookupItem) => ({ ...r, title: r.dictValue, key: r.id, value: r.id });

/**
 * The subtree under `parentId`, from a forest built of rows below it: the direct children are the roots whose
 * parent is `parentId` (roots under a deleted parent are orphans and left out).
 */
function childrenOf<T extends { id: string; parentId: string }>(forest: TreeNode<T>[], parentId: string): TreeNode<T>[] {
  return forest.filter((n) => n.parentId === parentId);
}
