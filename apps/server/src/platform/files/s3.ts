/** Any S3-compatible store (MinIO, Aliyun OSS, Tencent COS, Huawei OBS, AWS S3) through @aws-sdk/client-s3. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertKey, type FileBody, type FileStore } from './store.ts';

export interface S3Options {
  /** http(s)://host[:port] of the service. */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region?: string | null;
}

type Sdk = typeof import('@aws-sdk/client-s3');

const notFound = (sdk: Sdk, e: unknown) =>
  e instanceof sdk.S3ServiceException && (e.$metadata?.httpStatusCode === 404 || e.name === 'NotFound' || e.name === 'NoSuchKey');

export class S3FileStore implements FileStore {
  /**
   * The SDK and its client, loaded with the first store made: the SDK is large (a twentieth of a server's start) and
   * most installations keep their files on the local disk.
   */
  private readonly ready: Promise<{ sdk: Sdk; client: S3Client }>;

  constructor(private readonly opts: S3Options) {
    this.ready = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: this.clientOf(sdk) }));
  }

  private clientOf(sdk: Sdk): S3Client {
    const opts = this.opts;
    return new sdk.S3Client({
      endpoint: opts.endpoint,
      region: opts.region || 'us-east-1',
      // Path-style (endpoint/bucket/key) works with every S3-compatible service, including MinIO without DNS.
      forcePathStyle: true,
      credentials: { accessKeyId: opts.accessKey, secretAccessKey: opts.secretKey },
      // Older MinIO and most vendors' S3 layers do not accept the SDK's default CRC checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
    });
  }

  async put(key: string, body: FileBody, contentType?: string): Promise<void> {
    assertKey(key);
    const { sdk, client } = await this.ready;
    const send = (Body: Buffer | Readable, ContentLength: number) =>
      client.send(
        new sdk.PutObjectCommand({ Bucket: this.opts.bucket, Key: key, Body, ContentLength, ContentType: contentType ?? 'application/octet-stream' }),
      );
    if (Buffer.isBuffer(body)) {
      await send(body, body.length);
      return;
    }
    // A PUT needs its length first: a stream is spooled to a temporary file and sent from there, never held whole.
    const spool = path.join(os.tmpdir(), `hjl-s3-put-${crypto.randomBytes(8).toString('hex')}`);
    try {
      await pipeline(body, fs.createWriteStream(spool, { flags: 'wx' }));
      await send(fs.createReadStream(spool), (await fs.promises.stat(spool)).size);
    } finally {
      await fs.promises.rm(spool, { force: true });
    }
  }

  async get(key: string): Promise<Readable | undefined> {
    const { sdk, client } = await this.ready;
    try {
      const r = await client.send(new sdk.GetObjectCommand({ Bucket: this.opts.bucket, Key: assertKey(key) }));
      return r.Body as Readable | undefined;
    } catch (e) {
      if (notFound(sdk, e)) return undefined;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.ready;
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.opts.bucket, Key: assertKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    const { sdk, client } = await this.ready;
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.opts.bucket, Key: assertKey(key) }));
      return true;
    } catch (e) {
      if (notFound(sdk, e)) return false;
      throw e;
    }
  }

  close() {
    void this.ready.then(({ client }) => client.destroy());
  }
}
