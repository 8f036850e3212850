/**
 * /system/dept: the departments of the company as a tree table (the tree of one tenant is small, so it is
 * loaded whole and shown expanded), with search, add (top level and 新增子项 per row), edit, view and delete;
 * a department's parent is picked from the tree, never itself or one below it.
 */
import { deptEntity } from '@hjl/core';
import { TreeCrudPage } from '../../../components/CrudPage';
import { DEPT_TREE_URL } from '../api';

export default function DeptPage() {
  return <TreeCrudPage def={deptEntity} parentTreeUrl={DEPT_TREE_URL} actionWidth={280} />;
}
