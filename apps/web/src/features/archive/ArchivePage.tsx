/** 档案管理: the archive list, each row opening its detail page (no tab) with the checklist. */
import { archivesEntity } from '@hjl/core';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../components/CrudPage';

export default function ArchivePage() {
  const navigate = useNavigate();
  return (
    <CrudPage
      def={archivesEntity}
      rowActions={(row) => (
        <Button
          type="link"
          size="small"
          data-testid={`archive-open-${String(row.id)}`}
          onClick={() => navigate(`/hjlArchives/hjlArchivesDetail/${String(row.id)}/${String(row.archiveType ?? '')}`)}
        >
          详情
        </Button>
      )}
    />
  );
}
