import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../app/i18n';
import { Providers } from '../../../app/providers';
import { saveAccess, saveTokens } from '../../../app/session';
import { fail, mockFetch, ok, tokenAnswer } from '../../../test/http';
import { RoleGrantDialog, type GrantTree } from './RoleGrantDialog';

// Menus 1 工作台 > 11 通知公告 > 111 新增; 2 系统管理 > 21 参数管理. Scopes hang under their menus as leaves.
const tree: GrantTree = {
  menu: [
    { key: '1', title: '工作台', children: [{ key: '11', title: '通知公告', children: [{ key: '111', title: '新增' }] }] },
    { key: '2', title: '系统管理', children: [{ key: '21', title: '参数管理' }] },
  ],
  dataScope: [
    {
      key: '1',
      title: '工作台',
      children: [
        {
          key: '11',
          title: '通知公告',
          children: [
            { key: '901', title: '本人可见' },
            { key: '902', title: '本部门可见' },
          ],
        },
      ],
    },
  ],
  apiScope: [{ key: '2', title: '系统管理', children: [{ key: '21', title: '参数管理', children: [{ key: '951', title: '参数删除接口' }] }] }],
};
const GRANT = '/api/blade-system/role/grant';

describe('RoleGrantDialog', () => {
  beforeEach(() => {
    window.__APP_CONFIG__ = { clientBasic: 'x' };
    saveTokens(tokenAnswer());
    saveAccess([], ['role_grant']);
  });

  function setup(grantAnswer: { status: number; body: unknown } = ok({})) {
    const http = mockFetch((call) => {
      if (call.path === '/api/blade-system/menu/grant-tree') return ok(tree);
      if (call.path === '/api/blade-system/menu/role-tree-keys') return ok({ menu: ['1', '11', '111'], dataScope: ['902'], apiScope: [] });
      if (call.path === GRANT) return grantAnswer;
      return undefined;
    });
    const onClose = vi.fn();
    render(
      <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RoleGrantDialog roleIds={['7']} onClose={onClose} />
      </Providers>,
    );
    return { http, onClose };
  }

  type Kind = 'menu' | 'dataScope' | 'apiScope';
  const checkbox = (kind: Kind, title: string) =>
    within(screen.getByTestId(`role-grant-tree-${kind}`))
      .getByText(title)
      .closest('.ant-tree-treenode')!
      .querySelector('.ant-tree-checkbox')!;
  const isChecked = (kind: Kind, title: string) => checkbox(kind, title).classList.contains('ant-tree-checkbox-checked');
  const isHalf = (kind: Kind, title: string) => checkbox(kind, title).classList.contains('ant-tree-checkbox-indeterminate');
  const tab = async (kind: Kind) => {
    await act(async () => {
      fireEvent.click(screen.getByTestId(`role-grant-tab-${kind}`));
    });
  };
  const save = async () => {
    await act(async () => {
      fireEvent.click(screen.getByTestId('role-grant-submit'));
    });
  };

  it('shows three tabs checked from role-tree-keys', async () => {
    const { http } = setup();
    await screen.findByText('参数管理');
    expect(http.callsTo('/api/blade-system/menu/role-tree-keys')[0]!.query.get('roleIds')).toBe('7');
    expect(screen.getByTestId('role-grant-tab-menu').textContent).toBe('菜单权限');
    expect(screen.getByTestId('role-grant-tab-dataScope').textContent).toBe('数据权限');
    expect(screen.getByTestId('role-grant-tab-apiScope').textContent).toBe('接口权限');
    expect(isChecked('menu', '工作台')).toBe(true);
    expect(isChecked('menu', '新增')).toBe(true);
    expect(isChecked('menu', '参数管理')).toBe(false);
    await tab('dataScope');
    expect(isChecked('dataScope', '本部门可见')).toBe(true);
    expect(isChecked('dataScope', '本人可见')).toBe(false);
    expect(isHalf('dataScope', '通知公告')).toBe(true);
    await tab('apiScope');
    expect(isChecked('apiScope', '参数删除接口')).toBe(false);
  });

  it('saves menus with their half-checked parents and only the scope leaves of the other trees', async () => {
    const { http, onClose } = setup();
    await screen.findByText('参数管理');
    fireEvent.click(checkbox('menu', '参数管理'));
    await tab('dataScope');
    fireEvent.click(checkbox('dataScope', '本人可见'));
    await waitFor(() => expect(isChecked('dataScope', '通知公告')).toBe(true));
    await tab('apiScope');
    fireEvent.click(checkbox('apiScope', '参数删除接口'));
    await save();
    await waitFor(() => expect(http.callsTo(GRANT)).toHaveLength(1));
    const body = http.callsTo(GRANT)[0]!.body as Record<string, string[]>;
    expect(body.roleIds).toEqual(['7']);
    expect([...body.menuIds!].sort()).toEqual(['1', '11', '111', '2', '21']);
    // the menus above the scopes are not sent as scopes
    expect([...body.dataScopeIds!].sort()).toEqual(['901', '902']);
    expect(body.apiScopeIds).toEqual(['951']);
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('sends back what the server holds when nothing was touched', async () => {
    const { http } = setup();
    await screen.findByText('参数管理');
    await save();
    await waitFor(() => expect(http.callsTo(GRANT)).toHaveLength(1));
    expect(http.callsTo(GRANT)[0]!.body).toEqual({ roleIds: ['7'], menuIds: ['1', '11', '111'], dataScopeIds: ['902'], apiScopeIds: [] });
  });

  it('stays open and shows the refusal (无权配置超管角色!)', async () => {
    const { onClose } = setup(fail(400, '无权配置超管角色!'));
    await screen.findByText('参数管理');
    await save();
    expect(await screen.findByText('无权配置超管角色!')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('role-grant-submit')).toBeTruthy();
  });
});
