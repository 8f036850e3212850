/** Helpers over the trees tree calls answer (`children` omitted on leaves, API.md): tree tables and parent pickers. */

export interface TreeNode {
  id: string;
  children?: TreeNode[];
}

/** Every id in a forest, parents before their children. */
export function allIds<T extends TreeNode>(nodes: readonly T[]): string[] {
  return nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);
}

/** The ids of a node and everything below it (a node may not move under any of them). */
export function subtreeIds<T extends TreeNode>(nodes: readonly T[], id: string): Set<string> {
  for (const n of nodes) {
    if (n.id === id) return new Set(allIds([n]));
    const below = subtreeIds(n.children ?? [], id);
    if (below.size) return below;
  }
  return new Set();
}

/** A tree-select option. */
export interface SelectNode {
  title: string;
  value: string;
  disabled?: boolean;
  children?: SelectNode[];
}

/** A copy of tree-select options with `disabled` set on the values in `ids` (a parent that may not be chosen). */
export function disableNodes(nodes: readonly SelectNode[], ids: ReadonlySet<string>): SelectNode[] {
  return nodes.map((n) => ({
    ...n,
    ...(ids.has(n.value) ? { disabled: true } : {}),
    ...(n.children ? { children: disableNodes(n.children, ids) } : {}),
  }));
}

/** A copy of a forest with the `children` of node `id` replaced (lazily loaded rows). */
export function withChildren<T extends TreeNode>(nodes: readonly T[], id: string, children: T[]): T[] {
  return nodes.map((n) => (n.id === id ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children as T[], id, children) } : n));
}

/**
 * The checked state of a grant tree. The server keeps every granted menu, parents included (what the tree
 * reports as checked plus half-checked). Fed back to a tree that links parents and children, a parent key
 * would check all of its children, so only the granted leaves are handed to the tree; it derives the rest.
 */

export interface GrantNode {
  key: string;
  title: string;
  children?: GrantNode[];
}

export function grantedLeaves(nodes: readonly GrantNode[], granted: readonly string[]): string[] {
  const keys = new Set(granted);
  const leaves: string[] = [];
  const walk = (list: readonly GrantNode[]) => {
    for (const n of list) {
      if (n.children?.length) walk(n.children);
      else if (keys.has(n.key)) leaves.push(n.key);
    }
  };
  walk(nodes);
  return leaves;
}

/** What is saved: the checked keys and the half-checked parents above them. */
export function grantedKeys(checked: readonly string[], halfChecked: readonly string[]): string[] {
  return [...new Set([...checked, ...halfChecked])];
}
