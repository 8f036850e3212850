/**
 * The tables and columns a data model reads (model/table-list, model/table-info): of the product's own database
 * when no data source is named (BladeX's master data source), else of a data source of 数据源管理 — connected to
 * only within the data-source rules (connection.ts: the configured database servers), never anywhere else.
 */
import { SECRET_MASK } from '@hjl/core';
import type { AuthUser } from '../../../platform/auth/user.ts';
import type { EntityRepo } from '../../../platform/crud/repo.ts';
import type { Database } from '../../../platform/db/index.ts';
import { fail } from '../../../platform/http/errors.ts';
import { parseUrl } from '../connection.ts';

export interface TableInfo {
  name: string;
  comment: string;
}

export interface ColumnInfo {
  name: string;
  dataType: string;
  maxLength: number | null;
  nullable: boolean;
  comment: string;
}

const TABLES = `SELECT c.relname AS name, coalesce(obj_description(c.oid, 'pg_class'), '') AS comment
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`;
const COLUMNS = `SELECT a.attname AS name, format_type(a.atttypid, NULL) AS "dataType",
    CASE WHEN a.atttypmod > 4 AND a.atttypid IN (1043, 1042) THEN a.atttypmod - 4 END AS "maxLength",
    NOT a.attnotnull AS nullable, coalesce(col_description(c.oid, a.attnum), '') AS comment
  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relname = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`;

export interface SourceDeps {
  database: Database;
  datasources: EntityRepo;
  /** host:port entries a data source may name (connection.ts allowedTargets). */
  allowed: Set<string>;
}

/** Runs one catalogue query against the model's data source and answers its rows. */
async function query<T>(deps: SourceDeps, user: AuthUser, datasourceId: string | null | undefined, text: string, params: unknown[]): Promise<T[]> {
  if (!datasourceId || datasourceId === '0') return (await deps.database.raw(text, params)) as T[];
  const ds = (await deps.datasources.detail(user, datasourceId)) as { url: string; username: string; password: string | null } | undefined;
  if (!ds) throw fail('数据源不存在');
  const target = parseUrl(ds.url);
  const hostPort = `${target.host}:${target.port}`;
  if (!deps.allowed.has(hostPort)) throw fail(`不允许连接 ${hostPort}: 只能读取系统配置的数据库服务器`);
  const { default: pg } = await import('pg');
  const password = ds.password && ds.password !== SECRET_MASK ? ds.password : '';
  const client = new pg.Client({ ...target, user: ds.username, password, connectionTimeoutMillis: 5000, query_timeout: 10000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.query(text, params)).rows as T[];
  } catch (e) {
    throw fail(`读取数据源失败: ${(e as Error).message.slice(0, 200)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

export const tablesOf = (deps: SourceDeps, user: AuthUser, datasourceId: string | null | undefined) => query<TableInfo>(deps, user, datasourceId, TABLES, []);

export async function columnsOf(deps: SourceDeps, user: AuthUser, datasourceId: string | null | undefined, table: string): Promise<ColumnInfo[]> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) throw fail('表名只能包含小写字母、数字和下划线');
  const cols = await query<ColumnInfo>(deps, user, datasourceId, COLUMNS, [table]);
  if (!cols.length) throw fail(`数据表不存在: ${table}`);
  return cols.map((c) => ({ ...c, maxLength: c.maxLength === null ? null : Number(c.maxLength) }));
}
