/**
 * The engine's repository part (docs/workflow.md "The engine's parts"): the deployed definitions and their compiled
 * models (cached per definition), deployments, and the tenant's listener class mappings. The base of the engine:
 * it holds the engine's state (database, clock, options, caches and the load statements).
 */
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/index.ts';
import { nextId } from '../../../platform/db/ids.ts';
import { systemClock, ZoneTime, type Clock } from './clock.ts';
import { compileBpmn, ModelError } from './compile.ts';
import { BusinessHooks } from './hooks.ts';
import { noProxies, type ProxyLookup } from './identity.ts';
import { ListenerRegistry } from './listeners.ts';
import { userNamesOf, type ListenerDef, type ProcessModel, type UserNames } from './model.ts';
import { type DefInfo } from './runtime.ts';
import { wfDeployments, wfListenerMaps, wfProcDefs } from './schema.ts';
import { FixedStatement } from '../../../platform/db/prepared.ts';
import { loadStatement, lockLoadStatement, type Tx } from './state.ts';

import { refuse, WorkflowError } from './errors.ts';
import type { ClassMap, DeployOptions, EngineOptions } from './types.ts';

/**
 * A read of a process definition — by id, or the latest version of a key, within a tenant — with more columns made of
 * its key (subqueries of other tables by key, answered in the same statement), as fixed statements: built once and
 * prepared on PostgreSQL. `extra` gets the key (the definition's column, named with its table) and may use
 * placeholders (`sql.placeholder`; `tenantId` is the definition's tenant), which each read fills in.
 */
export class DefinitionRead<E extends Record<string, SQL>> {
  readonly byId: FixedStatement;
  readonly byKey: FixedStatement;
  private readonly columns = Object.entries(getTableColumns(wfProcDefs));
  private readonly extraKeys: string[];

  constructor(extra: (key: SQL) => E) {
    const d = wfProcDefs;
    const col = (name: string) => sql`${d}.${sql.identifier(name)}`;
    const more = Object.entries(extra(col(d.key.name)));
    this.extraKeys = more.map(([k]) => k);
    const list = [
      ...this.columns.map(([field, c]) => sql`${col(c.name)} AS ${sql.identifier(field)}`),
      ...more.map(([k, e]) => sql`${e} AS ${sql.identifier(`x.${k}`)}`),
    ];
    const statement = (where: SQL, rest: SQL) => () => sql`SELECT ${sql.join(list, sql`, `)} FROM ${d} WHERE ${where}${rest}`;
    this.byId = new FixedStatement(
      statement(sql`${col(d.id.name)} = ${sql.placeholder('definitionId')} AND ${col(d.tenantId.name)} = ${sql.placeholder('tenantId')}`, sql``),
    );
    this.byKey = new FixedStatement(
      statement(
        sql`${col(d.tenantId.name)} = ${sql.placeholder('tenantId')} AND ${col(d.key.name)} = ${sql.placeholder('key')}`,
        sql` ORDER BY ${col(d.version.name)} DESC LIMIT 1`,
      ),
    );
  }

  /** The definition (its fields decoded as drizzle does) and the extra columns of a row. */
  split(row: Record<string, unknown>) {
    const definition: Record<string, unknown> = {};
    for (const [field, c] of this.columns) definition[field] = row[field] == null ? null : c.mapFromDriverValue(row[field]);
    const extra: Record<string, unknown> = {};
    for (const k of this.extraKeys) extra[k] = row[`x.${k}`];
    return { definition: definition as typeof wfProcDefs.$inferSelect, extra: extra as { [K in keyof E]: E[K] extends SQL<infer T> ? T : never } };
  }
}

/** Whether stored user names (jsonb: its keys in its own order) say what `names` says. */
function sameUserNames(stored: UserNames | null, names: UserNames): boolean {
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  return (
    !!stored &&
    stored.starter === names.starter &&
    stored.operator === names.operator &&
    same(stored.variables, names.variables) &&
    same(stored.names, names.names)
  );
}

