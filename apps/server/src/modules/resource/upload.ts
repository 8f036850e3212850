/**
 * Uploads (`oss/endpoint/put-file`, `put-file-attach`) and downloads of stored files. Limits come from the
 * tenant's parameters `file.maxSize` (MB) and `file.allowedTypes` (comma-separated extensions).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import { fail, notFound } from '../../platform/http/errors.ts';
import type { ModuleContext, ParamReader } from '../../platform/module.ts';
import { readAll } from '../../platform/files/store.ts';
import { zipStream, type ZipEntry } from '../../platform/files/zip.ts';
import { parseIds } from '../../platform/http/query.ts';
import { contentTypeOf, extensionOf, type TenantFiles } from './files.ts';
import { isIdText } from '@hjl/core';

export const DEFAULT_MAX_MB = 10;
export const DEFAULT_ALLOWED_TYPES = 'jpg,jpeg,png,gif,bmp,webp,pdf,doc,docx,xls,xlsx,ppt,pptx,txt,csv,zip,rar,7z,mp4,dwg';

interface Upload {
  body: Buffer;
  originalName: string;
  extension: string;
  mimetype: string;
}

/** The one uploaded file of a multipart request, checked against the tenant's limits. */
async function receive(req: FastifyRequest, user: AuthUser, params: ParamReader): Promise<Upload> {
  let maxMb = await params.getInt(user.tenantId, 'file.maxSize', DEFAULT_MAX_MB);
  if (maxMb <= 0) maxMb = DEFAULT_MAX_MB;
  const allowed = new Set(
    (await params.get(user.tenantId, 'file.allowedTypes', DEFAULT_ALLOWED_TYPES))
      .split(/[,，\s]+/)
      .map((x) => x.trim().replace(/^\./, '').toLowerCase())
      .filter(Boolean),
  );
  if (!req.isMultipart()) throw fail('请选择要上传的文件');
  const part = await req.file({ limits: { fileSize: maxMb * 1024 * 1024 } }).catch(() => undefined);
  if (!part || !part.filename) throw fail('请选择要上传的文件');
  // Browsers send a bare name; anything path-like is cut to its last segment.
  const originalName = part.filename.split(/[\\/]/).pop()!.slice(-255);
  const extension = extensionOf(originalName);
  if (!extension || !allowed.has(extension)) {
    part.file.resume();
    throw fail(`不支持的文件类型: ${extension || originalName}`);
  }
  let body: Buffer;
  try {
    body = await part.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail(`文件大小超过限制(${maxMb}MB)`);
    throw e;
  }
  if (!body.length) throw fail('不能上传空文件');
  return { body, originalName, extension, mimetype: part.mimetype };
}

/** Sends a stored file; images, pdf, video and text inline (for previews), everything else as a download. */
export function sendFile(reply: FastifyReply, stream: Readable, filename: string, forceDownload = false) {
  const type = contentTypeOf(extensionOf(filename));
  const disposition = type && !forceDownload ? 'inline' : 'attachment';
  return reply
    .header('content-type', type ?? 'application/octet-stream')
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(filename)}`)
    // A stored file never runs as part of this site, whatever it contains.
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'")
    .header('cache-control', 'private, max-age=3600')
    .send(stream);
}

/** Most attachments one zip download takes. */
const MAX_ZIP_FILES = 200;

export function registerUploads(ctx: ModuleContext, files: TenantFiles, attachRepo: EntityRepo) {
  const { route, params } = ctx;
  const tags = ['对象存储'];

  const put = async (req: FastifyRequest, user: AuthUser, attach: boolean) => {
    const up = await receive(req, user, params);
    const saved = await files.save(user.tenantId, up.body, up.extension, contentTypeOf(up.extension) ?? 'application/octet-stream');
    let attachId: string | null = null;
    if (attach) {
      attachId = await attachRepo.insert(user, {
        link: saved.link, domain: saved.domain, name: saved.name, originalName: up.originalName, extension: up.extension, attachSize: up.body.length,
      });
    }
    return { ...saved, originalName: up.originalName, attachId };
  };

  // Any signed-in user may upload (forms everywhere carry attachments); the limits above apply.
  route({
    method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file', summary: '上传文件', tags, requires: 'user',
    handler: ({ req, user }) => put(req, user, false),
  });
  route({
    method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file-attach', summary: '上传文件并保存附件记录', tags, requires: 'user',
    handler: ({ req, user }) => put(req, user, true),
  });

  // Links given out by the uploads: the token may come as ?blade-auth= (images, downloads in a new tab).
  route({
    method: 'GET', url: '/api/blade-resource/oss/endpoint/file/:store/:day/:file', summary: '下载文件', tags, requires: 'user', raw: true,
    handler: async ({ req, reply, user }) => {
      const p = req.params as { store: string; day: string; file: string };
      const name = `${p.store}/${p.day}/${p.file}`;
      const stream = await files.open(user.tenantId, name).catch(() => undefined);
      if (!stream) throw notFound('文件不存在');
      const row = await attachRepo.find(user, [eq(attachRepo.columns.name!, name)]);
      return sendFile(reply, stream, String(row?.originalName ?? p.file), (req.query as Record<string, unknown>).download === '1');
    },
  });

  route({
    method: 'GET', url: '/api/blade-resource/attach/download', summary: '下载附件', tags: ['附件管理'], requires: { code: 'attach_download' }, raw: true,
    query: z.object({ id: z.string({ message: '缺少必要的请求参数: id' }).refine(isIdText, '请求参数类型错误') }),
    handler: async ({ user, query, reply }) => {
      const row = await attachRepo.detail(user, query.id);
      if (!row) throw notFound();
      const stream = await files.open(user.tenantId, String(row.name)).catch(() => undefined);
      if (!stream) throw notFound('文件不存在');
      return sendFile(reply, stream, String(row.originalName), true);
    },
  });

  // Several attachments as one zip, streamed one file at a time (the attachment widget's 打包下载).
  route({
    method: 'GET', url: '/api/blade-resource/attach/download-zip', summary: '打包下载附件(zip)', tags: ['附件管理'], requires: { code: 'attach_download' }, raw: true,
    query: z.object({ ids: z.string({ message: '缺少必要的请求参数: ids' }) }),
    handler: async ({ user, query, reply, req }) => {
      const ids = parseIds(query.ids);
      if (ids.length > MAX_ZIP_FILES) throw fail(`一次最多打包下载${MAX_ZIP_FILES}个附件`);
      const rows = (await Promise.all(ids.map((id) => attachRepo.detail(user, id)))).filter((r) => r !== undefined);
      if (!rows.length) throw notFound();
      async function* entries(): AsyncGenerator<ZipEntry> {
        for (const row of rows) {
          const stream = await files.open(user.tenantId, String(row.name)).catch(() => undefined);
          if (!stream) {
            req.log.warn({ attach: row.id }, 'attachment file missing from zip');
            continue;
          }
          yield { name: String(row.originalName), data: await readAll(stream), date: new Date(String(row.createTime).replace(' ', 'T')) };
        }
      }
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('附件.zip')}`)
        .send(zipStream(entries()));
    },
  });
}
