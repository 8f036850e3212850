/** 档案详情 (/hjlArchives/hjlArchivesDetail/{id}/{type?}, opens without a tab, S2 L48, L91): the archive and its checklist. */
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Skeleton } from 'antd';
import { useParams } from 'react-router';
import { ArchiveChecklist } from './ArchiveChecklist';
import { archiveDetailQuery } from './api';

export default function ArchiveDetailPage() {
  const { id = '' } = useParams();
  const q = useQuery(archiveDetailQuery(id));
  if (q.isLoading) return <Skeleton active />;
  if (!q.data) return <Result status="404" title="档案不存在或无权访问" />;
  const a = q.data;
  return (
    <Card title={`档案详情:${a.archiveName}`} data-testid="archive-detail">
      <Descriptions
        size="small"
        column={3}
        items={[
          { key: 'num', label: '档案编号', children: a.archiveNum },
          { key: 'project', label: '项目', children: a.projectName },
          { key: 'borrow', label: '借阅状态', children: a.borrowStatus === 1 ? '借出' : '在库' },
        ]}
      />
      <ArchiveChecklist
        archive={{ ...a, missing: a.checklist.filter((c) => c.required && !c.submitted).map((c) => c.columnLabel) }}
        onChanged={() => void q.refetch()}
      />
    </Card>
  );
}
