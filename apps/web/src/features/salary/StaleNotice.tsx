/**
 * The payroll page's notice of months to be computed again (BUSINESS.md §1 "Salary"): an earlier month of the year
 * changed since they were computed, so they are refused for approval until 重新核算 computes them all, in one action.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button } from 'antd';
import { useState } from 'react';
import { useLabel } from '../../app/i18n';
import { recomputeStale, salaryKeys, staleMonthsQuery } from './api';

const T = {
  stale: { zh: '以下月份因较早月份的工资已变动,需要重新核算: {months}', en: 'To compute again (an earlier month changed): {months}' },
  locked: { zh: '(其中{n}条已在审批中或已通过,不能重算)', en: ' ({n} locked)' },
  recompute: { zh: '全部重新核算', en: 'Compute them again' },
  done: { zh: '已重新核算{n}条工资记录', en: '{n} records computed again' },
};

export function StaleNotice({ year }: { year: string }) {
  const label = useLabel();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const q = useQuery(staleMonthsQuery(year));
  const months = q.data ?? [];
  if (!months.length) return null;
  const locked = months.reduce((n, m) => n + m.locked, 0);
  const text = label(T.stale).replace('{months}', months.map((m) => m.importMonth).join('、')) + (locked ? label(T.locked).replace('{n}', String(locked)) : '');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="salary-stale"
      style={{ marginBottom: 12 }}
      message={text}
      action={
        months.some((m) => m.open > 0) ? (
          <Button
            size="small"
            loading={busy}
            data-testid="salary-recompute"
            onClick={async () => {
              setBusy(true);
              try {
                const r = await recomputeStale(year);
                message.success(label(T.done).replace('{n}', String(r.computed)));
                // The payroll list and this notice read under the area's keys.
                await client.invalidateQueries({ queryKey: salaryKeys });
              } catch {
                // The server's message was shown by the api layer.
              } finally {
                setBusy(false);
              }
            }}
          >
            {label(T.recompute)}
          </Button>
        ) : undefined
      }
    />
  );
}
