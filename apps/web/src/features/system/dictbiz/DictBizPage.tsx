/** /system/dictbiz: the business dictionary of the tenant. */
import { dictBizChildEntity, dictBizEntity } from '@hjl/core';
import { DictPage } from '../dict/DictPage';

export default function DictBizPage() {
  return <DictPage parent={dictBizEntity} child={dictBizChildEntity} />;
}
