/**
 * /hjlProject/hjlProjectDecision (项目结算): settlements on CrudPage in approval mode (提交 starts
 * projectSettlement; approved, the project is 已完成): submitted and approved amounts, the reduction and its rate
 * computed by the server, the fee and the date.
 */
import { projectDecisionEntity } from '@hjl/core';
import { CrudPage } from '../../components/CrudPage';

/** The settlements; `fixed` confines them (a project's on its detail page). */
export function SettlementList({ fixed }: { fixed?: Record<string, string> }) {
  return <CrudPage def={projectDecisionEntity} fixed={fixed} bordered={!fixed} dateRange="decisionDate" testId="settlement-list" />;
}

export default function SettlementPage() {
  return <SettlementList />;
}
