/** The project detail's 档案 tab: each archive of the project with its checklist (project/file-info). */
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Space } from 'antd';
import { ArchiveChecklist } from './ArchiveChecklist';
import { fileInfoQuery } from './api';

export default function ProjectArchives({ fixed }: { fixed: Record<string, string> }) {
  const projectId = fixed.projectId ?? '';
  const info = useQuery(fileInfoQuery(projectId));
  if (info.isLoading) return <Skeleton active />;
  const list = info.data?.archives ?? [];
  if (!list.length) return <Empty description="该项目还没有档案" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      {list.map((a) => (
        <ArchiveChecklist key={a.id} archive={a} onChanged={() => void info.refetch()} />
      ))}
    </Space>
  );
}
