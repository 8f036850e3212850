/** /finance/hjlFinanceForm (财务单据): general finance documents with lines, in approval mode. */
import { financeFormEntity } from '@hjl/core';
import { CrudPage } from '../../components/CrudPage';
import { FinanceFormDialog } from './FinanceFormDialog';

export default function FinanceFormPage() {
  return <CrudPage def={financeFormEntity} testId="finance-form-list" dateRange="applyTime" editor={(props) => <FinanceFormDialog {...props} />} />;
}
