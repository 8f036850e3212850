/**
 * /auth (S2 L34): 授权信息 — what the signed-in user is granted: tenant, account, role, the menus (as their tree) and
 * the button codes the server checks, searchable. Read from the session the login answered; nothing is decided here.
 */
import { Card, Descriptions, Empty, Flex, Input, Tag, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useSession, type MenuNode } from '../../app/session';

const treeOf = (nodes: readonly MenuNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.id, title: `${n.name}${n.path ? `  ${n.path}` : ''}`, children: n.children ? treeOf(n.children) : [] }));

const countMenus = (nodes: readonly MenuNode[]): number => nodes.reduce((n, m) => n + 1 + countMenus(m.children ?? []), 0);

export default function AuthPage() {
  const session = useSession();
  const [filter, setFilter] = useState('');
  const codes = useMemo(() => [...(session?.permissions ?? [])].sort(), [session?.permissions]);
  const shown = codes.filter((c) => c.includes(filter.trim()));
  const menus = session?.menus ?? [];
  return (
    <Flex vertical gap={16}>
      <Card title="授权信息">
        <Descriptions column={{ xs: 1, sm: 2, lg: 4 }} size="small">
          <Descriptions.Item label="租户">{session?.tenantId}</Descriptions.Item>
          <Descriptions.Item label="账号">{session?.user.account}</Descriptions.Item>
          <Descriptions.Item label="角色">{session?.user.role_name}</Descriptions.Item>
          <Descriptions.Item label="菜单数">
            <span data-testid="auth-menu-count">{countMenus(menus)}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Flex gap={16} wrap>
        <Card title="菜单" style={{ flex: '1 1 420px' }}>
          {menus.length ? <Tree treeData={treeOf(menus)} defaultExpandAll={false} /> : <Empty description="未授权任何菜单" />}
        </Card>
        <Card title={`按钮权限(${codes.length})`} style={{ flex: '1 1 420px' }}>
          <Input.Search placeholder="搜索权限编码" allowClear onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 12 }} />
          <Flex wrap gap={6} data-testid="auth-codes">
            {shown.map((c) => (
              <Tag key={c}>{c}</Tag>
            ))}
          </Flex>
        </Card>
      </Flex>
    </Flex>
  );
}
