import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { iframeSrc } from '../../features/myiframe/IframePage';
import type { MenuNode } from '../session';
import { searchMenus } from './MenuSearch';
import { screenClass, useWindowSize } from './screen';
import { WATERMARK, watermarkGap } from './watermark';
import { opensTab } from './Layout';

describe('screen classes', () => {
  it('3 / 2 / 1 / 0 at 1200 / 992 / 768', () => {
    expect([1920, 1200, 1199, 992, 991, 768, 767, 320].map(screenClass)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });

  it('the window size follows resizes (the class and the watermark spacing are worked out from it)', () => {
    const { result } = renderHook(() => useWindowSize());
    act(() => {
      Object.assign(window, { innerWidth: 900, innerHeight: 600 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toEqual({ width: 900, height: 600 });
    expect(screenClass(result.current.width)).toBe(1);
  });
});

describe('myiframe', () => {
  it('takes the address from the path or ?src=, only http(s)', () => {
    expect(iframeSrc('/myiframe/https:/example.com/report', '')).toBe('https://example.com/report');
    expect(iframeSrc('/myiframe/http%3A%2F%2Fintranet.local%2Fa%3Fb%3D1', '')).toBe('http://intranet.local/a?b=1');
    expect(iframeSrc('/myiframe/x', '?src=https%3A%2F%2Fdocs.example.com%2F')).toBe('https://docs.example.com/');
    expect(iframeSrc('/myiframe/javascript:alert(1)', '')).toBeNull();
    expect(iframeSrc('/myiframe/', '')).toBeNull();
  });
});

describe('menu search', () => {
  const menus: MenuNode[] = [
    {
      id: '1',
      parentId: '0',
      code: 'system',
      name: '系统管理',
      path: '/system',
      children: [
        { id: '2', parentId: '1', code: 'user', name: '用户管理', path: 'user' },
        { id: '3', parentId: '1', code: 'param', name: '参数管理', path: '/system/param' },
      ],
    },
    {
      id: '4',
      parentId: '0',
      code: 'desk',
      name: '办公',
      path: '/desk',
      children: [{ id: '5', parentId: '4', code: 'notice', name: '通知公告', path: '/desk/notice' }],
    },
  ];
  const name = (n: MenuNode) => n.name;
  it('finds pages by name or path, case-insensitive; empty text lists every page', () => {
    expect(searchMenus(menus, '管理', name).map((h) => h.path)).toEqual(['/system/user', '/system/param']);
    expect(searchMenus(menus, 'NOTICE', name).map((h) => h.name)).toEqual(['通知公告']);
    expect(searchMenus(menus, '', name)).toHaveLength(3);
    expect(searchMenus(menus, 'zzz', name)).toEqual([]);
  });
});

describe('watermark and tabs', () => {
  it('spaces the marks so 20 rows and columns fill the box', () => {
    const [gx, gy] = watermarkGap(2000, 1000, 48);
    expect(gx + 48).toBe(2000 / WATERMARK.columns);
    expect(gy + WATERMARK.fontSize).toBe(1000 / WATERMARK.rows);
    expect(watermarkGap(100, 100, 48)).toEqual([0, 0]);
  });

  it('customer, branch-company and archive detail pages open without a tab', () => {
    expect(opensTab('/marketing/hjlCustomersDetail/12')).toBe(false);
    expect(opensTab('/finance/hjlFilialeDetail/3')).toBe(false);
    expect(opensTab('/hjlArchives/hjlArchivesDetail/4/1')).toBe(false);
    expect(opensTab('/system/user')).toBe(true);
  });
});
