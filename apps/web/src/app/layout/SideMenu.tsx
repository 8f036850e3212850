/** The sidebar: the user's menu tree (nested, with icons). isOpen 2 opens the page in a new window. */
import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { MenuNode } from '../session';
import { MenuIcon } from './menuIcons';
import { fullPath, indexMenus, submenuKey, useMenuName } from './menus';

type Item = Required<MenuProps>['items'][number];

interface Props {
  menus: readonly MenuNode[];
  pathname: string;
  collapsed: boolean;
  /** Menu colours of the current shell theme. */
  theme?: 'dark' | 'light';
  /** Called after a page was chosen (the layout collapses the sidebar on small screens). */
  onNavigate?: () => void;
}

export function SideMenu({ menus, pathname, collapsed, theme = 'dark', onNavigate }: Props) {
  const navigate = useNavigate();
  const menuName = useMenuName();
  const index = useMemo(() => indexMenus(menus), [menus]);

  const items = useMemo(() => {
    const build = (nodes: readonly MenuNode[], parentPath: string): Item[] =>
      nodes.map((node) => {
        const path = fullPath(node, parentPath);
        const icon = <MenuIcon name={node.source} fallback />;
        const label = <span data-testid={`menu-${node.code || path}`}>{menuName(node, path)}</span>;
        if (node.children?.length) return { key: submenuKey(node), icon, label, children: build(node.children, path) };
        return { key: path || submenuKey(node), icon, label };
      });
    return build(menus, '');
  }, [menus, menuName]);

  // Submenus the user opened, plus those above the current page (opened whenever the page changes).
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const [openedFor, setOpenedFor] = useState<{ pathname: string; index: typeof index } | null>(null);
  if (openedFor?.pathname !== pathname || openedFor.index !== index) {
    setOpenedFor({ pathname, index });
    const ancestors = index.get(pathname)?.ancestors ?? [];
    setOpenKeys((keys) => [...new Set([...keys, ...ancestors])]);
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = index.get(key);
    if (!entry) return;
    if (entry.node.isOpen === 2) {
      window.open(entry.path, '_blank', 'noopener');
      return;
    }
    navigate(entry.path);
    onNavigate?.();
  };

  return (
    <Menu
      mode="inline"
      theme={theme}
      items={items}
      selectedKeys={[pathname]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={onClick}
      data-testid="side-menu"
    />
  );
}
