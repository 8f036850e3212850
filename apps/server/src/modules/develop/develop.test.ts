import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { refusal } from '../../testing/http.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { dumpTenant } from './backup.ts';

/**
 * A fake PostgreSQL server that speaks just enough of the protocol for a connection test: asks for a
 * cleartext password, accepts `secret-pw` only, and answers any query. It records who connected to what.
 */
interface Seen {
  user?: string;
  database?: string;
  password?: string;
  queries: string[];
}
const seen: Seen[] = [];
let pgServer: net.Server;
let pgPort = 0;
const msg = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const ready = msg('Z', Buffer.from('I'));

beforeAll(async () => {
  pgServer = net.createServer((sock) => {
    const s: Seen = { queries: [] };
    seen.push(s);
    let buf = Buffer.alloc(0);
    let started = false;
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      for (;;) {
        if (!started) {
          if (buf.length < 4 || buf.length < buf.readInt32BE(0)) return;
          const len = buf.readInt32BE(0);
          const parts = buf.subarray(8, len).toString('utf8').split('\0');
          for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i] === 'user') s.user = parts[i + 1];
          for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i] === 'database') s.database = parts[i + 1];
          buf = buf.subarray(len);
          started = true;
          sock.write(msg('R', int32(3))); // AuthenticationCleartextPassword
          continue;
        }
        if (buf.length < 5 || buf.length < 1 + buf.readInt32BE(1)) return;
        const type = String.fromCharCode(buf[0]!);
        const body = buf.subarray(5, 1 + buf.readInt32BE(1));
        buf = buf.subarray(1 + buf.readInt32BE(1));
        if (type === 'p') {
          s.password = body.toString('utf8').replace(/\0$/, '');
          if (s.password !== 'secret-pw') {
            sock.end(msg('E', Buffer.from('SFATAL\0C28P01\0Mpassword authentication failed for user "x"\0\0')));
            return;
          }
          sock.write(Buffer.concat([msg('R', int32(0)), ready]));
        } else if (type === 'Q') {
          s.queries.push(body.toString('utf8').replace(/\0$/, ''));
          sock.write(Buffer.concat([msg('C', Buffer.from('SELECT 1\0')), ready]));
        } else if (type === 'X') {
          sock.end();
          return;
        }
      }
    });
    sock.on('error', () => {});
  });
  await new Promise<void>((r) => pgServer.listen(0, '127.0.0.1', r));
  pgPort = (pgServer.address() as net.AddressInfo).port;
  t = await createTestApp({ DATASOURCE_ALLOWED_HOSTS: `127.0.0.1:${pgPort}, 127.0.0.1:1` });
  await createTenant(t.database, '100001');
  a = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
  plain = (await t.login('zhangwei', '123456')).access_token!;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => pgServer.close(() => r()));
});

let t: TestApp;
let a: string;
let b: string;
let plain: string;
const DS = '/api/blade-develop/datasource';
const BK = '/api/business/hjlDatabaseBackups';
const PD = '/api/blade-putDatabase/putDatabase';

