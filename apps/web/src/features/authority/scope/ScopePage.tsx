/**
 * /authority/datascope and /authority/apiscope: the menus (one level at a time), and per menu 权限配置, a drawer
 * listing that menu's rules (add / edit / delete through CrudPage, confined to the menu).
 */
import { menuEntity, type EntityDef } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../app/auth';
import { MenuIcon } from '../../../app/layout/menuIcons';
import { CrudPage } from '../../../components/CrudPage';
import { scopeMenuLevel as level, scopeMenusQuery, type ScopeMenuRow } from '../api';

type MenuRow = ScopeMenuRow;

function withChildren(nodes: MenuRow[], id: string, children: MenuRow[]): MenuRow[] {
  return nodes.map((n) => (n.id === id ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children, id, children) } : n));
}

interface Props {
  def: EntityDef;
  /** Button code of 权限配置. */
  settingCode: string;
  /** Drawer title key (authority.dataScopeOf / apiScopeOf). */
  titleKey: 'authority.dataScopeOf' | 'authority.apiScopeOf';
}

export function ScopePage({ def, settingCode, titleKey }: Props) {
  const { t } = useTranslation();
  const top = useQuery(scopeMenusQuery(def.name));
  const [tree, setTree] = useState<{ base: MenuRow[] | undefined; rows: MenuRow[] }>({ base: undefined, rows: [] });
  if (top.data !== tree.base) setTree({ base: top.data, rows: top.data ?? [] });
  const [menu, setMenu] = useState<MenuRow | null>(null);

  const open = async (row: MenuRow) => {
    if (row.children?.length) return;
    const children = await level(row.id);
    setTree((tr) => ({ ...tr, rows: withChildren(tr.rows, row.id, children) }));
  };

  const columns: TableColumnsType<MenuRow> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('authority.menus'),
      render: (name: string, row) => (
        <Space size={6}>
          <MenuIcon name={row.source ?? undefined} />
          {name}
        </Space>
      ),
    },
    { key: 'code', dataIndex: 'code', title: menuEntity.fields.code.label.zh },
    { key: 'path', dataIndex: 'path', title: menuEntity.fields.path.label.zh },
    {
      key: 'actions',
      title: t('crud.actions'),
      width: 140,
      render: (_, row) => (
        <Permit code={settingCode}>
          <Button type="link" size="small" onClick={() => setMenu(row)} data-testid={`${def.name}-row-setting-${row.id}`}>
            {t('authority.scopeSetting')}
          </Button>
        </Permit>
      ),
    },
  ];

  return (
    <Card data-testid={`${def.name}-page`}>
      <div data-testid={`${def.name}-menus`}>
        <Table<MenuRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={tree.rows}
          loading={top.isFetching}
          pagination={false}
          expandable={{ onExpand: (expanded, row) => expanded && void open(row) }}
        />
      </div>
      <Drawer
        open={menu !== null}
        size={1000}
        title={menu ? t(titleKey, { name: menu.name }) : ''}
        onClose={() => setMenu(null)}
        destroyOnHidden
        data-testid={`${def.name}-drawer`}
        styles={{ body: { padding: 0 } }}
      >
        {menu && <CrudPage def={def} fixed={{ menuId: menu.id }} />}
      </Drawer>
    </Card>
  );
}
