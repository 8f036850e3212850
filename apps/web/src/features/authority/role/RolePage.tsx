/** /authority/role: the company's roles as a tree table, with search, add / 新增子项 / edit / delete and 权限设置. */
import { roleEntity } from '@hjl/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../app/auth';
import { TreeCrudPage } from '../../../components/CrudPage';
import { ROLE_TREE_URL } from '../api';
import { RoleGrantDialog } from './RoleGrantDialog';

export default function RolePage() {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<string[] | null>(null);
  return (
    <>
      <TreeCrudPage
        def={roleEntity}
        parentTreeUrl={ROLE_TREE_URL}
        actionWidth={380}
        rowActions={(row) => (
          <Permit code="role_grant">
            <Button type="link" size="small" onClick={() => setGranting([row.id])} data-testid={`role-row-grant-${row.id}`}>
              {t('authority.grant')}
            </Button>
          </Permit>
        )}
      />
      <RoleGrantDialog roleIds={granting} onClose={() => setGranting(null)} />
    </>
  );
}
