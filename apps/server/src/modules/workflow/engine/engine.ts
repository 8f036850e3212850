/**
 * The workflow engine's service API. Every command runs in one transaction that first locks the process
 * instance row (SELECT ... FOR UPDATE), loads the instance, runs the agenda and writes the changes back;
 * business hooks hear their events inside that transaction. Errors a user can act on are `fail('…')` (400).
 */
import { DEFAULT_SERIAL_RULE, nextSerialNumber, type SerialRule } from '@hjl/core';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, lte, gt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/index.ts';
import { nextId } from '../../../platform/db/ids.ts';
import { ApiError, fail } from '../../../platform/http/errors.ts';
import { systemClock, ZoneTime, type Clock } from './clock.ts';
import { compileBpmn, ModelError } from './compile.ts';
import { BusinessHooks, type WorkflowEventType } from './hooks.ts';
import { noProxies, type IdentityResolver, type KnownUsers, type ProxyLookup } from './identity.ts';
import { holdsTask, inboxSql, isCandidate, type InboxKind, type TaskHolding } from './inbox.ts';
import { ListenerRegistry } from './listeners.ts';
import { nodeOf, targetsOf, userNamesOf, type FlowNode, type ListenerDef, type ProcessModel, type UserNames } from './model.ts';
import { ADDED_SIGNERS, Run, type DefInfo } from './runtime.ts';
import {
  wfComments,
  wfCopies,
  wfDeployments,
  wfExecutions,
  wfHiActInsts,
  wfHiProcInsts,
  wfHiTaskInsts,
  wfHiVariables,
  wfIdentityLinks,
  wfJobs,
  wfListenerMaps,
  wfProcDefs,
  wfSerials,
  wfTasks,
  wfUrges,
  wfVariables,
  type CommentAttachment,
} from './schema.ts';
import { FixedStatement } from '../../../platform/db/prepared.ts';
import { firstRow } from '../../../platform/db/rows.ts';
import { InstanceState, loadStatement, lockLoadStatement, type ExecRow, type TaskRow, type Tx } from './state.ts';
import { coerceToNumber } from './expression.ts';

export interface Actor {
  id: string;
  name?: string;
}

export interface EngineOptions {
  timeZone: string;
  identity: IdentityResolver;
  clock?: Clock;
  proxies?: ProxyLookup;
  listeners?: ListenerRegistry;
  hooks?: BusinessHooks;
  /** Helper functions expressions may call (`${fn(x)}`). */
  functions?: Record<string, (...args: unknown[]) => unknown>;
  /** Sends notices (listener `notice`); the notification step wires it. */
  notify?: (tx: Tx, tenantId: string, userIds: string[], message: string) => Promise<void>;
  /** Warnings about a model that do not fail the command (an unknown variable in a task's name or documentation). */
  warn?: (message: string) => void;
  /** The serial-number rule of a process (its model's); none: DEFAULT_SERIAL_RULE (`<yyyyMMdd><4-digit daily counter>`). */
  serialRule?: (db: Tx, tenantId: string, processKey: string) => Promise<SerialRule | undefined>;
}

export interface DeployOptions {
  name?: string;
  category?: string;
  resourceName?: string;
  deployUser?: string;
  extra?: Record<string, unknown>;
}

export interface StartOptions {
  processKey?: string;
  processDefinitionId?: string;
  /** The definition, already read by the caller (saves reading it again). */
  definition?: typeof wfProcDefs.$inferSelect;
  /**
   * The process's serial-number rule, already read by the caller (undefined: none, the default rule), made when the
   * engine would read it (it may throw the rule's mistake); absent: the engine reads it (`EngineOptions.serialRule`).
   */
  serialRule?: () => SerialRule | undefined;
  businessKey?: string;
  variables?: Record<string, unknown>;
  title?: string;
  /** Overrides the model's `hjl:skipFirstNode`. */
  skipFirstNode?: boolean;
  /** CC: users receiving a copy. */
  copyUsers?: string[];
  /**
   * Users the caller has looked up by these names (as `IdentityResolver.findUser` answers: the id, or null when the name
   * is nobody's), e.g. in the statement that read the definition: the start asks no statement for them again.
   */
  knownUsers?: KnownUsers;
  /**
   * The caller found no out-of-office proxy of the tenant in force at any time in this window: a start whose time
   * falls inside it looks up no proxy for its new tasks (`ProxyLookup.inForce`, asked ahead).
   */
  noProxyBetween?: { from: Date; to: Date };
  /**
   * Runs the start in the caller's transaction (a business record saved with its process: both commit or
   * neither); else the start has its own.
   */
  tx?: Tx;
}

/** What a start answers. */
export interface StartResult {
  processInstanceId: string;
  processDefinitionId: string;
  serialNumber: string;
  title: string;
  ended: boolean;
  /** The open tasks, oldest first. */
  tasks: { taskId: string; taskName: string | null; assignee: string | null }[];
}

/** A task by id, or a task already read (its instance is then known). */
export type TaskRef = string | { id: string; processInstanceId: string };

export interface TaskView {
  id: string;
  name: string | null;
  taskDefKey: string;
  processInstanceId: string;
  processDefinitionId: string;
  processKey: string;
  executionId: string;
  assignee: string | null;
  owner: string | null;
  delegationState: 'PENDING' | 'RESOLVED' | null;
  candidateUsers: string[];
  candidateGroups: string[];
  description: string | null;
  createTime: string;
  dueDate: string | null;
  suspended: boolean;
}

export interface BackNode {
  nodeId: string;
  nodeName: string | null;
}

/** `processFrom`: the business origin of the action (S1 L60), kept on its comment. */
type Opts = { comment?: string; attachments?: CommentAttachment[]; processFrom?: string; guard?: TaskGuard };
/** The operations console acts on a task in the holder's place: the holder check is the route's permission code. */
type ForceOpts = Opts & { force?: boolean };
/** Withdraw (撤回) kinds of the plugin: back to the start node, the process going on; or the end of the process. */
export type WithdrawType = 'wf_withdraw_start' | 'wf_withdraw_end';
type ClassMap = Map<string, { handler: string; params: Record<string, unknown> }>;
const WITHDRAW_END = 'wf_withdraw_end';
const NOT_WITHDRAWABLE = '此任务不可撤回';

/**
 * Locks the root execution of an instance of the tenant unless another holds it (the job runner), answering its id and
 * definition, or nothing. Like every lock statement it adds one to the row's `lock_rev` (state.ts `lockLoadStatement`).
 */
const LOCK_SKIP = new FixedStatement(
  () =>
    sql`UPDATE ${wfExecutions} e SET lock_rev = e.lock_rev + 1
      FROM (SELECT s.id FROM ${wfExecutions} s WHERE s.id = ${sql.placeholder('id')} AND s.tenant_id = ${sql.placeholder('tenantId')} AND s.parent_id IS NULL
        FOR UPDATE SKIP LOCKED) free
      WHERE e.id = free.id RETURNING e.id::text AS id, e.proc_def_id::text AS def`,
);
/**
 * Takes the next value of a serial-number counter (engine.nextSerial) in a statement that is its own transaction
 * and commits asynchronously: `set_config(…, true)` sets `synchronous_commit` for that transaction only.
 */
const SERIAL_OWN_COMMIT = new FixedStatement(
  () =>
    sql`INSERT INTO ${wfSerials} (tenant_id, key, period, value)
      SELECT ${sql.placeholder('tenantId')}, ${sql.placeholder('key')}, ${sql.placeholder('period')}, ${sql.placeholder('start')}::int
      FROM (SELECT set_config('synchronous_commit', 'off', true) AS sync) own_commit WHERE own_commit.sync = 'off'
      ON CONFLICT (tenant_id, key, period) DO UPDATE SET value = greatest(${wfSerials}.value + 1, excluded.value)
      RETURNING value`,
);

/**
 * The caller's checks of a task command, run under the instance lock on the task as the lock found it (and the
 * instance's own variables, read from the loaded rows; reads go through the command's transaction `tx`): may
 * refuse (throw), and may answer the variables and next assignees the command takes in place of those given.
 */
export type TaskGuard = (task: TaskView, instanceVariables: () => Record<string, unknown>, tx: Tx) => Promise<GuardResult | void> | GuardResult | void;
export interface GuardResult {
  variables?: Record<string, unknown>;
  nextAssignees?: string[];
}

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

export class WorkflowEngine {
  readonly hooks: BusinessHooks;
  readonly listeners: ListenerRegistry;
  private readonly clock: Clock;
  private readonly zt: ZoneTime;
  private readonly proxies: ProxyLookup;
  private readonly functions: Record<string, (...args: unknown[]) => unknown>;
  private readonly models = new Map<string, Promise<ProcessModel>>();
  private readonly classMaps = new Map<string, Promise<ClassMap>>();
  /** The instance load with what this engine's proxies and identity let it ask in the same statement. */
  private readonly load: FixedStatement;
  /** The same load with the lock, by instance id and by task id (state.ts `lockLoadStatement`). */
  private readonly lockLoad: { instance: FixedStatement; task: FixedStatement };

