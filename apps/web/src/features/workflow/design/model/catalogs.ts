/** What the designer offers to choose from: forms, buttons, conditions, roles, depts and posts (cached per page visit). */
import { parseFormColumns, type FormColumn, type Page } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../../app/api';
import { deptTreeQuery, postsQuery, roleTreeQuery, type PostRow } from '../../../../components/OrgSelect';

const DESIGN = '/api/blade-workflow/design';
const cached = { staleTime: 60_000 };

export interface FormOption {
  id: string;
  formKey: string;
  name: string;
}
export interface ButtonOption {
  buttonKey: string;
  name: string;
  status?: number;
}
export interface ConditionOption {
  id: string;
  name: string;
  expression: string;
}
export type PostOption = PostRow;

/** The enabled forms (main versions). */
export const useForms = () => useQuery({ queryKey: ['wf-design', 'forms'], queryFn: () => get<FormOption[]>(`${DESIGN}/form/listType`), ...cached });

/** The button catalogue, enabled buttons only. */
export const useButtons = () =>
  useQuery({
    queryKey: ['wf-design', 'buttons'],
    queryFn: async () => (await get<Page<ButtonOption>>(`${DESIGN}/button/list`, { current: 1, size: 200 })).records.filter((b) => Number(b.status ?? 1) !== 2),
    ...cached,
  });

/** The enabled flow conditions (type 1) of the condition library. */
export const useConditions = () =>
  useQuery({ queryKey: ['wf-design', 'conditions'], queryFn: () => get<ConditionOption[]>(`${DESIGN}/condition/listType`, { type: 1 }), ...cached });

/** The organisation's roles, departments and posts (the one query of each, components/OrgSelect). */
export const useRoleTree = (enabled: boolean) => useQuery({ ...roleTreeQuery(), enabled });
export const useDeptTree = (enabled: boolean) => useQuery({ ...deptTreeQuery(), enabled });
export const usePosts = (enabled: boolean) => useQuery({ ...postsQuery(), enabled });

/** The fields of the form `formKey` (its main version), for per-node field permissions. */
export function useFormFields(formKey: string | undefined) {
  const forms = useForms();
  const id = forms.data?.find((f) => f.formKey === formKey)?.id;
  return useQuery({
    queryKey: ['wf-design', 'form-fields', id],
    queryFn: async (): Promise<FormColumn[]> => {
      const form = await get<{ content?: string }>(`${DESIGN}/form/detail`, { id });
      const parsed = parseFormColumns(form.content ?? '[]');
      return 'error' in parsed ? [] : parsed.columns;
    },
    enabled: !!id,
    ...cached,
  });
}
