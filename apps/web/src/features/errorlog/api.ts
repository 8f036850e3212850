/** The error log's one call: the entries kept in the browser go to the server's error log. */
import { post } from '../../app/api';

export const postErrorLog = (entries: readonly object[]) => post('/api/blade-log/error/upload', entries);
