/**
 * The workflow designers' calls beside their definitions' derived ones (components/CrudPage/api.ts): a model
 * and its versions (designer, deploy, 变更分类, 设为主版本), a form and its versions, the catalogues the model
 * designer offers (forms, buttons, conditions, a form's fields), the dictionaries a form field may use, the
 * models a scope names and 启用 / 停用 of catalogue entries. Keys under the definitions' bases
 * (queryKeys.entity(def.api)) and queryKeys.workflow.design.
 */
import {
  parseFormColumns,
  wfFormEntity,
  wfFormHistoryEntity,
  wfModelEntity,
  wfModelHistoryEntity,
  type EntityDef,
  type FormColumn,
  type Page,
} from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../../app/api';
import { queryKeys } from '../../../app/queryKeys';
import type { Row } from '../../../components/CrudPage';
import { entityApi } from '../../../components/CrudPage/api';

const models = entityApi(wfModelEntity);
const modelVersions = entityApi(wfModelHistoryEntity);
const forms = entityApi(wfFormEntity);
const formVersions = entityApi(wfFormHistoryEntity);

/** Every list and record of models (the list, the designer, the versions page). */
export const modelKeys = models.keys;
export const formKeys = forms.keys;

// Models (模型设计).

/** The model as it is now, fetched outside the cache (the designer reads the version a save made without re-opening the diagram). */
export const fetchModel = (id: string) => get<Row>(models.url('detail'), { id });

/** A model as it is now (the designer and the versions page start from it; never cached). */
export const modelQuery = (id: string) =>
  queryOptions({ queryKey: models.keys.detail(id), queryFn: () => fetchModel(id), gcTime: 0, refetchOnWindowFocus: false });

/** Saves the model's diagram and settings as a new version. */
export const saveModel = (body: Record<string, unknown>) => models.submit(body, true);
/** Deploys the model's main version; answers the new definition and its version. */
export const deployModel = (id: string) => post<{ processDefinitionId: string; version: number }>(models.url('deploy'), undefined, { id });
export const changeModelCategory = (id: string, categoryId: string) => post(models.url('changeCategory'), undefined, { ids: id, categoryId });

/** One version of a model (its diagram). */
export const modelVersionQuery = (id: string | null) =>
  queryOptions({ queryKey: modelVersions.keys.detail(id), queryFn: () => get<Row>(modelVersions.url('detail'), { id }), enabled: id !== null });
export const setMainModelVersion = (id: string) => post(modelVersions.url('setMainVersion'), undefined, { id });

/** The tenant's models to pick from (a tenant has tens, not thousands). */
export const modelOptionsQuery = () =>
  queryOptions({
    queryKey: models.keys.options('all'),
    queryFn: () => get<Page<{ id: string; name: string; modelKey: string }>>(models.url('list'), { current: 1, size: 1000 }),
  });

// Forms (表单设计).

export interface FormDesign {
  id: string;
  formKey: string;
  name: string;
  version?: number | null;
  categoryName?: string;
  content?: string | null;
}

/** A form as it is now. */
export const formQuery = (id: string) => queryOptions({ queryKey: forms.keys.detail(id), queryFn: () => get<FormDesign>(forms.url('detail'), { id }) });

/** Saves the form's fields as a new version (the server checks them). */
export const saveForm = (body: { id: string; content: FormColumn[]; versionRemark?: string }) => forms.submit(body, true);
export const changeFormCategory = (id: string, categoryId: string) => post(forms.url('changeCategory'), undefined, { ids: id, categoryId });

/** One version of a form (its fields). */
export const formVersionQuery = (id: string | null) =>
  queryOptions({
    queryKey: formVersions.keys.detail(id),
    queryFn: () => get<{ version: number; name: string; content?: string }>(formVersions.url('detail'), { id }),
    enabled: id !== null,
  });
export const setMainFormVersion = (id: string) => post(formVersions.url('setMainVersion'), undefined, { id });

/** The system dictionaries a select field may take its options from, by code or name (50 of each). */
export const formDictsQuery = (search: string) =>
  queryOptions({
    queryKey: queryKeys.workflow.design('dicts', search),
    queryFn: async () => {
      const url = '/api/blade-system/dict/parent-list';
      const [byCode, byName] = await Promise.all([
        get<Page<{ code: string; dictValue: string }>>(url, { current: 1, size: 50, ...(search ? { code: search } : {}) }),
        search ? get<Page<{ code: string; dictValue: string }>>(url, { current: 1, size: 50, dictValue: search }) : undefined,
      ]);
      const seen = new Map<string, string>();
      for (const d of [...byCode.records, ...(byName?.records ?? [])]) seen.set(d.code, d.dictValue);
      return [...seen].map(([code, name]) => ({ value: code, label: `${name} (${code})` }));
    },
    staleTime: 60_000,
  });

// The model designer's catalogues (cached for a minute).

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

/** The enabled forms (main versions). */
export const formOptionsQuery = () =>
  queryOptions({ queryKey: queryKeys.workflow.design('forms'), queryFn: () => get<FormOption[]>(`${DESIGN}/form/listType`), ...cached });

/** The button catalogue, enabled buttons only. */
export const buttonOptionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.workflow.design('buttons'),
    queryFn: async () => (await get<Page<ButtonOption>>(`${DESIGN}/button/list`, { current: 1, size: 200 })).records.filter((b) => Number(b.status ?? 1) !== 2),
    ...cached,
  });

/** The enabled flow conditions (type 1) of the condition library. */
export const conditionOptionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.workflow.design('conditions'),
    queryFn: () => get<ConditionOption[]>(`${DESIGN}/condition/listType`, { type: 1 }),
    ...cached,
  });

/** The fields of a form (its main version, by id), for per-node field permissions. */
export const formFieldsQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.workflow.design('form-fields', id),
    queryFn: async (): Promise<FormColumn[]> => {
      const form = await get<{ content?: string }>(forms.url('detail'), { id });
      const parsed = parseFormColumns(form.content ?? '[]');
      return 'error' in parsed ? [] : parsed.columns;
    },
    enabled: !!id,
    ...cached,
  });

/** 启用 / 停用 of a catalogue entry (category, condition, button): status 1 enabled, 2 disabled. */
export const changeStatus = (def: EntityDef, id: string, status: 1 | 2) => post(entityApi(def).url('changeStatus'), undefined, { ids: id, status });
