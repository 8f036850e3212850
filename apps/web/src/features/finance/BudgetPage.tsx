/**
 * /finance/hjlBudgetExpend (预算管理, S1 L121): a department's budget of a year for one expense type, the used amount
 * (approved claims' lines); 预算检查 (check/{id}) answers what remains: budget − used − lines under approval.
 */
import { budgetExpendEntity } from '@hjl/core';
import { App, Button, Descriptions } from 'antd';
import { useLabel } from '../../app/i18n';
import { CrudPage } from '../../components/CrudPage';
import { MoneyText } from '../../components/MoneyText';
import { DeptTreeSelect } from '../../components/OrgSelect';
import { checkBudget } from './api';
import { FIN } from './labels';

export default function BudgetPage() {
  const label = useLabel();
  const { modal } = App.useApp();
  const check = async (id: string, title: string) => {
    try {
      const r = await checkBudget(id);
      modal.info({
        title: `${label(FIN.budgetCheck)} - ${title}`,
        width: 520,
        content: (
          <Descriptions size="small" column={1} data-testid="budget-check">
            <Descriptions.Item label={label(FIN.budgetAmount)}>
              <MoneyText value={r.budgetAmount} hideUpper testId="budget-check-amount" />
            </Descriptions.Item>
            <Descriptions.Item label={label(FIN.usedAmount)}>
              <MoneyText value={r.usedAmount} hideUpper testId="budget-check-used" />
            </Descriptions.Item>
            <Descriptions.Item label={label(FIN.pendingAmount)}>
              <MoneyText value={r.pendingAmount} hideUpper testId="budget-check-pending" />
            </Descriptions.Item>
            <Descriptions.Item label={label(FIN.remaining)}>
              <MoneyText value={r.remaining} testId="budget-check-remaining" />
            </Descriptions.Item>
          </Descriptions>
        ),
      });
    } catch {
      // The API client has shown the server's reason.
    }
  };
  return (
    <CrudPage
      def={budgetExpendEntity}
      testId="budget-list"
      controls={{ deptId: <DeptTreeSelect testId="crud-form-deptId" /> }}
      rowActions={(row) => (
        <Button
          type="link"
          size="small"
          onClick={() => void check(row.id, `${String(row.deptName ?? '')} ${String(row.budgetYear ?? '')}`)}
          data-testid={`budget-check-${row.id}`}
        >
          {label(FIN.budgetCheck)}
        </Button>
      )}
    />
  );
}
