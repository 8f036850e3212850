/**
 * The menus of a package as a checkable tree (GET /api/blade-system/menu/tree). The value is the comma list of
 * menu ids the server stores: every checked node plus the half-checked ones above them, since a package must
 * hold a menu's ancestors for the menu to show.
 */
import { useQuery } from '@tanstack/react-query';
import { Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { menuTreeQuery, type MenuTreeNode as MenuNode } from '../api';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

const leaves = (nodes: MenuNode[]): Set<string> => new Set(nodes.flatMap((n) => (n.children?.length ? [...leaves(n.children)] : [n.id])));

export function MenuTreeInput({ value, onChange, disabled }: Props) {
  const tree = useQuery(menuTreeQuery());
  const leafIds = useMemo(() => leaves(tree.data ?? []), [tree.data]);
  if (tree.isPending) return <Spin size="small" />;
  // Only leaves are handed to the tree as checked: it derives the state of the nodes above them.
  const checked = (value ?? '').split(',').filter((id) => leafIds.has(id));
  return (
    <div style={{ maxHeight: 360, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }} data-testid="package-menu-tree">
      <Tree
        checkable
        disabled={disabled}
        defaultExpandedKeys={(tree.data ?? []).map((n) => n.key)}
        treeData={tree.data as unknown as TreeDataNode[]}
        checkedKeys={checked}
        onCheck={(keys, info) => {
          const all = [...(Array.isArray(keys) ? keys : keys.checked), ...(info.halfCheckedKeys ?? [])].map(String);
          onChange?.(all.join(','));
        }}
      />
    </div>
  );
}
