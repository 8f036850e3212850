/**
 * Read side of the engine's tables for the workflow API: the paged lists (待办, 待签, 我的请求, 已办, 办结,
 * 抄送, the operations console), who may read an instance, and names of users. Every statement carries the
 * caller's tenant; filters come through the platform's list-query parser (whitelisted fields, bound values).
 * To-do and claimable tasks are inbox.ts's one definition.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/index.ts';
import { DEFAULT_EXACT_TOTAL, sqlPageTotal } from '../../../platform/crud/total.ts';
import { page } from '../../../platform/http/envelope.ts';
import { parseListQuery, type Filter, type ValueKind } from '../../../platform/http/query.ts';
import { userNameOf, userNames } from '../../user/api.ts';
import { candidateSql, inboxSql } from './inbox.ts';

/** Fields every workflow list may be filtered on (the row's camelCase names). */
const FILTERS = new Map<string, ValueKind>([
  ['processDefinitionName', 'text'],
  ['processDefinitionKey', 'text'],
  ['category', 'text'],
  ['serialNumber', 'text'],
  ['title', 'text'],
  ['taskName', 'text'],
  ['startUserName', 'text'],
  ['assigneeName', 'text'],
  ['processIsFinished', 'text'],
  ['createTime', 'datetime'],
  ['endTime', 'datetime'],
  ['startUser', 'id'],
  ['assignee', 'id'],
  ['processInstanceId', 'id'],
]);
const SORTS = new Set(['createTime', 'endTime', 'serialNumber']);
/** Exact match on these even without an operator (keys, ids, status). */
const EXACT = new Set(['processDefinitionKey', 'category', 'processIsFinished', 'startUser', 'assignee', 'processInstanceId']);

const fmt = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD HH24:MI:SS')`);
/** Real name of the user whose id is in `col` (a text column), within the row's tenant. */
export const nameOf = (col: string, tenantCol: string) => userNameOf(sql.raw(col), sql.raw(tenantCol));

/** Columns of the instance (history row h, definition d) every list row carries. */
const instanceCols = sql.raw(`h.id::text AS "processInstanceId", h.proc_def_id::text AS "processDefinitionId", h.proc_def_key AS "processDefinitionKey",
  h.proc_def_name AS "processDefinitionName", h.proc_def_version AS "processDefinitionVersion", d.category AS "category",
  h.serial_number AS "serialNumber", h.title AS "title", h.business_key AS "businessKey",
  h.start_user_id AS "startUser", h.start_user_id AS "applyUser", coalesce(h.start_user_name, '') AS "startUserName", coalesce(h.start_user_name, '') AS "applyUserName",
  to_char(h.start_time, 'YYYY-MM-DD HH24:MI:SS') AS "processCreateTime", to_char(h.end_time, 'YYYY-MM-DD HH24:MI:SS') AS "processEndTime",
  h.status AS "processIsFinished", h.delete_reason AS "deleteReason", h.suspension_state = 2 AS "suspended"`);

/** Open tasks (t) of the tenant with their instance. */
function openTasks(tenantId: string, where: SQL): SQL {
  return sql`SELECT t.id::text AS "taskId", t.name AS "taskName", t.task_def_key AS "taskDefinitionKey", t.execution_id::text AS "executionId",
      t.assignee AS "assignee", ${nameOf('t.assignee', 't.tenant_id')} AS "assigneeName", t.owner AS "owner", ${nameOf('t.owner', 't.tenant_id')} AS "ownerName",
      t.delegation AS "delegationState", ${fmt('t.create_time')} AS "createTime", ${fmt('t.claim_time')} AS "claimTime", NULL::text AS "endTime",
      ${instanceCols}
    FROM blade_wf_task t JOIN blade_wf_hi_procinst h ON h.id = t.proc_inst_id LEFT JOIN blade_wf_procdef d ON d.id = t.proc_def_id
    WHERE t.tenant_id = ${tenantId} AND ${where}`;
}

/** Names of the open tasks of instance h (for instance lists). */
const currentTasks = sql`(SELECT string_agg(DISTINCT ct.name, ',') FROM blade_wf_task ct WHERE ct.proc_inst_id = h.id) AS "taskName",
  (SELECT min(ct.id)::text FROM blade_wf_task ct WHERE ct.proc_inst_id = h.id) AS "taskId",
  (SELECT string_agg(DISTINCT coalesce(${nameOf('ct.assignee', 'ct.tenant_id')}, ct.assignee), ',')
     FROM blade_wf_task ct WHERE ct.proc_inst_id = h.id) AS "assigneeName"`;

