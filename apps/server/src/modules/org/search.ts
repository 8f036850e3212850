/** `/api/blade-system/search/{dept,post}`: the designer's dept and post pickers (platform/crud/name-search.ts). */
import { registerNameSearch } from '../../platform/crud/name-search.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { depts, posts } from './schema.ts';

export function registerSearch(ctx: ModuleContext) {
  const db = ctx.database.db;
  registerNameSearch(ctx.route, db, 'dept', {
    table: depts,
    name: depts.deptName,
    param: 'deptName',
    label: '部门',
    columns: { id: depts.id, parentId: depts.parentId, deptName: depts.deptName, fullName: depts.fullName, sort: depts.sort },
  });
  registerNameSearch(ctx.route, db, 'post', {
    table: posts,
    name: posts.postName,
    param: 'postName',
    label: '岗位',
    columns: { id: posts.id, category: posts.category, postCode: posts.postCode, postName: posts.postName, sort: posts.sort },
  });
}
