/** Pieces shared by the resource and tool pages: the enabled-status column and the 启用 action. */
import { App, Button, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '@hjl/core';
import { Permit } from '../../app/auth';
import type { Row } from '../../components/CrudPage/fields';
import { enableConfig } from './api';

/** BladeX marks the one enabled configuration of a tenant with status 2. */
export const ENABLED = 2;

export function useStatusColumn(): TableColumnsType<Row>[number] {
  const { t } = useTranslation();
  return {
    key: 'status',
    dataIndex: 'status',
    title: t('res.status'),
    width: 100,
    render: (v: unknown) => (v === ENABLED ? <Tag color="green">{t('res.enabled')}</Tag> : <Tag>{t('res.disabled')}</Tag>),
  };
}

/** 启用 for a configuration (of `def`) that is not the enabled one. */
export function EnableButton({ def, code, row, reload }: { def: EntityDef; code: string; row: Row; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  if (row.status === ENABLED) return null;
  return (
    <Permit code={code}>
      <Button
        type="link"
        size="small"
        data-testid={`enable-${row.id}`}
        onClick={() =>
          modal.confirm({
            title: t('common.tip'),
            content: t('res.enableConfirm'),
            okText: t('common.ok'),
            cancelText: t('common.cancel'),
            // A refusal (e.g. an incomplete configuration) has been shown by the API client; the dialog closes.
            onOk: async () => {
              try {
                await enableConfig(def, row.id);
              } catch {
                return;
              }
              void message.success(t('res.enableDone'));
              await reload();
            },
          })
        }
      >
        {t('res.enable')}
      </Button>
    </Permit>
  );
}
