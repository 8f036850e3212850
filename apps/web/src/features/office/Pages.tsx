/**
 * The office-approval lists (行政审批): 出差申请 and 采购申请 on CrudPage in approval mode (审批状态, 提交 / 重新提交 /
 * 撤回 / 审批详情) with the form of lines (LinesForm.tsx); 外出 and 用车 derive from their definitions (registry.ts).
 */
import { CrudPage } from '../../components/CrudPage';
import { EVECTION, SHOPPING, type OfficeKind } from './kinds';
import { OfficeDialog } from './LinesForm';

function LinesPage({ kind }: { kind: OfficeKind }) {
  return <CrudPage def={kind.def} dateRange="applyTime" testId={`${kind.testId}-list`} editor={(props) => <OfficeDialog kind={kind} {...props} />} />;
}

export const EvectionPage = () => <LinesPage kind={EVECTION} />;
export const ShoppingPage = () => <LinesPage kind={SHOPPING} />;