/** Instances (h) of the tenant. */
function instances(tenantId: string, where: SQL): SQL {
  return sql`SELECT ${currentTasks}, NULL::text AS "assignee", ${fmt('h.start_time')} AS "createTime", ${fmt('h.end_time')} AS "endTime", ${instanceCols}
    FROM blade_wf_hi_procinst h LEFT JOIN blade_wf_procdef d ON d.id = h.proc_def_id
    WHERE h.tenant_id = ${tenantId} AND ${where}`;
}

export type ListKind = 'todo' | 'claim' | 'send' | 'done' | 'myDone' | 'copy' | 'opsTasks' | 'opsRunning' | 'opsDone';

export class WorkflowQueries {
  constructor(
    private readonly database: Database,
    private readonly groupsOf: (tenantId: string, userId: string) => Promise<string[]>,
    private readonly maxSize: (tenantId: string) => Promise<number>,
    /** Totals are counted exactly up to this many rows, estimated beyond (platform/crud/total.ts). */
    private readonly exactTotal = DEFAULT_EXACT_TOTAL,
  ) {}

  private async base(kind: ListKind, tenantId: string, userId: string): Promise<SQL> {
    switch (kind) {
      case 'todo':
      case 'claim':
        return openTasks(tenantId, inboxSql(kind, tenantId, userId, await this.groupsOf(tenantId, userId)));
      case 'opsTasks':
        return openTasks(tenantId, sql`true`);
      case 'send':
        return instances(tenantId, sql`h.start_user_id = ${userId}`);
      case 'opsRunning':
        return instances(tenantId, sql`h.end_time IS NULL`);
      case 'opsDone':
        return instances(tenantId, sql`h.end_time IS NOT NULL`);
      case 'myDone':
        return instances(
          tenantId,
          sql`h.end_time IS NOT NULL AND (h.start_user_id = ${userId} OR EXISTS (SELECT 1 FROM blade_wf_hi_identity_link hl
          WHERE hl.proc_inst_id = h.id AND hl.tenant_id = ${tenantId} AND hl.user_id = ${userId}))`,
        );
      case 'done':
        return sql`SELECT ht.id::text AS "taskId", ht.name AS "taskName", ht.task_def_key AS "taskDefinitionKey", ht.execution_id::text AS "executionId",
            ht.assignee AS "assignee", ${nameOf('ht.assignee', 'ht.tenant_id')} AS "assigneeName", ht.owner AS "owner", ht.delegation AS "delegationState",
            ${fmt('ht.start_time')} AS "createTime", ${fmt('ht.end_time')} AS "endTime", ${instanceCols}
          FROM blade_wf_hi_taskinst ht JOIN blade_wf_hi_procinst h ON h.id = ht.proc_inst_id LEFT JOIN blade_wf_procdef d ON d.id = ht.proc_def_id
          WHERE ht.tenant_id = ${tenantId} AND ht.assignee = ${userId} AND ht.end_time IS NOT NULL
            -- Completed, or ended by the holder's own action (reject, rollback, terminate: a comment of theirs on it);
            -- not a task cancelled under them (a branch left by a rollback, a removed countersigner).
            AND (ht.delete_reason IS NULL OR EXISTS (SELECT 1 FROM blade_wf_comment cm
              WHERE cm.task_id = ht.id AND cm.tenant_id = ht.tenant_id AND cm.user_id = ${userId}))`;
      case 'copy':
        return sql`SELECT c.id::text AS "id", c.task_id::text AS "taskId", (SELECT ht.name FROM blade_wf_hi_taskinst ht WHERE ht.id = c.task_id) AS "taskName",
            c.from_user_id AS "fromUser", ${nameOf('c.from_user_id', 'c.tenant_id')} AS "fromUserName", c.is_read AS "isRead",
            NULL::text AS "assignee", NULL::text AS "assigneeName", ${fmt('c.create_time')} AS "createTime", ${fmt('h.end_time')} AS "endTime", ${instanceCols}
          FROM blade_wf_copy c JOIN blade_wf_hi_procinst h ON h.id = c.proc_inst_id LEFT JOIN blade_wf_procdef d ON d.id = h.proc_def_id
          WHERE c.tenant_id = ${tenantId} AND c.user_id = ${userId}`;
    }
  }

