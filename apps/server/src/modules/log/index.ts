/**
 * /api/blade-log: the usual, API and error logs (platform/logs writes them). Lists are paged, newest first,
 * with filters on serviceId, requestUri and createTime (createTime_dategt / _datelt) among others. A caller
 * sees the logs of their own tenant; the platform administrator sees every tenant's (and may filter by
 * tenantId).
 *
 * POST /api/blade-log/error/upload takes the error log the web app kept in the browser (uncaught UI errors,
 * spec 2 section 8) and stores each entry as an error log of service `hjl-web` under the caller's tenant and
 * account, so they show in the error-log list next to the server's.
 */
import { and, desc, asc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { idField } from '../../platform/http/params.ts';
import { isPlatformAdmin, type AuthUser } from '../../platform/auth/user.ts';
import { filterSql } from '../../platform/crud/repo.ts';
import { fromWhere } from '../../platform/crud/statements.ts';
import { pageTotal } from '../../platform/crud/total.ts';
import { page } from '../../platform/http/envelope.ts';
import { nextId } from '../../platform/db/ids.ts';
import { notFound } from '../../platform/http/errors.ts';
import { parseListQuery, type ValueKind } from '../../platform/http/query.ts';
import { apiLog, errorLog, usualLog } from '../../platform/logs/schema.ts';
import type { ModuleContext } from '../../platform/module.ts';

interface LogKind {
  kind: 'usual' | 'api' | 'error';
  label: string;
  table: PgTable;
  /** Filters beyond the common ones. */
  filters: Record<string, ValueKind>;
  /** Columns left out of list rows (large); the detail has them. */
  heavy: string[];
}

const KINDS: LogKind[] = [
  { kind: 'usual', label: '通用日志', table: usualLog, filters: { logId: 'text', logLevel: 'text' }, heavy: [] },
  { kind: 'api', label: '接口日志', table: apiLog, filters: { title: 'text', statusCode: 'int', type: 'text' }, heavy: [] },
  { kind: 'error', label: '错误日志', table: errorLog, filters: { exceptionName: 'text' }, heavy: ['stackTrace'] },
];

const COMMON: Record<string, ValueKind> = {
  serviceId: 'text',
  requestUri: 'text',
  method: 'text',
  remoteIp: 'text',
  createBy: 'text',
  serverHost: 'text',
  createTime: 'datetime',
  requestId: 'text',
};

/** Most entries one upload takes (the browser keeps fewer). */
export const MAX_CLIENT_ERRORS = 200;
const text = (max: number) => z.string({ message: '请求参数类型错误' }).transform((s) => s.slice(0, max));
const clientError = z.object({
  type: text(255).default('error'),
  message: text(4000).default(''),
  stack: text(20000).default(''),
  info: text(2000).default(''),
  url: text(255).default(''),
  time: text(32).default(''),
  version: text(64).default(''),
});
const clientErrors = z
  .array(clientError, { message: '请上传错误日志' })
  .min(1, '没有可上传的错误日志')
  .max(MAX_CLIENT_ERRORS, `一次最多上传${MAX_CLIENT_ERRORS}条错误日志`);

export function registerLog(ctx: ModuleContext) {
  const { route, database, params, config } = ctx;
  const db = database.db;

  for (const k of KINDS) {
    const columns = getTableColumns(k.table) as Record<string, PgColumn>;
    const col = (name: string) => {
      const c = columns[name];
      if (!c) throw new Error(`log table has no column ${name}`);
      return c;
    };
    const listColumns = Object.fromEntries(Object.entries(columns).filter(([n]) => !k.heavy.includes(n)));
    const baseFilters = new Map(Object.entries({ ...COMMON, ...k.filters }));
    const adminFilters = new Map([...baseFilters, ['tenantId', 'text' as ValueKind]]);
    const sortable = new Set(['createTime', 'id']);
    const tenantScope = (user: AuthUser): SQL[] => (isPlatformAdmin(user) ? [] : [eq(col('tenantId'), user.tenantId)]);

    route({
      method: 'GET',
      url: `/api/blade-log/${k.kind}/list`,
      summary: `${k.label}分页`,
      tags: [k.label],
      requires: { code: `log_${k.kind}` },
      handler: async ({ user, req }) => {
        const maxSize = await params.getInt(user.tenantId, 'page.maxSize', config.maxPageSize);
        const q = parseListQuery(req.query as Record<string, unknown>, { filterable: isPlatformAdmin(user) ? adminFilters : baseFilters, sortable, maxSize });
        const where = and(...tenantScope(user), ...q.filters.map((f) => filterSql(col(f.field), f)));
        const order = q.sort.length ? q.sort.map((s) => (s.dir === 'asc' ? asc(col(s.field)) : desc(col(s.field)))) : [desc(col('createTime'))];
        const records = await db
          .select(listColumns)
          .from(k.table)
          .where(where)
          .orderBy(...order, desc(col('id')))
          .limit(q.size)
          .offset((q.current - 1) * q.size);
        // Logs grow large: exact up to LIST_EXACT_TOTAL rows, estimated beyond (platform/crud/total.ts).
        const offset = (q.current - 1) * q.size;
        const t = await pageTotal(database, fromWhere(k.table, where), { offset, size: q.size, onPage: records.length }, config.exactTotal);
        return page(records, t.total, q.current, q.size, t.estimated);
      },
    });

    route({
      method: 'GET',
      url: `/api/blade-log/${k.kind}/detail`,
      summary: `${k.label}详情`,
      tags: [k.label],
      requires: { code: `log_${k.kind}_view` },
      query: z.object({ id: idField() }),
      handler: async ({ user, query }) => {
        const [row] = await db
          .select()
          .from(k.table)
          .where(and(eq(col('id'), query.id), ...tenantScope(user)))
          .limit(1);
        if (!row) throw notFound();
        return row;
      },
    });
  }

  route({
    method: 'POST',
    url: '/api/blade-log/error/upload',
    summary: '上传前端错误日志',
    tags: ['错误日志'],
    requires: 'user',
    msg: '发送成功!',
    body: clientErrors,
    handler: async ({ user, req, body }) => {
      await db.insert(errorLog).values(
        body.map((e) => ({
          id: nextId(),
          tenantId: user.tenantId,
          serviceId: 'hjl-web',
          env: e.version ? `web ${e.version}` : 'web',
          method: 'GET',
          requestUri: e.url,
          userAgent: String(req.headers['user-agent'] ?? '').slice(0, 1000),
          remoteIp: req.ip,
          params: JSON.stringify({ info: e.info, time: e.time }),
          createBy: user.account,
          exceptionName: e.type,
          message: e.message,
          stackTrace: e.stack,
        })),
      );
      return { count: body.length };
    },
  });
}
