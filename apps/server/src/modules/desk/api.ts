/**
 * What other modules may use of the desk module (the only file of it they import): its notices as rows of
 * the notification list.
 */
import { sql, type SQL } from 'drizzle-orm';
import { notices } from './schema.ts';

/**
 * The tenant's live notices as notification rows (type, category, sourceId, title, content, fromUserName,
 * ts, processInstanceId, taskId): the notices part of the notification list (notification/service.ts).
 */
export function noticeNotificationsSql(tenantId: string): SQL {
  return sql`
    SELECT 'notice' AS type, 'notice' AS category, n.id::text AS "sourceId", n.title AS title, left(coalesce(n.content, ''), 200) AS content,
      '' AS "fromUserName", n.release_time::timestamp AS ts, NULL::text AS "processInstanceId", NULL::text AS "taskId"
    FROM ${notices} n WHERE n.tenant_id = ${tenantId} AND n.is_deleted = 0`;
}
