/** The lazily loaded region tree: nodes keyed by code, children filled in as branches are opened. */

export interface RegionNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: RegionNode[];
}

/** An item of GET region/lazy-tree. */
export interface LazyRegion {
  code: string;
  name: string;
  hasChildren: boolean;
}

export const toNodes = (items: readonly LazyRegion[]): RegionNode[] => items.map((r) => ({ key: r.code, title: r.name, isLeaf: !r.hasChildren }));

/**
 * A copy of the tree with the children of `key` replaced (`key` null: the top level). The children keep
 * what was loaded below them before, so reloading a level does not close its open branches.
 */
export function withChildren(tree: readonly RegionNode[], key: string | null, items: readonly LazyRegion[]): RegionNode[] {
  const merge = (old: readonly RegionNode[] | undefined) => {
    const before = new Map((old ?? []).map((n) => [n.key, n]));
    return toNodes(items).map((n) => {
      const prev = before.get(n.key);
      return prev?.children && !n.isLeaf ? { ...n, children: prev.children } : n;
    });
  };
  if (key === null) return merge(tree);
  return tree.map((n) => {
    if (n.key === key) {
      const children = merge(n.children);
      return { ...n, isLeaf: children.length === 0, children };
    }
    return n.children ? { ...n, children: withChildren(n.children, key, items) } : n;
  });
}
