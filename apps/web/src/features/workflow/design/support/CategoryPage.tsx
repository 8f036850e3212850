/**
 * /workflow/design/category: process categories (流程分类) as a tree table — add at the top or under a row, edit,
 * delete (refused while a model or form uses it, with the server's message), 启用 / 停用.
 */
import { wfCategoryEntity } from '@hjl/core';
import { useQueryClient } from '@tanstack/react-query';
import { TreeCrudPage } from '../../../../components/CrudPage';
import { CATEGORY_ALL_TREE } from './CategoryTreeSelect';
import { StatusAction, StatusTag } from './StatusAction';

export default function CategoryPage() {
  const queryClient = useQueryClient();
  return (
    <TreeCrudPage
      def={wfCategoryEntity}
      parentTreeUrl={CATEGORY_ALL_TREE}
      actionWidth={360}
      // A disabled category says so beside its name (the parent pickers of forms and models leave it out).
      render={{
        name: (value, row) => (
          <>
            {String(value ?? '')} {Number(row.status) !== 1 && <StatusTag status={row.status} />}
          </>
        ),
      }}
      rowActions={(row) => (
        <StatusAction def={wfCategoryEntity} row={row} onDone={() => queryClient.invalidateQueries({ queryKey: ['tree', wfCategoryEntity.api] })} />
      )}
    />
  );
}
