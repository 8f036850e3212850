/**
 * /hjlProject/hjlprojectCollect (项目收款): collections on CrudPage in approval mode (提交 sends it for
 * confirmation), the form's 关联发票 from the project's issued invoices and the ought income under the amount;
 * 分配 (button project_collect_person) opens the persons' split (SharesDialog).
 */
import { projectCollectEntity } from '@hjl/core';
import { Button } from 'antd';
import { useState } from 'react';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { CrudPage, type Row } from '../../components/CrudPage';
import { CollectAmountInput, ProjectInvoiceSelect } from './controls';
import { ClaimCollectDialog } from './ClaimCollectDialog';
import { SharesDialog } from './SharesDialog';

const TEXT = { split: { zh: '分配', en: 'Split' }, claim: { zh: '认领款项', en: 'Claim bank money' } };

/** The collections; `fixed` confines them (a project's on its detail page). */
export function CollectList({ fixed }: { fixed?: Record<string, string> }) {
  const label = useLabel();
  const [splitting, setSplitting] = useState<Row | null>(null);
  const [claiming, setClaiming] = useState<(() => Promise<void>) | null>(null);
  return (
    <>
      <CrudPage
        def={projectCollectEntity}
        fixed={fixed}
        bordered={!fixed}
        dateRange="collectDate"
        testId="collect-list"
        actionWidth={260}
        controls={{ invoiceId: <ProjectInvoiceSelect projectId={fixed?.projectId} />, collectAmount: <CollectAmountInput projectId={fixed?.projectId} /> }}
        toolbar={(ctx) => (
          <Permit code="project_collect_add">
            <Permit code="pending_account">
              <Button onClick={() => setClaiming(() => ctx.reload)} data-testid="collect-claim">
                {label(TEXT.claim)}
              </Button>
            </Permit>
          </Permit>
        )}
        rowActions={(row) => (
          <Permit code="project_collect_person">
            <Button type="link" size="small" onClick={() => setSplitting(row)} data-testid={`collect-split-${row.id}`}>
              {label(TEXT.split)}
            </Button>
          </Permit>
        )}
      />
      <SharesDialog collect={splitting} onClose={() => setSplitting(null)} />
      <ClaimCollectDialog
        open={!!claiming}
        projectId={fixed?.projectId}
        onClose={() => setClaiming(null)}
        onDone={async () => {
          await claiming?.();
          setClaiming(null);
        }}
      />
    </>
  );
}

export default function CollectPage() {
  return <CollectList />;
}