export class EngineRepository {
  readonly hooks: BusinessHooks;
  readonly listeners: ListenerRegistry;
  private readonly clock: Clock;
  protected readonly zt: ZoneTime;
  protected readonly proxies: ProxyLookup;
  protected readonly functions: Record<string, (...args: unknown[]) => unknown>;
  private readonly models = new Map<string, Promise<ProcessModel>>();
  private readonly classMaps = new Map<string, Promise<ClassMap>>();
  /** The instance load with what this engine's proxies and identity let it ask in the same statement. */
  protected readonly load: FixedStatement;
  /** The same load with the lock, by instance id and by task id (state.ts `lockLoadStatement`). */
  protected readonly lockLoad: { instance: FixedStatement; task: FixedStatement };

  constructor(
    protected readonly database: Database,
    protected readonly opts: EngineOptions,
  ) {
    this.clock = opts.clock ?? systemClock;
    this.zt = new ZoneTime(opts.timeZone);
    this.proxies = opts.proxies ?? noProxies;
    this.hooks = opts.hooks ?? new BusinessHooks();
    this.listeners = opts.listeners ?? new ListenerRegistry();
    this.functions = opts.functions ?? {};
    const identity = opts.identity;
    const userIdSql = identity.userIdSql?.bind(identity);
    const extras = {
      ...(this.proxies.inForce ? { proxyInForce: this.proxies.inForce } : {}),
      ...(userIdSql ? { userIdSql } : {}),
    };
    this.load = loadStatement(extras);
    this.lockLoad = { instance: lockLoadStatement('instance', extras), task: lockLoadStatement('task', extras) };
  }

  protected get db() {
    return this.database.db;
  }
  now() {
    return this.clock.now();
  }

  /** Maps a Java listener class name to a built-in handler with parameters, for one tenant. */
  async mapListenerClass(tenantId: string, className: string, handler: string, params: Record<string, unknown> = {}) {
    if (!this.listeners.has(handler)) throw refuse(`没有名为 ${handler} 的监听处理程序`);
    await this.db
      .insert(wfListenerMaps)
      .values({ id: nextId(), tenantId, className, handler, params, updateTime: this.zt.format(this.now()) })
      .onConflictDoUpdate({ target: [wfListenerMaps.tenantId, wfListenerMaps.className], set: { handler, params, updateTime: this.zt.format(this.now()) } });
    // After the write: a read begun before it was cached at its start and goes too.
    this.classMaps.delete(tenantId);
  }

