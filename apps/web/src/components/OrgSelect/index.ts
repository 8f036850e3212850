export { DeptTreeSelect, PostSelect, RoleTreeSelect, type OrgSelectProps } from './OrgSelect';
export {
  deptTreeQuery,
  postsQuery,
  roleTreeQuery,
  useDeptTree,
  usePostOptions,
  useRoleTree,
  DEPT_TREE_URL,
  POST_SELECT_URL,
  ROLE_TREE_URL,
  type PostRow,
  type TreeOption,
} from './api';
