/** /workflow/design/button: the catalogue of task buttons (流程按钮) a user-task node may offer, with 启用 / 停用. */
import { wfButtonEntity } from '@hjl/core';
import { CrudPage } from '../../../../components/CrudPage';
import { useLabel } from '../../../../app/i18n';
import { StatusAction, statusColumn } from './StatusAction';

export default function ButtonPage() {
  const label = useLabel();
  return (
    <CrudPage
      def={wfButtonEntity}
      extraColumns={[statusColumn(label({ zh: '状态', en: 'Status' }))]}
      rowActions={(row, ctx) => <StatusAction def={wfButtonEntity} row={row} onDone={ctx.reload} />}
    />
  );
}
