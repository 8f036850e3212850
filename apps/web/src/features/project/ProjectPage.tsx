/**
 * /hjlProject/hjlProject (项目列表): the projects (CrudPage on projectEntity, approval mode for 立项) with the
 * department tree on the left, searched by number, name, type, customer, leader, status, bid status and approval
 * status; 详情 opens /hjlProject/hjlProjectDetail/{id}; 关联合同 picks an approved contract; 导出 the columns shown.
 */
import { APPROVAL_STATUS, projectEntity } from '@hjl/core';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { CrudPage, type AsideNode, type Row } from '../../components/CrudPage';
import { useDeptTree, type TreeOption } from '../../components/OrgSelect/api';
import { ContractPicker } from '../../components/RecordPicker';
import { linkContract, projectDetailPath } from './api';
import './TemplateSelect';

export const PROJECT_TEXT = {
  dept: { zh: '部门', en: 'Departments' },
  link: { zh: '关联合同', en: 'Link contract' },
  linked: { zh: '已关联合同', en: 'Contract linked' },
};

const nodesOf = (tree: readonly TreeOption[]): AsideNode[] =>
  tree.map((n) => ({ key: n.id, title: n.title, children: n.children ? nodesOf(n.children) : undefined }));

/** The project list; `fixed` confines it (a customer's projects on the customer's detail page). */
export function ProjectList({ fixed }: { fixed?: Record<string, string> }) {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const depts = useDeptTree(!fixed);
  const nodes = useMemo(() => nodesOf(depts), [depts]);
  const [linking, setLinking] = useState<{ row: Row; reload: () => Promise<void> } | null>(null);

  return (
    <>
      <CrudPage
        def={projectEntity}
        fixed={fixed}
        bordered={!fixed}
        // 详情 opens the detail page: no second 查看 beside it (as on the customer list).
        viewButton={false}
        actionWidth={260}
        testId="project-list"
        aside={!fixed && nodes.length ? { title: PROJECT_TEXT.dept, field: 'deptId', nodes, testId: 'project-dept-tree' } : undefined}
        rowActions={(row, ctx) => (
          <>
            <Button type="link" size="small" onClick={() => navigate(projectDetailPath(row.id))} data-testid={`project-detail-${row.id}`}>
              {t('crud.detail')}
            </Button>
            {Number(row.status) === APPROVAL_STATUS.approved && (
              <Permit code="project_link">
                <Button type="link" size="small" onClick={() => setLinking({ row, reload: ctx.reload })} data-testid={`project-link-${row.id}`}>
                  {label(PROJECT_TEXT.link)}
                </Button>
              </Permit>
            )}
          </>
        )}
      />
      <ContractPicker
        open={!!linking}
        query={{ status: APPROVAL_STATUS.approved }}
        onCancel={() => setLinking(null)}
        onOk={(rows) => {
          const target = linking;
          const contract = rows[0];
          if (!target || !contract) return;
          void linkContract(target.row.id, contract.id)
            .then(async () => {
              void message.success(label(PROJECT_TEXT.linked));
              setLinking(null);
              await target.reload();
            })
            .catch(() => undefined);
        }}
      />
    </>
  );
}

export default function ProjectPage() {
  return <ProjectList />;
}
