/** Builds a forest from rows with id/parentId, keeping the rows' order; `children` omitted when empty. */
export type TreeNode<T> = T & { children?: TreeNode<T>[]; hasChildren: boolean };

export function buildTree<T extends { id: string; parentId: string }>(rows: T[]): TreeNode<T>[] {
  const list: TreeNode<T>[] = rows.map((r) => ({ ...r, hasChildren: false }));
  const nodes = new Map(list.map((n) => [n.id, n]));
  const roots: TreeNode<T>[] = [];
  for (const node of list) {
    const parent = nodes.get(node.parentId);
    if (parent) {
      (parent.children ??= []).push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}
