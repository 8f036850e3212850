import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { EVECTION, SHOPPING, type OfficeKind } from './kinds';
import { OfficeDialog } from './LinesForm';

const SLOW = { timeout: 5000 };
/** Selects, money inputs and a modal: on a loaded machine (2 shared cores) more than the default 20 s. */
const HEAVY = 60_000;

function show(kind: OfficeKind) {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], [`${kind.def.name}_add`]);
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-system/dict-biz/dictionary')
      return ok([
        { dictKey: '1', dictValue: '高铁/动车' },
        { dictKey: '4', dictValue: '自驾' },
      ]);
    if (call.path === `${kind.def.api}/start` || call.path === `${kind.def.api}/save`) return ok({ id: '5' });
    return undefined;
  });
  const onSaved = vi.fn();
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OfficeDialog kind={kind} state={{ mode: 'add' }} onClose={() => undefined} onSaved={onSaved} />
    </Providers>,
  );
  return { http, onSaved };
}

const type = (testId: string, value: string) => {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('the lines editor of the office approvals', () => {
  it(
    '采购: each line shows quantity × price, the total their sum to the cent; 提交审批 sends the lines and the total in one call',
    async () => {
      const { http, onSaved } = show(SHOPPING);
      fireEvent.change(await screen.findByTestId('shopping-title', undefined, SLOW), { target: { value: '办公用品' } });
      type('shopping-line-0-itemName', '签字笔');
      type('shopping-line-0-qty', '3');
      type('shopping-line-0-price', '33.33');
      fireEvent.click(screen.getByTestId('shopping-add-line'));
      type('shopping-line-1-itemName', '回形针');
      type('shopping-line-1-qty', '7');
      type('shopping-line-1-price', '0.15');
      await waitFor(() => expect(screen.getByTestId('shopping-total').textContent).toContain('101.04'), SLOW);
      expect(screen.getByTestId('shopping-line-0-amount').textContent).toContain('99.99');
      expect(screen.getByTestId('shopping-line-1-amount').textContent).toContain('1.05');
      // A line removed leaves the total of the others.
      fireEvent.click(screen.getByTestId('shopping-line-1-remove'));
      await waitFor(() => expect(screen.getByTestId('shopping-total').textContent).toContain('99.99'), SLOW);
      fireEvent.click(screen.getByTestId('shopping-start'));
      const START = '/api/business/hjlAuditShopping/start';
      await waitFor(() => expect(http.callsTo(START)).toHaveLength(1), SLOW);
      const body = http.callsTo(START)[0]!.body as { title: string; totalAmount: string; lines: { itemName: string; qty: number; price: string }[] };
      expect(body).toMatchObject({ title: '办公用品', totalAmount: '99.99' });
      expect(body.lines).toEqual([expect.objectContaining({ itemName: '签字笔', qty: 3, price: '33.33' })]);
      await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    },
    HEAVY,
  );

  it(
    '出差: the trip lines’ costs total; a line without its places or transport is refused before any call',
    async () => {
      const { http } = show(EVECTION);
      fireEvent.change(await screen.findByTestId('evection-reason', undefined, SLOW), { target: { value: '苏州项目现场核查' } });
      type('evection-line-0-cost', '139.5');
      fireEvent.click(screen.getByTestId('evection-add-line'));
      type('evection-line-1-cost', '86.41');
      await waitFor(() => expect(screen.getByTestId('evection-total').textContent).toContain('225.91'), SLOW);
      fireEvent.click(screen.getByTestId('evection-save'));
      const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
      await waitFor(() => expect(errors().filter((e) => e === '请输入出发地')).toHaveLength(2), SLOW);
      expect(errors().filter((e) => e === '请选择交通工具')).toHaveLength(2);
      expect(errors()).not.toContain('请输入费用');
      expect(http.callsTo('/api/business/hjlAuditEvection/save')).toHaveLength(0);
      // The transport is a choice of the business dictionary.
      fireEvent.mouseDown(within(screen.getByTestId('evection-line-0-transport')).getByRole('combobox'));
      expect((await screen.findAllByTitle('高铁/动车', undefined, SLOW)).length).toBeGreaterThan(0);
    },
    HEAVY,
  );
});
