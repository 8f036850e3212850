/**
 * The approval kit: what an approvable definition (`EntityDef.approval`) gets with no code of its own — the entity
 * routes, `POST <api>/start` (save and start in one transaction, 重新提交 of a record at 3 or 6 as a new instance),
 * the status following its process inside the engine's transaction, business forms of process steps
 * (`finalStep`), `GET <api>/get/process_his/{id}`, and the record readable by the people in its process.
 * docs/business-area.md "An approvable record" shows it with leave as the example.
 */
import {
  maskSecrets,
  SECRET_MASK,
  APPROVAL_MSG,
  approvalBusinessKey,
  approvalOpen,
  approvalTitle,
  permissionCodes,
  submitSchema,
  type ApprovalDef,
  type AuditValues,
  type EntityDef,
  type FieldDef,
  type RowOf,
} from '@hjl/core';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Row } from '../../platform/crud/repo.ts';
import { registerEntityRoutes, type EntityHooks } from '../../platform/crud/routes.ts';
import { approvalColumnsOf, type EntityTable } from '../../platform/crud/table.ts';
import { fail, forbidden, notFound } from '../../platform/http/errors.ts';
import { page } from '../../platform/http/envelope.ts';
import { parseListQuery } from '../../platform/http/query.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { parseOrFail } from '../../platform/http/route.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { actorOf, attachmentsField, idField, startFilesVariable, userListField, type Tx, type WorkflowEvent } from '../workflow/api.ts';
import type { BatchApprovals, BatchOption } from './batch.ts';
import type { ApprovalServices } from './services.ts';
import { statusAfter } from './status.ts';

/**
 * A record of the definition as stored, typed by its fields (`RowOf`); a loose row for a definition known only at
 * run time (a test's, or an area registering several alike).
 */
export type StoredRow<D extends EntityDef> = EntityDef extends D ? Row & AuditValues : RowOf<D>;
/** A record about to be started: the fields sent, over the stored ones on 重新提交; `beforeStart` completes it. */
export type StartRecord<D extends EntityDef> = EntityDef extends D ? Row : Partial<RowOf<D>> & Row;

/** A business form of a process step (the cashier's payment information at the last node: `finalStep`). */
export interface StepForm<D extends EntityDef = EntityDef> {
  /** Fields of the record the step writes (fields of the definition): validated like a submit, saved with the approval. */
  fields: string[];
  /** Those that must be filled (their `required` message, else `请填写<label>`). */
  required?: string[];
  /** Further checks of the values with the record as stored: the messages of what is wrong (none: fine). */
  check?(values: StartRecord<D>, record: StoredRow<D>): string[] | Promise<string[]>;
}

