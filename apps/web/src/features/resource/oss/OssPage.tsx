/** /resource/oss: object storage configurations, with 启用 (one per tenant) and 调试 (writes, reads and deletes a test file). */
import { ossEntity } from '@hjl/core';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../app/auth';
import { CrudPage } from '../../../components/CrudPage';
import type { Row } from '../../../components/CrudPage/fields';
import { debugOss } from '../api';
import { EnableButton, useStatusColumn } from '../shared';

function DebugButton({ row }: { row: Row }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Permit code="oss_debug">
      <Button
        type="link"
        size="small"
        loading={busy}
        data-testid={`oss-debug-${row.id}`}
        onClick={async () => {
          setBusy(true);
          try {
            await debugOss(row.id);
            void message.success(t('res.debugDone'));
          } catch {
            // the API client has shown the reason
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('res.debug')}
      </Button>
    </Permit>
  );
}

export default function OssPage() {
  const status = useStatusColumn();
  return (
    <CrudPage
      def={ossEntity}
      extraColumns={[status]}
      actionWidth={300}
      rowActions={(row, { reload }) => (
        <>
          <EnableButton def={ossEntity} code="oss_enable" row={row} reload={reload} />
          <DebugButton row={row} />
        </>
      )}
    />
  );
}
