/** Any S3-compatible store (MinIO, Aliyun OSS, Tencent COS, Huawei OBS, AWS S3) through @aws-sdk/client-s3. */
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertKey, type FileStore } from './store.ts';

export interface S3Options {
  /** http(s)://host[:port] of the service. */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region?: string | null;
}

const notFound = (e: unknown) => e instanceof S3ServiceException && (e.$metadata?.httpStatusCode === 404 || e.name === 'NotFound' || e.name === 'NoSuchKey');

export class S3FileStore implements FileStore {
  private readonly client: S3Client;

  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
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

  async put(key: string, body: Buffer, contentType?: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: assertKey(key),
        Body: body,
        ContentLength: body.length,
        ContentType: contentType ?? 'application/octet-stream',
      }),
    );
  }

  async get(key: string): Promise<Readable | undefined> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: assertKey(key) }));
      return r.Body as Readable | undefined;
    } catch (e) {
      if (notFound(e)) return undefined;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: assertKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: assertKey(key) }));
      return true;
    } catch (e) {
      if (notFound(e)) return false;
      throw e;
    }
  }

  close() {
    this.client.destroy();
  }
}