/** What an area adds to an approvable definition (all optional). */
export interface ApprovalOptions<D extends EntityDef = EntityDef> extends EntityHooks<D> {
  /**
   * Checks and completes a record about to be started (computed fields, references); throw `fail(...)` to refuse.
   * `current` is the stored record on 重新提交.
   */
  beforeStart?(user: AuthUser, record: StartRecord<D>, current: StoredRow<D> | undefined, body: Row): Promise<void> | void;
  /**
   * Runs in the start's transaction once the record is written, before its process starts: rows that belong to
   * the record (a claim's lines) written with it, or checks under a lock. `body` is the validated start body,
   * with the keys of `extraBody`.
   */
  startWith?(tx: Tx, user: AuthUser, id: string, record: StartRecord<D>, body: Row): Promise<void> | void;
  /** The process a record starts when it is not the definition's (a payment of a refund starts the refund's payment process). */
  processFor?(user: AuthUser, record: StartRecord<D>): Pick<ApprovalDef, 'processKey' | 'routeKey'> | undefined;
  /** Process variables besides the record's fields, `businessId` and `money`. */
  variables?(user: AuthUser, record: StartRecord<D>): Record<string, unknown>;
  /**
   * Business forms of process steps by name: a task completes at a node whose form key ends with the name
   * (`/workflow/applyPayment/finalStep`) or whose id is the name; approved, the values sent with it (`variables`)
   * are validated and saved on the record in the completion's transaction, else it is refused.
   */
  steps?: Record<string, StepForm<D>>;
  /** Conditions narrowing the list (and who else may read or remove) beyond the data scope: e.g. one's own requests. */
  visible?(user: AuthUser): Promise<SQL[]> | SQL[];
  /**
   * Inside the engine's transaction after the record's status changed (an approved payment writes the ledger …):
   * `row` is the record as stored with its new status.
   */
  onStatus?(tx: Tx, row: StoredRow<D>, status: number, event: WorkflowEvent): Promise<void> | void;
  /** The same routes under further prefixes (BladeX answers some calls under two services). */
  alsoAt?: string[];
  /** Records of this kind may also be approved several at a time by one instance (batch.ts). */
  batch?: BatchOption;
  /** The repository of the parent records (EntityDef.parent): the records are confined to parents the caller may see. */
  parent?: EntityRepo;
  /** More urls of the start route, where the specs name it otherwise (a project's `start/two/audit`). */
  startAt?: string[];
  /**
   * Process instances of other records that belong to this one (a project's reviews, seals and quality checks),
   * listed in its `get/process_his/{id}` with its own.
   */
  relatedInstances?(tenantId: string, id: string): Promise<string[]>;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const startExtras = z.looseObject({
  copyUser: userListField('请选择抄送人').optional(),
  processDefinitionId: idField.optional(),
  attachment: attachmentsField.optional(),
});
const idQuery = z.object({ id: idField.optional(), businessId: idField.optional(), processInstanceId: idField.optional() });
const hisParams = z.object({ id: idField });
const hisQuery = z.looseObject({ current: z.string().optional(), size: z.string().optional() });
const HIS_PAGING = { filterable: new Map(), sortable: new Set<string>(), maxSize: 10_000 };

/** Registers an approvable definition: its routes, start, history and status following; answers its repository. */
export function registerApprovable<D extends EntityDef>(
  ctx: ModuleContext,
  services: ApprovalServices,
  batches: BatchApprovals,
  def: D,
  typedTable: EntityTable<D>,
  opts: ApprovalOptions<D> = {},
  starters?: Map<string, (user: AuthUser, body: unknown) => Promise<Row>>,
): EntityRepo<D> {
  if (!def.approval) throw new Error(`${def.name} declares no approval`);
  const approval: ApprovalDef = def.approval;
  // Queries below name columns by key at run time: the table is used loosely here, the rows typed where they leave.
  const table: EntityTable = typedTable;
  const { wf } = services;
  const codes = permissionCodes(def);
  const tags = [def.label.zh];
  const repo = ctx.repo(def, table, opts.parent);
  const cols = table;
  const approvalCols = approvalColumnsOf(table);
  const db = ctx.database.db;
  const fieldNames = Object.keys(def.fields);
  const secretNames = fieldNames.filter((f) => (def.fields[f] as FieldDef).secret);
  const businessKey = (id: string) => approvalBusinessKey(def.table, id);

  const visibleConds = async (user: AuthUser) => (opts.visible ? await opts.visible(user) : []);

  /** The record with `where` when the caller may read it: in their scope (with the menu code), or in its process. */
  /**
   * Every instance a record has had, newest first: its own (business key), those of the batches it was in and
   * those of the records that belong to it (relatedInstances).
   */
  const instancesOf = async (tenantId: string, id: string) => {
    const own = await wf.engine.instancesOf(tenantId, businessKey(id));
    const inBatches = [];
    for (const p of [...(await batches.instancesWith(tenantId, def.name, id)), ...((await opts.relatedInstances?.(tenantId, id)) ?? [])]) {
      const h = await wf.engine.processInstance(tenantId, p);
      if (h) inBatches.push(h);
    }
    return [...own, ...inBatches].sort((a, b) => b.startTime.localeCompare(a.startTime) || (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
  };

  const readable = async (user: AuthUser, where: SQL[]): Promise<Row> => {
    const granted = await ctx.access.permissions(user);
    if (granted.has(codes.view)) {
      const row = await repo.find(user, [...where, ...(await visibleConds(user))]);
      if (row) return row;
    }
    const [row] = await db
      .select()
      .from(table)
      .where(and(eq(cols.tenantId, user.tenantId), eq(cols.isDeleted, 0), ...where))
      .limit(1);
    if (!row) throw notFound();
    for (const i of await instancesOf(user.tenantId, String(row.id))) if (await services.queries.involved(user.tenantId, i.id, user.userId)) return row as Row;
    throw forbidden('您没有查看该数据的权限');
  };

  const formSchema = submitSchema(def, opts.extraBody);

  // Lists and details are the kit's (the people in a record's process read it; `visible`); the rest is generic.
  for (const api of [def.api, ...(opts.alsoAt ?? [])]) registerRoutes(api);
  function registerRoutes(api: string) {
    const generic = ctx.repo({ ...def, api, routes: def.routes.filter((r) => r !== 'list' && r !== 'page' && r !== 'detail') }, table, opts.parent);
    /** The start route, also at the urls of `startAt`. */
    const startRoute: typeof ctx.route = (o) => {
      for (const url of [o.url, ...(api === def.api ? (opts.startAt ?? []) : [])]) ctx.route({ ...o, url });
    };
    registerEntityRoutes(ctx.route, generic, ctx.access, {
      ...opts,
      async beforeRemove(user, ids) {
        if (opts.visible) {
          // Records of the caller's scope that are not theirs are refused (ids of nobody: the remove answers).
          const count = (extra: SQL[]) => repo.count(user, [inArray(cols.id, ids), ...extra]);
          if ((await count(await opts.visible(user))) < (await count([]))) throw forbidden('只能删除自己的数据');
        }
        await opts.beforeRemove?.(user, ids);
      },
    });

    if (def.routes.includes('list') || def.routes.includes('page')) {
      for (const r of def.routes.filter((x) => x === 'list' || x === 'page')) {
        ctx.route({
          method: 'GET',
          url: `${api}/${r}`,
          summary: `${def.label.zh}分页`,
          tags,
          requires: { code: codes.view },
          query: z.looseObject({ current: z.string().optional(), size: z.string().optional() }),
          handler: async ({ user, req }) => {
            const p = await repo.page(user, req.query as Record<string, unknown>, await visibleConds(user));
            const named = await repo.withNames(user, p.records);
            const records = opts.decorateRows ? await opts.decorateRows(user, named) : named;
            return { ...p, records: records.map((r) => maskSecrets(def, r)) };
          },
        });
      }
    }

    if (def.routes.includes('detail')) {
      ctx.route({
        method: 'GET',
        url: `${api}/detail`,
        summary: `${def.label.zh}详情(id、businessId 或 processInstanceId;流程中的人员也可查看)`,
        tags,
        requires: 'user',
        query: idQuery,
        handler: async ({ user, query }) => {
          const id = query.id ?? query.businessId;
          if (!id && !query.processInstanceId) throw fail('缺少必要的请求参数: id');
          const row = await readable(user, id ? [eq(cols.id, id)] : [eq(approvalCols.processInstanceId, query.processInstanceId)]);
          const named = firstRow(await repo.withNames(user, [row]), `${def.table} detail names`);
          const decorated = maskSecrets(def, opts.decorate ? await opts.decorate(user, named) : named);
          const procInstId = row.processInstanceId ? String(row.processInstanceId) : null;
          const proc = procInstId ? await wf.engine.processInstance(user.tenantId, procInstId) : null;
          const tasks = procInstId && proc && !proc.endTime ? await wf.engine.tasks(user.tenantId, procInstId) : [];
          return {
            ...decorated,
            businessKey: businessKey(String(row.id)),
            processIsFinished: proc?.status ?? null,
            serialNumber: proc?.serialNumber ?? null,
            tasks: tasks.map((t) => ({ taskId: t.id, taskName: t.name, taskDefinitionKey: t.taskDefKey, assignee: t.assignee })),
          };
        },
      });
    }

    ctx.route({
      method: 'GET',
      url: `${api}/get/process_his/:id`,
      summary: `${def.label.zh}审批历史(每次提交的流程,新的在前,含流转记录)`,
      tags,
      requires: 'user',
      query: hisQuery,
      handler: async ({ user, req }) => {
        const { id } = parseOrFail(hisParams, req.params);
        await readable(user, [eq(cols.id, id)]);
        const all = await instancesOf(user.tenantId, id);
        // The specs fetch it whole (current 1, size 10000, S1 L128); bad paging is a Chinese 400.
        const q = req.query as { current?: string; size?: string };
        const { current, size } = parseListQuery({ current: q.current, size: q.size }, HIS_PAGING);
        const slice = all.slice((current - 1) * size, current * size);
        const records = [];
        for (const p of slice) {
          records.push({
            processInstanceId: p.id,
            processDefinitionId: p.procDefId,
            processDefinitionKey: p.procDefKey,
            processDefinitionName: p.procDefName,
            processDefinitionVersion: p.procDefVersion,
            serialNumber: p.serialNumber,
            title: p.title,
            startUser: p.startUserId,
            startUserName: p.startUserName,
            startTime: p.startTime,
            endTime: p.endTime,
            processIsFinished: p.status,
            deleteReason: p.deleteReason,
            flow: await services.history.timeline(user.tenantId, p.id),
          });
        }
        return page(records, all.length, current, size);
      },
    });

    startRoute({
      method: 'POST',
      url: `${api}/start`,
      summary: `${def.label.zh}保存并提交审批(带 id: 驳回或撤回后重新提交)`,
      tags,
      requires: { code: codes.add },
      msg: '发起成功',
      handler: ({ user, req }) => start(user, req.body),
    });
  }

  /** Saves and starts a record (the start route's work; also `ApprovalKit.start` for an area's own route). */
  async function start(user: AuthUser, body: unknown): Promise<Row> {
    const form = parseOrFail(formSchema, body) as Row & { id?: string };
    const extra = parseOrFail(startExtras, body);
    // A secret sent back as the mask the form was given means "unchanged" (as on submit).
    for (const name of secretNames) if (form[name] === SECRET_MASK) delete form[name];
    let current: StoredRow<D> | undefined;
    if (form.id) {
      current = (await repo.find(user, [eq(cols.id, form.id)])) as StoredRow<D> | undefined;
      if (!current) throw fail(APPROVAL_MSG.missing);
      const owner = String(current[def.owner ?? 'createUser'] ?? current.createUser);
      if (owner !== user.userId && String(current.createUser) !== user.userId) throw forbidden('只能提交自己的数据');
      if (!approvalOpen(current.status)) throw fail(APPROVAL_MSG.noStart);
    }
    // The one place a start's loose body becomes the definition's record (the fields are validated above).
    const values: Row = {};
    for (const f of fieldNames) {
      const v = form[f] !== undefined ? form[f] : (current as Row | undefined)?.[f];
      if (v !== undefined) values[f] = v;
    }
    const record = values as StartRecord<D>;
    for (const [name, field] of Object.entries(def.fields as Record<string, FieldDef>)) if (field.required && blank(record[name])) throw fail(field.required);
    // The area's checks of a write hold for a start as for a submit, then its start checks.
    await opts.beforeWrite?.(user, record, current ? String(current.id) : undefined, { body: form, raw: body });
    await opts.beforeStart?.(user, record, current, form);
    // Secrets stay in the record: never in process variables (the process detail shows them) or the title.
    const open = Object.fromEntries(Object.entries(record).filter(([k]) => !secretNames.includes(k)));
    const definition = await services.definitionFor(user.tenantId, opts.processFor?.(user, record) ?? approval, extra.processDefinitionId);
    const copyUsers: string[] = [];
    for (const c of extra.copyUser ?? []) {
      const u = await wf.identity.findUser(wf.db, user.tenantId, c);
      if (!u) throw fail(`用户 ${c.slice(0, 40)} 不存在`);
      copyUsers.push(u.id);
    }
    const prepared = await repo.prepareWrite(user, record, current ? String(current.id) : undefined);
    const id = prepared.id;
    const actor = actorOf(user);
    const variables = {
      ...open,
      businessId: id,
      // The amount the models' threshold gateways read (`${money > 50000}`); 0 for a kind without one.
      money: approval.amountField ? String(record[approval.amountField] ?? '0') : '0',
      ...opts.variables?.(user, record),
      ...startFilesVariable(extra.attachment),
    };
    const title = approvalTitle(approval.title, { ...open, userName: actor.name, label: def.label.zh });
    const out = await db.transaction(async (tx) => {
      if (current) {
        // The record is ours while it starts: a concurrent start or change waits, then finds it under approval.
        const [locked] = await tx
          .select({ status: cols.status })
          .from(table)
          .where(and(eq(cols.id, id), eq(cols.tenantId, user.tenantId), eq(cols.isDeleted, 0)))
          .for('update');
        if (!locked || !approvalOpen(locked.status)) throw fail(APPROVAL_MSG.noStart);
        // Rejected or withdrawn back to the applicant, its instance still waits at the start: it ends (重新提交).
        if (current.processInstanceId) await wf.engine.closeForResubmit(user.tenantId, String(current.processInstanceId), actor, { tx });
      }
      await prepared.write(tx);
      await opts.inTransaction?.(tx, user, { op: prepared.insert ? 'insert' : 'update', id, values: prepared.values });
      await opts.startWith?.(tx, user, id, record, form);
      return wf.engine.startProcess(user.tenantId, actor, { definition, businessKey: businessKey(id), variables, title, copyUsers, tx });
    });
    await opts.afterWrite?.(user, { op: prepared.insert ? 'insert' : 'update', ids: [id] });
    return {
      ...maskSecrets(def, record),
      id,
      processInstanceId: out.processInstanceId,
      processDefinitionId: out.processDefinitionId,
      processDefinitionKey: definition.key,
      serialNumber: out.serialNumber,
      processTitle: out.title,
      tasks: out.tasks,
    };
  }
  starters?.set(def.name, start);

  const onStatus = opts.onStatus;
  if (opts.batch)
    batches.add({
      def,
      table,
      repo: repo as EntityRepo,
      option: opts.batch,
      decorateRows: opts.decorateRows as never,
      onStatus: onStatus && ((tx, row, status, event) => onStatus(tx, row as StoredRow<D>, status, event)),
    });

  // The record follows its process (whatever model its route key names), in the engine's transaction.
  wf.hooks.onBusinessTable(def.table, async (event, tx) => {
    const id = /:(\d+)$/.exec(event.businessKey ?? '')?.[1];
    if (!id) return;
    const where = and(eq(cols.id, id), eq(cols.tenantId, event.tenantId));
    if (event.type === 'taskCompleted') {
      if (event.pass) await saveStep(tx, event, where);
      return;
    }
    const status = statusAfter(event);
    if (status === undefined) return;
    const fresh = event.type === 'started' && !event.resubmitted;
    const [row] = await tx
      .update(table)
      .set({
        status,
        updateTime: sql`now()`,
        ...(fresh
          ? {
              isDraft: 1,
              processInstanceId: event.processInstanceId,
              processDefinitionId: event.processDefinitionId,
              processDefinitionKey: event.processKey,
              submitTime: wf.zone.format(wf.clock.now()),
            }
          : {}),
      })
      .where(where)
      .returning();
    if (row) await opts.onStatus?.(tx, row as StoredRow<D>, status, event);
  });

  /** A step's business form: validated and saved on the record, or the completion is refused with its messages. */
  async function saveStep(tx: Tx, event: WorkflowEvent, where: SQL | undefined) {
    if (!opts.steps) return;
    const model = await wf.engine.model(event.processDefinitionId, tx);
    const node = model.nodes.get(event.taskDefinitionKey ?? '');
    const formKey = node?.userTask?.formKey ?? '';
    const found = Object.entries(opts.steps).find(([n]) => formKey === n || formKey.endsWith(`/${n}`) || node?.id === n);
    if (!found) return;
    const [, step] = found;
    const given = event.variables ?? {};
    const values: Row = Object.fromEntries(step.fields.filter((f) => given[f] !== undefined).map((f) => [f, given[f]]));
    const fields = Object.fromEntries(
      step.fields.flatMap((f) => {
        const field = def.fields[f];
        return field ? [[f, { ...field, required: undefined }] as const] : [];
      }),
    );
    const messages: string[] = [];
    for (const f of step.required ?? []) if (blank(values[f])) messages.push(def.fields[f]?.required ?? `请填写${def.fields[f]?.label.zh ?? f}`);
    const parsed = submitSchema({ ...def, fields }).safeParse(values);
    if (!parsed.success) messages.push(...parsed.error.issues.map((i) => i.message));
    const [record] = await tx.select().from(table).where(where).limit(1);
    if (!record) throw fail(APPROVAL_MSG.missing);
    const clean = (parsed.success ? parsed.data : {}) as StartRecord<D>;
    if (!messages.length && step.check) messages.push(...(await step.check(clean, record as StoredRow<D>)));
    if (messages.length) throw fail([...new Set(messages)].join(' | '));
    const set = Object.fromEntries(Object.entries(clean).filter(([k, v]) => step.fields.includes(k) && v !== undefined));
    if (Object.keys(set).length) await tx.update(table).set(set).where(where);
  }

  return repo;
}
