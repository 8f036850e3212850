/**
 * The files of a tenant: which store an upload goes to (the tenant's enabled OSS configuration, else the
 * local disk), the public name and link of a stored file, and reading it back.
 *
 * A file's `name` is `<store>/<yyyyMMdd>/<random>.<ext>`, where `<store>` is `local` or the id of the OSS
 * configuration it was written to (files stay readable after another configuration is enabled). The object
 * key in that store is `<tenant>/<yyyyMMdd>/<random>.<ext>`: the tenant comes from the caller's token when
 * a file is read, so a name never reaches another tenant's files.
 */
import type { Readable } from 'node:stream';
import type { ossEntity, RowOf } from '@hjl/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/errors.ts';
import type { S3FileStore } from '../../platform/files/s3.ts';
import { LocalFileStore, newKey, type FileBody, type FileStore } from '../../platform/files/store.ts';
import { ENABLED, ossConfigs } from './schema.ts';

/** Where links point: the download route of the upload endpoint. */
export const FILE_DOMAIN = '/api/blade-resource/oss/endpoint/file';
export const LOCAL = 'local';
const NAME_RE = /^(local|\d{1,19})\/((?:private\/)?\d{8})\/([0-9a-f]{32}(?:\.[a-z0-9]{1,16})?)$/;
/** Names the public download route serves (private files, e.g. backups, have their own guarded routes). */
const PUBLIC_NAME_RE = /^(local|\d{1,19})\/\d{8}\/[0-9a-f]{32}(?:\.[a-z0-9]{1,16})?$/;

type OssRow = RowOf<typeof ossEntity>;

export interface SavedFile {
  name: string;
  link: string;
  domain: string;
}

/** Hosts an S3 endpoint may never name: cloud metadata services (the server would fetch its own credentials). */
const FORBIDDEN_HOSTS = [/^169\.254\./, /^100\.100\.100\.200$/, /^\[?fd00:ec2::254\]?$/i, /^metadata(\.google\.internal)?$/i, /^0\.0\.0\.0$/];

export function checkEndpoint(endpoint: string) {
  let host: string;
  try {
    const u = new URL(endpoint);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
    host = u.hostname;
  } catch {
    throw fail('资源地址应为 http(s)://主机[:端口]');
  }
  if (FORBIDDEN_HOSTS.some((re) => re.test(host))) throw fail(`不允许使用该资源地址: ${host}`);
}

export class TenantFiles {
  private readonly s3 = new Map<string, { stamp: string; store: S3FileStore }>();

  constructor(
    private readonly db: Db,
    readonly local: LocalFileStore,
  ) {}

  /**
   * The store of a configuration row (category 1 is the local disk). The S3 client is loaded on first use:
   * it is large, and an installation on the local disk never needs it.
   */
  async storeOf(row: OssRow): Promise<FileStore> {
    if (Number(row.category) === 1) return this.local;
    if (!row.endpoint || !row.bucketName || !row.accessKey || !row.secretKey)
      throw fail(`存储配置[${row.ossCode}]不完整,请填写资源地址、空间名、accessKey和secretKey`);
    const stamp = `${row.updateTime}|${row.endpoint}|${row.bucketName}|${row.accessKey}|${row.secretKey}|${row.region}`;
    const id = String(row.id);
    const hit = this.s3.get(id);
    if (hit && hit.stamp === stamp) return hit.store;
    hit?.store.close();
    const { S3FileStore } = await import('../../platform/files/s3.ts');
    const store = new S3FileStore({
      endpoint: String(row.endpoint),
      bucket: String(row.bucketName),
      accessKey: String(row.accessKey),
      secretKey: String(row.secretKey),
      region: row.region,
    });
    this.s3.set(id, { stamp, store });
    return store;
  }

  /** The store new uploads of a tenant go to. */
  async current(tenantId: string): Promise<{ storeId: string; store: FileStore }> {
    const [row] = await this.db
      .select()
      .from(ossConfigs)
      .where(and(eq(ossConfigs.tenantId, tenantId), eq(ossConfigs.status, ENABLED), eq(ossConfigs.isDeleted, 0)))
      .limit(1);
    if (!row || Number(row.category) === 1) return { storeId: LOCAL, store: this.local };
    return { storeId: String(row.id), store: await this.storeOf(row as OssRow) };
  }

  private async byId(tenantId: string, storeId: string): Promise<FileStore | undefined> {
    if (storeId === LOCAL) return this.local;
    const [row] = await this.db
      .select()
      .from(ossConfigs)
      .where(and(eq(ossConfigs.id, storeId), eq(ossConfigs.tenantId, tenantId), eq(ossConfigs.isDeleted, 0)))
      .limit(1);
    return row ? this.storeOf(row as OssRow) : undefined;
  }

  /**
   * Stores bytes (or a stream of them) under a fresh random name in the tenant's current store. A private file is
   * left out of the public download route; only the module that saved it serves it, behind its own permission.
   */
  async save(tenantId: string, body: FileBody, extension: string, contentType?: string, opts: { private?: boolean } = {}): Promise<SavedFile> {
    return (await this.saver(tenantId, extension, opts))(body, contentType);
  }

  /**
   * `save` in two steps: the store is chosen now (a database read), the bytes written by the function answered. For
   * a stream made while the database is held (an embedded database serves one transaction at a time): choosing
   * the store then would wait for the stream, and the stream for the store.
   */
  async saver(tenantId: string, extension: string, opts: { private?: boolean } = {}): Promise<(body: FileBody, contentType?: string) => Promise<SavedFile>> {
    const { storeId, store } = await this.current(tenantId);
    return async (body, contentType) => {
      const key = newKey(opts.private ? `${tenantId}/private` : tenantId, extension);
      await store.put(key, body, contentType);
      const name = `${storeId}/${key.slice(tenantId.length + 1)}`;
      return { name, link: `${FILE_DOMAIN}/${name}`, domain: FILE_DOMAIN };
    };
  }

  private async locate(tenantId: string, name: string) {
    const m = NAME_RE.exec(name);
    if (!m?.[1]) return undefined;
    const store = await this.byId(tenantId, m[1]);
    return store && { store, key: `${tenantId}/${m[2]}/${m[3]}` };
  }

  /** The bytes of a tenant's file, or undefined when the name is not one of its files. */
  async open(tenantId: string, name: string, opts: { private?: boolean } = {}): Promise<Readable | undefined> {
    if (!opts.private && !PUBLIC_NAME_RE.test(name)) return undefined;
    const at = await this.locate(tenantId, name);
    return at ? at.store.get(at.key) : undefined;
  }

  async remove(tenantId: string, name: string): Promise<void> {
    const at = await this.locate(tenantId, name);
    if (at) await at.store.delete(at.key);
  }

  /** Whether `name` has the shape of a name this service gives out (public or private). */
  static isName(name: string) {
    return NAME_RE.test(name);
  }
}

/** Content type of a download by extension; only types a browser shows without running scripts are inline. */
const INLINE: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  txt: 'text/plain; charset=utf-8',
};
export const contentTypeOf = (ext: string) => INLINE[ext.toLowerCase()];
export const extensionOf = (filename: string) => {
  const m = /\.([A-Za-z0-9]{1,16})$/.exec(filename);
  return m?.[1]?.toLowerCase() ?? '';
};
