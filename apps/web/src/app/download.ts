/**
 * File downloads (Excel exports and templates): the browser fetches the URL itself, so the token travels as
 * `?blade-auth=bearer <token>` (API.md, Headers) instead of a header.
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