describe('data sources', () => {
  let id = '';

  it('creates one; the password is never returned and survives an edit that sends the mask back', async () => {
    const body = {
      name: '测试库',
      driverClass: 'org.postgresql.Driver',
      url: `jdbc:postgresql://127.0.0.1:${pgPort}/hjl_test`,
      username: 'tester',
      password: 'secret-pw',
    };
    expect((await t.call(a, { method: 'POST', url: `${DS}/submit`, payload: body })).status).toBe(200);
    const list = await t.call(a, { method: 'GET', url: `${DS}/list`, query: { name: '测试库' } });
    id = list.body.data.records[0].id;
    expect(list.body.data.records[0]).toMatchObject({ name: '测试库', username: 'tester', password: '******' });
    const detail = (await t.call(a, { method: 'GET', url: `${DS}/detail`, query: { id } })).body.data;
    expect(detail.password).toBe('******');
    expect((await t.call(a, { method: 'POST', url: `${DS}/submit`, payload: { ...detail, remark: '测试' } })).status).toBe(200);
    expect((await t.database.raw(`SELECT password FROM blade_datasource WHERE id = $1`, [id]))[0]!.password).toBe('secret-pw');
    // seeded ones are there too
    expect((await t.call(a, { method: 'GET', url: `${DS}/list` })).body.data.total).toBe(3);
  });

  it('refuses bad input', async () => {
    const good = { name: '库2', driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://db:5432/x', username: 'u' };
    expect(await t.call(a, { method: 'POST', url: `${DS}/submit`, payload: { ...good, name: '' } })).toMatchObject(refusal('请输入数据源名称'));
    expect(await t.call(a, { method: 'POST', url: `${DS}/submit`, payload: { ...good, url: 'db:5432' } })).toMatchObject(
      refusal('连接地址格式不正确,例如 jdbc:postgresql://127.0.0.1:5432/hjl'),
    );
    expect(await t.call(a, { method: 'POST', url: `${DS}/submit`, payload: { ...good, name: '测试库' } })).toMatchObject(refusal('数据源名称已存在'));
  });

  it('connection test: logs in to an allowed server with the stored password', async () => {
    seen.length = 0;
    const r = await t.call(a, { method: 'POST', url: `${DS}/test`, payload: { id } });
    expect(r.body).toEqual({ code: 200, success: true, data: { success: true }, msg: '连接成功' });
    expect(seen).toEqual([{ user: 'tester', database: 'hjl_test', password: 'secret-pw', queries: ['SELECT 1'] }]);
    // form values on top of the stored record; the mask means the stored password
    seen.length = 0;
    expect((await t.call(a, { method: 'POST', url: `${DS}/test`, payload: { id, username: 'other', password: '******' } })).status).toBe(200);
    expect(seen[0]).toMatchObject({ user: 'other', password: 'secret-pw' });
    // unsaved form values
    expect(
      (await t.call(a, { method: 'POST', url: `${DS}/test`, payload: { url: `postgres://127.0.0.1:${pgPort}/db2`, username: 'u2', password: 'secret-pw' } }))
        .status,
    ).toBe(200);
  });

  it('connection test: reports a failure with the server’s reason', async () => {
    const wrong = await t.call(a, { method: 'POST', url: `${DS}/test`, payload: { id, password: 'wrong' } });
    expect(wrong).toMatchObject(refusal('连接失败: password authentication failed for user "x"'));
    const closed = await t.call(a, { method: 'POST', url: `${DS}/test`, payload: { url: 'jdbc:postgresql://127.0.0.1:1/x', username: 'u' } });
    expect(closed.status).toBe(400);
    expect(closed.body.msg).toMatch(/^连接失败: .*ECONNREFUSED/);
  });

  it('connection test: refuses every host and port that is not configured (no SSRF), before connecting', async () => {
    seen.length = 0;
    for (const [url, target] of [
      ['jdbc:postgresql://169.254.169.254:80/x', '169.254.169.254:80'],
      ['jdbc:postgresql://10.0.0.8/x', '10.0.0.8:5432'],
      [`jdbc:postgresql://localhost:${pgPort}/x`, `localhost:${pgPort}`],
      [`jdbc:postgresql://127.0.0.1:${pgPort + 1}/x`, `127.0.0.1:${pgPort + 1}`],
      [`postgres://u:p@[::1]:${pgPort}/x`, `::1:${pgPort}`],
    ]) {
      expect(await t.call(a, { method: 'POST', url: `${DS}/test`, payload: { url, username: 'u' } }), url).toMatchObject(
        refusal(`不允许连接 ${target}: 连接测试只能访问系统配置的数据库服务器`),
      );
    }
    expect(await t.call(a, { method: 'POST', url: `${DS}/test`, payload: { url: 'jdbc:mysql://127.0.0.1:3306/x', username: 'u' } })).toMatchObject(
      refusal('暂不支持该类型数据库的连接测试: mysql'),
    );
    expect(await t.call(a, { method: 'POST', url: `${DS}/test`, payload: { url: 'nonsense', username: 'u' } })).toMatchObject(
      refusal('连接地址格式不正确,例如 jdbc:postgresql://127.0.0.1:5432/hjl'),
    );
    expect(await t.call(a, { method: 'POST', url: `${DS}/test`, payload: { username: 'u' } })).toMatchObject(refusal('请输入连接地址'));
    expect(seen).toEqual([]);
  });

  it('is confined to the tenant and needs its codes', async () => {
    expect((await t.call(b, { method: 'GET', url: `${DS}/detail`, query: { id } })).status).toBe(404);
    expect(await t.call(b, { method: 'POST', url: `${DS}/test`, payload: { id } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect(await t.call(b, { method: 'POST', url: `${DS}/remove`, query: { ids: id } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect((await t.call(plain, { method: 'POST', url: `${DS}/test`, payload: { id } })).status).toBe(403);
    expect((await t.call(plain, { method: 'GET', url: `${DS}/list` })).status).toBe(403);
  });
});

describe('database connection records (putDatabase)', () => {
  it('CRUD with the password masked, the port checked, confined to the tenant', async () => {
    const body = { name: '测试连接', host: 'db.huajian.internal', port: 5433, database: 'hjl', username: 'app', password: 'pw-1' };
    expect((await t.call(a, { method: 'POST', url: `${PD}/submit`, payload: body })).status).toBe(200);
    const row = (await t.call(a, { method: 'GET', url: `${PD}/list`, query: { name: '测试连接' } })).body.data.records[0];
    expect(row).toMatchObject({ host: 'db.huajian.internal', port: 5433, password: '******' });
    expect(await t.call(a, { method: 'POST', url: `${PD}/submit`, payload: { ...body, port: 70000 } })).toMatchObject(refusal('端口应在1-65535之间'));
    expect(await t.call(a, { method: 'POST', url: `${PD}/submit`, payload: { ...body, host: 'a b' } })).toMatchObject(refusal('主机地址格式不正确'));
    expect(await t.call(a, { method: 'POST', url: `${PD}/submit`, payload: { ...body, database: '' } })).toMatchObject(refusal('请输入数据库名'));
    expect((await t.call(b, { method: 'GET', url: `${PD}/detail`, query: { id: row.id } })).status).toBe(404);
    expect((await t.call(plain, { method: 'GET', url: `${PD}/list` })).status).toBe(403);
    expect((await t.call(a, { method: 'POST', url: `${PD}/remove`, query: { ids: row.id } })).status).toBe(200);
    expect((await t.call(a, { method: 'GET', url: `${PD}/detail`, query: { id: row.id } })).status).toBe(404);
  });
});

describe('database backups', () => {
  let id = '';

  it('backs up the tenant’s rows as JSON into the file store and records it', async () => {
    const r = await t.call(a, { method: 'POST', url: `${BK}/backup`, payload: { backupName: '年终备份' } });
    expect(r.body).toMatchObject({ code: 200, msg: '备份成功' });
    id = r.body.data.id;
    const detail = (await t.call(a, { method: 'GET', url: `${BK}/detail`, query: { id } })).body.data;
    expect(detail).toMatchObject({ backupName: '年终备份', fileSize: r.body.data.fileSize });
    expect(detail.fileName).toMatch(/^local\/private\/\d{8}\/[0-9a-f]{32}\.json$/);
    expect(detail.backupTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const file = await t.call(a, { method: 'GET', url: `${BK}/download`, query: { id } });
    expect(file.status).toBe(200);
    const doc = file.body as { tenantId: string; createdAt: string; tables: Record<string, { tenant_id: string }[]> };
    expect(Object.keys(doc)).toEqual(['tenantId', 'createdAt', 'tables']);
    expect(doc.tenantId).toBe('000000');
    expect(Number.isNaN(Date.parse(doc.createdAt))).toBe(false);
    // Every table and row the answer counted is in the file (written table by table).
    expect(Object.keys(doc.tables)).toHaveLength(r.body.data.tables);
    expect(Object.values(doc.tables).flat()).toHaveLength(r.body.data.rows);
    expect(doc.tables.blade_user!.length).toBeGreaterThan(5);
    expect(doc.tables.blade_param!.length).toBeGreaterThan(5);
    expect(doc.tables.blade_log_api).toBeUndefined();
    expect(
      Object.values(doc.tables)
        .flat()
        .every((row) => row.tenant_id === '000000'),
    ).toBe(true);

    // a private file is not served by the public link route
    expect((await t.call(a, { method: 'GET', url: `/api/blade-resource/oss/endpoint/file/${detail.fileName}` })).status).toBe(404);
  });

  it('reads each table through a cursor in batches into an output that takes little at a time, and stops when the output fails', async () => {
    /** An output taking a few bytes at a time, later than asked: the dump must wait for room, not buffer. */
    const slowSink = () => {
      const chunks: Buffer[] = [];
      let most = 0;
      const out = new Writable({
        highWaterMark: 64,
        write(chunk: Buffer, _enc, done) {
          chunks.push(chunk);
          most = Math.max(most, out.writableLength);
          setImmediate(done);
        },
      });
      // What reached the output once all written is through (the dump leaves ending it to its caller).
      const text = async () => {
        out.end();
        await finished(out);
        return Buffer.concat(chunks).toString('utf8');
      };
      return { out, text, most: () => most };
    };
    const small = slowSink();
    const inSmall = await dumpTenant(t.database, '000000', small.out, { batch: 7 });
    const whole = slowSink();
    const inWhole = await dumpTenant(t.database, '000000', whole.out, { batch: 100_000 });
    expect(inSmall).toEqual(inWhole);
    const [smallText, wholeText] = [await small.text(), await whole.text()];
    expect(inSmall.bytes).toBe(Buffer.byteLength(smallText));
    const doc = (s: string) => ({ ...(JSON.parse(s) as object), createdAt: null });
    expect(doc(smallText)).toEqual(doc(wholeText));
    expect(Object.values((JSON.parse(smallText) as { tables: Record<string, unknown[]> }).tables).flat()).toHaveLength(inSmall.rows);
    // Waited for room: never more than a batch's text queued beyond the output's mark.
    expect(small.most()).toBeLessThan(64 * 1024);

    const failing = new Writable({
      write(_chunk, _enc, done) {
        done(new Error('disk full'));
      },
    });
    failing.on('error', () => undefined);
    await expect(dumpTenant(t.database, '000000', failing, { batch: 7 })).rejects.toThrow('disk full');
    // The connection is usable after the failed dump's transaction (rolled back, cursor gone).
    expect(await countRows(t.database, 'blade_user', "tenant_id = '000000'")).toBeGreaterThan(5);
  });

  it('summarises the backups (param/backups)', async () => {
    const r = await t.call(a, { method: 'GET', url: '/api/blade-system/param/backups' });
    expect(r.body.data).toMatchObject({ total: 1, storage: 'local' });
    expect(r.body.data.totalSize).toBeGreaterThan(1000);
    expect((await t.call(b, { method: 'GET', url: '/api/blade-system/param/backups' })).body.data).toMatchObject({
      total: 0,
      totalSize: 0,
      lastBackupTime: null,
    });
  });

  it('records a backup made elsewhere by hand; refuses bad input', async () => {
    const body = { backupName: '手工备份', backupTime: '2026-03-01 02:00:00', fileName: 'nas://backup/hjl-20260301.dump', fileSize: 1024, remark: '机房NAS' };
    expect((await t.call(a, { method: 'POST', url: `${BK}/submit`, payload: body })).status).toBe(200);
    expect(await t.call(a, { method: 'POST', url: `${BK}/submit`, payload: { ...body, backupTime: '2026-13-01 00:00:00' } })).toMatchObject(
      refusal('备份时间格式应为yyyy-MM-dd HH:mm:ss'),
    );
    expect(await t.call(a, { method: 'POST', url: `${BK}/submit`, payload: { ...body, backupName: '' } })).toMatchObject(refusal('请输入备份名称'));
    const names = (await t.call(a, { method: 'GET', url: `${BK}/list` })).body.data.records.map((r: { backupName: string }) => r.backupName);
    expect(names).toEqual(['年终备份', '手工备份']); // newest backup time first
  });

  it('is confined to the tenant and needs its codes', async () => {
    expect((await t.call(b, { method: 'GET', url: `${BK}/download`, query: { id } })).status).toBe(404);
    expect((await t.call(b, { method: 'GET', url: `${BK}/detail`, query: { id } })).status).toBe(404);
    expect(await t.call(b, { method: 'POST', url: `${BK}/remove`, query: { ids: id } })).toMatchObject(refusal('数据不存在或已被删除'));
    for (const [method, url] of [
      ['GET', `${BK}/list`],
      ['POST', `${BK}/backup`],
      ['GET', `${BK}/download?id=${id}`],
      ['GET', '/api/blade-system/param/backups'],
      ['POST', `${BK}/remove?ids=${id}`],
    ] as const) {
      expect((await t.call(plain, { method, url, payload: method === 'POST' ? {} : undefined })).status, url).toBe(403);
    }
  });

  it('remove deletes the record and its file', async () => {
    const before = await countRows(t.database, 'hjl_database_backups', 'is_deleted = 0');
    const name = (await t.call(a, { method: 'GET', url: `${BK}/detail`, query: { id } })).body.data.fileName as string;
    const onDisk = path.join(t.config.dataDir, 'files', '000000', name.split('/').slice(1).join('/'));
    expect(fs.existsSync(onDisk)).toBe(true);
    expect((await t.call(a, { method: 'POST', url: `${BK}/remove`, query: { ids: id } })).status).toBe(200);
    expect(fs.existsSync(onDisk)).toBe(false);
    expect(await countRows(t.database, 'hjl_database_backups', 'is_deleted = 0')).toBe(before - 1);
    expect((await t.call(a, { method: 'GET', url: `${BK}/download`, query: { id } })).status).toBe(404);
  });
});
