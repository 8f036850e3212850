/**
 * Uploads (`oss/endpoint/put-file`, `put-file-attach`) and downloads of stored files. Limits come from the
 * tenant's parameters `file.maxSize` (MB) and `file.allowedTypes` (comma-separated extensions).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { idField } from '../../platform/http/params.ts';
import type { EntityRepo } from '../../platform/crud/repo.ts';
import type { AuthUser } from '../../platform/auth/user.ts';
import { ApiError, fail, notFound } from '../../platform/http/errors.ts';
import { cleanFileName, readFileLimited, refuseOversizedUpload } from '../../platform/http/guard.ts';
import type { ModuleContext, ParamReader } from '../../platform/module.ts';
import { readAll } from '../../platform/files/store.ts';
import { zipStream, type ZipEntry } from '../../platform/files/zip.ts';
import { parseIds } from '../../platform/http/query.ts';
import { contentTypeOf, extensionOf, FILE_DOMAIN, TenantFiles } from './files.ts';

export const DEFAULT_MAX_MB = 10;
/** System parameter naming the document preview service (the file URL goes to it base64-encoded). */
export const PREVIEW_PARAM = 'preview.serviceUrl';
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
  const tooLarge = `文件大小超过限制(${maxMb}MB)`;
  refuseOversizedUpload(req, maxMb * 1024 * 1024, tooLarge);
  const part = await req.file({ limits: { fileSize: maxMb * 1024 * 1024 } }).catch((e: unknown) => {
    if (e instanceof ApiError) throw e;
    return undefined;
  });
  if (!part || !part.filename) throw fail('请选择要上传的文件');
  // Browsers send a bare name; anything path-like is cut to its last segment.
  const originalName = cleanFileName(part.filename);
  const extension = extensionOf(originalName);
  if (!extension || !allowed.has(extension)) {
    part.file.resume();
    throw fail(`不支持的文件类型: ${extension || originalName}`);
  }
  const body = await readFileLimited(part.file, maxMb * 1024 * 1024, tooLarge);
  if (!body.length) throw fail('不能上传空文件');
  return { body, originalName, extension, mimetype: part.mimetype };
}

/** Sends a stored file; images, pdf, video and text inline (for previews), everything else as a download. */
export function sendFile(reply: FastifyReply, stream: Readable, filename: string, forceDownload = false) {
  const type = contentTypeOf(extensionOf(filename));
  const disposition = type && !forceDownload ? 'inline' : 'attachment';
  return (
    reply
      .header('content-type', type ?? 'application/octet-stream')
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(filename)}`)
      // A stored file never runs as part of this site, whatever it contains.
      .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'")
      .header('cache-control', 'private, max-age=3600')
      .send(stream)
  );
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
        link: saved.link,
        domain: saved.domain,
        name: saved.name,
        originalName: up.originalName,
        extension: up.extension,
        attachSize: up.body.length,
      });
    }
    return { ...saved, originalName: up.originalName, attachId };
  };

  // Any signed-in user may upload (forms everywhere carry attachments); the limits above apply.
  route({
    method: 'POST',
    url: '/api/blade-resource/oss/endpoint/put-file',
    summary: '上传文件',
    tags,
    requires: 'user',
    handler: ({ req, user }) => put(req, user, false),
  });
  route({
    method: 'POST',
    url: '/api/blade-resource/oss/endpoint/put-file-attach',
    summary: '上传文件并保存附件记录',
    tags,
    requires: 'user',
    handler: ({ req, user }) => put(req, user, true),
  });

  // Links given out by the uploads: the token may come as ?blade-auth= (images, downloads in a new tab).
  route({
    method: 'GET',
    url: '/api/blade-resource/oss/endpoint/file/:store/:day/:file',
    summary: '下载文件',
    tags,
    requires: 'user',
    raw: true,
    handler: async ({ req, reply, user }) => {
      const p = req.params as { store: string; day: string; file: string };
      const name = `${p.store}/${p.day}/${p.file}`;
      const stream = await files.open(user.tenantId, name).catch(() => undefined);
      if (!stream) throw notFound('文件不存在');
      const row = await attachRepo.find(user, [eq(attachRepo.column('name'), name)]);
      return sendFile(reply, stream, String(row?.originalName ?? p.file), (req.query as Record<string, unknown>).download === '1');
    },
  });

  // The files a form's attachment widget holds, as one zip (打包下载). The same rule as each file's link: any
  // signed-in user of the tenant who holds the links; names come from the attachment records.
  route({
    method: 'GET',
    url: '/api/blade-resource/oss/endpoint/file-zip',
    summary: '打包下载文件(zip,按文件链接)',
    tags,
    requires: 'user',
    raw: true,
    query: z.object({ links: z.string({ message: '缺少必要的请求参数: links' }).max(200 * 120, '文件过多') }),
    handler: async ({ user, query, reply, req }) => {
      const names = [
        ...new Set(
          query.links
            .split(',')
            .map((l) => l.trim().replace(`${FILE_DOMAIN}/`, ''))
            .filter(Boolean),
        ),
      ];
      if (!names.length) throw fail('缺少必要的请求参数: links');
      if (names.length > MAX_ZIP_FILES) throw fail(`一次最多打包下载${MAX_ZIP_FILES}个附件`);
      if (names.some((n) => !TenantFiles.isName(n))) throw fail('文件链接格式不正确');
      const open = (name: string) => files.open(user.tenantId, name).catch(() => undefined);
      // Files are opened one at a time while the zip streams; the first one found decides 404 or not.
      let first: { index: number; stream: Readable } | undefined;
      for (const [index, name] of names.entries()) {
        const stream = await open(name);
        if (stream) {
          first = { index, stream };
          break;
        }
      }
      if (!first) throw notFound('文件不存在');
      const start = first;
      async function* entries(): AsyncGenerator<ZipEntry> {
        for (const [i, name] of names.slice(start.index).entries()) {
          const stream = i === 0 ? start.stream : await open(name);
          if (!stream) {
            req.log.warn({ name }, 'file missing from zip');
            continue;
          }
          const row = await attachRepo.find(user, [eq(attachRepo.column('name'), name)]);
          yield {
            name: String(row?.originalName ?? name.split('/').pop()),
            data: await readAll(stream),
            date: row ? new Date(String(row.createTime).replace(' ', 'T')) : new Date(),
          };
        }
      }
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('附件.zip')}`)
        .send(zipStream(entries()));
    },
  });

  // Where documents are previewed (the tenant's parameter preview.serviceUrl); images and videos open directly.
  route({
    method: 'GET',
    url: '/api/blade-resource/oss/endpoint/preview-service',
    summary: '附件在线预览服务地址',
    tags,
    requires: 'user',
    handler: async ({ user }) => ({ url: (await params.get(user.tenantId, PREVIEW_PARAM, '')).trim() }),
  });

  route({
    method: 'GET',
    url: '/api/blade-resource/attach/download',
    summary: '下载附件',
    tags: ['附件管理'],
    requires: { code: 'attach_download' },
    raw: true,
    query: z.object({ id: idField() }),
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
    method: 'GET',
    url: '/api/blade-resource/attach/download-zip',
    summary: '打包下载附件(zip)',
    tags: ['附件管理'],
    requires: { code: 'attach_download' },
    raw: true,
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
