/** Log tables of BladeX: API calls (every write), errors (every 5xx) and usual (application events). */
import { index, pgTable, text, varchar, integer } from 'drizzle-orm/pg-core';
import { datetime, id } from '../db/columns.ts';
import { trigramIndex } from '../db/trigram.ts';
import { sql } from 'drizzle-orm';

const common = () => ({
  id: id('id').primaryKey(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull().default('000000'),
  serviceId: varchar('service_id', { length: 32 }).notNull().default('hjl-server'),
  serverHost: varchar('server_host', { length: 255 }),
  serverIp: varchar('server_ip', { length: 255 }),
  env: varchar('env', { length: 255 }),
  method: varchar('method', { length: 10 }),
  requestUri: varchar('request_uri', { length: 255 }),
  userAgent: varchar('user_agent', { length: 1000 }),
  remoteIp: varchar('remote_ip', { length: 255 }),
  params: text('params'),
  /** The request's id (X-Request-Id; `reqId` of its lines in the server log): the row and the log lines found by one value. */
  requestId: varchar('request_id', { length: 64 }),
  createBy: varchar('create_by', { length: 64 }),
  createTime: datetime('create_time')
    .notNull()
    .default(sql`now()`),
});

export const apiLog = pgTable(
  'blade_log_api',
  {
    ...common(),
    type: varchar('type', { length: 2 }).notNull().default('1'),
    title: varchar('title', { length: 255 }),
    /** HTTP status of the answer. */
    statusCode: integer('status_code'),
    /** Milliseconds taken. */
    time: varchar('time', { length: 64 }),
  },
  // The lists search the path called by substring (docs/performance.md "Substring filters").
  (t) => [index('blade_log_api_tenant_time_idx').on(t.tenantId, t.createTime.desc()), trigramIndex('blade_log_api', t.requestUri)],
);

export const errorLog = pgTable(
  'blade_log_error',
  {
    ...common(),
    stackTrace: text('stack_trace'),
    exceptionName: varchar('exception_name', { length: 255 }),
    message: text('message'),
    fileName: varchar('file_name', { length: 1000 }),
    lineNumber: integer('line_number'),
  },
  // The lists search the path called by substring (docs/performance.md "Substring filters").
  (t) => [index('blade_log_error_tenant_time_idx').on(t.tenantId, t.createTime.desc()), trigramIndex('blade_log_error', t.requestUri)],
);

export const usualLog = pgTable(
  'blade_log_usual',
  {
    ...common(),
    logLevel: varchar('log_level', { length: 10 }),
    logId: varchar('log_id', { length: 100 }),
    logData: text('log_data'),
  },
  // The lists search the path called by substring (docs/performance.md "Substring filters").
  (t) => [index('blade_log_usual_tenant_time_idx').on(t.tenantId, t.createTime.desc()), trigramIndex('blade_log_usual', t.requestUri)],
);
