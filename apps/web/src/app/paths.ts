/**
 * Routes the page registry (features/registry.ts) and their feature both name: the workflow model screens (kept
 * apart from the pages so a link does not load the designer's code).
 */
import { wfModelEntity, wfModelHistoryEntity } from '@hjl/core';

export const MODEL_LIST_PATH = wfModelEntity.path;
/** Spec 2 `design/process/{id}`: the designer of a model. */
export const DESIGNER_ROUTE = '/workflow/design/process/:id';
export const designerPath = (modelId: string) => `/workflow/design/process/${modelId}`;
export const MODEL_HISTORY_ROUTE = `${wfModelHistoryEntity.path}/:id`;
export const modelHistoryPath = (modelId: string) => `${wfModelHistoryEntity.path}/${modelId}`;
