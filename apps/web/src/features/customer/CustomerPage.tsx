/**
 * /marketing/hjlCustomer: the customer list (CrudPage on customerEntity): search, columns, the form with the
 * owner and region (their pickers derived from the fields' `ref`) and credit-code check, 详情 opening the
 * detail page (the one row button that shows a customer: no 查看 dialog beside it), export of the columns
 * shown and the import with its dry run. /marketing/hjlCustomer/my (MyCustomerPage) is the same list over
 * `hjlCustomer/my`.
 */
import { UploadOutlined } from '@ant-design/icons';
import { customerEntity, permissionCodes } from '@hjl/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { CrudPage } from '../../components/CrudPage';
import { ImportDialog } from '../../components/ImportDialog';
import { CUSTOMER_IMPORT_URL, CUSTOMER_TEMPLATE_URL } from './api';

const codes = permissionCodes(customerEntity);
export const customerDetailPath = (id: string) => `/marketing/hjlCustomersDetail/${id}`;

export function CustomerList({ listUrl, fixed }: { listUrl?: string; fixed?: Record<string, string> }) {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  return (
    <CrudPage
      def={customerEntity}
      listUrl={listUrl}
      fixed={fixed}
      viewButton={false}
      actionWidth={200}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => navigate(customerDetailPath(row.id))} data-testid={`customer-detail-${row.id}`}>
          {t('crud.detail')}
        </Button>
      )}
      toolbar={({ reload }) => (
        <Permit code={codes.import}>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="customer-import">
            {t('crud.import')}
          </Button>
          <ImportDialog
            open={importing}
            title={label({ zh: '客户导入', en: 'Import customers' })}
            importUrl={CUSTOMER_IMPORT_URL}
            templateUrl={CUSTOMER_TEMPLATE_URL}
            onClose={() => setImporting(false)}
            onImported={() => {
              setImporting(false);
              void reload();
            }}
          />
        </Permit>
      )}
    />
  );
}

export default function CustomerPage() {
  return <CustomerList />;
}
