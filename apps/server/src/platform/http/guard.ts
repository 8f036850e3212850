/**
 * Input the server refuses before any route sees it, and the rules for where a token may travel.
 *
 * - A NUL byte (U+0000) is never valid text: PostgreSQL cannot store it in `text`/`varchar` and answered 500
 *   on every route that bound one. It is refused with 400 wherever it appears — query values and keys, path
 *   parameters, JSON or form bodies (at any depth, keys included) and upload file names (checked by the code
 *   reading the file through `cleanFileName`).
 * - `?blade-auth=<token>` is accepted only on downloads and previews (the browser opens those itself and cannot
 *   send a header); everywhere else a token must come in the `Blade-Auth` header, so a token never appears in
 *   the URL of a write or of an ordinary read.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError, fail } from './errors.ts';

export const NUL_MESSAGE = '请求参数不能包含空字符(\\u0000)';

/** The first path (`query.name`, `body.items[2].title`) holding a NUL byte in a key or a string value, or undefined. */
export function findNul(value: unknown, where: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? where : undefined;
  if (!value || typeof value !== 'object' || depth > 64) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], `${where}[${i}]`, depth + 1);
      if (hit) return hit;
    }
    return undefined;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return `${where}.${visibleNul(k)}`;
    const hit = findNul(v, `${where}.${k}`, depth + 1);
    if (hit) return hit;
  }
  return undefined;
}

/** An uploaded file's name as stored: the last path segment, at most 255 characters; a NUL byte is refused. */
export function cleanFileName(name: string): string {
  if (name.includes('\u0000')) throw fail(`文件名${NUL_MESSAGE.slice(4)}`);
  return (name.split(/[\\/]/).pop() ?? '').slice(-255);
}

/** The path of a request url (before its query string). */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** Replaces NUL bytes by a visible `\u0000` (for logs, which PostgreSQL must be able to store). */
export const visibleNul = (s: string) => s.split('\u0000').join('\\u0000');

/**
 * Whether a route accepts its token as `?blade-auth=`: GET routes that answer a file for the browser to show
 * or save (exports, templates, downloads, stored files, zips, diagrams and previews). A route may say so
 * explicitly with `queryToken` on its definition.
 */
export function acceptsQueryToken(method: string, url: string): boolean {
  if (method !== 'GET') return false;
  const path = pathOf(url);
  return /\/(export[\w-]*|[\w-]*-template|download[\w-]*|file-zip|[\w-]*(diagram|resource|image)-view|preview)(\/|$)|\/file\//i.test(path);
}

type Part = { type?: string; fieldname?: string; filename?: string; value?: unknown; file?: { resume(): unknown }; fields?: Record<string, unknown> };

/** The NUL check of one multipart part (a file's name, a field's name and value, and the fields sent before a file). */
function partNul(part: Part): string | undefined {
  if (typeof part.fieldname === 'string' && part.fieldname.includes('\u0000')) return 'multipart field name';
  if (part.type === 'file' && typeof part.filename === 'string' && part.filename.includes('\u0000')) return `file name of ${part.fieldname}`;
  if (part.type === 'field' && typeof part.value === 'string' && part.value.includes('\u0000')) return `field ${part.fieldname}`;
  for (const f of Object.values(part.fields ?? {})) {
    for (const one of (Array.isArray(f) ? f : [f]) as Part[]) {
      if (one && one !== part && one.type === 'field' && typeof one.value === 'string' && one.value.includes('\u0000')) return `field ${one.fieldname}`;
    }
  }
  return undefined;
}

/**
 * Wraps `req.file()` and `req.parts()` of a multipart request so that a part whose file name, field name or
 * text value holds a NUL byte is refused (400) as it arrives, before the route stores anything of it.
 */
export function guardMultipart(req: FastifyRequest, refused: (where: string) => void) {
  const check = (part: Part | undefined) => {
    if (!part) return part;
    const where = partNul(part);
    if (!where) return part;
    part.file?.resume();
    refused(where);
    throw fail(NUL_MESSAGE);
  };
  const file = req.file.bind(req);
  const parts = req.parts.bind(req);
  req.file = (async (...args: Parameters<typeof file>) => check((await file(...args)) as Part | undefined)) as typeof req.file;
  req.parts = async function* (...args: Parameters<typeof parts>) {
    for await (const part of parts(...args)) yield check(part as Part) as never;
  } as typeof req.parts;
}

/** Room for the multipart envelope (boundaries, part headers, small text fields) around a file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** An upload over its limit: the answer also ends the connection, so the rest of the upload is never read. */
export class UploadTooLarge extends ApiError {
  readonly closeConnection = true;
  constructor(message: string, status = 400) {
    super(status, message);
  }
}

/**
 * Size limits of an upload without reading what is over them: a request declaring a body larger than the file
 * limit (plus the multipart envelope) is refused before a byte of it is read. Once a file runs over the limit
 * while it streams (`FST_REQ_FILE_TOO_LARGE`, or `UploadTooLarge` thrown by the route), the error handler's
 * answer closes the connection instead of draining the rest.
 */
export function refuseOversizedUpload(req: FastifyRequest, maxBytes: number, message: string, status = 400) {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw new UploadTooLarge(message, status);
}

/**
 * Reads an uploaded file's stream into memory, refusing it (UploadTooLarge) the moment it passes `maxBytes`:
 * the parser (busboy, given the same limit) cuts the file there and says so by a `limit` event, after which it
 * would only discard the rest of the upload until the part ends. (`part.toBuffer()` of @fastify/multipart waits
 * for that end, reading the whole upload, and answers a file cut at a chunk boundary as if it were complete.)
 */
export function readFileLimited(file: NodeJS.ReadableStream & { truncated?: boolean }, maxBytes: number, message: string, status = 400): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const tooLarge = () => {
      if (done) return;
      done = true;
      file.removeAllListeners('data');
      reject(new UploadTooLarge(message, status));
    };
    file.on('limit', tooLarge);
    file.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) tooLarge();
      else chunks.push(chunk);
    });
    file.once('error', (e) => {
      if (done) return;
      done = true;
      reject(e);
    });
    file.once('end', () => {
      if (done) return;
      if (file.truncated) return tooLarge();
      done = true;
      resolve(Buffer.concat(chunks));
    });
  });
}