  /** One page of a list, `{records,total,size,current,pages}`. */
  async page(kind: ListKind, tenantId: string, userId: string, query: Record<string, unknown>) {
    const q = parseListQuery(query, { filterable: FILTERS, sortable: SORTS, maxSize: await this.maxSize(tenantId) });
    const base = await this.base(kind, tenantId, userId);
    const conds = q.filters.map(filterOf);
    const where = conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;
    const sort = q.sort.length ? q.sort : [{ field: 'createTime', dir: 'desc' as const }];
    const order = sql.raw(
      sort
        .map((s) => `x."${s.field}" ${s.dir === 'asc' ? 'ASC' : 'DESC'} NULLS LAST`)
        .concat(kind === 'copy' ? ['x."id" DESC'] : ['x."processInstanceId" DESC', 'x."taskId" DESC NULLS LAST'])
        .join(', '),
    );
    const offset = (q.current - 1) * q.size;
    const records = await this.database.rows<Record<string, unknown>>(
      sql`SELECT * FROM (${base}) x ${where} ORDER BY ${order} LIMIT ${q.size} OFFSET ${offset}`,
    );
    const { total, estimated } = await sqlPageTotal(
      this.database,
      sql`SELECT 1 FROM (${base}) x ${where}`,
      { offset, size: q.size, onPage: records.length },
      this.exactTotal,
    );
    return page(records, total, q.current, q.size, estimated);
  }

  /**
   * Whether the user may read the instance: started it, took part (history links, tasks held or owned), got a
   * copy, or is a candidate of an open task.
   */
  async involved(tenantId: string, procInstId: string, userId: string): Promise<boolean> {
    const groups = await this.groupsOf(tenantId, userId);
    const [r] = await this.database.rows<{ ok: boolean }>(sql`SELECT (
        EXISTS (SELECT 1 FROM blade_wf_hi_procinst h WHERE h.id = ${procInstId} AND h.tenant_id = ${tenantId} AND h.start_user_id = ${userId})
        OR EXISTS (SELECT 1 FROM blade_wf_hi_identity_link hl WHERE hl.proc_inst_id = ${procInstId} AND hl.tenant_id = ${tenantId} AND hl.user_id = ${userId})
        OR EXISTS (SELECT 1 FROM blade_wf_hi_taskinst ht WHERE ht.proc_inst_id = ${procInstId} AND ht.tenant_id = ${tenantId} AND (ht.assignee = ${userId} OR ht.owner = ${userId}))
        OR EXISTS (SELECT 1 FROM blade_wf_copy c WHERE c.proc_inst_id = ${procInstId} AND c.tenant_id = ${tenantId} AND c.user_id = ${userId})
        OR EXISTS (SELECT 1 FROM blade_wf_task t WHERE t.proc_inst_id = ${procInstId} AND t.tenant_id = ${tenantId} AND ${candidateSql(tenantId, userId, groups)})
      ) AS ok`);
    return r?.ok === true;
  }

  /** Real names of users by id (ids that are not users keep no name). */
  names(tenantId: string, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
    return userNames(this.database.db, tenantId, ids);
  }
}

function filterOf(f: Filter): SQL {
  const c = sql.raw(`x."${f.field}"`);
  const v = f.value;
  const textLike = (x: string) => `%${x.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const dateCol = sql.raw(`(x."${f.field}")::timestamp`);
  switch (f.op) {
    case 'default':
      return f.kind === 'text' && !EXACT.has(f.field) ? sql`${c} LIKE ${textLike(String(v))}` : sql`${c} = ${String(v)}`;
    case 'equal':
      return sql`${c} = ${String(v)}`;
    case 'notequal':
      return sql`${c} IS DISTINCT FROM ${String(v)}`;
    case 'like':
      return sql`${c} LIKE ${textLike(String(v))}`;
    case 'notlike':
      return sql`${c} NOT LIKE ${textLike(String(v))}`;
    case 'gt':
      return f.kind === 'datetime' ? sql`${dateCol} > ${String(v)}::timestamp` : sql`${c} > ${String(v)}`;
    case 'lt':
      return f.kind === 'datetime' ? sql`${dateCol} < ${String(v)}::timestamp` : sql`${c} < ${String(v)}`;
    case 'dategt':
      return sql`${dateCol} > ${String(v)}::timestamp`;
    case 'datelt':
      return sql`${dateCol} < ${String(v)}::timestamp`;
    case 'dateequal':
      return sql`${dateCol}::date = ${String(v)}::date`;
    case 'null':
      return sql`${c} IS NULL`;
    case 'notnull':
      return sql`${c} IS NOT NULL`;
  }
}
