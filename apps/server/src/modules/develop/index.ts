/**
 * Development and maintenance tools: data sources with a connection test (/api/blade-develop/datasource),
 * database connection records (/api/blade-putDatabase/putDatabase) and database backups
 * (/api/business/hjlDatabaseBackups, /api/blade-system/param/backups); the data models and the code generator
 * (/api/blade-develop/model, model-prototype, code: codegen/).
 */
import { PassThrough } from 'node:stream';
import { backupsEntity, datasourceEntity, putDatabaseEntity, SECRET_MASK, type RowOf } from '@hjl/core';
import { and, count, max, sql, sum } from 'drizzle-orm';
import { z } from 'zod';
import { idField } from '../../platform/http/params.ts';
import type { AuthUser } from '../../platform/auth/user.ts';

import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import { firstRow } from '../../platform/db/rows.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { sendFile, TenantFiles } from '../resource/api.ts';
import { dumpTenant } from './backup.ts';
import { allowedTargets, parseUrl, testConnection } from './connection.ts';
import { registerCodegen } from './codegen/routes.ts';
import { databaseBackups, datasources, putDatabases } from './schema.ts';

const idQuery = z.object({
  id: idField(),
});

export function registerDevelop(ctx: ModuleContext & { files: TenantFiles }) {
  const { route, database, config, files, logs } = ctx;
  const db = database.db;

  // Data sources.
  const dsRepo = ctx.repo(datasourceEntity, datasources);
  registerEntityRoutes(route, dsRepo, ctx.access, {
    beforeWrite: (_user, data) => {
      if (typeof data.url === 'string') parseUrl(data.url);
    },
  });
  // BladeX's picker of data sources (the tenant's data-source dialog): names only, never the credentials.
  route({
    method: 'GET',
    url: '/api/blade-develop/datasource/select',
    summary: '数据源下拉数据',
    tags: [datasourceEntity.label.zh],
    requires: { anyOf: ['datasource', 'tenant_datasource'] },
    handler: async ({ user }) => (await dsRepo.page(user, { size: '1000' })).records.map((r) => ({ id: r.id, name: r.name })),
  });
  const allowed = allowedTargets(config.databaseUrl, config.datasourceAllowedHosts);
  // 数据模型 and 代码生成: tables read within the same data-source rules.
  registerCodegen(ctx, { datasources: dsRepo, allowed });
  route({
    method: 'POST',
    url: '/api/blade-develop/datasource/test',
    summary: '数据源连接测试(只能连接系统配置的数据库服务器)',
    tags: [datasourceEntity.label.zh],
    requires: { code: 'datasource_test' },
    msg: '连接成功',
    body: z.object({
      id: idField({ message: 'id格式不正确' }).optional(),
      url: z.string().max(500).optional(),
      username: z.string().max(100).optional(),
      password: z.string().max(255).optional(),
    }),
    handler: async ({ user, body }) => {
      // A saved data source, with what the form changed on top; the masked password means the stored one.
      const stored = body.id ? ((await dsRepo.detail(user, body.id)) as RowOf<typeof datasourceEntity> | undefined) : undefined;
      if (body.id && !stored) throw fail('数据不存在或已被删除');
      const url = body.url || stored?.url;
      const username = body.username || stored?.username;
      const password = body.password === undefined || body.password === SECRET_MASK ? (stored?.password ?? '') : body.password;
      if (!url) throw fail('请输入连接地址');
      if (!username) throw fail('请输入用户名');
      await testConnection(parseUrl(url), username, password, allowed);
      return { success: true };
    },
  });

  // Database connection records.
  registerEntityRoutes(route, ctx.repo(putDatabaseEntity, putDatabases), ctx.access, {
    beforeWrite: (_user, data) => {
      if (data.port !== undefined && data.port !== null && (Number(data.port) < 1 || Number(data.port) > 65535)) throw fail('端口应在1-65535之间');
    },
  });

  // Backups: records (submitted by hand or by "backup now"), whose server-made files are private files of the tenant.
  const backupRepo = ctx.repo(backupsEntity, databaseBackups);
  registerEntityRoutes(route, backupRepo, ctx.access);
  const tags = [backupsEntity.label.zh];

  route({
    method: 'POST',
    url: '/api/business/hjlDatabaseBackups/remove',
    summary: '删除数据库备份(连同备份文件)',
    tags,
    requires: { code: 'backups_delete' },
    query: z.object({ ids: z.string({ message: '缺少必要的请求参数: ids' }) }),
    handler: async ({ user, query, req }) => {
      const rows = (await Promise.all(parseIds(query.ids).map((id) => backupRepo.detail(user, id)))).filter((r) => r !== undefined);
      if (!rows.length) throw fail('数据不存在或已被删除');
      await backupRepo.remove(
        user,
        rows.map((r) => String(r.id)),
      );
      for (const r of rows) {
        const name = String(r.fileName ?? '');
        if (TenantFiles.isName(name)) await files.remove(user.tenantId, name).catch((e) => req.log.error({ err: e }, 'backup file not removed'));
      }
    },
  });

  route({
    method: 'POST',
    url: '/api/business/hjlDatabaseBackups/backup',
    summary: '立即备份本租户数据(JSON)',
    tags,
    requires: { code: 'backups_add' },
    msg: '备份成功',
    body: z.object({ backupName: z.string().max(255, '备份名称最多255个字符').optional(), remark: z.string().max(255, '备注最多255个字符').optional() }),
    handler: async ({ user, body, req }) => {
      // The document goes to the store as it is read: neither it nor the tenant's rows are held whole.
      const save = await files.saver(user.tenantId, 'json', { private: true });
      const document = new PassThrough();
      const saving = save(document, 'application/json');
      // A store that fails stops the dump too (its next write rejects instead of waiting for room).
      saving.catch((e: Error) => document.destroy(e));
      let dumped: Awaited<ReturnType<typeof dumpTenant>>;
      try {
        dumped = await dumpTenant(database, user.tenantId, document);
        document.end();
      } catch (e) {
        document.destroy(e as Error);
        await saving.catch(() => undefined);
        throw e;
      }
      const saved = await saving;
      const { tables, rows, bytes } = dumped;
      const now = firstRow(await database.rows<{ t: string }>(sql`SELECT to_char(now(), 'YYYY-MM-DD HH24:MI:SS') AS t`), 'backup time');
      const id = await backupRepo.insert(user, {
        backupName: body.backupName?.trim() || `数据备份 ${now.t}`,
        backupTime: now.t,
        fileName: saved.name,
        fileSize: bytes,
        remark: body.remark?.trim() || `${tables}张表,${rows}行`,
      });
      logs.usual(req, 'backup', { id, tables, rows, size: bytes });
      return { id, fileName: saved.name, fileSize: bytes, tables, rows };
    },
  });

  route({
    method: 'GET',
    url: '/api/business/hjlDatabaseBackups/download',
    summary: '下载备份文件',
    tags,
    requires: { code: 'backups' },
    raw: true,
    query: idQuery,
    handler: async ({ user, query, reply }) => {
      const row = await backupRepo.detail(user, query.id);
      if (!row) throw notFound();
      const name = String(row.fileName ?? '');
      const stream = TenantFiles.isName(name) ? await files.open(user.tenantId, name, { private: true }).catch(() => undefined) : undefined;
      if (!stream) throw notFound('备份文件不存在');
      return sendFile(reply, stream, `${String(row.backupName)}.json`, true);
    },
  });

  route({
    method: 'GET',
    url: '/api/blade-system/param/backups',
    summary: '数据库备份概况',
    tags,
    requires: { code: 'backups' },
    handler: async ({ user }: { user: AuthUser }) => {
      const scope = await backupRepo.scope(user);
      const [s] = await db
        .select({ total: count(), totalSize: sum(databaseBackups.fileSize), lastBackupTime: max(databaseBackups.backupTime) })
        .from(databaseBackups)
        .where(and(...scope));
      const { storeId } = await files.current(user.tenantId);
      return {
        total: Number(s?.total ?? 0),
        totalSize: Number(s?.totalSize ?? 0),
        lastBackupTime: s?.lastBackupTime ?? null,
        storage: storeId === 'local' ? 'local' : 'oss',
      };
    },
  });
}
