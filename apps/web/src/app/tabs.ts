/**
 * Open tabs of the tag bar. A tab is a visited page, keyed by its path (with query string). The workbench
 * is always the first tab and cannot be closed. The tab list survives reloads (localStorage); `kept` is the
 * most-recently-visited tabs whose pages stay mounted (state kept while hidden), at most maxKeptTabs.
 */
import { useSyncExternalStore } from 'react';
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

/** Keeps only the workbench. */
export function closeAllTabs() {
  update({ tabs: [HOME], kept: state.kept.filter((k) => k === HOME) });
}

/** Forgets every tab (new session). */
export function resetTabs() {
  update({ tabs: [HOME], kept: [] });
}
