/** The shell pages' calls: the test page's timed call to the server (the signed-in user's own info). */
import { get } from '../../app/api';

export const probeServer = () => get('/api/blade-user/info', undefined, { silent: true });
