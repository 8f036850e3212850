/** /workflow/design/form-default-values: named default values (表单默认值) a form field may start with. */
import { wfFormDefaultEntity } from '@hjl/core';
import { CrudPage } from '../../../../components/CrudPage';

export default function FormDefaultPage() {
  return <CrudPage def={wfFormDefaultEntity} />;
}
