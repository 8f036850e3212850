/** /workflow/design/condition: the conditions (流程条件) the model designer offers, with 启用 / 停用. */
import { wfConditionEntity } from '@hjl/core';
import { CrudPage } from '../../../../components/CrudPage';
import { useLabel } from '../../../../app/i18n';
import { StatusAction, statusColumn } from './StatusAction';

export default function ConditionPage() {
  const label = useLabel();
  return (
    <CrudPage
      def={wfConditionEntity}
      extraColumns={[statusColumn(label({ zh: '状态', en: 'Status' }))]}
      rowActions={(row, ctx) => <StatusAction def={wfConditionEntity} row={row} onDone={ctx.reload} />}
    />
  );
}
