/**
 * Object storage behind one interface (ARCHITECTURE.md, Files): the local disk by default, any S3-compatible
 * store when a tenant enables one in the OSS screen. Keys are chosen by the server (`newKey`), never by a
 * caller: `<tenant>/<yyyyMMdd>/<32 random hex>.<ext>`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An object's bytes: whole, or as a stream (a large file made on the server, e.g. a backup, is never held whole). */
export type FileBody = Buffer | AsyncIterable<Buffer | Uint8Array>;

export interface FileStore {
  /** Writes (or replaces) the object under `key`. A stream that fails leaves no object (nor replaces one). */
  put(key: string, body: FileBody, contentType?: string): Promise<void>;
  /** The object's bytes as a stream, or undefined when there is none. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** All bytes of a stream (an object of limited size: uploads are capped, attachments read one at a time). */
export async function readAll(stream: AsyncIterable<Buffer | Uint8Array | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** Writes `body` to `tmp` and renames it to `to`; on any failure `tmp` is removed and `to` left as it was. */
async function writeFileAtomically(tmp: string, to: string, body: FileBody): Promise<void> {
  try {
    if (Buffer.isBuffer(body)) await fs.promises.writeFile(tmp, body, { flag: 'wx' });
    else await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
    await fs.promises.rename(tmp, to);
  } catch (e) {
    await fs.promises.rm(tmp, { force: true });
    throw e;
  }
}

/** Segments of letters, digits, `_`, `-` and `.` (not `.` or `..` alone), separated by `/`. */
const KEY_RE = /^(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;

export function assertKey(key: string): string {
  if (!KEY_RE.test(key) || key.length > 500) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

export const isValidKey = (key: string) => KEY_RE.test(key) && key.length <= 500;

/** A fresh random key in the tenant's folder; the extension is kept only when it is plain letters and digits. */
export function newKey(tenantId: string, extension: string, now = new Date()): string {
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  const ext = /^[a-z0-9]{1,16}$/.test(extension) ? `.${extension}` : '';
  return assertKey(`${tenantId}/${day}/${crypto.randomBytes(16).toString('hex')}${ext}`);
}

/** Files under a root directory (DATA_DIR/files); keys map to paths that cannot leave it. */
export class LocalFileStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    const p = path.resolve(this.root, assertKey(key));
    if (!p.startsWith(this.root + path.sep)) throw new Error(`storage key outside the root: ${key}`);
    return p;
  }

  async put(key: string, body: FileBody): Promise<void> {
    const p = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(p), { recursive: true });
    // Written beside and renamed, so a reader never sees half a file.
    const tmp = `${p}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await writeFileAtomically(tmp, p, body);
  }

  async get(key: string): Promise<Readable | undefined> {
    const p = this.pathOf(key);
    try {
      const handle = await fs.promises.open(p, 'r');
      return handle.createReadStream();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }
}
