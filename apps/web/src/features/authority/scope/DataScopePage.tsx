/** /authority/datascope: data scopes per menu resource. */
import { dataScopeEntity } from '@hjl/core';
import { ScopePage } from './ScopePage';

export default function DataScopePage() {
  return <ScopePage def={dataScopeEntity} settingCode="data_scope_setting" titleKey="authority.dataScopeOf" />;
}
