import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

async function load() {
  vi.resetModules();
  return import('./tabs');
}

beforeEach(() => localStorage.clear());

describe('tabs', () => {
  it('keeps the workbench first and not closable, and remembers the tabs', async () => {
    const tabs = await load();
    tabs.visitTab('/system/param');
    tabs.visitTab('/desk/notice');
    expect(tabs.getTabs().tabs).toEqual(['/wel/index', '/system/param', '/desk/notice']);
    expect(tabs.closeTab('/wel/index')).toBe('/wel/index');
    expect(tabs.getTabs().tabs).toHaveLength(3);
    expect(JSON.parse(localStorage.getItem('saber-tag-list')!)).toEqual(['/wel/index', '/system/param', '/desk/notice']);
    const reloaded = await load();
    expect(reloaded.getTabs().tabs).toEqual(['/wel/index', '/system/param', '/desk/notice']);
  });

  it('closing answers the tab to the left and unmounts the page', async () => {
    const tabs = await load();
    tabs.visitTab('/a');
    tabs.visitTab('/b');
    expect(tabs.closeTab('/b')).toBe('/a');
    expect(tabs.getTabs().kept).toEqual(['/a']);
    expect(tabs.closeTab('/a')).toBe('/wel/index');
  });

  it('close others and close all', async () => {
    const tabs = await load();
    for (const t of ['/wel/index', '/a', '/b', '/c']) tabs.visitTab(t);
    tabs.closeOtherTabs('/b');
    expect(tabs.getTabs().tabs).toEqual(['/wel/index', '/b']);
    expect(tabs.getTabs().kept).toEqual(['/b', '/wel/index']);
    tabs.closeAllTabs();
    expect(tabs.getTabs()).toEqual({ tabs: ['/wel/index'], kept: ['/wel/index'] });
  });

  it('close left and close right of a tab keep the workbench and that tab', async () => {
    const tabs = await load();
    for (const t of ['/a', '/b', '/c', '/d']) tabs.visitTab(t);
    tabs.closeRightTabs('/c');
    expect(tabs.getTabs().tabs).toEqual(['/wel/index', '/a', '/b', '/c']);
    expect(tabs.getTabs().kept).toEqual(['/c', '/b', '/a']);
    tabs.closeLeftTabs('/b');
    expect(tabs.getTabs().tabs).toEqual(['/wel/index', '/b', '/c']);
    expect(tabs.getTabs().kept).toEqual(['/c', '/b']);
    tabs.closeLeftTabs('/wel/index');
    tabs.closeRightTabs('/nowhere');
    expect(tabs.getTabs().tabs).toEqual(['/wel/index', '/b', '/c']);
    tabs.closeRightTabs('/wel/index');
    expect(tabs.getTabs().tabs).toEqual(['/wel/index']);
  });

  it('refreshing a tab counts its reloads (its page is mounted anew)', async () => {
    const tabs = await load();
    tabs.refreshTab('/a');
    tabs.refreshTab('/a');
    tabs.refreshTab('/b');
    const { result } = renderHook(() => tabs.useTabReloads());
    expect(result.current).toEqual({ '/a': 2, '/b': 1 });
    act(() => tabs.refreshTab('/b'));
    expect(result.current['/b']).toBe(2);
  });

  it('keeps at most ten pages mounted, the most recently visited', async () => {
    const tabs = await load();
    for (let i = 1; i <= 12; i++) tabs.visitTab(`/p${i}`);
    tabs.visitTab('/p2');
    const { tabs: open, kept } = tabs.getTabs();
    expect(open).toHaveLength(13);
    expect(kept).toHaveLength(10);
    expect(kept[0]).toBe('/p2');
    expect(kept).not.toContain('/p1');
  });
});
