/**
 * Reading system parameters (blade_param) by key, per tenant. Values are cached for a few seconds and the
 * cache is dropped whenever a parameter is written on this instance.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import type { Executor } from '../../platform/crud/repo.ts';
import type { ParamReader } from '../../platform/module.ts';
import { params } from './schema.ts';

const TTL_MS = 10_000;

export class SystemParams implements ParamReader {
  private cache = new Map<string, { at: number; value: string | undefined }>();

  constructor(private readonly db: Db) {}

  invalidate() {
    this.cache.clear();
  }

  /** The tenant's value of `key`, or `fallback` when it has none; read through `tx` (uncached) when given. */
  async get(tenantId: string, key: string, fallback: string, tx?: Executor): Promise<string> {
    if (tx) return (await this.read(tx, tenantId, key)) ?? fallback;
    const k = `${tenantId}|${key}`;
    let hit = this.cache.get(k);
    if (!hit || Date.now() - hit.at > TTL_MS) {
      hit = { at: Date.now(), value: await this.read(this.db, tenantId, key) };
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(k, hit);
    }
    return hit.value ?? fallback;
  }

  private async read(db: Executor, tenantId: string, key: string): Promise<string | undefined> {
    // blade_param is derived from its entity definition, so its columns are named here in SQL.
    const [p] = await db
      .select({ v: sql<string>`param_value` })
      .from(params)
      .where(sql`tenant_id = ${tenantId} AND param_key = ${key} AND is_deleted = 0`)
      .orderBy(sql`create_time DESC`)
      .limit(1);
    return p?.v;
  }

  async getInt(tenantId: string, key: string, fallback: number): Promise<number> {
    const n = Number.parseInt(await this.get(tenantId, key, String(fallback)), 10);
    return Number.isFinite(n) ? n : fallback;
  }
}
