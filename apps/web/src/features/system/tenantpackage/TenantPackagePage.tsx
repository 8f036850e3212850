/** /system/tenantpackage: tenant packages (spec 2: dialog 600 wide, page size 10, no view button; menus as a tree). */
import { tenantPackageEntity } from '@hjl/core';
import { CrudPage } from '../../../components/CrudPage';
import { MenuTreeInput } from './MenuTreeInput';

export default function TenantPackagePage() {
  return <CrudPage def={tenantPackageEntity} viewButton={false} controls={{ menuId: <MenuTreeInput /> }} />;
}
