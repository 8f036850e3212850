/** Helpers over the trees the organisation calls answer (`children` omitted on leaves, API.md). */

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

/** A copy of a forest with `disabled` set on the nodes in `ids` (tree-select options that may not be chosen). */
export function disableNodes<T extends TreeNode>(nodes: readonly T[], ids: ReadonlySet<string>): (T & { disabled?: boolean })[] {
  return nodes.map((n) => ({
    ...n,
    ...(ids.has(n.id) ? { disabled: true } : {}),
    ...(n.children ? { children: disableNodes(n.children, ids) } : {}),
  }));
}
