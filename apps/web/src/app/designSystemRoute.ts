/**
 * The lazily loaded antd part of the router (designSystem.tsx), loadable ahead: the login page loads it while its
 * user types, so signing in renders the workbench without suspending.
 */
import { lazyPage } from './lazyPage';

export const designSystem = lazyPage(() => import('./designSystem'));
