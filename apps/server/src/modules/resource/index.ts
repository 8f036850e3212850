/**
 * /api/blade-resource: object storage configurations, uploads and downloads, attachments, SMS configurations
 * and sending. Returns the tenant file service for modules that store files of their own (backups).
 */
import path from 'node:path';
import { attachEntity, ossEntity, submitSchema } from '@hjl/core';
import { z } from 'zod';
import { idField } from '../../platform/http/params.ts';
import { registerEntityRoutes } from '../../platform/crud/routes.ts';
import type { Row } from '../../platform/crud/repo.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import { LocalFileStore, readAll } from '../../platform/files/store.ts';
import { fail, forbidden } from '../../platform/http/errors.ts';
import { parseIds } from '../../platform/http/query.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { enableOne } from './enable.ts';
import { TenantFiles, checkEndpoint } from './files.ts';
import { registerSms } from './sms.ts';
import { attaches, ossConfigs } from './schema.ts';
import { registerUploads } from './upload.ts';

const idQuery = z.object({
  id: idField(),
});

export function registerResource(ctx: ModuleContext): TenantFiles {
  const { route, database, logs } = ctx;
  const files = new TenantFiles(database.db, new LocalFileStore(path.join(ctx.config.dataDir, 'files')));

  // Object storage configurations.
  const ossRepo = ctx.repo(ossEntity, ossConfigs);
  registerEntityRoutes(route, ossRepo, ctx.access, {
    async beforeWrite(user: AuthUser, data: Row, id: string | undefined) {
      const stored: Row | undefined = id ? await ossRepo.detail(user, id) : {};
      if (!stored) throw fail('数据不存在或已被删除');
      const merged: Row = { ...stored, ...data };
      if (Number(merged.category) === 1) return; // the local disk needs nothing more
      const missing = (
        [
          ['endpoint', '请输入资源地址'],
          ['bucketName', '请输入空间名'],
          ['accessKey', '请输入accessKey'],
          ['secretKey', '请输入secretKey'],
        ] as const
      ).find(([k]) => !merged[k]);
      if (missing) throw fail(missing[1]);
      checkEndpoint(String(merged.endpoint));
    },
  });
  route({
    method: 'POST',
    url: '/api/blade-resource/oss/enable',
    summary: '启用对象存储配置',
    tags: ['对象存储'],
    requires: { code: 'oss_enable' },
    query: idQuery,
    handler: async ({ user, query, req }) => {
      // An incomplete configuration would break every upload of the tenant: refused before anything changes.
      const row = await ossRepo.detail(user, query.id);
      if (row) await files.storeOf(row);
      await enableOne(database.db, ossRepo, ossConfigs, user, query.id);
      logs.usual(req, 'oss-enable', { id: query.id, ossCode: row?.ossCode });
    },
  });
  route({
    method: 'POST',
    url: '/api/blade-resource/oss/debug',
    summary: '调试对象存储配置(写入、读取并删除一个测试文件)',
    tags: ['对象存储'],
    requires: { code: 'oss_debug' },
    query: idQuery,
    msg: '调试成功',
    handler: async ({ user, query }) => {
      const row = await ossRepo.detail(user, query.id);
      if (!row) throw fail('数据不存在或已被删除');
      const store = await files.storeOf(row);
      const key = `${user.tenantId}/debug/${Date.now()}.txt`;
      const content = `hjl oss debug ${new Date().toISOString()}`;
      try {
        await store.put(key, Buffer.from(content), 'text/plain');
        const back = await store.get(key);
        const text = back ? (await readAll(back)).toString() : '';
        await store.delete(key);
        if (text !== content) throw new Error('读回的内容与写入的不一致');
      } catch (e) {
        // Only the kind of failure and the HTTP status: the service's own text stays on the server.
        const err = e as Error & { $metadata?: { httpStatusCode?: number }; code?: string };
        const status = err.$metadata?.httpStatusCode;
        throw fail(`调试失败: ${err.code ?? err.name}${status ? ` (HTTP ${status})` : ''}`);
      }
      return { success: true };
    },
  });

  // Attachments: rows written by put-file-attach; removing one removes its file.
  const attachRepo = ctx.repo(attachEntity, attaches);
  registerEntityRoutes(route, attachRepo, ctx.access);
  // BladeX's attach/submit: an edit of a record (its original name above all), or a record of a file stored
  // otherwise (its link, name and size as the client knows them). Uploads make their records themselves.
  const attachBody = submitSchema(attachEntity);
  route({
    method: 'POST',
    url: '/api/blade-resource/attach/submit',
    summary: '附件新增或修改',
    tags: [attachEntity.label.zh],
    requires: { anyOf: ['attach_upload', 'attach_edit'] },
    body: attachBody,
    handler: async ({ user, body }) => {
      const { id, ...data } = body as Record<string, unknown> & { id?: string };
      const granted = await ctx.access.permissions(user);
      if (!granted.has(id ? 'attach_edit' : 'attach_upload')) throw forbidden();
      if (id) {
        await attachRepo.update(user, id, data);
        return { id };
      }
      if (typeof data.link !== 'string' || !data.link) throw fail('请输入附件地址');
      return { id: await attachRepo.insert(user, data) };
    },
  });
  route({
    method: 'POST',
    url: '/api/blade-resource/attach/remove',
    summary: '删除附件(连同文件)',
    tags: ['附件管理'],
    requires: { code: 'attach_delete' },
    query: z.object({ ids: z.string({ message: '缺少必要的请求参数: ids' }) }),
    handler: async ({ user, query, req }) => {
      const ids = parseIds(query.ids);
      const rows = (await Promise.all(ids.map((id) => attachRepo.detail(user, id)))).filter((r) => r !== undefined);
      if (!rows.length) throw fail('数据不存在或已被删除');
      await attachRepo.remove(
        user,
        rows.map((r) => String(r.id)),
      );
      for (const r of rows) {
        await files.remove(user.tenantId, String(r.name)).catch((e) => req.log.error({ err: e }, 'attachment file not removed'));
      }
      logs.usual(req, 'attach-remove', { ids: rows.map((r) => r.id), names: rows.map((r) => r.originalName) });
    },
  });

  registerUploads(ctx, files, attachRepo);
  registerSms(ctx);
  return files;
}
