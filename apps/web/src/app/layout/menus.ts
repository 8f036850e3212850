/** Helpers over the menu tree of GET /api/blade-system/menu/routes. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../session';

/** A child's path may be written relative to its parent's. */
export function fullPath(node: MenuNode, parentPath = ''): string {
  const path = node.path ?? '';
  if (!path || path.startsWith('/') || /^https?:\/\//.test(path)) return path;
  return `${parentPath.replace(/\/$/, '')}/${path}`;
}

export interface MenuEntry {
  node: MenuNode;
  path: string;
  /** Keys of the submenus above it, outermost first. */
  ancestors: string[];
}

export const submenuKey = (node: MenuNode) => `menu:${node.id}`;

/**
 * The menu tree as the sidebar shows it: entries whose page this app does not have yet are left out (they
 * would only lead to 404), except external ones (isOpen 2), and so are groups left empty.
 */
export function shownMenus(nodes: readonly MenuNode[], hasPage: (path: string) => boolean, parentPath = ''): MenuNode[] {
  return nodes.flatMap((node) => {
    const path = fullPath(node, parentPath);
    if (node.children?.length) {
      const children = shownMenus(node.children, hasPage, path);
      return children.length ? [{ ...node, children }] : [];
    }
    return node.isOpen === 2 || hasPage(path) ? [node] : [];
  });
}

/** Leaf menu items by path, with the keys of their submenus. */
export function indexMenus(nodes: readonly MenuNode[]): Map<string, MenuEntry> {
  const index = new Map<string, MenuEntry>();
  const walk = (list: readonly MenuNode[], parentPath: string, ancestors: string[]) => {
    for (const node of list) {
      const path = fullPath(node, parentPath);
      if (node.children?.length) walk(node.children, path, [...ancestors, submenuKey(node)]);
      else if (path && !index.has(path)) index.set(path, { node, path, ancestors });
    }
  };
  walk(nodes, '', []);
  return index;
}

/**
 * The display name of a menu: its own (Chinese) name, or in another language the translation of its code in
 * the locale's `menu` table when there is one.
 */
export function useMenuName(): (node: MenuNode) => string {
  const { t } = useTranslation();
  return useCallback(
    (node: MenuNode) => {
      const names = t('menu', { returnObjects: true }) as Record<string, string>;
      return (node.code && names[node.code]) || node.name;
    },
    [t],
  );
}
