/** The monitor area's calls: the usual, API and error logs (`/api/blade-log/<kind>`). */
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import { pagedList, type Row } from '../../components/CrudPage';

export type LogKind = 'usual' | 'api' | 'error';

const logApi = (kind: LogKind) => `/api/blade-log/${kind}`;

/** The log list of a kind, newest first. */
export const logList = (kind: LogKind) => pagedList<Row>(queryKeys.entity(logApi(kind)).lists(), `${logApi(kind)}/list`);

/** One log record, whole. */
export const logDetailQuery = (kind: LogKind, id: string | null) =>
  queryOptions({
    queryKey: queryKeys.entity(logApi(kind)).detail(id),
    queryFn: () => get<Row>(`${logApi(kind)}/detail`, { id }),
    enabled: id !== null,
  });
