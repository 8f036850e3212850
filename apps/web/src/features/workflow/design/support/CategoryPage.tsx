/**
 * /workflow/design/category: process categories (流程分类) as a tree table — add at the top or under a row, edit,
 * delete (refused while a model or form uses it, with the server's message), 启用 / 停用.
 */
import { wfCategoryEntity } from '@hjl/core';
import { TreeCrudPage } from '../../../../components/CrudPage';
import { CATEGORY_ALL_TREE_URL } from '../../api';
import { StatusAction, StatusTag } from './StatusAction';

export default function CategoryPage() {
  return (
    <TreeCrudPage
      def={wfCategoryEntity}
      parentTreeUrl={CATEGORY_ALL_TREE_URL}
      actionWidth={360}
      // A disabled category says so beside its name (the parent pickers of forms and models leave it out).
      render={{
        name: (value, row) => (
          <>
            {String(value ?? '')} {Number(row.status) !== 1 && <StatusTag status={row.status} />}
          </>
        ),
      }}
      rowActions={(row, { reload }) => <StatusAction def={wfCategoryEntity} row={row} onDone={reload} />}
    />
  );
}
