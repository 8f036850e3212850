/**
 * Batch approval (S2 L449, L471; BUSINESS.md WP1): one process instance for several approvable records of one kind
 * (a month's salary records, pending accounts). A batch row (`hjl_batch_approval`: kind, record ids, count, total
 * money, its own approval columns) carries the instance under the business key `hjl_batch_approval:<id>`; every
 * record of it follows the batch's status in the engine's transaction, exactly as a record follows its own process.
 * A kind declares its batch with the kit's `batch` option (`POST <api>/<path>` submits ids); the batches are read with
 * `GET /api/business/hjlBatchApproval/detailByProcess?processDefKey=` and `detailByProcessInstanceId?processInstanceId=`.
 */
import {
  APPROVAL_MSG,
  approvalBusinessKey,
  approvalOpen,
  approvalTitle,
  batchApprovalEntity,
  permissionCodes,
  sumMoney,
  type AuditValues,
  type EntityDef,
} from '@hjl/core';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/user.ts';
import type { EntityRepo, Row } from '../../platform/crud/repo.ts';
import { approvalColumnsOf, type EntityTable } from '../../platform/crud/table.ts';
import { fail, forbidden, notFound } from '../../platform/http/errors.ts';
import { page } from '../../platform/http/envelope.ts';
import { idField, idsField } from '../../platform/http/params.ts';
import { parseListQuery } from '../../platform/http/query.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { nextId } from '../../platform/db/ids.ts';
import { actorOf, userListField, type Tx, type WorkflowEvent } from '../workflow/api.ts';
import { batchApprovals } from './schema.ts';
import type { ApprovalServices } from './services.ts';
import { statusAfter } from './status.ts';

/** Paging only: these lists filter on named parameters of their own. */
const NO_FILTERS = { filterable: new Map(), sortable: new Set<string>(), maxSize: 1000 };

/** The `batch` option of an approvable kind: its records may be approved several at a time by one instance. */
export interface BatchOption {
  /** The process of a batch of this kind (a route key re-points it, as for single records). */
  processKey: string;
  routeKey?: string;
  /** The route under the kind's api that submits ids (`submitBatchApproval`, `submitApproval`). */
  path: string;
  /** Title template: `{userName}`, `{label}`, `{count}`, `{money}`. Default `{userName}的{label}批量审批({count}条)`. */
  title?: string;
  /**
   * The records a submit names otherwise than by `ids` (a salary month: `importMonth`), used when it sends no ids;
   * throw `fail(…)` for a bad selection.
   */
  idsOf?(user: AuthUser, body: Record<string, unknown>, query: Record<string, unknown>): Promise<string[]>;
}

interface Kind {
  def: EntityDef;
  table: EntityTable;
  repo: EntityRepo;
  option: BatchOption;
  decorateRows?: (user: AuthUser, rows: Row[]) => Promise<Row[]> | Row[];
  /** The kind's `onStatus` with each member as stored with its new status. */
  onStatus?: (tx: Tx, row: Row & AuditValues, status: number, event: WorkflowEvent) => Promise<void> | void;
}

const cols = batchApprovals;
const approvalCols = approvalColumnsOf(batchApprovals);
const BATCH_TABLE = batchApprovalEntity.table;
const codes = permissionCodes(batchApprovalEntity);
const tags = [batchApprovalEntity.label.zh];
const ids = (text: unknown) =>
  String(text ?? '')
    .split(',')
    .filter(Boolean);

export class BatchApprovals {
  private readonly kinds = new Map<string, Kind>();

  constructor(
    private readonly ctx: ModuleContext,
    private readonly services: ApprovalServices,
  ) {
    this.follow();
    this.routes();
  }

  /** A kind whose records may be batched (the kit calls it for a definition registered with `batch`). */
  add(kind: Kind) {
    this.kinds.set(kind.def.name, kind);
    const { def, option } = kind;
    const pc = permissionCodes(def);
    this.ctx.route({
      method: 'POST',
      url: `${def.api}/${option.path}`,
      summary: `${def.label.zh}批量提交审批(一个流程,ids)`,
      tags: [def.label.zh],
      requires: { code: pc.add },
      msg: '发起成功',
      body: z.looseObject({ ids: idsField().optional(), copyUser: userListField('请选择抄送人').optional() }),
      query: z.looseObject({ ids: idsField().optional() }),
      handler: async ({ user, body, query }) => {
        const list = body?.ids ?? query.ids ?? (option.idsOf ? await option.idsOf(user, body ?? {}, query) : undefined);
        if (!list?.length) throw fail('请选择要提交的数据');
        return this.start(user, def.name, list, { copyUser: body?.copyUser });
      },
    });
  }

