/**
 * The error log of the web app (spec 2 section 8): uncaught UI errors — window errors, unhandled promise
 * rejections and pages that fail to render — with the route, user, tenant and app version, kept in this
 * browser (localStorage, at most settings.maxErrorLog, newest first) until uploaded to the server
 * (POST /api/blade-log/error/upload) or cleared.
 */
import { useSyncExternalStore } from 'react';
import { postErrorLog } from './api';
import { settings } from '../../app/config';
import { getSession } from '../../app/session';
import { KEYS, storage } from '../../app/storage';

export interface ErrorLogEntry {
  /** error, unhandledrejection, render */
  type: string;
  message: string;
  stack: string;
  /** What else is known (the React component stack of a render error). */
  info: string;
  /** The route the user was on. */
  url: string;
  /** yyyy-MM-dd HH:mm:ss */
  time: string;
  user: string;
  tenant: string;
  version: string;
}

const listeners = new Set<() => void>();
let entries: readonly ErrorLogEntry[] = storage.get<ErrorLogEntry[]>(KEYS.errorLog) ?? [];

function save(next: readonly ErrorLogEntry[]) {
  entries = next.slice(0, settings.maxErrorLog);
  storage.set(KEYS.errorLog, entries);
  for (const l of listeners) l();
}

const pad = (n: number) => String(n).padStart(2, '0');
export function formatTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Records one error (anything thrown) under the current route and user. */
export function recordError(error: unknown, type = 'error', info = ''): ErrorLogEntry {
  const e = error instanceof Error ? error : null;
  const session = getSession();
  const entry: ErrorLogEntry = {
    type,
    message: e ? `${e.name}: ${e.message}` : String(error),
    stack: e?.stack ?? '',
    info,
    url: window.location.pathname + window.location.search,
    time: formatTime(new Date()),
    user: session?.user.account ?? '',
    tenant: session?.tenantId ?? '',
    version: settings.appVersion,
  };
  save([entry, ...entries]);
  return entry;
}

export function getErrorLog(): readonly ErrorLogEntry[] {
  return entries;
}

export function clearErrorLog() {
  save([]);
}

/** Sends the kept errors to the server; they are forgotten once it has them. */
export async function uploadErrorLog(): Promise<void> {
  const sent = entries;
  if (!sent.length) return;
  await postErrorLog(sent.map(({ user: _u, tenant: _t, ...rest }) => rest));
  save(entries.filter((e) => !sent.includes(e)));
}

export function useErrorLog(): readonly ErrorLogEntry[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getErrorLog,
    getErrorLog,
  );
}

let installed = false;
/** Records uncaught errors and unhandled rejections of the page (once). */
export function installErrorHandlers() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (event) => {
    // Failed <img>/<script> loads are not program errors.
    if (!(event instanceof ErrorEvent)) return;
    recordError(event.error ?? event.message, 'error', event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '');
  });
  window.addEventListener('unhandledrejection', (event) => {
    recordError(event.reason, 'unhandledrejection');
  });
}
