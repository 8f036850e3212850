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
