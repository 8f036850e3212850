/**
 * Notifications of the top bar, built from real rows of the caller's tenant:
 * - notice (通知): the tenant's notices (blade_notice);
 * - message (消息): the user's to-dos (the workflow's one to-do rule: assigned, or claimable as a candidate) and
 *   urges sent to them;
 * - mail (邮件): process copies sent to them.
 * The workflow items come from the workflow module (`engine.notificationItems`), which owns its tables. Whether
 * the user has read an item is kept in blade_notification_read.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { DEFAULT_EXACT_TOTAL, sqlPageTotal } from '../../platform/crud/total.ts';
import { nextId } from '../../platform/db/ids.ts';
import { page } from '../../platform/http/envelope.ts';
import { noticeNotificationsSql } from '../desk/api.ts';
import { userNameOf } from '../user/api.ts';

export const CATEGORIES = ['mail', 'message', 'notice'] as const;
export type Category = (typeof CATEGORIES)[number];
export const TYPES = ['notice', 'todo', 'urge', 'copy'] as const;
export type NotificationType = (typeof TYPES)[number];

export interface Notification {
  /** `type:sourceId`, e.g. `todo:912578668827439104`. */
  id: string;
  type: NotificationType;
  category: Category;
  sourceId: string;
  title: string;
  content: string;
  /** Who caused it (the urging or copying user), or empty. */
  fromUserName: string;
  /** yyyy-MM-dd HH:mm:ss */
  time: string;
  /** For workflow events: the process instance (and task) it concerns. */
  processInstanceId: string | null;
  taskId: string | null;
  read: boolean;
}

export interface UnreadCounts {
  mail: number;
  message: number;
  notice: number;
  total: number;
}

const fmt = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD HH24:MI:SS')`);
/** The workflow items of a user (the workflow module's `engine.notificationItems`: to-dos by the engine's inbox rule, urges, copies). */
export type WorkflowItems = (tenantId: string, userId: string) => Promise<SQL>;

/** Every notification of the user, unordered; `ts` orders them. */
function allOf(tenantId: string, workflowItems: SQL | null): SQL {
  const notices = noticeNotificationsSql(tenantId);
  if (!workflowItems) return notices;
  // A to-do is titled by its process and task, an urge and a copy by their process and title.
  return sql`${notices}
    UNION ALL
    SELECT w.kind, CASE WHEN w.kind = 'copy' THEN 'mail' ELSE 'message' END, w."sourceId",
      CASE WHEN w.kind = 'todo' THEN concat_ws(' · ', w."processDefinitionName", w."taskName") ELSE concat_ws(' · ', w."processDefinitionName", w.title) END,
      CASE WHEN w.kind = 'todo' THEN coalesce(w.title, '') ELSE coalesce(w.message, '') END,
      coalesce(${userNameOf(sql.raw('w."fromUserId"'), sql`${tenantId}`)}, ''),
      w.time, w."processInstanceId", w."taskId"
    FROM (${workflowItems}) w`;
}

/** The notifications with their read flag. */
function withRead(tenantId: string, userId: string, workflowItems: SQL | null): SQL {
  return sql`SELECT x.type || ':' || x."sourceId" AS id, x.*, ${fmt('x.ts')} AS time,
      EXISTS (SELECT 1 FROM blade_notification_read r WHERE r.tenant_id = ${tenantId} AND r.user_id = ${userId}
        AND r.type = x.type AND r.source_id = x."sourceId"::bigint) AS read
    FROM (${allOf(tenantId, workflowItems)}) x`;
}

export class NotificationService {
  constructor(
    private readonly database: Database,
    private readonly workflowItems?: WorkflowItems,
    /** Totals are counted exactly up to this many rows, estimated beyond (platform/crud/total.ts). */
    private readonly exactTotal = DEFAULT_EXACT_TOTAL,
  ) {}

  private async base(tenantId: string, userId: string) {
    return withRead(tenantId, userId, this.workflowItems ? await this.workflowItems(tenantId, userId) : null);
  }

  async page(tenantId: string, userId: string, opts: { category?: Category; unread?: boolean; current: number; size: number }) {
    const conds: SQL[] = [];
    if (opts.category) conds.push(sql`y.category = ${opts.category}`);
    if (opts.unread) conds.push(sql`NOT y.read`);
    const where = conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;
    const base = await this.base(tenantId, userId);
    const offset = (opts.current - 1) * opts.size;
    const rows = await this.database.rows<Notification & { ts: unknown }>(
      sql`SELECT * FROM (${base}) y ${where} ORDER BY y.ts DESC, y."sourceId" DESC LIMIT ${opts.size} OFFSET ${offset}`,
    );
    const { total, estimated } = await sqlPageTotal(
      this.database,
      sql`SELECT 1 FROM (${base}) y ${where}`,
      { offset, size: opts.size, onPage: rows.length },
      this.exactTotal,
    );
    const records = rows.map(({ ts: _ts, ...r }) => r);
    return page(records, total, opts.current, opts.size, estimated);
  }

  async unreadCounts(tenantId: string, userId: string): Promise<UnreadCounts> {
    const rows = await this.database.rows<{ category: Category; n: number }>(
      sql`SELECT y.category, count(*)::int AS n FROM (${await this.base(tenantId, userId)}) y WHERE NOT y.read GROUP BY y.category`,
    );
    const counts: UnreadCounts = { mail: 0, message: 0, notice: 0, total: 0 };
    for (const r of rows) {
      counts[r.category] = r.n;
      counts.total += r.n;
    }
    return counts;
  }

  /**
   * Marks notifications read: the given ids (`type:sourceId`), or every unread one of a category. Answers the
   * ids that are not the user's notifications (nothing is marked then).
   */
  async markRead(tenantId: string, userId: string, target: { ids: string[] } | { category?: Category }): Promise<string[]> {
    const base = await this.base(tenantId, userId);
    let rows: { type: string; sourceId: string }[];
    if ('ids' in target) {
      rows = await this.database.rows(
        sql`SELECT y.type, y."sourceId" FROM (${base}) y WHERE y.id IN (${sql.join(
          target.ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
      const found = new Set(rows.map((r) => `${r.type}:${r.sourceId}`));
      const missing = target.ids.filter((i) => !found.has(i));
      if (missing.length) return missing;
    } else {
      const cat = target.category ? sql`AND y.category = ${target.category}` : sql``;
      rows = await this.database.rows(sql`SELECT y.type, y."sourceId" FROM (${base}) y WHERE NOT y.read ${cat}`);
    }
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await this.database.rows(sql`INSERT INTO blade_notification_read (id, tenant_id, user_id, type, source_id)
        VALUES ${sql.join(
          chunk.map((r) => sql`(${nextId()}, ${tenantId}, ${userId}, ${r.type}, ${r.sourceId})`),
          sql`, `,
        )}
        ON CONFLICT (tenant_id, user_id, type, source_id) DO NOTHING`);
    }
    return [];
  }
}
