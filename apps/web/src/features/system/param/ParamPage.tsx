/** /system/param: system parameters (spec 1 sections 2, 3 and 5). */
import { paramEntity } from '@hjl/core';
import { CrudPage } from '../../../components/CrudPage';

export default function ParamPage() {
  return <CrudPage def={paramEntity} />;
}
