/**
 * /finance/hjlFiliale (分公司列表): the branches (a branch leader sees theirs only), 详情 opening the detail page
 * /finance/hjlFilialeDetail/{id}, which opens no tab of its own (S2 L91).
 */
import { filialeEntity } from '@hjl/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../components/CrudPage';

export const branchDetailPath = (id: string) => `/finance/hjlFilialeDetail/${id}`;

export default function BranchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CrudPage
      def={filialeEntity}
      actionWidth={220}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => navigate(branchDetailPath(row.id))} data-testid={`filiale-detail-${row.id}`}>
          {t('crud.detail')}
        </Button>
      )}
    />
  );
}
