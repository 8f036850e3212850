import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../testing/fake-s3.ts';
import { S3FileStore } from './s3.ts';
import { LocalFileStore, newKey, type FileStore } from './store.ts';

const text = async (s: Readable | undefined) => {
  if (!s) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
};

describe('newKey', () => {
  it('is tenant/day/random.ext, random every time, and keeps only plain extensions', () => {
    const k = newKey('000000', 'png', new Date(2026, 0, 5));
    expect(k).toMatch(/^000000\/20260105\/[0-9a-f]{32}\.png$/);
    expect(newKey('000000', 'png')).not.toBe(newKey('000000', 'png'));
    expect(newKey('000000', '../x')).toMatch(/^000000\/\d{8}\/[0-9a-f]{32}$/);
    expect(() => newKey('../etc', 'txt')).toThrow(/invalid storage key/);
  });
});

/** The same behaviour from both implementations. */
function contract(name: string, make: () => FileStore) {
  describe(`${name}: put, get, exists, delete`, () => {
    it('round-trips bytes and forgets them on delete', async () => {
      const store = make();
      const key = newKey('000001', 'txt');
      expect(await store.exists(key)).toBe(false);
      expect(await store.get(key)).toBeUndefined();
      await store.put(key, Buffer.from('你好,存储'), 'text/plain');
      expect(await store.exists(key)).toBe(true);
      expect(await text(await store.get(key))).toBe('你好,存储');
      await store.put(key, Buffer.from('replaced'));
      expect(await text(await store.get(key))).toBe('replaced');
      await store.delete(key);
      expect(await store.exists(key)).toBe(false);
      await store.delete(key); // a second delete is not an error
    });

    it('writes a stream as it comes, and a stream that fails leaves no object and keeps the old one', async () => {
      const store = make();
      const key = newKey('000001', 'json');
      async function* parts() {
        for (let i = 0; i < 100; i++) yield Buffer.from(`第${i}段;`);
      }
      await store.put(key, parts(), 'application/json');
      const expected = Array.from({ length: 100 }, (_, i) => `第${i}段;`).join('');
      expect(await text(await store.get(key))).toBe(expected);
      async function* failing() {
        yield Buffer.from('half');
        throw new Error('source failed');
      }
      await expect(store.put(key, failing())).rejects.toThrow('source failed');
      expect(await text(await store.get(key))).toBe(expected);
      const other = newKey('000001', 'json');
      await expect(store.put(other, failing())).rejects.toThrow('source failed');
      expect(await store.exists(other)).toBe(false);
      await store.delete(key);
    });

    it('refuses keys that could leave their folder', async () => {
      const store = make();
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', '', 'a/b/..']) {
        await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage key/);
        await expect(store.get(key), key).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hjl-files-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
contract('LocalFileStore', () => new LocalFileStore(root));

describe('LocalFileStore on disk', () => {
  it('writes under its root only, at the path of the key', async () => {
    const store = new LocalFileStore(root);
    await store.put('000000/20260101/abc.txt', Buffer.from('x'));
    expect(fs.readFileSync(path.join(root, '000000/20260101/abc.txt'), 'utf8')).toBe('x');
    expect(fs.readdirSync(path.join(root, '000000/20260101'))).toEqual(['abc.txt']); // no temporary file left
    async function* failing() {
      yield Buffer.from('half');
      throw new Error('source failed');
    }
    await expect(store.put('000000/20260101/def.txt', failing())).rejects.toThrow('source failed');
    expect(fs.readdirSync(path.join(root, '000000/20260101'))).toEqual(['abc.txt']); // nor of a failed stream
  });
});

let fake: FakeS3;
beforeAll(async () => {
  fake = await startFakeS3();
});
afterAll(() => fake.close());

const s3 = () => new S3FileStore({ endpoint: fake.endpoint, bucket: 'hjl-files', accessKey: 'AKTEST', secretKey: 'very-secret', region: 'cn-east-1' });
contract('S3FileStore', s3);

describe('S3FileStore requests', () => {
  it('sends path-style, SigV4-signed requests with the bucket, key, body and content type', async () => {
    const { seen, objects } = fake;
    seen.length = 0;
    const store = s3();
    await store.put('000000/20260101/report.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(await store.exists('000000/20260101/report.pdf')).toBe(true);
    expect(await text(await store.get('000000/20260101/report.pdf'))).toBe('%PDF-1.4');
    await store.delete('000000/20260101/report.pdf');
    expect(seen.map((s) => [s.method, s.url.split('?')[0]])).toEqual([
      ['PUT', '/hjl-files/000000/20260101/report.pdf'],
      ['HEAD', '/hjl-files/000000/20260101/report.pdf'],
      ['GET', '/hjl-files/000000/20260101/report.pdf'],
      ['DELETE', '/hjl-files/000000/20260101/report.pdf'],
    ]);
    const put = seen[0]!;
    expect(put.body).toBe('%PDF-1.4');
    expect(put.contentType).toBe('application/pdf');
    expect(put.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKTEST\/\d{8}\/cn-east-1\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/);
    // the secret itself never travels
    expect(seen.some((s) => s.auth.includes('very-secret') || s.url.includes('very-secret'))).toBe(false);
    expect(objects.size).toBe(0);
  });

  it('reports a failure of the service as an error', async () => {
    const store = new S3FileStore({ endpoint: 'http://127.0.0.1:1', bucket: 'b-1', accessKey: 'a', secretKey: 'b' });
    await expect(store.put('000000/x.txt', Buffer.from('x'))).rejects.toThrow();
  });
});
