/** /system/topmenu: top menus (platform-wide) with 菜单配置 per row. */
import { topmenuEntity } from '@hjl/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../app/auth';
import { CrudPage } from '../../../components/CrudPage';
import { TopMenuGrantDialog } from './TopMenuGrantDialog';

export default function TopMenuPage() {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<string | null>(null);
  return (
    <>
      <CrudPage
        def={topmenuEntity}
        rowActions={(row) => (
          <Permit code="topmenu_setting">
            <Button type="link" size="small" onClick={() => setGranting(row.id)} data-testid={`topmenu-row-setting-${row.id}`}>
              {t('org.menuSetting')}
            </Button>
          </Permit>
        )}
      />
      <TopMenuGrantDialog topMenuId={granting} onClose={() => setGranting(null)} />
    </>
  );
}
