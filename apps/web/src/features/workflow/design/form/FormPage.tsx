/**
 * /workflow/design/form (表单设计): the form designs — search, paging, add / edit name, key, category and remark
 * (the module's own submit; a save without fields writes no version), delete, and per row 设计 (the field
 * designer), 历史版本 and 变更分类.
 */
import { wfFormEntity } from '@hjl/core';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Permit } from '../../../../app/auth';
import { useLabel } from '../../../../app/i18n';
import { changeFormCategory } from '../api';
import { CrudPage, type Row } from '../../../../components/CrudPage';
import { CategoryTreeSelect, ChangeCategoryDialog } from '../support/CategoryTreeSelect';
import { formDesignerPath, formHistoryPath } from './paths';

const codes = { edit: 'wf_form_edit', history: 'wf_form_history' };

export default function FormPage() {
  const label = useLabel();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [moving, setMoving] = useState<{ row: Row; reload: () => Promise<void> } | null>(null);
  return (
    <>
      <CrudPage
        def={wfFormEntity}
        controls={{ categoryId: <CategoryTreeSelect testId="crud-form-categoryId" /> }}
        extraColumns={[{ title: label(wfFormEntity.fields.categoryId.label), dataIndex: 'categoryName', key: 'categoryName', width: 140 }]}
        actionWidth={420}
        rowActions={(row, ctx) => (
          <>
            <Permit code={codes.edit}>
              <Button type="link" size="small" onClick={() => void navigate(formDesignerPath(row.id))} data-testid={`form-row-design-${row.id}`}>
                {label({ zh: '设计', en: 'Design' })}
              </Button>
            </Permit>
            <Permit code={codes.history}>
              <Button type="link" size="small" onClick={() => void navigate(formHistoryPath(row.id))} data-testid={`form-row-history-${row.id}`}>
                {label({ zh: '历史版本', en: 'Versions' })}
              </Button>
            </Permit>
            <Permit code={codes.edit}>
              <Button type="link" size="small" onClick={() => setMoving({ row, reload: ctx.reload })} data-testid={`form-row-category-${row.id}`}>
                {label({ zh: '变更分类', en: 'Category' })}
              </Button>
            </Permit>
          </>
        )}
      />
      <ChangeCategoryDialog
        open={moving !== null}
        initial={moving?.row.categoryId ? String(moving.row.categoryId) : null}
        onClose={() => setMoving(null)}
        onOk={async (categoryId) => {
          await changeFormCategory(moving!.row.id, categoryId);
          void message.success(label({ zh: '分类已变更', en: 'Category changed' }));
          await moving!.reload();
        }}
      />
    </>
  );
}