  /** Starts one process for the caller's records `recordIds` of a kind; they must all be open (not 1 or 2). */
  async start(user: AuthUser, kindName: string, recordIds: string[], opts: { copyUser?: string[] | undefined; variables?: Record<string, unknown> } = {}) {
    const kind = this.kinds.get(kindName);
    if (!kind) throw new Error(`${kindName} has no batch approval`);
    const { def, table, repo, option } = kind;
    const t = table;
    const { wf } = this.services;
    const unique = [...new Set(recordIds)];
    const rows = (await repo.page(user, { size: String(unique.length) }, [inArray(t.id, unique)], unique.length)).records as Row[];
    if (rows.length < unique.length) throw fail(APPROVAL_MSG.missing);
    if (rows.some((r) => !approvalOpen(r.status))) throw fail('所选数据中有审批中或已通过的数据,不能再次提交');
    const amountField = def.approval?.amountField;
    const money = amountField ? sumMoney(rows.map((r) => String(r[amountField] ?? '0'))) : '0.00';
    const definition = await this.services.definitionFor(user.tenantId, option);
    const actor = actorOf(user);
    const copyUsers: string[] = [];
    for (const c of opts.copyUser ?? []) {
      const u = await wf.identity.findUser(wf.db, user.tenantId, c);
      if (!u) throw fail(`用户 ${c.slice(0, 40)} 不存在`);
      copyUsers.push(u.id);
    }
    const title = approvalTitle(option.title ?? '{userName}的{label}批量审批({count}条)', {
      userName: actor.name,
      label: def.label.zh,
      count: rows.length,
      money,
    });
    const batchId = nextId();
    const db = this.ctx.database.db;
    const out = await db.transaction(async (tx) => {
      // The records are the batch's while it starts: each still open (not taken by another batch meanwhile).
      const locked = await tx
        .select({ id: t.id, status: t.status, processInstanceId: approvalColumnsOf(table).processInstanceId })
        .from(table)
        .where(and(inArray(t.id, unique), eq(t.tenantId, user.tenantId), eq(t.isDeleted, 0)))
        .for('update');
      if (locked.length < unique.length || locked.some((r) => !approvalOpen(r.status))) throw fail('所选数据中有审批中或已通过的数据,不能再次提交');
      // An earlier instance waiting with the applicant (rejected or withdrawn to the start) ends: 重新提交.
      for (const p of new Set(locked.map((r) => r.processInstanceId).filter((x): x is string => !!x)))
        await wf.engine.closeForResubmit(user.tenantId, String(p), actor, { tx });
      await tx.insert(batchApprovals).values({
        id: batchId,
        tenantId: user.tenantId,
        createUser: user.userId,
        createDept: user.deptIds[0] ?? null,
        updateUser: user.userId,
        bizType: def.name,
        title,
        recordIds: unique.join(','),
        recordCount: unique.length,
        totalMoney: money,
      });
      return wf.engine.startProcess(user.tenantId, actor, {
        definition,
        businessKey: approvalBusinessKey(BATCH_TABLE, batchId),
        title,
        copyUsers,
        variables: { bizType: def.name, batchId, recordIds: unique, count: unique.length, money, ...opts.variables },
        tx,
      });
    });
    return {
      id: batchId,
      bizType: def.name,
      recordCount: unique.length,
      totalMoney: money,
      processInstanceId: out.processInstanceId,
      processDefinitionKey: definition.key,
      serialNumber: out.serialNumber,
      processTitle: out.title,
      tasks: out.tasks,
    };
  }

  /** The instances of the batches a record has been in (its process history), by id. */
  async instancesWith(tenantId: string, kindName: string, recordId: string): Promise<string[]> {
    const rows = await this.ctx.database.db
      .select({ p: approvalCols.processInstanceId })
      .from(batchApprovals)
      .where(
        and(eq(cols.tenantId, tenantId), eq(cols.bizType, kindName), eq(cols.isDeleted, 0), sql`',' || ${cols.recordIds} || ',' LIKE ${`%,${recordId},%`}`),
      );
    return rows.map((r) => r.p).filter((p): p is string => !!p);
  }

