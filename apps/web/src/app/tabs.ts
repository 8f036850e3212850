/**
 * Open tabs of the tag bar. A tab is a visited page, keyed by its path (with query string). The workbench
 * is always the first tab and cannot be closed. The tab list survives reloads (localStorage); `kept` is the
 * most-recently-visited tabs whose pages stay mounted (state kept while hidden), at most maxKeptTabs.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { settings } from './config';
import { KEYS, storage } from './storage';

export interface TabsState {
  /** Open tabs in bar order; the first is always the workbench. */
  tabs: readonly string[];
  /** Mounted pages, most recent first. */
  kept: readonly string[];
}

const HOME = settings.homePath;

function withHome(tabs: readonly string[]): string[] {
  return [HOME, ...tabs.filter((t) => t !== HOME)];
}

let state: TabsState = { tabs: withHome(storage.get<string[]>(KEYS.tags) ?? []), kept: [] };
const listeners = new Set<() => void>();

function update(next: TabsState) {
  const tabs = withHome(next.tabs);
  const kept = next.kept.filter((k) => tabs.includes(k)).slice(0, settings.maxKeptTabs);
  state = { tabs, kept };
  storage.set(KEYS.tags, tabs);
  for (const listener of listeners) listener();
}

export function getTabs(): TabsState {
  return state;
}

export function useTabs(): TabsState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getTabs,
    getTabs,
  );
}

/** Opens (or re-activates) the tab of a visited page. */
export function visitTab(key: string) {
  if (state.kept[0] === key && state.tabs.includes(key)) return;
  update({
    tabs: state.tabs.includes(key) ? state.tabs : [...state.tabs, key],
    kept: [key, ...state.kept.filter((k) => k !== key)],
  });
}

/** Closes a tab (its page unmounts). Answers the tab to show if `key` was the active one. */
export function closeTab(key: string): string {
  const index = state.tabs.indexOf(key);
  if (key === HOME || index < 0) return HOME;
  const tabs = state.tabs.filter((t) => t !== key);
  update({ tabs, kept: state.kept.filter((k) => k !== key) });
  return tabs[index - 1] ?? HOME;
}

/** Keeps the workbench and `key`. */
export function closeOtherTabs(key: string) {
  update({ tabs: [HOME, key], kept: state.kept.filter((k) => k === key || k === HOME) });
}

/**
 * For a page done with (a start form whose process started): closes the page's own tab and goes to `to`.
 * The page sees its tab's location (PageHost), so the tab closed is its own, active or not.
 */
export function useCloseTabAndGo(): (to: string) => void {
  const location = useLocation();
  const navigate = useNavigate();
  const key = location.pathname + location.search;
  return useCallback(
    (to: string) => {
      closeTab(key);
      void navigate(to);
    },
    [key, navigate],
  );
}

/** Closes the tabs left of `key` (the workbench stays). */
export function closeLeftTabs(key: string) {
  const index = state.tabs.indexOf(key);
  if (index < 0) return;
  const tabs = state.tabs.slice(index);
  update({ tabs, kept: state.kept.filter((k) => k === HOME || tabs.includes(k)) });
}

/** Closes the tabs right of `key`. */
export function closeRightTabs(key: string) {
  const index = state.tabs.indexOf(key);
  if (index < 0) return;
  const tabs = state.tabs.slice(0, index + 1);
  update({ tabs, kept: state.kept.filter((k) => tabs.includes(k)) });
}

/** Keeps only the workbench. */
export function closeAllTabs() {
  update({ tabs: [HOME], kept: state.kept.filter((k) => k === HOME) });
}

/** Forgets every tab (new session). */
export function resetTabs() {
  update({ tabs: [HOME], kept: [] });
}

// Reloads of a tab's page: a page is mounted under its tab key and this count, so refreshing a tab mounts
// its page anew (state dropped, data asked again).
let reloads: Readonly<Record<string, number>> = {};
const reloadListeners = new Set<() => void>();

/** Mounts the page of tab `key` anew. */
export function refreshTab(key: string) {
  reloads = { ...reloads, [key]: (reloads[key] ?? 0) + 1 };
  for (const listener of reloadListeners) listener();
}

/** How often each tab was refreshed (by tab key). */
export function useTabReloads(): Readonly<Record<string, number>> {
  return useSyncExternalStore(
    (listener) => {
      reloadListeners.add(listener);
      return () => reloadListeners.delete(listener);
    },
    () => reloads,
    () => reloads,
  );
}
