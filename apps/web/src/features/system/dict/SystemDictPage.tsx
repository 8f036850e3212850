/** /system/dict: the system dictionary (platform-wide). */
import { dictChildEntity, dictEntity } from '@hjl/core';
import { DictPage } from './DictPage';

export default function SystemDictPage() {
  return <DictPage parent={dictEntity} child={dictChildEntity} />;
}
