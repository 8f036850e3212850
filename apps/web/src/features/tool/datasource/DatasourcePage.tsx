/** /tool/datasource: data sources, with 连接测试 (the server reaches only the configured database servers). */
import { datasourceEntity } from '@hjl/core';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../app/auth';
import { CrudPage } from '../../../components/CrudPage';
import type { Row } from '../../../components/CrudPage/fields';
import { testDatasource } from '../api';

function TestButton({ row }: { row: Row }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Permit code="datasource_test">
      <Button
        type="link"
        size="small"
        loading={busy}
        data-testid={`datasource-test-${row.id}`}
        onClick={async () => {
          setBusy(true);
          try {
            await testDatasource(row.id);
            void message.success(t('res.connected'));
          } catch {
            // the API client has shown why (refused host, wrong password, unreachable)
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('res.testConnection')}
      </Button>
    </Permit>
  );
}

export default function DatasourcePage() {
  return <CrudPage def={datasourceEntity} actionWidth={260} rowActions={(row) => <TestButton row={row} />} />;
}
