import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../app/i18n';
import { Providers } from '../../../app/providers';
import { saveAccess, saveTokens } from '../../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../../test/http';
import { grantedKeys, grantedLeaves, type GrantNode } from '../../../components/CrudPage/tree';
import { TopMenuGrantDialog } from './TopMenuGrantDialog';

const tree: GrantNode[] = [
  { key: '1', title: '工作台', children: [{ key: '11', title: '通知公告' }] },
  {
    key: '2',
    title: '系统管理',
    children: [
      { key: '21', title: '用户管理' },
      { key: '22', title: '参数管理' },
    ],
  },
];

describe('grant keys', () => {
  it('hands only granted leaves to the tree, so a granted parent does not check all its children', () => {
    expect(grantedLeaves(tree, ['2', '22'])).toEqual(['22']);
    expect(grantedLeaves(tree, ['1', '11', '2', '21', '22'])).toEqual(['11', '21', '22']);
    expect(grantedLeaves(tree, ['99'])).toEqual([]);
  });

  it('saves checked and half-checked keys once each', () => {
    expect(grantedKeys(['22'], ['2'])).toEqual(['22', '2']);
    expect(grantedKeys(['1', '11'], ['1'])).toEqual(['1', '11']);
  });
});

describe('TopMenuGrantDialog', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { clientBasic: 'x' };
    saveTokens(tokenAnswer());
    saveAccess([], ['topmenu_setting']);
  });

  function setup() {
    const http = mockFetch((call) => {
      if (call.path === '/api/blade-system/menu/grant-top-tree') return ok(tree);
      if (call.path === '/api/blade-system/menu/top-tree-keys') return ok(['2', '22']);
      if (call.path === '/api/blade-system/topmenu/grant') return ok({});
      return undefined;
    });
    const onClose = vi.fn();
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TopMenuGrantDialog topMenuId="7" onClose={onClose} />
      </Providers>,
    );
    return { http, onClose };
  }

  const checkbox = (title: string) => screen.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
  const isChecked = (title: string) => checkbox(title).classList.contains('ant-tree-checkbox-checked');
  const isHalf = (title: string) => checkbox(title).classList.contains('ant-tree-checkbox-indeterminate');

  it('shows the granted menus: the leaf checked, its parent half-checked, the other children not', async () => {
    const { http } = setup();
    await screen.findByText('参数管理');
    expect(http.callsTo('/api/blade-system/menu/top-tree-keys')[0]!.query.get('topMenuIds')).toBe('7');
    expect(isChecked('参数管理')).toBe(true);
    expect(isHalf('系统管理')).toBe(true);
    expect(isChecked('用户管理')).toBe(false);
    expect(isChecked('工作台')).toBe(false);
  });

  it('saves the checked menus with their half-checked parents for this top menu', async () => {
    const { http, onClose } = setup();
    await screen.findByText('通知公告');
    fireEvent.click(checkbox('通知公告'));
    await waitFor(() => expect(isChecked('工作台')).toBe(true));
    await act(async () => {
      fireEvent.click(screen.getByTestId('topmenu-grant-submit'));
    });
    await waitFor(() => expect(http.callsTo('/api/blade-system/topmenu/grant')).toHaveLength(1));
    const body = http.callsTo('/api/blade-system/topmenu/grant')[0]!.body as { topMenuIds: string[]; menuIds: string[] };
    expect(body.topMenuIds).toEqual(['7']);
    expect([...body.menuIds].sort()).toEqual(['1', '11', '2', '22']);
    expect(await screen.findByText('配置成功')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('saves what the server holds when nothing was touched', async () => {
    const { http } = setup();
    await screen.findByText('通知公告');
    await act(async () => {
      fireEvent.click(screen.getByTestId('topmenu-grant-submit'));
    });
    await waitFor(() => expect(http.callsTo('/api/blade-system/topmenu/grant')).toHaveLength(1));
    expect(http.callsTo('/api/blade-system/topmenu/grant')[0]!.body).toEqual({ topMenuIds: ['7'], menuIds: ['2', '22'] });
  });
});
