/** Builds a forest from rows with id/parentId, keeping the rows' order; `children` omitted when empty. */
export type TreeNode<T> = T & { children?: TreeNode<T>[]; hasChildren: boolean };

export function buildTree<T extends { id: string; parentId: string }>(rows: T[]): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>(rows.map((r) => [r.id, { ...r, hasChildren: false }]));
  const roots: TreeNode<T>[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = nodes.get(r.parentId);
    if (parent) {
      (parent.children ??= []).push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}
