/**
 * Pages reached from the form list (designer, versions) are not menus of their own, so the layout opens them
 * for everyone (`open: true`); they show 403 here to a user without the list's button code (and the server
 * refuses their calls anyway).
 */
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { usePermission } from '../../../../app/auth';
import { useLabel } from '../../../../app/i18n';

export function RequirePermission({ code, children }: { code: string; children: ReactNode }) {
  const label = useLabel();
  if (!usePermission(code))
    return <Result status="403" title="403" subTitle={label({ zh: '抱歉,您无权访问此页面', en: 'You may not open this page' })} data-testid="no-access" />;
  return children;
}