  constructor(
    private readonly database: Database,
    private readonly opts: EngineOptions,
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

  private get db() {
    return this.database.db;
  }
  now() {
    return this.clock.now();
  }

  // ================================================================ repository

  /** Maps a Java listener class name to a built-in handler with parameters, for one tenant. */
  async mapListenerClass(tenantId: string, className: string, handler: string, params: Record<string, unknown> = {}) {
    if (!this.listeners.has(handler)) throw fail(`没有名为 ${handler} 的监听处理程序`);
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
  private classMap(tx: Tx, tenantId: string): Promise<ClassMap> {
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
      if (e instanceof ApiError) return e.message;
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
      if (e instanceof ModelError) throw fail(e.message);
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
        if (!row) throw fail('流程定义不存在');
        // Listeners were checked at deploy; a class unmapped since then fails when it runs.
        const models = await compileBpmn(row.xml, { functions: new Set(Object.keys(this.functions)) });
        const m = models.find((x) => x.key === row.key);
        if (!m) throw fail('流程定义不存在');
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
    if (!r) throw fail('流程定义不存在');
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
    if ((await this.deploymentDefinitions(tenantId, deploymentIds)) === undefined) throw fail('部署不存在');
    const [running] = await this.database.rows<{
      n: number;
    }>(sql`SELECT count(*)::int AS n FROM blade_wf_execution e JOIN blade_wf_procdef d ON d.id = e.proc_def_id
        WHERE e.tenant_id = ${tenantId} AND e.parent_id IS NULL AND d.deployment_id IN (${sql.join(
          deploymentIds.map((id) => sql`${id}`),
          sql`, `,
        )})`);
    if (Number(running?.n) > 0) throw fail('该部署的流程还有运行中的实例，不能删除');
    await this.db.transaction(async (tx) => {
      await tx.delete(wfProcDefs).where(and(eq(wfProcDefs.tenantId, tenantId), inArray(wfProcDefs.deploymentId, deploymentIds)));
      await tx.delete(wfDeployments).where(and(eq(wfDeployments.tenantId, tenantId), inArray(wfDeployments.id, deploymentIds)));
    });
  }

  /** The instance of a task of the tenant, open or finished (a finished task's detail, its instance's actions). */
  async instanceOfTask(tenantId: string, taskId: string): Promise<string | null> {
    const [h] = await this.db
      .select({ p: wfHiTaskInsts.procInstId })
      .from(wfHiTaskInsts)
      .where(and(eq(wfHiTaskInsts.id, taskId), eq(wfHiTaskInsts.tenantId, tenantId)));
    return h?.p ?? null;
  }

  // ================================================================ command plumbing

  private run(
    tx: Tx,
    tenantId: string,
    def: DefInfo,
    model: ProcessModel,
    state: InstanceState,
    operator: string | null,
    classMap: Awaited<ReturnType<WorkflowEngine['classMap']>>,
    now = this.now(),
  ) {
    return new Run({
      tx,
      tenantId,
      model,
      def,
      state,
      now,
      zt: this.zt,
      identity: this.opts.identity,
      proxies: this.proxies,
      listeners: this.listeners,
      classMap,
      functions: this.functions,
      operator,
      notify: this.opts.notify ?? (async () => {}),
      warn: this.opts.warn ?? (() => {}),
    });
  }

  /**
   * Loads a locked instance into a Run; `skipLocked` answers null instead of waiting (job poller). The instance is
   * named by id, or by one of its open tasks (`{ taskId }`: the lock finds the instance, one statement less).
   * Without `skipLocked` a missing instance or task is refused (流程实例不存在或已结束 / 任务不存在或已被处理).
   */
  private open(tx: Tx, tenantId: string, of: string | { taskId: string }, operator: string | null): Promise<Run>;
  private open(tx: Tx, tenantId: string, of: string | { taskId: string }, operator: string | null, skipLocked: true): Promise<Run | null>;
  private async open(tx: Tx, tenantId: string, of: string | { taskId: string }, operator: string | null, skipLocked = false): Promise<Run | null> {
    // The time the statement asks whether a proxy is in force at (the command's own time is taken once it holds the lock).
    const at = this.zt.format(this.now());
    // Locked and loaded in one statement, with whether a proxy can be in force (ProxyLookup.inForce) and the users the
    // definition's tasks may name (its stored user_names); the job runner, which must not wait, locks first.
    const [lockedRow] = skipLocked
      ? await LOCK_SKIP.run(tx, { id: of, tenantId })
      : typeof of === 'string'
        ? await this.lockLoad.instance.run(tx, { id: of, tenantId, at, operator })
        : await this.lockLoad.task.run(tx, { taskId: of.taskId, tenantId, at, operator });
    if (!lockedRow) {
      if (skipLocked) return null;
      throw fail(typeof of === 'string' ? '流程实例不存在或已结束' : '任务不存在或已被处理');
    }
    const procInstId = String(lockedRow.id);
    const now = this.now();
    const lockedModel = await this.model(String(lockedRow.def), tx);
    let state: InstanceState;
    if (lockedRow.fresh === true) {
      state = InstanceState.fromRow(procInstId, lockedRow);
      // Its proxy answer was for `at`: a lock granted in a later second leaves it unknown (each assignee's is asked).
      if (this.zt.format(now) !== at) state.proxyInForce = true;
    } else {
      // Locked after waiting for another command (its changes are not in the statement's snapshot), or by the job
      // runner: loaded now, with the users the model's tasks may name (userNamesOf).
      const names = userNamesOf(lockedModel);
      state = await InstanceState.load(tx, procInstId, this.load, {
        tenantId,
        at: this.zt.format(now),
        userVariables: names.variables,
        userNames: operator && names.operator ? [...names.names, operator] : names.names,
        userStarter: names.starter,
      });
    }
    const h = state.hiProc;
    const def: DefInfo = { id: h.procDefId, key: h.procDefKey, name: h.procDefName, version: h.procDefVersion };
    const model = def.id === String(lockedRow.def) ? lockedModel : await this.model(def.id, tx);
    return this.run(tx, tenantId, def, model, state, operator, await this.classMap(tx, tenantId), now);
  }

  /**
   * Ends a command: runs its agenda, saves, tells the hooks. `owned`: the transaction is the command's own and ends
   * with it, so when no hook hears the instance the write is its last statement and carries its COMMIT (`flush`).
   * `created`: the instance was started by this command.
   */
  private async finish(tx: Tx, run: Run, opts: { owned: boolean; created?: boolean }) {
    await run.drain();
    const h = run.state.hiProc;
    const heard = run.events.length > 0 && this.hooks.hears(h.procDefKey, h.businessKey);
    await run.state.flush(tx, opts.created ?? false, opts.owned && !heard);
    for (const e of run.events) {
      await this.hooks.emit(
        {
          type: e.type,
          tenantId: h.tenantId,
          processKey: h.procDefKey,
          processDefinitionId: h.procDefId,
          processInstanceId: h.id,
          businessKey: h.businessKey,
          userId: run.d.operator,
          ended: run.ended,
          ...(e.comment !== undefined ? { comment: e.comment } : {}),
          ...(e.resubmitted ? { resubmitted: true } : {}),
          ...(e.type === 'taskCompleted' ? { taskId: e.taskId, taskDefinitionKey: e.taskDefinitionKey, pass: e.pass, variables: e.variables ?? {} } : {}),
        },
        tx,
      );
    }
  }

  /** A command on an instance: lock, load, act, run the agenda, save, tell the hooks. */
  private async onInstance<T>(
    tenantId: string,
    procInstId: string | { taskId: string },
    actor: Actor | null,
    fn: (run: Run) => Promise<T> | T,
    allowSuspended = false,
    /** The caller's transaction to run in (else the command has its own). */
    outer?: Tx,
  ): Promise<T> {
    const body = async (tx: Tx) => {
      const run = await this.open(tx, tenantId, procInstId, actor?.id ?? null);
      if (!allowSuspended && run.root().suspensionState === 2) throw fail('流程已挂起，不能办理');
      const out = await fn(run);
      await this.finish(tx, run, { owned: !outer });
      return out;
    };
    return outer ? body(outer) : this.db.transaction(body);
  }

  /**
   * A command on a task: locks its instance (found through the task, or named by the caller: a task already read),
   * and re-reads the task under the lock (a wrong instance finds no task). A `guard` (the caller's access checks,
   * e.g. the route's holder check) runs on the task as the lock found it, before the instance's suspension is
   * checked and before the command acts: it may refuse, and may answer the variables the command takes.
   */
  private async onTask<T>(
    tenantId: string,
    ref: TaskRef,
    actor: Actor | null,
    fn: (run: Run, task: TaskRow, guarded: GuardResult) => Promise<T> | T,
    guard?: TaskGuard,
  ): Promise<T> {
    const taskId = typeof ref === 'string' ? ref : ref.id;
    const procInstId = typeof ref === 'string' ? undefined : ref.processInstanceId;
    return this.onInstance(
      tenantId,
      procInstId ?? { taskId },
      actor,
      async (run) => {
        const task = run.state.tasks.get(taskId);
        if (!task) throw fail('任务不存在或已被处理');
        const guarded = (guard && (await guard(this.viewOf(run, task), () => this.instanceVariables(run), run.d.tx))) || {};
        if (guard && run.root().suspensionState === 2) throw fail('流程已挂起，不能办理');
        return fn(run, task, guarded);
      },
      !!guard,
    );
  }

  /** A task of the command's loaded rows as `task()` shows it. */
  private viewOf(run: Run, task: TaskRow): TaskView {
    const links = run.state.links
      .all()
      .filter((l) => l.taskId === task.id)
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
      .map((l) => ({ u: l.userId, g: l.groupId }));
    return this.view({ ...task, links });
  }

  /** The instance's own variables (its root execution's) of the command's loaded rows, as `variables()` answers them. */
  private instanceVariables(run: Run): Record<string, unknown> {
    const id = run.state.procInstId;
    return Object.fromEntries(
      run.state.vars
        .all()
        .filter((v) => v.executionId === id)
        .map((v) => [v.name, JSON.parse(v.value) as unknown]),
    );
  }

  private async groupsOf(tenantId: string, userId: string, tx: Tx = this.db) {
    return this.opts.identity.groupsOf(tx, tenantId, userId);
  }

  /** The task as the holding predicates see it, from the command's loaded rows. */
  private holding(run: Run, task: TaskRow): TaskHolding {
    const links = run.state.links.all().filter((l) => l.taskId === task.id);
    return {
      assignee: task.assignee,
      candidateUsers: links.flatMap((l) => (l.userId ? [l.userId] : [])),
      candidateGroups: links.flatMap((l) => (l.groupId ? [l.groupId] : [])),
    };
  }

  private async isCandidate(run: Run, task: TaskRow, actor: Actor) {
    const h = this.holding(run, task);
    // The groups only when the user is not named: one read less for the usual case.
    if (isCandidate(h, actor.id, new Set())) return true;
    if (!h.candidateGroups.length) return false;
    return isCandidate(h, actor.id, new Set(await this.groupsOf(run.d.tenantId, actor.id, run.d.tx)));
  }

  /**
   * Whether the user holds the open task (inbox.ts: assigned to the user, or unassigned with the user as
   * candidate) — the check of the task actions' route guard, the same the commands make.
   */
  async holds(tenantId: string, task: TaskHolding, userId: string, tx: Tx = this.db): Promise<boolean> {
    if (holdsTask(task, userId, new Set())) return true;
    if (task.assignee || !task.candidateGroups.length) return false;
    return holdsTask(task, userId, new Set(await this.groupsOf(tenantId, userId, tx)));
  }

  /** Whether the user is a candidate of the task (groups read only when needed). */
  async candidate(tenantId: string, task: TaskHolding, userId: string): Promise<boolean> {
    if (isCandidate(task, userId, new Set())) return true;
    if (!task.candidateGroups.length) return false;
    return isCandidate(task, userId, new Set(await this.groupsOf(tenantId, userId)));
  }

  /** The actor holds the task, or it is unassigned and the actor is a candidate (then the actor claims it). */
  private async takeHold(run: Run, task: TaskRow, actor: Actor, force = false) {
    if (task.assignee === actor.id || (force && task.assignee)) return;
    if (task.assignee) throw fail('该任务不属于您，不能办理');
    if (!force && !(await this.isCandidate(run, task, actor))) throw fail('您不是该任务的候选人，不能办理');
    task.assignee = actor.id;
    task.claimTime = run.now;
    await run.assigned(task);
  }

  private execOf(run: Run, task: TaskRow) {
    const e = run.state.executions.get(task.executionId);
    if (!e) throw fail('任务的执行已不存在');
    return e;
  }

  // ================================================================ start

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

  async startProcess(tenantId: string, actor: Actor, opts: StartOptions): Promise<StartResult> {
    const def = opts.definition?.tenantId === tenantId ? opts.definition : await this.definition(tenantId, opts, opts.tx);
    if (!def) throw fail('流程定义不存在');
    if (def.suspensionState === 2) throw fail('流程定义已挂起，不能发起');
    const serialNumber = await this.nextSerial(tenantId, def.key, opts.tx, opts.serialRule);
    const inTx = (body: (tx: Tx) => Promise<StartResult>) => (opts.tx ? body(opts.tx) : this.db.transaction(body));
    return inTx(async (tx) => {
      const model = await this.model(def.id, tx);
      const now = this.now();
      const nowText = this.zt.format(now);
      const procInstId = nextId();
      const userName = actor.name ?? (await this.opts.identity.findUser(tx, tenantId, actor.id))?.name ?? actor.id;
      const title = opts.title ?? `${userName}的${def.name ?? def.key}`;
      const state = InstanceState.empty({
        id: procInstId,
        tenantId,
        procDefId: def.id,
        procDefKey: def.key,
        procDefName: def.name,
        procDefVersion: def.version,
        businessKey: opts.businessKey ?? null,
        title,
        serialNumber,
        startUserId: actor.id,
        startUserName: userName,
        startActId: model.startId,
        endActId: null,
        startTime: nowText,
        endTime: null,
        durationMs: null,
        deleteReason: null,
        status: 'unfinished',
        suspensionState: 1,
      });
      if (opts.knownUsers) state.knownUsers = opts.knownUsers;
      const noProxy = opts.noProxyBetween;
      if (noProxy && now.getTime() >= noProxy.from.getTime() && now.getTime() <= noProxy.to.getTime()) state.proxyInForce = false;
      const run = this.run(
        tx,
        tenantId,
        { id: def.id, key: def.key, name: def.name, version: def.version },
        model,
        state,
        actor.id,
        await this.classMap(tx, tenantId),
      );
      const root: ExecRow = state.executions.add({
        id: procInstId,
        tenantId,
        procInstId,
        parentId: null,
        procDefId: def.id,
        actId: null,
        isActive: true,
        isScope: true,
        isMiRoot: false,
        businessKey: opts.businessKey ?? null,
        startUserId: actor.id,
        suspensionState: 1,
        startTime: nowText,
      });
      // The form's values first: the applicant, serial number and title cannot be overridden by them.
      for (const [k, v] of Object.entries(opts.variables ?? {})) run.setLocal(root, k, v);
      run.setLocal(root, 'applyUser', actor.id);
      run.setLocal(root, 'applyUserName', userName);
      run.setLocal(root, 'serialNumber', serialNumber);
      run.setLocal(root, 'processTitle', title);
      const start = run.node(model.startId);
      if (start.initiator) run.setLocal(root, start.initiator, actor.id);
      run.participant(actor.id, null, 'starter');
      await run.executionListeners(model.listeners, 'start', root);
      run.enter(run.newExec(root, null), model.startId);
      await run.drain();
      if ((opts.skipFirstNode ?? model.skipFirstNode) && !run.ended) {
        // The applicant's own first node completes at once (pass = true).
        for (const task of [...run.createdTasks]) {
          if (!run.state.tasks.get(task.id)) continue;
          if (!task.assignee) {
            task.assignee = actor.id;
            await run.assigned(task);
          }
          run.setVar(run.execOfTask(task), 'pass', true);
          await run.completeTask(task);
          await run.drain();
        }
      }
      for (const u of opts.copyUsers ?? []) {
        state.copies.push({
          id: nextId(),
          tenantId,
          procInstId,
          taskId: null,
          userId: await run.userId(u),
          fromUserId: actor.id,
          procDefKey: def.key,
          title,
          isRead: false,
          createTime: nowText,
        });
      }
      run.events.unshift({ type: 'started' });
      await this.finish(tx, run, { owned: !opts.tx, created: true });
      // The open tasks, so a client can go on to the first one (e.g. its own) without a list call.
      const tasks = run.state.tasks
        .all()
        .sort((a, b) => a.createTime.localeCompare(b.createTime) || (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
        .map((t) => ({ taskId: t.id, taskName: t.name, assignee: t.assignee }));
      return { processInstanceId: procInstId, processDefinitionId: def.id, serialNumber, title, ended: run.ended, tasks };
    });
  }

  /**
   * The next serial number of a process under its model's rule, counted per tenant, process key and cycle.
   * Taken like a database sequence, in its own statement before the command's transaction: concurrent starts
   * never wait for each other's transactions and never share a number; a start that fails afterwards leaves
   * a gap. `rule`: the rule already read by the caller (StartOptions.serialRule).
   *
   * Outside a caller's transaction the counter's own commit is asynchronous (`synchronous_commit` off for that one
   * statement): it does not wait for its WAL to reach the disk, and the counter row's lock, which every start of the
   * key takes, is not held through a flush. That loses nothing a start has used: the start's own transaction commits
   * synchronously afterwards, and flushing the WAL up to its commit flushes the counter's earlier commit with it. A
   * crash of PostgreSQL before any such flush can only lose increments no committed instance carries (a number a
   * failed start had taken may then be given again). Inside a caller's transaction (`tx`) the statement is one of
   * that transaction and commits with it, synchronously.
   */
  async nextSerial(tenantId: string, key: string, tx?: Tx, given?: () => SerialRule | undefined) {
    const rule = (given ? given() : await this.opts.serialRule?.(tx ?? this.db, tenantId, key)) ?? DEFAULT_SERIAL_RULE;
    const now = this.now();
    const { period } = nextSerialNumber(rule, undefined, now, this.opts.timeZone).state;
    const s = wfSerials;
    const rows = tx
      ? await tx
          .insert(s)
          .values({ tenantId, key, period, value: rule.start })
          .onConflictDoUpdate({ target: [s.tenantId, s.key, s.period], set: { value: sql`greatest(${s.value} + 1, ${rule.start})` } })
          .returning({ value: s.value })
      : await SERIAL_OWN_COMMIT.run(this.db, { tenantId, key, period, start: rule.start });
    const r = firstRow(rows, 'nextSerial upsert');
    return nextSerialNumber(rule, { period, last: Number(r.value) - 1 }, now, this.opts.timeZone).serialNumber;
  }

  // ================================================================ task actions

  /** Flowable's plain complete: variables go to where they live (else the instance). A PENDING delegated task is refused. */
  async completeTask(tenantId: string, taskId: TaskRef, actor: Actor | null, opts: { variables?: Record<string, unknown> } & Opts = {}) {
    return this.onTask(
      tenantId,
      taskId,
      actor,
      async (run, task, guarded) => {
        const variables = guarded.variables ?? opts.variables ?? {};
        if (task.delegation === 'PENDING') throw fail('委托中的任务不能直接完成，请由被委托人办理后交还');
        if (opts.comment) this.comment(run, opts, 'comment', opts.comment, task.id, 'complete');
        const exec = this.execOf(run, task);
        for (const [k, v] of Object.entries(variables)) run.setVar(exec, k, v);
        this.completed(run, task, variables.pass !== false, variables);
        await run.completeTask(task);
        return this.outcome(run);
      },
      opts.guard,
    );
  }

  private outcome(run: Run) {
    return { ended: run.ended, createdTaskIds: run.createdTasks.map((t) => t.id) };
  }

  /** 同意: claim if unassigned; a delegated task goes back to its owner; else complete with pass = true. */
  async approve(tenantId: string, taskId: TaskRef, actor: Actor, opts: { variables?: Record<string, unknown>; nextAssignees?: string[] } & Opts = {}) {
    return this.onTask(
      tenantId,
      taskId,
      actor,
      async (run, task, guarded) => {
        const variables = guarded.variables ?? opts.variables;
        const nextAssignees = guarded.nextAssignees ?? opts.nextAssignees;
        await this.takeHold(run, task, actor);
        this.comment(run, opts, 'comment', opts.comment ?? '同意', task.id, 'approve');
        if (task.delegation === 'PENDING') {
          this.resolveDelegation(run, task, variables);
          await run.assigned(task);
          return { resolved: true, ...this.outcome(run) };
        }
        const exec = this.execOf(run, task);
        const given = writable(run.node(task.taskDefKey), variables);
        for (const [k, v] of Object.entries(given)) run.setVar(exec, k, v);
        run.setVar(exec, 'pass', true);
        if ((run.state.hiProc.status === 'reject' || run.state.hiProc.status === 'recall') && task.assignee === run.state.hiProc.startUserId) {
          // The applicant resubmits after a rejection or a withdrawal to the start.
          run.state.hiProc.status = 'unfinished';
          run.state.hiProcDirty = true;
          run.events.push({ type: 'started', resubmitted: true });
        }
        this.completed(run, task, true, given);
        await run.completeTask(task);
        await run.drain();
        if (nextAssignees?.length) {
          for (const t of run.createdTasks) {
            if (!run.state.tasks.get(t.id)) continue;
            const [sole] = nextAssignees;
            if (sole !== undefined && nextAssignees.length === 1) t.assignee = await run.userId(sole);
            else for (const u of nextAssignees) run.addLink(t, await run.userId(u), null);
            await run.assigned(t, true);
          }
        }
        return { resolved: false, ...this.outcome(run) };
      },
      opts.guard,
    );
  }

  /** The comment of an action, with its business origin (`processFrom`). */
  private comment(run: Run, opts: Opts, type: string, message: string, taskId: string, operation: string) {
    const row = run.comment(type, message, taskId, operation, undefined, opts.attachments);
    if (opts.processFrom) row.processFrom = opts.processFrom.slice(0, 64);
  }

  /** Tells the business hooks a task is completed (approved or rejected), in the command's transaction. */
  private completed(run: Run, task: TaskRow, pass: boolean, variables: Record<string, unknown>) {
    run.events.push({ type: 'taskCompleted', taskId: task.id, taskDefinitionKey: task.taskDefKey, pass, variables });
  }

  private resolveDelegation(run: Run, task: TaskRow, variables?: Record<string, unknown>) {
    const exec = this.execOf(run, task);
    for (const [k, v] of Object.entries(variables ?? {})) run.setVar(exec, k, v);
    task.delegation = 'RESOLVED';
    task.assignee = task.owner;
    run.state.tasks.touch(task);
  }

  /** 驳回: back to the node's default rollback node, else the process's, else the last back node. */
  async reject(tenantId: string, taskId: TaskRef, actor: Actor, opts: ForceOpts = {}) {
    return this.onTask(
      tenantId,
      taskId,
      actor,
      async (run, task) => {
        await this.takeHold(run, task, actor, opts.force);
        const node = run.node(task.taskDefKey);
        const back = await this.backNodesIn(run, task);
        const target = node.userTask?.rollbackNode ?? run.model.rollbackNode ?? back.at(-1)?.nodeId;
        if (!target) throw fail('没有可驳回的节点');
        this.comment(run, opts, 'rollbackComment', opts.comment ?? '驳回', task.id, 'reject');
        this.completed(run, task, false, {});
        run.setVar(run.root(), 'pass', false);
        await this.moveTo(run, task, target);
        await this.sentBack(run, target, opts.comment);
        return { target, ...this.outcome(run) };
      },
      opts.guard,
    );
  }

  /**
   * After a reject or rollback moved the tokens to `target`: back with the starter (the start node, or a node
   * whose tasks all went to the starter) the process is rejected (status `reject`, hooks hear `rejected`) until the
   * starter submits it again; back with an earlier approver it simply runs on (`unfinished`).
   */
  private async sentBack(run: Run, target: string, comment: string | undefined) {
    await run.drain();
    const h = run.state.hiProc;
    const atTarget = run.state.tasks.all().filter((t) => t.taskDefKey === target);
    const withStarter = atTarget.length > 0 && atTarget.every((t) => t.assignee === h.startUserId);
    if (run.ended) return;
    h.status = withStarter ? 'reject' : 'unfinished';
    run.state.hiProcDirty = true;
    if (withStarter) run.events.push({ type: 'rejected', ...(comment ? { comment } : {}) });
  }

  /** Back nodes: finished user tasks (and the start) that can reach the task's node, oldest first. */
  async backNodes(tenantId: string, taskId: string): Promise<BackNode[]> {
    const [t] = await this.db
      .select()
      .from(wfTasks)
      .where(and(eq(wfTasks.id, taskId), eq(wfTasks.tenantId, tenantId)));
    if (!t) throw fail('任务不存在或已被处理');
    const model = await this.model(t.procDefId);
    return this.backNodesFor(this.db, model, t);
  }

  private async backNodesIn(run: Run, task: TaskRow) {
    return this.backNodesFor(run.d.tx, run.model, task, run);
  }

  private async backNodesFor(tx: Tx, model: ProcessModel, task: TaskRow, run?: Run): Promise<BackNode[]> {
    const done = await tx
      .select({ key: wfHiTaskInsts.taskDefKey, end: wfHiTaskInsts.endTime })
      .from(wfHiTaskInsts)
      .where(and(eq(wfHiTaskInsts.procInstId, task.procInstId), isNotNull(wfHiTaskInsts.endTime), isNull(wfHiTaskInsts.deleteReason)))
      .orderBy(asc(wfHiTaskInsts.endTime), asc(wfHiTaskInsts.id));
    // The starter's task at the start node has nowhere to go back to.
    if (task.taskDefKey === model.startId) return [];
    const reach = (from: string, to: string) => (run ? run.reachableDeep(from, to) : reachableDeep(model, from, to));
    const seen = new Set<string>();
    const out: BackNode[] = [];
    const start = nodeOf(model, model.startId);
    out.push({ nodeId: start.id, nodeName: start.name ?? null });
    // The last finish time decides the order: a node done again moves to the end.
    const lastDone = new Map<string, number>();
    done.forEach((d, i) => lastDone.set(d.key, i));
    for (const [key] of [...lastDone.entries()].sort((a, b) => a[1] - b[1])) {
      if (key === task.taskDefKey || seen.has(key)) continue;
      const n = model.nodes.get(key);
      if (!n || n.type !== 'userTask' || !reach(key, task.taskDefKey)) continue;
      seen.add(key);
      out.push({ nodeId: key, nodeName: n.name ?? null });
    }
    return out;
  }

  /** 回退 to a chosen back node. */
  async rollback(tenantId: string, taskId: TaskRef, actor: Actor, targetNodeId: string, opts: Opts = {}) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      await this.takeHold(run, task, actor);
      const back = await this.backNodesIn(run, task);
      if (!back.some((b) => b.nodeId === targetNodeId)) throw fail('只能回退到已经办理过的节点');
      run.comment('rollbackComment', opts.comment ?? '回退成功', task.id, 'rollback', undefined, opts.attachments);
      await this.moveTo(run, task, targetNodeId);
      await this.sentBack(run, targetNodeId, opts.comment);
      return { target: targetNodeId, ...this.outcome(run) };
    });
  }

  /**
   * Moves the token holding `task` to `targetId`. Other tokens of the same scope go too when the target can
   * reach them without passing the task's node (the target lies before the fork of their parallel block);
   * their tasks are deleted with reason `Change activity to <id>`. The start event as target gives the starter a
   * task there (`toStart`).
   */
  private async moveTo(run: Run, task: TaskRow, targetId: string) {
    const target = run.node(targetId);
    if (target.type === 'startEvent' && target.scopeId === null) {
      await this.toStart(run);
      return;
    }
    const reason = `Change activity to ${targetId}`;
    // The subprocess scopes around the target, outermost first; the deepest one still open around the task is
    // where tokens are compared, and the scopes below it are opened anew.
    const chain = scopeChain(run, target);
    const ancestors: ExecRow[] = [];
    for (let e: ExecRow | undefined = this.execOf(run, task); e; e = run.parent(e)) ancestors.push(e);
    let scope = run.root();
    let level = 0;
    for (const step of chain) {
      const open = ancestors.find((e) => e.isScope && !e.isMiRoot && e.actId === step.id && e.parentId && run.parent(e) && isWithin(run, e, scope));
      if (!open) break;
      scope = open;
      level++;
    }
    const unit = ancestors.find((e) => e.parentId === scope.id);
    if (!unit) throw fail(`不能移动到节点 ${targetId}`);
    const entry = chain[level]?.id ?? targetId;
    for (const y of run.children(scope)) {
      if (y === unit) continue;
      if (y.actId && run.reachableAvoiding(entry, y.actId, unit.actId)) run.removeExec(y, reason);
    }
    run.removeExec(unit, reason);
    this.openScopes(run, scope, chain.slice(level), targetId);
  }

  /** Every token goes; the starter gets a task at the start node and submits the process again from there. */
  private async toStart(run: Run) {
    const startId = run.model.startId;
    for (const c of run.children(run.root())) run.removeExec(c, `Change activity to ${startId}`);
    await run.createStartTask(run.newExec(run.root(), startId));
  }

  /** Creates scope executions for `chain` under `parent` and puts a token on `targetId` inside them. */
  private openScopes(run: Run, parent: ExecRow, chain: FlowNode[], targetId: string) {
    for (const s of chain) {
      if (s.loop) throw fail(`不能直接跳转到多实例子流程 ${s.id} 内的节点`);
      const e = run.newExec(parent, s.id);
      e.isScope = true;
      run.recordActStart(e, s);
      parent = e;
    }
    run.enter(run.newExec(parent, null), targetId);
  }

  /** Moves every token of the instance to `targetId` (ops dispatch). */
  private async moveAll(run: Run, targetId: string) {
    const reason = `Change activity to ${targetId}`;
    const target = run.node(targetId);
    for (const c of run.children(run.root())) run.removeExec(c, reason);
    this.openScopes(run, run.root(), scopeChain(run, target), targetId);
  }

  /** 终止: needs a comment; every token goes to the end event; status terminate. */
  async terminate(tenantId: string, procInstId: string, actor: Actor, opts: { comment: string; taskId?: string; attachments?: CommentAttachment[] }) {
    if (!opts.comment?.trim()) throw fail('请填写终止意见');
    return this.onInstance(tenantId, procInstId, actor, async (run) => {
      const end =
        [...run.model.nodes.values()].find((n) => n.type === 'endEvent' && n.scopeId === null && !n.terminate) ??
        [...run.model.nodes.values()].find((n) => n.type === 'endEvent' && n.scopeId === null);
      // compile.ts refuses a process without an end event.
      if (!end) throw fail(`流程 ${run.model.key} 没有结束事件`);
      run.comment('terminateComment', opts.comment, opts.taskId ?? null, 'terminate', undefined, opts.attachments);
      await this.endAt(run, end.id, end.name ?? null, 'terminate');
      run.events.push({ type: 'terminated', comment: opts.comment });
      return this.outcome(run);
    });
  }

  /** Ends the instance at an end node (or the virtual `wf_withdraw_end`), deleting open tasks with the move reason. */
  private async endAt(run: Run, endId: string, endName: string | null, status: string) {
    const reason = `Change activity to ${endId}`;
    for (const c of run.children(run.root())) run.removeExec(c, reason);
    const e = run.newExec(run.root(), endId);
    run.recordActStart(
      e,
      { id: endId, name: endName ?? undefined, type: 'endEvent', scopeId: null, incoming: [], outgoing: [], boundaries: [], listeners: [] } as FlowNode,
      true,
    );
    run.removeExec(e, null);
    await run.endProcess(endId, status);
  }

  /** 转办: the other user becomes the assignee (owner = me when empty). */
  async transfer(tenantId: string, taskId: TaskRef, actor: Actor, toUserId: string, opts: Opts = {}) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      await this.takeHold(run, task, actor);
      if (toUserId === actor.id) throw fail('不能转办给自己');
      task.owner = task.owner ?? actor.id;
      task.assignee = await run.userId(toUserId);
      run.comment('transferComment', opts.comment ?? '转办成功', task.id, 'transfer', undefined, opts.attachments);
      await run.assigned(task);
      return { assignee: task.assignee, owner: task.owner };
    });
  }

  /** 委托: owner = the delegating user, assignee = the other, PENDING until they resolve it. */
  async delegate(tenantId: string, taskId: TaskRef, actor: Actor, toUserId: string, opts: Opts = {}) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      await this.takeHold(run, task, actor);
      if (toUserId === actor.id) throw fail('不能委托给自己');
      // WORKFLOW.md: the owner is the delegating user (also after a transfer), who gets the task back on resolve.
      task.owner = task.assignee ?? actor.id;
      task.assignee = await run.userId(toUserId);
      task.delegation = 'PENDING';
      run.comment('delegateComment', opts.comment ?? '委托成功', task.id, 'delegate', undefined, opts.attachments);
      await run.assigned(task);
      return { assignee: task.assignee, owner: task.owner, delegationState: task.delegation };
    });
  }

  /** The delegate hands a PENDING task back to its owner (RESOLVED; the task stays open). */
  async resolve(tenantId: string, taskId: TaskRef, actor: Actor, opts: { variables?: Record<string, unknown> } & Opts = {}) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      if (task.delegation !== 'PENDING') throw fail('该任务不是委托中的任务');
      if (task.assignee !== actor.id) throw fail('只有被委托人可以办理委托任务');
      run.comment('comment', opts.comment ?? '已处理', task.id, 'resolve', undefined, opts.attachments);
      this.resolveDelegation(run, task, opts.variables);
      await run.assigned(task);
      return { assignee: task.assignee, delegationState: task.delegation };
    });
  }

  /** 签收: refused when someone else holds the task or the actor is no candidate. */
  async claim(tenantId: string, taskId: TaskRef, actor: Actor) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      if (task.assignee === actor.id) return { assignee: task.assignee };
      if (task.assignee) throw fail('任务已被他人签收');
      await this.takeHold(run, task, actor);
      return { assignee: task.assignee };
    });
  }

  /** 取消签收: back to the candidates. */
  async unclaim(tenantId: string, taskId: TaskRef, actor: Actor) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      if (task.assignee !== actor.id) throw fail('只能取消自己签收的任务');
      if (!run.state.links.all().some((l) => l.taskId === task.id)) throw fail('该任务没有候选人，不能取消签收');
      task.assignee = null;
      task.claimTime = null;
      await run.assigned(task);
    });
  }

  /** 加签: one more instance of the task's multi-instance node per user (parallel: a task at once; sequential: one more round). */
  async addCountersign(tenantId: string, taskId: TaskRef, actor: Actor, userIds: string[], opts: Opts = {}) {
    if (!userIds.length) throw fail('请选择加签人员');
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      await this.takeHold(run, task, actor);
      const node = run.node(task.taskDefKey);
      const inst = this.execOf(run, task);
      if (!node.loop || !run.isMiInstance(inst)) throw fail('当前节点不是会签节点，不能加签');
      const root = run.scopeOf(inst);
      const added = { ...((run.getLocal(root, ADDED_SIGNERS) ?? {}) as Record<string, string>) };
      const holders = new Set(
        run.state.tasks
          .all()
          .filter((t) => t.taskDefKey === node.id && t.assignee)
          .map((t) => t.assignee),
      );
      const created: ExecRow[] = [];
      for (const raw of userIds) {
        const u = await run.userId(raw);
        if (holders.has(u)) throw fail(`${raw} 已在当前审批人中`);
        holders.add(u);
        const nr = coerceToNumber(run.getLocal(root, 'nrOfInstances'));
        added[String(nr)] = u;
        run.setLocal(root, ADDED_SIGNERS, added);
        run.setLocal(root, 'nrOfInstances', nr + 1);
        if (!node.loop.sequential) {
          run.setLocal(root, 'nrOfActiveInstances', coerceToNumber(run.getLocal(root, 'nrOfActiveInstances')) + 1);
          created.push(run.newMiInstance(root, node, nr));
        }
      }
      for (const e of created) await run.executeInner(e, node);
      run.comment('addMultiInstanceComment', opts.comment ?? `加签成功: ${userIds.join(',')}`, task.id, 'addSign', undefined, opts.attachments);
      return this.outcome(run);
    });
  }

  /**
   * 减签: parallel — delete the instance of another open task of the node (reason `Delete MI execution`);
   * sequential — drop a countersigner added for a round not reached yet.
   */
  async removeCountersign(tenantId: string, taskId: TaskRef, actor: Actor, target: { taskId?: string; userId?: string }, opts: Opts = {}) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      await this.takeHold(run, task, actor);
      const node = run.node(task.taskDefKey);
      const inst = this.execOf(run, task);
      if (!node.loop || !run.isMiInstance(inst)) throw fail('当前节点不是会签节点，不能减签');
      const root = run.scopeOf(inst);
      const nr = coerceToNumber(run.getLocal(root, 'nrOfInstances'));
      if (!node.loop.sequential) {
        const victim = target.taskId
          ? run.state.tasks.get(target.taskId)
          : run.state.tasks.all().find((t) => t.taskDefKey === node.id && t.assignee === target.userId);
        if (!victim || victim.taskDefKey !== node.id) throw fail('要减签的任务不存在');
        if (victim.id === task.id) throw fail('不能减签自己');
        const ve = this.execOf(run, victim);
        if (ve.parentId !== root.id) throw fail('要减签的任务不属于同一会签');
        run.removeExec(ve, 'Delete MI execution');
        run.setLocal(root, 'nrOfInstances', nr - 1);
        run.setLocal(root, 'nrOfActiveInstances', coerceToNumber(run.getLocal(root, 'nrOfActiveInstances')) - 1);
        await run.checkMiCompleted(root, node);
      } else {
        const added = { ...((run.getLocal(root, ADDED_SIGNERS) ?? {}) as Record<string, string>) };
        const current = coerceToNumber(run.getLocal(inst, 'loopCounter'));
        const u = target.userId ? await run.userId(target.userId) : undefined;
        const entry = Object.entries(added).find(([lc, who]) => who === u && Number(lc) > current);
        if (!entry) throw fail('只能减去尚未轮到的加签人员');
        // Later rounds move up by one.
        const shifted: Record<string, string> = {};
        for (const [lc, who] of Object.entries(added)) {
          const n = Number(lc);
          if (n < Number(entry[0])) shifted[lc] = who;
          else if (n > Number(entry[0])) shifted[String(n - 1)] = who;
        }
        run.setLocal(root, ADDED_SIGNERS, shifted);
        run.setLocal(root, 'nrOfInstances', nr - 1);
      }
      run.comment('deleteMultiInstanceComment', opts.comment ?? '减签成功', task.id, 'deleteSign');
      return this.outcome(run);
    });
  }

  /**
   * 撤回 by the starter while nobody else has acted (else 此任务不可撤回): `wf_withdraw_end` ends the process at the
   * virtual `wf_withdraw_end` node (status withdraw, comment 撤销流程); `wf_withdraw_start` returns it to the start
   * node, where the starter holds it and submits it again (status recall until then). Hooks hear `withdrawn`.
   */
  async withdraw(tenantId: string, procInstId: string, actor: Actor, opts: Opts & { type?: WithdrawType } = {}) {
    return this.onInstance(tenantId, procInstId, actor, async (run) => {
      if (run.state.hiProc.startUserId !== actor.id) throw fail(NOT_WITHDRAWABLE);
      const acted = await run.d.tx
        .select({ id: wfHiTaskInsts.id })
        .from(wfHiTaskInsts)
        .where(
          and(
            eq(wfHiTaskInsts.procInstId, procInstId),
            isNotNull(wfHiTaskInsts.endTime),
            isNull(wfHiTaskInsts.deleteReason),
            sql`${wfHiTaskInsts.assignee} IS DISTINCT FROM ${actor.id}`,
          ),
        )
        .limit(1);
      const commented = await run.d.tx
        .select({ id: wfComments.id })
        .from(wfComments)
        .where(and(eq(wfComments.procInstId, procInstId), sql`${wfComments.userId} IS DISTINCT FROM ${actor.id}`, sql`${wfComments.userId} IS NOT NULL`))
        .limit(1);
      if (acted.length || commented.length) throw fail(NOT_WITHDRAWABLE);
      if (opts.type === 'wf_withdraw_start') {
        if (run.state.tasks.all().some((t) => t.taskDefKey === run.model.startId)) throw fail(NOT_WITHDRAWABLE);
        run.comment('withdrawComment', opts.comment?.trim() || '撤回重新提交', null, 'withdraw_start');
        await this.toStart(run);
        run.state.hiProc.status = 'recall';
        run.state.hiProcDirty = true;
      } else {
        run.comment('withdrawComment', opts.comment?.trim() || '撤销流程', null, 'withdraw');
        await this.endAt(run, WITHDRAW_END, '撤回', 'withdraw');
      }
      run.events.push({ type: 'withdrawn', ...(opts.comment ? { comment: opts.comment } : {}) });
      return { type: opts.type ?? 'wf_withdraw_end', ...this.outcome(run) };
    });
  }

  /** 抄送: copies for users, who may then read the process. */
  async copy(tenantId: string, procInstId: string, actor: Actor, userIds: string[], opts: { taskId?: string } = {}) {
    if (!userIds.length) throw fail('请选择抄送人');
    return this.onInstance(
      tenantId,
      procInstId,
      actor,
      async (run) => {
        for (const u of userIds) {
          run.state.copies.push({
            id: nextId(),
            tenantId,
            procInstId,
            taskId: opts.taskId ?? null,
            userId: await run.userId(u),
            fromUserId: actor.id,
            procDefKey: run.d.def.key,
            title: run.state.hiProc.title,
            isRead: false,
            createTime: run.now,
          });
        }
      },
      true,
    );
  }

  /** 催办: recorded for the current assignees (the notification step sends it). */
  async urge(tenantId: string, procInstId: string, actor: Actor, opts: { message?: string } = {}) {
    return this.onInstance(tenantId, procInstId, actor, async (run) => {
      const to = [
        ...new Set(
          run.state.tasks
            .all()
            .map((t) => t.assignee)
            .filter((a): a is string => !!a),
        ),
      ];
      for (const t of run.state.tasks.all().filter((x) => !x.assignee)) {
        for (const l of run.state.links.all()) if (l.taskId === t.id && l.userId) to.push(l.userId);
      }
      if (!to.length) throw fail('当前没有可催办的办理人');
      const message = opts.message ?? '请尽快办理';
      await run.d.tx.insert(wfUrges).values({
        id: nextId(),
        tenantId,
        procInstId,
        taskId: run.state.tasks.all()[0]?.id ?? null,
        fromUserId: actor.id,
        toUserIds: [...new Set(to)].join(','),
        message,
        createTime: run.now,
      });
      await this.opts.notify?.(run.d.tx, tenantId, [...new Set(to)], message);
      return { userIds: [...new Set(to)] };
    });
  }

  /** Ops: suspend / activate an instance (suspended instances refuse every action). */
  async setSuspended(tenantId: string, procInstId: string, actor: Actor, suspended: boolean) {
    return this.onInstance(
      tenantId,
      procInstId,
      actor,
      async (run) => {
        const s = suspended ? 2 : 1;
        for (const e of run.state.executions.all()) {
          e.suspensionState = s;
          run.touch(e);
        }
        for (const t of run.state.tasks.all()) {
          t.suspensionState = s;
          run.state.tasks.touch(t);
        }
        run.state.hiProc.suspensionState = s;
        run.state.hiProcDirty = true;
      },
      true,
    );
  }

  /** Ops: set a task's assignee. */
  async changeAssignee(tenantId: string, taskId: TaskRef, actor: Actor, userId: string, opts: Opts = {}) {
    return this.onTask(tenantId, taskId, actor, async (run, task) => {
      task.assignee = await run.userId(userId);
      run.comment('assigneeComment', opts.comment ?? `变更办理人为 ${userId}`, task.id, 'changeAssignee');
      await run.assigned(task);
      return { assignee: task.assignee };
    });
  }

  /** Ops: move every token to any node, forwards or back. */
  async dispatch(tenantId: string, procInstId: string, actor: Actor, targetNodeId: string, opts: Opts = {}) {
    return this.onInstance(tenantId, procInstId, actor, async (run) => {
      const target = run.model.nodes.get(targetNodeId);
      if (!target || target.type === 'boundaryEvent' || target.type === 'startEvent') throw fail(`不能调度到节点 ${targetNodeId}`);
      run.comment('dispatchComment', opts.comment ?? `调度到 ${target.name ?? target.id}`, null, 'dispatch');
      await this.moveAll(run, targetNodeId);
      return this.outcome(run);
    });
  }

  /**
   * Ops: delete the instance with a reason (status deleted). The reason is stored as given (instance and tasks);
   * the comment, which may name the operator, is `comment` (default: the reason).
   */
  async deleteProcess(tenantId: string, procInstId: string, actor: Actor, opts: { reason: string; comment?: string }) {
    if (!opts.reason?.trim()) throw fail('请填写删除原因');
    return this.onInstance(
      tenantId,
      procInstId,
      actor,
      async (run) => {
        run.comment('deleteProcessComment', opts.comment ?? opts.reason, null, 'delete');
        await run.endProcess(null, 'deleted', opts.reason);
        run.events.push({ type: 'deleted', comment: opts.reason });
      },
      true,
    );
  }

  /**
   * Ends an instance that waits with its starter (rejected back to the start, or withdrawn to it) because the
   * business record is submitted again as a new instance (重新提交, the approval kit): open tasks go with the reason
   * `重新提交`, the status stays (reject / recall …), no event is emitted. The caller decides who may (the kit: the
   * record's applicant). In the caller's transaction when `tx` is given. Answers false when it has already ended.
   */
  async closeForResubmit(tenantId: string, procInstId: string, actor: Actor, opts: { tx?: Tx } = {}): Promise<boolean> {
    const [h] = await (opts.tx ?? this.db)
      .select({ endTime: wfHiProcInsts.endTime })
      .from(wfHiProcInsts)
      .where(and(eq(wfHiProcInsts.id, procInstId), eq(wfHiProcInsts.tenantId, tenantId)));
    if (!h || h.endTime) return false;
    return this.onInstance(
      tenantId,
      procInstId,
      actor,
      async (run) => {
        await run.endProcess(null, run.state.hiProc.status, '重新提交');
        return true;
      },
      true,
      opts.tx,
    );
  }

  /** Sets variables of a running instance (where they live, else on the instance). */
  async setVariables(tenantId: string, procInstId: string, actor: Actor | null, variables: Record<string, unknown>) {
    return this.onInstance(
      tenantId,
      procInstId,
      actor,
      (run) => {
        for (const [k, v] of Object.entries(variables)) run.setVar(run.root(), k, v);
      },
      true,
    );
  }

  // ================================================================ jobs

  /** Runs due jobs (timers); any server may call it: jobs and instances are taken with SKIP LOCKED. */
  async runDueJobs(limit = 20): Promise<number> {
    const now = this.zt.format(this.now());
    const due = await this.db
      .select({ id: wfJobs.id })
      .from(wfJobs)
      .where(and(lte(wfJobs.dueTime, now), gt(wfJobs.retries, 0)))
      .orderBy(asc(wfJobs.dueTime))
      .limit(limit);
    let ran = 0;
    for (const { id } of due) if (await this.runJob(id)) ran++;
    return ran;
  }

  /** Runs one job now (also the operations console's "run now"). Answers false when it is gone or busy. */
  async runJob(jobId: string, tenantId?: string): Promise<boolean> {
    try {
      return await this.db.transaction(async (tx) => {
        const [job] = await tx
          .select()
          .from(wfJobs)
          .where(tenantId ? and(eq(wfJobs.id, jobId), eq(wfJobs.tenantId, tenantId)) : eq(wfJobs.id, jobId))
          .for('update', { skipLocked: true });
        if (!job) return false;
        const run = await this.open(tx, job.tenantId, job.procInstId, null, true);
        if (!run) return false;
        run.state.jobs.remove(job.id);
        if (job.type === 'boundary-timer')
          await run.fireBoundary(job.executionId, job.elementId, (job.config ?? {}) as { remaining?: number; period?: string });
        await this.finish(tx, run, { owned: true });
        return true;
      });
    } catch (e) {
      const message = e instanceof ApiError || e instanceof Error ? e.message : String(e);
      await this.db
        .update(wfJobs)
        .set({ retries: sql`${wfJobs.retries} - 1`, exception: message.slice(0, 4000) })
        .where(eq(wfJobs.id, jobId));
      return false;
    }
  }

  /** Polls for due jobs every `intervalMs`; answers a function that stops polling. */
  startJobPoller(intervalMs = 5000): () => void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      this.runDueJobs()
        .catch(() => {})
        .finally(() => (busy = false));
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  async jobs(tenantId: string) {
    return this.db.select().from(wfJobs).where(eq(wfJobs.tenantId, tenantId)).orderBy(asc(wfJobs.dueTime));
  }

  /**
   * The tenant's pending timer jobs for the operations console, soonest first, with their instance and the node
   * they wait on; `due` is judged by the engine's clock (the one the poller uses, which tests move).
   */
  async jobPage(tenantId: string, opts: { due?: boolean; processInstanceId?: string; limit: number; offset: number }) {
    const now = this.zt.format(this.now());
    const conds = [sql`j.tenant_id = ${tenantId}`];
    if (opts.due === true) conds.push(sql`j.due_time <= ${now}::timestamp AND j.retries > 0`);
    if (opts.due === false) conds.push(sql`j.due_time > ${now}::timestamp`);
    if (opts.processInstanceId) conds.push(sql`j.proc_inst_id = ${opts.processInstanceId}`);
    const where = sql.join(conds, sql` AND `);
    const [rows, total] = await Promise.all([
      this.database.rows<Record<string, unknown>>(sql`SELECT j.id::text AS "id", j.type AS "type", j.element_id AS "elementId",
          j.proc_inst_id::text AS "processInstanceId", j.proc_def_id::text AS "processDefinitionId", h.proc_def_key AS "processDefinitionKey",
          h.proc_def_name AS "processDefinitionName", h.title AS "title", h.serial_number AS "serialNumber",
          (SELECT string_agg(t.name, ',') FROM blade_wf_task t WHERE t.execution_id = j.execution_id
             OR t.execution_id IN (SELECT e.id FROM blade_wf_execution e WHERE e.parent_id = j.execution_id)) AS "taskName",
          to_char(j.due_time, 'YYYY-MM-DD HH24:MI:SS') AS "dueTime", j.retries AS "retries", j.exception AS "exception",
          to_char(j.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime", (j.due_time <= ${now}::timestamp) AS "due"
        FROM blade_wf_job j JOIN blade_wf_hi_procinst h ON h.id = j.proc_inst_id
        WHERE ${where} ORDER BY j.due_time, j.id LIMIT ${opts.limit} OFFSET ${opts.offset}`),
      this.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM blade_wf_job j WHERE ${where}`),
    ]);
    return { rows, total: Number(total[0]?.n ?? 0) };
  }

  /**
   * The console's "run now": the job of the tenant runs at once, due or not. A job that fails keeps its error and
   * loses a retry, and the error is the answer (400); one gone or running elsewhere is refused.
   */
  async runJobNow(tenantId: string, jobId: string) {
    const [job] = await this.db
      .select({ id: wfJobs.id })
      .from(wfJobs)
      .where(and(eq(wfJobs.id, jobId), eq(wfJobs.tenantId, tenantId)));
    if (!job) throw fail('定时任务不存在或已执行');
    if (await this.runJob(jobId, tenantId)) return;
    const [after] = await this.db.select({ exception: wfJobs.exception }).from(wfJobs).where(eq(wfJobs.id, jobId));
    throw fail(after?.exception ? `定时任务执行失败: ${after.exception}` : '定时任务正在执行，请稍后再试');
  }

  // ================================================================ queries

  /** Tasks with their candidates (one statement: the identity links come as a JSON column). */
  private taskQuery() {
    const links = sql<unknown>`(SELECT coalesce(json_agg(json_build_object('u', l.user_id, 'g', l.group_id) ORDER BY l.id), '[]'::json) FROM ${wfIdentityLinks} l WHERE l.task_id = blade_wf_task.id)`;
    return this.db.select({ ...getTableColumns(wfTasks), links }).from(wfTasks);
  }

  private views(tasks: (TaskRow & { links: unknown })[]): TaskView[] {
    return tasks.map((t) => this.view(t));
  }

  private view(t: TaskRow & { links: unknown }): TaskView {
    const links = (typeof t.links === 'string' ? JSON.parse(t.links) : t.links) as { u: string | null; g: string | null }[];
    return {
      id: t.id,
      name: t.name,
      taskDefKey: t.taskDefKey,
      processInstanceId: t.procInstId,
      processDefinitionId: t.procDefId,
      processKey: t.procDefKey,
      executionId: t.executionId,
      assignee: t.assignee,
      owner: t.owner,
      delegationState: t.delegation as TaskView['delegationState'],
      candidateUsers: links.flatMap((l) => (l.u ? [l.u] : [])),
      candidateGroups: links.flatMap((l) => (l.g ? [l.g] : [])),
      description: t.description,
      createTime: t.createTime,
      dueDate: t.dueDate,
      suspended: t.suspensionState === 2,
    };
  }

  async task(tenantId: string, taskId: string): Promise<TaskView | null> {
    const rows = await this.taskQuery().where(and(eq(wfTasks.id, taskId), eq(wfTasks.tenantId, tenantId)));
    return this.views(rows)[0] ?? null;
  }

  /** Open tasks of an instance, oldest first. */
  async tasks(tenantId: string, procInstId: string): Promise<TaskView[]> {
    const rows = await this.taskQuery()
      .where(and(eq(wfTasks.tenantId, tenantId), eq(wfTasks.procInstId, procInstId)))
      .orderBy(asc(wfTasks.createTime), asc(wfTasks.id));
    return this.views(rows);
  }

  /** 待办 (inbox.ts): assigned to the user, or unassigned with the user as candidate. */
  async todo(tenantId: string, userId: string, page = { limit: 100, offset: 0 }): Promise<TaskView[]> {
    return this.inbox('todo', tenantId, userId, page);
  }

  /** 待签 (inbox.ts): unassigned tasks where the user is a candidate. */
  async claimable(tenantId: string, userId: string, page = { limit: 100, offset: 0 }): Promise<TaskView[]> {
    return this.inbox('claim', tenantId, userId, page);
  }

  private async inbox(kind: InboxKind, tenantId: string, userId: string, page: { limit: number; offset: number }) {
    const groups = await this.groupsOf(tenantId, userId);
    const rows = await this.taskQuery()
      .where(inboxSql(kind, tenantId, userId, groups, 'blade_wf_task'))
      .orderBy(desc(wfTasks.createTime), desc(wfTasks.id))
      .limit(page.limit)
      .offset(page.offset);
    return this.views(rows);
  }

  /**
   * The workflow items of a user's notifications, as SQL rows (kind, sourceId, processInstanceId, taskId,
   * processDefinitionName, taskName, title, message, fromUserId, time): the to-do tasks (the inbox's one
   * definition: candidate tasks too), the urges sent to the user and the copies received.
   */
  async notificationItems(tenantId: string, userId: string): Promise<SQL> {
    const groups = await this.groupsOf(tenantId, userId);
    return sql`
      SELECT 'todo' AS kind, t.id::text AS "sourceId", t.proc_inst_id::text AS "processInstanceId", t.id::text AS "taskId",
        h.proc_def_name AS "processDefinitionName", t.name AS "taskName", h.title AS title, NULL::text AS message,
        h.start_user_id AS "fromUserId", t.create_time AS time
      FROM blade_wf_task t JOIN blade_wf_hi_procinst h ON h.id = t.proc_inst_id
      WHERE ${inboxSql('todo', tenantId, userId, groups)}
      UNION ALL
      SELECT 'urge', g.id::text, g.proc_inst_id::text, g.task_id::text, h.proc_def_name, NULL, h.title, g.message, g.from_user_id, g.create_time
      FROM blade_wf_urge g JOIN blade_wf_hi_procinst h ON h.id = g.proc_inst_id
      WHERE g.tenant_id = ${tenantId} AND ${userId} = ANY (string_to_array(g.to_user_ids, ','))
      UNION ALL
      SELECT 'copy', c.id::text, c.proc_inst_id::text, c.task_id::text, h.proc_def_name, NULL, coalesce(c.title, h.title), h.title, c.from_user_id, c.create_time
      FROM blade_wf_copy c JOIN blade_wf_hi_procinst h ON h.id = c.proc_inst_id
      WHERE c.tenant_id = ${tenantId} AND c.user_id = ${userId}`;
  }

  /** Every variable the instance had, with its last value (also after it ended). */
  async historicVariables(tenantId: string, procInstId: string): Promise<Record<string, unknown>> {
    const rows = await this.db
      .select({ name: wfHiVariables.name, value: wfHiVariables.value, executionId: wfHiVariables.executionId })
      .from(wfHiVariables)
      .where(and(eq(wfHiVariables.tenantId, tenantId), eq(wfHiVariables.procInstId, procInstId), eq(wfHiVariables.executionId, procInstId)));
    return Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));
  }

  /** The instance as history keeps it, with `status` (processIsFinished). */
  /** Every instance started with a business key (a record's processes, resubmissions included), newest first. */
  async instancesOf(tenantId: string, businessKey: string) {
    return this.db
      .select()
      .from(wfHiProcInsts)
      .where(and(eq(wfHiProcInsts.tenantId, tenantId), eq(wfHiProcInsts.businessKey, businessKey)))
      .orderBy(desc(wfHiProcInsts.startTime), desc(wfHiProcInsts.id));
  }

  async processInstance(tenantId: string, procInstId: string, tx: Tx = this.db) {
    const [h] = await tx
      .select()
      .from(wfHiProcInsts)
      .where(and(eq(wfHiProcInsts.id, procInstId), eq(wfHiProcInsts.tenantId, tenantId)));
    return h ?? null;
  }

  /** Activity rows in time order (including sequence flows and deleted ones). */
  async activities(tenantId: string, procInstId: string) {
    return this.db
      .select()
      .from(wfHiActInsts)
      .where(and(eq(wfHiActInsts.tenantId, tenantId), eq(wfHiActInsts.procInstId, procInstId)))
      .orderBy(asc(wfHiActInsts.startTime), asc(wfHiActInsts.id));
  }

  async historicTasks(tenantId: string, procInstId: string) {
    return this.db
      .select()
      .from(wfHiTaskInsts)
      .where(and(eq(wfHiTaskInsts.tenantId, tenantId), eq(wfHiTaskInsts.procInstId, procInstId)))
      .orderBy(asc(wfHiTaskInsts.startTime), asc(wfHiTaskInsts.id));
  }

  async comments(tenantId: string, procInstId: string) {
    return this.db
      .select()
      .from(wfComments)
      .where(and(eq(wfComments.tenantId, tenantId), eq(wfComments.procInstId, procInstId)))
      .orderBy(asc(wfComments.time), asc(wfComments.id));
  }

  async copies(tenantId: string, userId: string) {
    return this.db
      .select()
      .from(wfCopies)
      .where(and(eq(wfCopies.tenantId, tenantId), eq(wfCopies.userId, userId)))
      .orderBy(desc(wfCopies.createTime));
  }

  async urges(tenantId: string, procInstId: string) {
    return this.db
      .select()
      .from(wfUrges)
      .where(and(eq(wfUrges.tenantId, tenantId), eq(wfUrges.procInstId, procInstId)))
      .orderBy(asc(wfUrges.createTime));
  }

  /** Process-level variables of a running instance. */
  async variables(tenantId: string, procInstId: string): Promise<Record<string, unknown>> {
    const rows = await this.db
      .select({ name: wfVariables.name, value: wfVariables.value })
      .from(wfVariables)
      .where(and(eq(wfVariables.tenantId, tenantId), eq(wfVariables.executionId, procInstId)));
    return Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));
  }

  /** Local variables of every execution of an instance (tests and the ops console). */
  async executions(tenantId: string, procInstId: string) {
    const execs = await this.db
      .select()
      .from(wfExecutions)
      .where(and(eq(wfExecutions.tenantId, tenantId), eq(wfExecutions.procInstId, procInstId)));
    const vars = await this.db.select().from(wfVariables).where(eq(wfVariables.procInstId, procInstId));
    return execs.map((e) => ({
      ...e,
      variables: Object.fromEntries(vars.filter((v) => v.executionId === e.id).map((v) => [v.name, JSON.parse(v.value) as unknown])),
    }));
  }
}

/** The form values a node lets its handler write: all when the node declares no field permissions. */
function writable(node: FlowNode, values: Record<string, unknown> = {}): Record<string, unknown> {
  const fields = node.userTask?.fields ?? [];
  if (!fields.length) return values;
  const allowed = new Set(fields.filter((f) => f.writable).map((f) => f.name));
  return Object.fromEntries(Object.entries(values).filter(([k]) => allowed.has(k)));
}

/** The subprocesses around a node, outermost first. */
function scopeChain(run: Run, node: FlowNode): FlowNode[] {
  const chain: FlowNode[] = [];
  for (let s = node.scopeId; s; s = run.node(s).scopeId) chain.unshift(run.node(s));
  return chain;
}

/** Whether `e` lies below `scope` in the execution tree. */
function isWithin(run: Run, e: ExecRow, scope: ExecRow): boolean {
  for (let p = run.parent(e); p; p = run.parent(p)) if (p.id === scope.id) return true;
  return false;
}

/** Reachability through subprocess boundaries, outside a command. */
function reachableDeep(model: ProcessModel, from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    const n = model.nodes.get(id);
    if (!n || seen.has(n.id)) continue;
    seen.add(n.id);
    const next = [...targetsOf(model, n), ...n.boundaries];
    if (n.type === 'subProcess' && n.startId) next.push(n.startId);
    if (n.outgoing.length === 0 && n.scopeId) next.push(...targetsOf(model, nodeOf(model, n.scopeId)));
    if (next.includes(to)) return true;
    stack.push(...next);
  }
  return false;
}

export type { WorkflowEventType };
