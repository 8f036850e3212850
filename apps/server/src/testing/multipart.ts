/** A multipart/form-data body for `app.inject` (uploads in API tests). */
import crypto from 'node:crypto';

export interface UploadFile {
  name?: string;
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** Fields first, then the files (the order browsers send a FormData built that way). */
export function multipart(fields: Record<string, string>, files: UploadFile[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----hjl${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'file'}"; filename="${encodeURIComponent(f.filename)}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
