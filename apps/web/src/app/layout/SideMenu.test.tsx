import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import type { MenuNode } from '../session';
import { isMenuIcon } from './menuIcons';
import { PageTitleContext } from './menus';
import { SideMenu } from './SideMenu';

const node = (code: string, name: string, path: string, source?: string, children?: MenuNode[]): MenuNode => ({
  id: code,
  parentId: '0',
  code,
  name,
  path,
  ...(source ? { source } : {}),
  ...(children ? { children } : {}),
});

// A group and its pages as the server seeds them: one translated by code, one only by its page's title, one
// with neither (an administrator's own menu), with a known icon, an unknown one and none.
const menus = [
  node('marketing', '客户管理', '/marketing', 'ShopOutlined', [
    node('wf_send', '我的请求', '/workflow/process/send', 'SendOutlined'),
    node('visits_new', '拜访记录', '/marketing/visits', 'NoSuchOutlined'),
    node('own', '自建菜单', '/own'),
  ]),
];
const titles = (path: string) => (path === '/marketing/visits' ? { zh: '客户拜访', en: 'Customer visits' } : undefined);

function renderMenu() {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <PageTitleContext value={titles}>
          <SideMenu menus={menus} pathname="/workflow/process/send" collapsed={false} />
        </PageTitleContext>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

afterEach(() => setLanguage('zh-CN'));

describe('the sidebar', () => {
  it('shows every menu with an icon: the one its source names, else a neutral one', async () => {
    renderMenu();
    const items = await screen.findAllByRole('menuitem');
    expect(items).toHaveLength(4);
    for (const item of items) expect(item.querySelector('.anticon'), item.textContent ?? '').not.toBeNull();
    expect(screen.getByTestId('menu-wf_send').closest('li')!.querySelector('.anticon')!.getAttribute('aria-label')).toBe('send');
    expect(screen.getByTestId('menu-own').closest('li')!.querySelector('.anticon')!.getAttribute('aria-label')).toBe('appstore');
  });

  it('names menus in Chinese by their own name, in English by the locale, else by their page’s English title', async () => {
    renderMenu();
    expect((await screen.findByTestId('menu-marketing')).textContent).toBe('客户管理');
    expect(screen.getByTestId('menu-visits_new').textContent).toBe('拜访记录');
    await setLanguage('en');
    await screen.findByText('Customers');
    expect(screen.getByTestId('menu-wf_send').textContent).toBe('My requests');
    expect(screen.getByTestId('menu-visits_new').textContent).toBe('Customer visits');
    expect(screen.getByTestId('menu-own').textContent).toBe('自建菜单');
  });

  it('knows the icons the seeded menus of the workflow name (they had none)', () => {
    for (const name of ['PlusCircleOutlined', 'SendOutlined', 'CloudUploadOutlined', 'AppstoreAddOutlined', 'GroupOutlined'])
      expect(isMenuIcon(name), name).toBe(true);
    expect(isMenuIcon('toString')).toBe(false);
  });
});
