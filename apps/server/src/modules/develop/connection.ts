/**
 * Data-source connection tests that can reach nothing but the database servers this installation is
 * configured with (the host:port of DATABASE_URL and DATASOURCE_ALLOWED_HOSTS): any other address is refused
 * before a socket is opened, so the test cannot be used to probe the network (SSRF).
 */
import { fail } from '../../platform/http/errors.ts';

export interface Target {
  driver: 'postgresql';
  host: string;
  port: number;
  database: string;
}

/** `jdbc:postgresql://host[:port]/db[?…]` or `postgres(ql)://[user[:pass]@]host[:port]/db` → its target. */
export function parseUrl(url: string): Target {
  const m = /^(?:jdbc:)?(postgres(?:ql)?|[a-z0-9]+):\/\/(?:[^@/?#]*@)?(\[[0-9a-f:.]+\]|[^:/?#]+)(?::(\d{1,5}))?(?:\/([^?#]*))?/i.exec(url.trim());
  if (!m || !m[1] || !m[2]) throw fail('连接地址格式不正确,例如 jdbc:postgresql://127.0.0.1:5432/hjl');
  const scheme = m[1].toLowerCase();
  if (!scheme.startsWith('postgres')) throw fail(`暂不支持该类型数据库的连接测试: ${scheme}`);
  const port = m[3] ? Number(m[3]) : 5432;
  if (port < 1 || port > 65535) throw fail('连接地址的端口不正确');
  return { driver: 'postgresql', host: m[2].toLowerCase().replace(/^\[|\]$/g, ''), port, database: decodeURIComponent(m[4] ?? '') || 'postgres' };
}

/** `host:port` entries a test may connect to. */
export function allowedTargets(databaseUrl: string | undefined, extra: string[]): Set<string> {
  const set = new Set(extra.map((h) => h.replace(/^\[|\](?=:\d+$)/g, '').toLowerCase()));
  if (databaseUrl) {
    try {
      const u = new URL(databaseUrl);
      set.add(`${u.hostname.replace(/^\[|\]$/g, '').toLowerCase()}:${u.port || 5432}`);
    } catch {
      /* not a URL: nothing added */
    }
  }
  return set;
}

export async function testConnection(target: Target, user: string, password: string, allowed: Set<string>): Promise<void> {
  const hostPort = `${target.host}:${target.port}`;
  if (!allowed.has(hostPort)) throw fail(`不允许连接 ${hostPort}: 连接测试只能访问系统配置的数据库服务器`);
  const { default: pg } = await import('pg'); // loaded for the test only: a start does not need it
  const client = new pg.Client({
    host: target.host,
    port: target.port,
    database: target.database,
    user,
    password,
    connectionTimeoutMillis: 5000,
    query_timeout: 5000,
    statement_timeout: 5000,
  });
  // A dropped connection after connect would otherwise be an unhandled 'error' event.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (e) {
    throw fail(`连接失败: ${(e as Error).message.slice(0, 200)}`);
  } finally {
    await client.end().catch(() => {});
  }
}
