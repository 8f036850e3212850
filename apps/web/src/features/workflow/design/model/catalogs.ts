/** What the designer offers to choose from: forms, buttons, conditions, roles, depts and posts (cached per page visit). */
import { useQuery } from '@tanstack/react-query';
import { deptTreeQuery, postsQuery, roleTreeQuery, type PostRow } from '../../../../components/OrgSelect';
import { buttonOptionsQuery, conditionOptionsQuery, formFieldsQuery, formOptionsQuery } from '../api';

export type { ButtonOption, ConditionOption, FormOption } from '../api';
export type PostOption = PostRow;

/** The enabled forms (main versions). */
export const useForms = () => useQuery(formOptionsQuery());

/** The button catalogue, enabled buttons only. */
export const useButtons = () => useQuery(buttonOptionsQuery());

/** The enabled flow conditions (type 1) of the condition library. */
export const useConditions = () => useQuery(conditionOptionsQuery());

/** The organisation's roles, departments and posts (the one query of each, components/OrgSelect). */
export const useRoleTree = (enabled: boolean) => useQuery({ ...roleTreeQuery(), enabled });
export const useDeptTree = (enabled: boolean) => useQuery({ ...deptTreeQuery(), enabled });
export const usePosts = (enabled: boolean) => useQuery({ ...postsQuery(), enabled });

/** The fields of the form `formKey` (its main version), for per-node field permissions. */
export function useFormFields(formKey: string | undefined) {
  const forms = useForms();
  const id = forms.data?.find((f) => f.formKey === formKey)?.id;
  return useQuery(formFieldsQuery(id));
}
