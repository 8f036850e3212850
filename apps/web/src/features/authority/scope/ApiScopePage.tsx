/** /authority/apiscope: API scopes per menu resource. */
import { apiScopeEntity } from '@hjl/core';
import { ScopePage } from './ScopePage';

export default function ApiScopePage() {
  return <ScopePage def={apiScopeEntity} settingCode="api_scope_setting" titleKey="authority.apiScopeOf" />;
}