  /** The tenant's Java class mappings, by class name (the administrator's page). */
  async listenerMaps(tenantId: string, opts: { className?: string; id?: string } = {}) {
    const conds = [eq(wfListenerMaps.tenantId, tenantId)];
    if (opts.id) conds.push(eq(wfListenerMaps.id, opts.id));
    if (opts.className) conds.push(sql`${wfListenerMaps.className} ILIKE ${`%${opts.className.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    return this.db
      .select()
      .from(wfListenerMaps)
      .where(and(...conds))
      .orderBy(asc(wfListenerMaps.className));
  }

  /** Removes mappings of the tenant (models naming those classes are refused at their next deploy). */
  async unmapListenerClasses(tenantId: string, ids: string[]) {
    if (!ids.length) return 0;
    const gone = await this.db
      .delete(wfListenerMaps)
      .where(and(eq(wfListenerMaps.tenantId, tenantId), inArray(wfListenerMaps.id, ids)))
      .returning({ id: wfListenerMaps.id });
    this.classMaps.delete(tenantId);
    return gone.length;
  }

  /** The tenant's listener class map, cached (it changes only through `mapListenerClass`). */
  protected classMap(tx: Tx, tenantId: string): Promise<ClassMap> {
    let hit = this.classMaps.get(tenantId);
    if (!hit) {
      // Read on the caller's transaction: PGlite has one connection, which the transaction holds.
      hit = tx
        .select()
        .from(wfListenerMaps)
        .where(eq(wfListenerMaps.tenantId, tenantId))
        .then((rows) => new Map(rows.map((r) => [r.className, { handler: r.handler, params: r.params }])));
      hit.catch(() => this.classMaps.delete(tenantId));
      this.classMaps.set(tenantId, hit);
    }
    return hit;
  }

  /** Whether the tenant could deploy this XML: the deploy's checks (elements, expressions, listener mappings), nothing stored. */
  async checkModel(tenantId: string, xml: string): Promise<string | null> {
    try {
      await this.compileFor(this.db, tenantId, xml);
      return null;
    } catch (e) {
      if (e instanceof WorkflowError) return e.message;
      throw e;
    }
  }

  /** The deploy's compile: the model graphs, or 400 naming what is refused (an unmapped listener class too). */
  private async compileFor(tx: Tx, tenantId: string, xml: string): Promise<[ProcessModel, ...ProcessModel[]]> {
    const classes = await this.classMap(tx, tenantId);
    const checkListener = (l: ListenerDef, elementId: string): string | null => {
      if (l.kind === 'class') {
        const m = classes.get(l.value);
        if (!m) return `元素 ${elementId} 的监听器类 ${l.value} 没有映射到内置处理程序，请先在流程设计中配置`;
        if (!this.listeners.has(m.handler)) return `元素 ${elementId} 的监听器类 ${l.value} 映射到的处理程序 ${m.handler} 不存在`;
      }
      if (l.kind === 'delegateExpression') {
        const name = l.value.replace(/^[$#]\{\s*|\s*\}$/g, '');
        if (!this.listeners.has(name)) return `元素 ${elementId} 的监听器 ${l.value} 未注册`;
      }
      return null;
    };
    try {
      return await compileBpmn(xml, { checkListener, functions: new Set(Object.keys(this.functions)) });
    } catch (e) {
      if (e instanceof ModelError) throw refuse(e.message);
      throw e;
    }
  }

  /** Checks the model and stores it: one definition per executable process, version +1 per key and tenant. */
  async deploy(tenantId: string, xml: string, opts: DeployOptions = {}) {
    return this.db.transaction(async (tx) => {
      const models = await this.compileFor(tx, tenantId, xml);
      const deploymentId = nextId();
      const now = this.zt.format(this.now());
      await tx.insert(wfDeployments).values({
        id: deploymentId,
        tenantId,
        name: opts.name ?? models[0].name ?? models[0].key,
        category: opts.category ?? null,
        resourceName: opts.resourceName ?? `${models[0].key}.bpmn20.xml`,
        xml,
        extra: opts.extra ?? null,
        deployUser: opts.deployUser ?? null,
        deployTime: now,
      });
      const definitions: DefInfo[] = [];
      for (const m of models) {
        // Serialise concurrent deploys of one key so versions stay unique and gapless.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${tenantId}:${m.key}`}))`);
        const [last] = await tx
          .select({ v: sql<number>`coalesce(max(${wfProcDefs.version}), 0)::int` })
          .from(wfProcDefs)
          .where(and(eq(wfProcDefs.tenantId, tenantId), eq(wfProcDefs.key, m.key)));
        const def = { id: nextId(), key: m.key, name: m.name ?? null, version: (last?.v ?? 0) + 1 };
        await tx.insert(wfProcDefs).values({
          ...def,
          tenantId,
          deploymentId,
          category: opts.category ?? null,
          description: m.documentation ?? null,
          createTime: now,
          userNames: userNamesOf(m),
        });
        this.models.set(def.id, Promise.resolve(m));
        definitions.push(def);
      }
      return { deploymentId, definitions };
    });
  }

  /** The compiled graph of a definition (cached per definition id). */
  async model(procDefId: string, tx: Tx = this.db): Promise<ProcessModel> {
    let p = this.models.get(procDefId);
    if (!p) {
      p = (async () => {
        const [row] = await tx
          .select({ key: wfProcDefs.key, xml: wfDeployments.xml, userNames: wfProcDefs.userNames })
          .from(wfProcDefs)
          .innerJoin(wfDeployments, eq(wfDeployments.id, wfProcDefs.deploymentId))
          .where(eq(wfProcDefs.id, procDefId));
        if (!row) throw refuse('流程定义不存在');
        // Listeners were checked at deploy; a class unmapped since then fails when it runs.
        const models = await compileBpmn(row.xml, { functions: new Set(Object.keys(this.functions)) });
        const m = models.find((x) => x.key === row.key);
        if (!m) throw refuse('流程定义不存在');
        const names = userNamesOf(m);
        // A definition stored before its user names were (or as an older server worked them out): written now, after
        // and outside the caller's transaction, so that later commands' locking loads look them up.
        if (!sameUserNames(row.userNames, names))
          void this.db
            .update(wfProcDefs)
            .set({ userNames: names })
            .where(eq(wfProcDefs.id, procDefId))
            .catch(() => {});
        return m;
      })();
      this.models.set(procDefId, p);
      p.catch(() => this.models.delete(procDefId));
    }
    return p;
  }

  async latestDefinition(tenantId: string, key: string, tx: Tx = this.db) {
    const [d] = await tx
      .select()
      .from(wfProcDefs)
      .where(and(eq(wfProcDefs.tenantId, tenantId), eq(wfProcDefs.key, key)))
      .orderBy(desc(wfProcDefs.version))
      .limit(1);
    return d ?? null;
  }

  async setDefinitionSuspended(tenantId: string, procDefId: string, suspended: boolean) {
    await this.db
      .update(wfProcDefs)
      .set({ suspensionState: suspended ? 2 : 1 })
      .where(and(eq(wfProcDefs.tenantId, tenantId), eq(wfProcDefs.id, procDefId)));
  }

  /** The BPMN XML a definition was deployed with (the diagram, the detail). */
  async definitionXml(tenantId: string, procDefId: string): Promise<string> {
    const [r] = await this.db
      .select({ xml: wfDeployments.xml })
      .from(wfProcDefs)
      .innerJoin(wfDeployments, eq(wfDeployments.id, wfProcDefs.deploymentId))
      .where(and(eq(wfProcDefs.id, procDefId), eq(wfProcDefs.tenantId, tenantId)));
    if (!r) throw refuse('流程定义不存在');
    return r.xml;
  }

  /**
   * The latest version of each key of the tenant, active ones only (新建流程), by category and name, ordered by
   * category, name and key. `categories`: any of these (a category and those below it); `name`: contained.
   */
  async latestActiveDefinitions(tenantId: string, opts: { categories?: readonly string[]; name?: string } = {}) {
    const cats = opts.categories?.length
      ? sql`AND x.category IN (${sql.join(
          opts.categories.map((c) => sql`${c}`),
          sql`, `,
        )})`
      : sql``;
    const name = opts.name ? sql`AND x.name LIKE ${`%${opts.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
    return this.database.rows<{
      id: string;
      key: string;
      name: string | null;
      version: number;
      category: string | null;
      description: string | null;
      suspensionState: number;
      deploymentId: string;
      deployTime: string;
    }>(sql`SELECT * FROM (SELECT DISTINCT ON (d.key) d.id::text AS id, d.key, d.name, d.version, d.category, d.description, d.suspension_state AS "suspensionState",
           d.deployment_id::text AS "deploymentId", to_char(dp.deploy_time, 'YYYY-MM-DD HH24:MI:SS') AS "deployTime"
         FROM blade_wf_procdef d JOIN blade_wf_deployment dp ON dp.id = d.deployment_id
        WHERE d.tenant_id = ${tenantId} ORDER BY d.key, d.version DESC) x
       WHERE x."suspensionState" = 1 ${cats} ${name}
       ORDER BY x.category NULLS LAST, x.name, x.key`);
  }

  /** The definitions of the tenant, newest versions first per key (流程管理), filtered and paged. */
  async definitionPage(tenantId: string, opts: { categories?: readonly string[]; key?: string; name?: string; limit: number; offset: number }) {
    const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const conds = [sql`d.tenant_id = ${tenantId}`];
    if (opts.categories?.length)
      conds.push(
        sql`d.category IN (${sql.join(
          opts.categories.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      );
    if (opts.key) conds.push(sql`d.key LIKE ${like(opts.key)}`);
    if (opts.name) conds.push(sql`d.name LIKE ${like(opts.name)}`);
    const where = sql.join(conds, sql` AND `);
    const [rows, [n]] = await Promise.all([
      this.database.rows<Record<string, unknown>>(sql`SELECT d.id::text AS id, d.key, d.name, d.version, d.category, d.description,
            d.suspension_state AS "suspensionState", d.deployment_id::text AS "deploymentId", dp.resource_name AS "resourceName",
            to_char(dp.deploy_time, 'YYYY-MM-DD HH24:MI:SS') AS "deploymentTime", d.tenant_id AS "tenantId"
          FROM blade_wf_procdef d JOIN blade_wf_deployment dp ON dp.id = d.deployment_id WHERE ${where}
          ORDER BY d.key, d.version DESC LIMIT ${opts.limit} OFFSET ${opts.offset}`),
      this.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM blade_wf_procdef d WHERE ${where}`),
    ]);
    return { rows, total: Number(n?.n ?? 0) };
  }

  /** The tenant's deployments (部署管理), newest first, each with its definitions, filtered and paged. */
  async deploymentPage(tenantId: string, opts: { categories?: readonly string[]; name?: string; limit: number; offset: number }) {
    const conds = [sql`dp.tenant_id = ${tenantId}`];
    if (opts.categories?.length)
      conds.push(
        sql`dp.category IN (${sql.join(
          opts.categories.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      );
    if (opts.name) conds.push(sql`dp.name LIKE ${`%${opts.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    const where = sql.join(conds, sql` AND `);
    const [rows, [n]] = await Promise.all([
      this.database.rows<Record<string, unknown>>(sql`SELECT dp.id::text AS id, dp.name, dp.category, dp.resource_name AS "resourceName",
            to_char(dp.deploy_time, 'YYYY-MM-DD HH24:MI:SS') AS "deployTime", dp.deploy_user AS "deployUser",
            coalesce((SELECT json_agg(json_build_object('id', d.id::text, 'key', d.key, 'name', d.name, 'version', d.version, 'suspensionState', d.suspension_state) ORDER BY d.key)
              FROM blade_wf_procdef d WHERE d.deployment_id = dp.id), '[]') AS definitions
           FROM blade_wf_deployment dp WHERE ${where} ORDER BY dp.deploy_time DESC, dp.id DESC LIMIT ${opts.limit} OFFSET ${opts.offset}`),
      this.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM blade_wf_deployment dp WHERE ${where}`),
    ]);
    return {
      rows: rows.map((r): Record<string, unknown> => ({
        ...r,
        definitions: typeof r.definitions === 'string' ? (JSON.parse(r.definitions) as unknown) : r.definitions,
      })),
      total: Number(n?.n ?? 0),
    };
  }

  /** Which of the ids are definitions of the tenant. */
  async definitionIdsOf(tenantId: string, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select({ id: wfProcDefs.id })
      .from(wfProcDefs)
      .where(and(eq(wfProcDefs.tenantId, tenantId), inArray(wfProcDefs.id, ids)));
    return rows.map((r) => r.id);
  }

  /** The definitions of the tenant's deployments among ids; `undefined` when one of the ids is no deployment of it. */
  async deploymentDefinitions(tenantId: string, deploymentIds: string[]): Promise<string[] | undefined> {
    if (!deploymentIds.length) return [];
    const found = await this.db
      .select({ id: wfDeployments.id })
      .from(wfDeployments)
      .where(and(eq(wfDeployments.tenantId, tenantId), inArray(wfDeployments.id, deploymentIds)));
    if (found.length !== new Set(deploymentIds).size) return undefined;
    const defs = await this.db
      .select({ id: wfProcDefs.id })
      .from(wfProcDefs)
      .where(and(eq(wfProcDefs.tenantId, tenantId), inArray(wfProcDefs.deploymentId, deploymentIds)));
    return defs.map((d) => d.id);
  }

  /** Files the definitions of a key (and their deployments) that carry one of `from` as their category under `to`. */
  async moveCategory(tenantId: string, key: string, from: string[], to: string) {
    if (!from.length) return;
    await this.db.transaction(async (tx) => {
      const moved = await tx
        .update(wfProcDefs)
        .set({ category: to })
        .where(and(eq(wfProcDefs.tenantId, tenantId), eq(wfProcDefs.key, key), inArray(wfProcDefs.category, from)))
        .returning({ deploymentId: wfProcDefs.deploymentId });
      const deployments = [...new Set(moved.map((m) => m.deploymentId))];
      if (deployments.length)
        await tx
          .update(wfDeployments)
          .set({ category: to })
          .where(and(eq(wfDeployments.tenantId, tenantId), inArray(wfDeployments.id, deployments), inArray(wfDeployments.category, from)));
    });
  }

  /** Files deployments and their definitions under a category (变更分类). */
  async setDeploymentCategory(tenantId: string, deploymentIds: string[], category: string) {
    await this.db.transaction(async (tx) => {
      await tx
        .update(wfDeployments)
        .set({ category })
        .where(and(eq(wfDeployments.tenantId, tenantId), inArray(wfDeployments.id, deploymentIds)));
      await tx
        .update(wfProcDefs)
        .set({ category })
        .where(and(eq(wfProcDefs.tenantId, tenantId), inArray(wfProcDefs.deploymentId, deploymentIds)));
    });
  }

  /** Removes the tenant's deployments with their definitions; refused while an instance of them runs. */
  async removeDeployments(tenantId: string, deploymentIds: string[]) {
    if ((await this.deploymentDefinitions(tenantId, deploymentIds)) === undefined) throw refuse('部署不存在');
    const [running] = await this.database.rows<{
      n: number;
    }>(sql`SELECT count(*)::int AS n FROM blade_wf_execution e JOIN blade_wf_procdef d ON d.id = e.proc_def_id
        WHERE e.tenant_id = ${tenantId} AND e.parent_id IS NULL AND d.deployment_id IN (${sql.join(
          deploymentIds.map((id) => sql`${id}`),
          sql`, `,
        )})`);
    if (Number(running?.n) > 0) throw refuse('该部署的流程还有运行中的实例，不能删除');
    await this.db.transaction(async (tx) => {
      await tx.delete(wfProcDefs).where(and(eq(wfProcDefs.tenantId, tenantId), inArray(wfProcDefs.deploymentId, deploymentIds)));
      await tx.delete(wfDeployments).where(and(eq(wfDeployments.tenantId, tenantId), inArray(wfDeployments.id, deploymentIds)));
    });
  }

  /** The tenant's definition by id, else the latest version of a key. */
  async definition(tenantId: string, by: { processDefinitionId?: string | undefined; processKey?: string | undefined }, tx: Tx = this.db) {
    if (by.processDefinitionId)
      return (
        await tx
          .select()
          .from(wfProcDefs)
          .where(and(eq(wfProcDefs.id, by.processDefinitionId), eq(wfProcDefs.tenantId, tenantId)))
      )[0];
    return by.processKey ? this.latestDefinition(tenantId, by.processKey, tx) : undefined;
  }

  /**
   * `definition` with more columns of its key read in the same statement (`DefinitionRead`: e.g. what a start checks,
   * process/start.ts); `values` fills the extra columns' placeholders. The extra columns come as the driver reads them.
   */
  async definitionWith<E extends Record<string, SQL>>(
    read: DefinitionRead<E>,
    tenantId: string,
    by: { processDefinitionId?: string | undefined; processKey?: string | undefined },
    values: Record<string, unknown> = {},
    tx: Tx = this.db,
  ): Promise<{ definition: typeof wfProcDefs.$inferSelect; extra: { [K in keyof E]: E[K] extends SQL<infer T> ? T : never } } | undefined> {
    const [row] = by.processDefinitionId
      ? await read.byId.run(tx, { ...values, tenantId, definitionId: by.processDefinitionId })
      : by.processKey
        ? await read.byKey.run(tx, { ...values, tenantId, key: by.processKey })
        : [];
    return row ? read.split(row) : undefined;
  }
}
