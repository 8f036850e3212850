import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { SharesDialog } from './SharesDialog';

const SLOW = { timeout: 5000 };
const collect = { id: '5', projectName: '示范项目', collectAmount: '12345.67' };

function show(persons: { userId: string; userName: string; shareRatio: string }[]) {
  saveTokens(tokenAnswer());
  saveAccess([], ['project_collect', 'project_collect_person']);
  const http = mockFetch((call) => {
    if (call.path === '/api/business/hjlProjectCollectPerson/get/persons/5') return ok(persons);
    if (call.path === '/api/business/hjlProjectCollectPerson/save-batch') return ok([]);
    if (call.path === '/api/blade-user/search/user')
      return ok({
        records: persons.map((p) => ({ id: p.userId, realName: p.userName, displayName: p.userName })),
        total: persons.length,
        size: 10,
        current: 1,
        pages: 1,
      });
    if (call.path.startsWith('/api/blade-system/')) return ok([]);
    return undefined;
  });
  const onClose = vi.fn();
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SharesDialog collect={collect} onClose={onClose} />
    </Providers>,
  );
  return { http, onClose };
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('收款分配 (SharesDialog)', () => {
  it('previews the amounts to the cent with the rounding difference on the first person, and saves the list in one call', async () => {
    const { http, onClose } = show([
      { userId: '11', userName: '张伟', shareRatio: '50.00' },
      { userId: '12', userName: '陈静', shareRatio: '25.00' },
    ]);
    await screen.findByTestId('shares-ratio-1', undefined, SLOW);
    // 50 % + 25 %: 6172.84 (6172.835 up) and 3086.42 (3086.4175) for 75 % = 9259.25: the first gives back a cent.
    expect(screen.getByTestId('shares-amount-0').textContent).toBe('6172.83');
    expect(screen.getByTestId('shares-amount-1').textContent).toBe('3086.42');
    fireEvent.change(screen.getByTestId('shares-ratio-1'), { target: { value: '50' } });
    // 50 % + 50 %: 6172.835 rounds up twice; the first gives the extra cent back.
    expect(screen.getByTestId('shares-amount-0').textContent).toBe('6172.83');
    expect(screen.getByTestId('shares-amount-1').textContent).toBe('6172.84');
    expect(screen.getByTestId('shares-total').textContent).toContain('12345.67');
    fireEvent.click(screen.getByTestId('shares-save'));
    await waitFor(() => expect(http.callsTo('/api/business/hjlProjectCollectPerson/save-batch')).toHaveLength(1));
    expect(http.callsTo('/api/business/hjlProjectCollectPerson/save-batch')[0]!.body).toEqual({
      collectId: '5',
      persons: [
        { userId: '11', shareRatio: '50.00' },
        { userId: '12', shareRatio: '50' },
      ],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a total above 100 % or a bad ratio is shown and cannot be saved', async () => {
    const { http } = show([
      { userId: '11', userName: '张伟', shareRatio: '60.00' },
      { userId: '12', userName: '陈静', shareRatio: '40.00' },
    ]);
    await screen.findByTestId('shares-ratio-1', undefined, SLOW);
    fireEvent.change(screen.getByTestId('shares-ratio-1'), { target: { value: '50' } });
    expect(screen.getByTestId('shares-total').textContent).toContain('分配比例合计不能超过100%');
    expect((screen.getByTestId('shares-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('shares-ratio-1'), { target: { value: '0' } });
    expect(screen.getByTestId('shares-total').textContent).toContain('分配比例应大于0且不超过100');
    expect((screen.getByTestId('shares-save') as HTMLButtonElement).disabled).toBe(true);
    expect(http.callsTo('/api/business/hjlProjectCollectPerson/save-batch')).toHaveLength(0);
  });
});
