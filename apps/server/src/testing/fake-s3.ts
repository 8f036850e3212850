/**
 * A fake S3-compatible endpoint on node:http for tests: keeps objects in memory by path and records every
 * request, so a test sees exactly what a store sent (path-style addressing, SigV4 credentials, bodies).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  auth: string;
  body: string;
  contentType: string | undefined;
}

export interface FakeS3 {
  endpoint: string;
  seen: SeenRequest[];
  /** path (`/bucket/key`) → bytes */
  objects: Map<string, Buffer>;
  close(): Promise<void>;
}

export async function startFakeS3(): Promise<FakeS3> {
  const seen: SeenRequest[] = [];
  const objects = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = decodeURIComponent(req.url!.split('?')[0]!);
      seen.push({
        method: req.method!,
        url: req.url!,
        auth: String(req.headers.authorization ?? ''),
        body: body.toString('utf8'),
        contentType: req.headers['content-type'],
      });
      const missing = () => {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
      };
      const o = objects.get(path);
      switch (req.method) {
        case 'PUT':
          objects.set(path, body);
          res.writeHead(200, { etag: '"1"' });
          return res.end();
        case 'GET':
          if (!o) return missing();
          res.writeHead(200, { 'content-length': o.length, 'content-type': 'application/octet-stream' });
          return res.end(o);
        case 'HEAD':
          if (!o) return missing();
          res.writeHead(200, { 'content-length': o.length });
          return res.end();
        case 'DELETE':
          objects.delete(path);
          res.writeHead(204);
          return res.end();
      }
      res.writeHead(405);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    objects,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A multipart/form-data body with one file, for app.inject. */
export function multipartFile(filename: string, content: Buffer | string, field = 'file') {
  const boundary = `----hjltest${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
