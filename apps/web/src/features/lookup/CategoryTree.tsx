/** The category tree beside a lookup list: every node of a /prod-api tree, a click choosing the category (again: all). */
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { lookupQuery, type TreeNode } from './api';

const toData = (nodes: TreeNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.categoryName, children: n.children ? toData(n.children) : undefined }));

export function CategoryTree({
  url,
  title,
  value,
  onChange,
}: {
  url: string;
  title: string;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const tree = useQuery(lookupQuery<TreeNode[]>(url));
  return (
    <Card size="small" title={title} style={{ width: 260, flex: 'none' }} data-testid="lookup-tree">
      {tree.isLoading ? (
        <Spin />
      ) : tree.data?.length ? (
        <Tree
          defaultExpandAll
          blockNode
          treeData={toData(tree.data)}
          selectedKeys={value ? [value] : []}
          onSelect={(keys) => onChange(keys[0] === undefined ? undefined : String(keys[0]))}
        />
      ) : (
        <Empty />
      )}
    </Card>
  );
}
