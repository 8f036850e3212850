/** /workflow/ops/proxy: out-of-office proxies (流程代理) — who takes the new tasks of whom, for which process, when. */
import { wfProxyEntity } from '@hjl/core';
import { useLabel } from '../../../app/i18n';
import { CrudPage } from '../../../components/CrudPage';
import { UserSelect } from '../../../components/UserSelect';

export default function ProxyPage() {
  const label = useLabel();
  return (
    <CrudPage
      def={wfProxyEntity}
      controls={{ userId: <UserSelect testId="crud-form-userId" />, proxyUserId: <UserSelect testId="crud-form-proxyUserId" /> }}
      extraColumns={[
        { title: label(wfProxyEntity.fields.userId.label), dataIndex: 'userName', key: 'userName', width: 120 },
        { title: label(wfProxyEntity.fields.proxyUserId.label), dataIndex: 'proxyUserName', key: 'proxyUserName', width: 120 },
      ]}
    />
  );
}
