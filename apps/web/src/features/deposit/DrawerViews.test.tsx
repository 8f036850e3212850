import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { ReplaceRefundView } from './DrawerViews';

const SLOW = { timeout: 5000 };
const deposits: Record<string, Record<string, unknown>> = {
  '11': { id: '11', projectName: '河西学校', payeeName: '原招标中心', amount: '5000.00', depositType: 2, status: 2 },
  '12': { id: '12', projectName: '河西学校', payeeName: '新招标中心', amount: '6000.00', depositType: 2, status: 2 },
};

function show() {
  saveTokens(tokenAnswer());
  saveAccess([], []);
  const http = mockFetch((call) => {
    if (call.path === '/api/business/hjlApplyGuaranteeMoney/detail') return ok(deposits[call.query.get('id') ?? '']);
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReplaceRefundView record={{ id: '90', depositId: '11', replacementId: '12', status: 2 }} />
    </Providers>,
  );
  return http;
}

describe('the replacement refund view (hjl_refund_replace_guarantee_money, S2 L256)', () => {
  it('shows the replaced deposit first and the new one when its radio is chosen', async () => {
    show();
    expect((await screen.findByTestId('replace-refund-old', undefined, SLOW)).textContent).toContain('原招标中心');
    fireEvent.click(screen.getByText('新保证金'));
    await waitFor(() => expect(screen.getByTestId('replace-refund-replacement').textContent).toContain('新招标中心'), SLOW);
    expect(screen.queryByTestId('replace-refund-old')).toBeNull();
  });
});