  /** The batch of an instance with its records (named and decorated as the kind's list), when the caller may read it. */
  async detail(user: AuthUser, processInstanceId: string) {
    const [batch] = await this.ctx.database.db
      .select()
      .from(batchApprovals)
      .where(and(eq(cols.tenantId, user.tenantId), eq(approvalCols.processInstanceId, processInstanceId), eq(cols.isDeleted, 0)))
      .limit(1);
    if (!batch) throw notFound();
    const mayAll = (await this.ctx.access.permissions(user)).has(codes.view);
    if (!mayAll && String(batch.createUser) !== user.userId && !(await this.services.queries.involved(user.tenantId, processInstanceId, user.userId)))
      throw forbidden('您没有查看该批量审批的权限');
    const kind = this.kinds.get(String(batch.bizType));
    let records: Row[] = [];
    if (kind) {
      const t = kind.table;
      const rows = (await this.ctx.database.db
        .select()
        .from(kind.table)
        .where(and(eq(t.tenantId, user.tenantId), eq(t.isDeleted, 0), inArray(t.id, ids(batch.recordIds))))) as Row[];
      const named = await kind.repo.withNames(user, rows);
      records = kind.decorateRows ? await kind.decorateRows(user, named) : named;
    }
    return { ...batch, records };
  }

  private routes() {
    const route = this.ctx.route;
    const api = batchApprovalEntity.api;
    route({
      method: 'GET',
      url: `${api}/detailByProcess`,
      summary: '按流程查询批量审批(新的在前)',
      tags,
      requires: { code: codes.view },
      query: z.looseObject({ processDefKey: z.string().max(255).optional(), current: z.string().optional(), size: z.string().optional() }),
      handler: async ({ user, query }) => {
        const where: SQL[] = [eq(cols.tenantId, user.tenantId), eq(cols.isDeleted, 0)];
        if (query.processDefKey) where.push(eq(approvalCols.processDefinitionKey, query.processDefKey));
        // current and size: positive whole numbers (else a Chinese 400), size capped at 1000.
        const { current, size } = parseListQuery({ current: query.current, size: query.size }, NO_FILTERS);
        const db = this.ctx.database.db;
        const rows = await db
          .select()
          .from(batchApprovals)
          .where(and(...where))
          .orderBy(desc(cols.createTime), desc(cols.id))
          .limit(size)
          .offset((current - 1) * size);
        const all = await db.$count(batchApprovals, and(...where));
        return page(rows, all, current, size);
      },
    });
    route({
      method: 'GET',
      url: `${api}/detailByProcessInstanceId`,
      summary: '批量审批详情(含业务数据;流程中的人员也可查看)',
      tags,
      requires: 'user',
      query: z.object({ processInstanceId: idField() }),
      handler: ({ user, query }) => this.detail(user, query.processInstanceId),
    });
  }

  /** The batch and all its records follow its instance, in the engine's transaction. */
  private follow() {
    this.services.wf.hooks.onBusinessTable(BATCH_TABLE, async (event, tx) => {
      const batchId = /:(\d+)$/.exec(event.businessKey ?? '')?.[1];
      if (!batchId) return;
      const status = statusAfter(event);
      if (status === undefined) return;
      const [batch] = await tx
        .select()
        .from(batchApprovals)
        .where(and(eq(cols.id, batchId), eq(cols.tenantId, event.tenantId)))
        .limit(1);
      if (!batch) return;
      const now = this.services.wf.zone.format(this.services.wf.clock.now());
      const changed = { status, updateTime: sql`now()` };
      const fresh =
        event.type === 'started' && !event.resubmitted
          ? {
              isDraft: 1,
              processInstanceId: event.processInstanceId,
              processDefinitionId: event.processDefinitionId,
              processDefinitionKey: event.processKey,
              submitTime: now,
            }
          : {};
      await tx
        .update(batchApprovals)
        .set({ ...changed, ...fresh })
        .where(eq(cols.id, batchId));
      const kind = this.kinds.get(String(batch.bizType));
      if (!kind) return;
      const members = ids(batch.recordIds);
      const t = kind.table;
      const rows = await tx
        .update(kind.table)
        .set({ ...changed, ...fresh })
        .where(and(inArray(t.id, members), eq(t.tenantId, event.tenantId)))
        .returning();
      const byId = new Map(rows.map((r) => [String(r.id), r as Row & AuditValues]));
      for (const id of members) {
        const row = byId.get(id);
        if (row) await kind.onStatus?.(tx, row, status, event);
      }
    });
  }
}
