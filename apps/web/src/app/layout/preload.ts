/**
 * Pages loaded ahead (docs/compatibility.md: 1–3 s of 加载中 on the first visit to the workbench and 待办事务). The login page
 * loads the workbench's module with the shell's; once signed in, the shell loads the modules of the pages the
 * user's menu holds — the workbench and the workflow lists first, then the rest in menu order, at most
 * PRELOAD_LIMIT pages — one at a time while the browser is idle, so that a first click renders its page at once
 * (only its data still loads). Nothing is loaded ahead when the user asks to save data.
 */
import { useEffect } from 'react';
import { findPage } from '../../features/registry';
import { settings } from '../config';
import type { MenuNode } from '../session';
import { indexMenus } from './menus';

/** The most pages loaded ahead after a sign-in (the rest load when opened). */
export const PRELOAD_LIMIT = 20;

/** Pages the user is likely to open first: the workbench, then the workflow lists (when the menu holds them). */
const FIRST = [
  settings.homePath,
  '/workflow/process/todo',
  '/workflow/process/start',
  '/workflow/process/send',
  '/workflow/process/claim',
  '/workflow/process/done',
  '/workflow/process/myDone',
  '/workflow/process/copy',
];

/** The paths to load ahead for a menu tree, in order: the home page, the workflow lists it holds, then its other pages. */
export function preloadPaths(menus: readonly MenuNode[], limit = PRELOAD_LIMIT): string[] {
  const menuPaths = [...indexMenus(menus).keys()];
  const held = new Set(menuPaths);
  const ordered = [...FIRST.filter((p) => p === settings.homePath || held.has(p)), ...menuPaths];
  const paths: string[] = [];
  const modules = new Set<unknown>();
  for (const path of ordered) {
    const page = findPage(path);
    // One module once (the process lists share theirs); a page already here needs nothing.
    if (!page || modules.has(page.component) || page.component.loaded) continue;
    modules.add(page.component);
    paths.push(path);
    if (paths.length >= limit) break;
  }
  return paths;
}

/** Loads the page module of a path now (nothing when there is no such page). */
export const preloadPage = (path: string): Promise<void> => findPage(path)?.component.preload() ?? Promise.resolve();

type IdleHandle = number;
const onIdle = (run: () => void): IdleHandle =>
  typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 2000 }) : window.setTimeout(run, 200);
const cancelIdle = (handle: IdleHandle) => (typeof window.cancelIdleCallback === 'function' ? window.cancelIdleCallback(handle) : window.clearTimeout(handle));

const savesData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/** Loads the given pages one after the other, each when the browser is idle; returns a stop. */
export function preloadWhenIdle(paths: readonly string[]): () => void {
  let stopped = false;
  let handle: IdleHandle | undefined;
  const next = (i: number) => {
    if (stopped || i >= paths.length) return;
    handle = onIdle(() => {
      handle = undefined;
      if (stopped) return;
      void preloadPage(paths[i]!).then(() => next(i + 1));
    });
  };
  if (!savesData()) next(0);
  return () => {
    stopped = true;
    if (handle !== undefined) cancelIdle(handle);
  };
}

/** The shell's part: once the user's menus are known, their pages load while the browser is idle. */
export function usePreloadMenuPages(menus: readonly MenuNode[] | undefined) {
  useEffect(() => {
    if (!menus) return;
    return preloadWhenIdle(preloadPaths(menus));
  }, [menus]);
}
