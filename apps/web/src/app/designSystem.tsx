/**
 * The routes under antd (every route but /login): `DesignSystem` around the matched route. Loaded lazily by the
 * router and ahead by the login page while its user types (so signing in shows no full-screen 加载中).
 */
import { Outlet } from 'react-router';
import { DesignSystem } from './providers';

export default function DesignSystemOutlet() {
  return (
    <DesignSystem>
      <Outlet />
    </DesignSystem>
  );
}
