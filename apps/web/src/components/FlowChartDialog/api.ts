/** The diagram of a process instance with the state of its nodes (model-view). */
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import type { ModelView } from './flowMarkers';

export const MODEL_VIEW_URL = '/api/blade-flow/process/model-view';

export const modelViewQuery = (processInstanceId: string) =>
  queryOptions({
    queryKey: queryKeys.workflow.modelView(processInstanceId),
    queryFn: ({ signal }) => get<ModelView>(MODEL_VIEW_URL, { processInsId: processInstanceId }, { signal }),
  });
