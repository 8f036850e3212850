/**
 * File downloads. From the server (Excel exports and templates): the browser fetches the URL itself, so the token
 * travels as `?blade-auth=bearer <token>` (API.md, Headers) instead of a header. Made in the browser (a fetched
 * attachment, a diagram): saveBlob.
 */
import { buildUrl, type Query } from './api';
import { getSession } from './session';

export function downloadHref(url: string, params: Query = {}): string {
  const token = getSession()?.accessToken;
  return buildUrl(url, { ...params, 'blade-auth': token ? `bearer ${token}` : undefined });
}

/** Starts the download of `url` in the browser. */
export function download(url: string, params: Query = {}) {
  const a = document.createElement('a');
  a.href = downloadHref(url, params);
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Saves content the page holds as a file named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000); // after the browser has started reading it
}

/** A link of a stored file (or a download route) that works in <img> and new tabs: the token goes in the query. */
export function fileUrl(link: string, params: Record<string, string> = {}): string {
  return buildUrl(link, { ...params, 'blade-auth': getSession()?.accessToken });
}

/** Bytes as a short human size. */
export function formatSize(bytes: unknown): string {
  const n = Number(bytes);
  if (!Number.isFinite(n)) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}
