import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../lazyPage';
import type { MenuNode } from '../session';
import { preloadPaths, preloadWhenIdle } from './preload';

const menu = (code: string, path: string, children?: MenuNode[]): MenuNode => ({
  id: code,
  parentId: '0',
  code,
  name: code,
  path,
  ...(children ? { children } : {}),
});

const tree: MenuNode[] = [
  menu('customer', '/marketing', [menu('customer_list', '/marketing/hjlCustomer'), menu('customer_my', '/marketing/hjlCustomer/my')]),
  menu('workflow', '/workflow', [
    menu('wf_start', '/workflow/process/start'),
    menu('wf_todo', '/workflow/process/todo'),
    menu('wf_send', '/workflow/process/send'),
    menu('no_page', '/nowhere/at/all'),
  ]),
];

afterEach(() => vi.unstubAllGlobals());

describe('pages loaded ahead after sign-in', () => {
  it('takes the workbench, then the workflow lists the menu holds, then its other pages, up to the limit', () => {
    expect(preloadPaths(tree)).toEqual([
      '/wel/index',
      '/workflow/process/todo',
      '/workflow/process/start',
      '/workflow/process/send',
      '/marketing/hjlCustomer',
      '/marketing/hjlCustomer/my',
    ]);
    expect(preloadPaths(tree, 2)).toEqual(['/wel/index', '/workflow/process/todo']);
    // Without the workflow menus no workflow list is loaded.
    expect(preloadPaths([tree[0]!])).toEqual(['/wel/index', '/marketing/hjlCustomer', '/marketing/hjlCustomer/my']);
  });

  it('loads one page per idle moment, and stops when told', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const stop = preloadWhenIdle(['/nowhere', '/nowhere/else', '/nor/here']);
    expect(idle).toHaveLength(1);
    await act(async () => idle[0]!());
    expect(idle).toHaveLength(2);
    stop();
    await act(async () => idle[1]!());
    expect(idle).toHaveLength(2);
  });

  it('a page loaded ahead renders without its 加载中', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads++;
      return { default: () => <p>页面内容</p> };
    });
    expect(Page.loaded).toBe(false);
    await Page.preload();
    await Page.preload();
    expect([loads, Page.loaded]).toEqual([1, true]);
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Page />
      </Suspense>,
    );
    // Rendered synchronously: the fallback never shows.
    expect(screen.queryByText('加载中')).toBeNull();
    expect(screen.getByText('页面内容')).toBeTruthy();
  });

  it('a page not loaded ahead still loads when shown, and a failed preload loads again', async () => {
    let fail = true;
    const Page = lazyPage(async () => {
      if (fail) throw new Error('chunk');
      return { default: () => <p>页面内容</p> };
    });
    await Page.preload(); // never rejects
    expect(Page.loaded).toBe(false);
    fail = false;
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeTruthy();
    expect(await screen.findByText('页面内容')).toBeTruthy();
  });
});
