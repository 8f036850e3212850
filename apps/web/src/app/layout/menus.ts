/** Helpers over the menu tree of GET /api/blade-system/menu/routes. */
import type { Label } from '@hjl/core';
import { createContext, useCallback, useContext } from 'react';
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

/**
 * Whether this app has a page for a path. The shell (Layout) provides it from the page registry, so that a
 * page (the workbench's shortcuts) asks without importing the registry (features import no other feature).
 */
export const HasPageContext = createContext<(path: string) => boolean>(() => false);
export const useHasPage = () => useContext(HasPageContext);

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
 * The title of this app's page at a path (the entity definition's label for a list page), if it has one. The
 * shell (Layout) provides it from the page registry, so that a page (the workbench's shortcuts) asks without
 * importing the registry.
 */
export const PageTitleContext = createContext<(path: string) => Label | undefined>(() => undefined);

/**
 * The display name of a menu. In Chinese: its own name (menus carry their Chinese name). In another language:
 * the translation of its code in the locale's `menu` table, else the title of its page in that language, else
 * its own name.
 */
export function useMenuName(): (node: MenuNode, path?: string) => string {
  const { t, i18n } = useTranslation();
  const titleOf = useContext(PageTitleContext);
  const language = i18n.language;
  return useCallback(
    (node: MenuNode, path = node.path ?? '') => {
      if (language === 'zh-CN') return node.name;
      const names = t('menu', { returnObjects: true }) as Record<string, string>;
      const named = node.code ? names[node.code] : undefined;
      if (named) return named;
      const title = path ? titleOf(path) : undefined;
      return title?.en || node.name;
    },
    [t, titleOf, language],
  );
}
