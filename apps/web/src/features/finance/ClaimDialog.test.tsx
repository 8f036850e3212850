import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { fail, mockFetch, ok, tokenAnswer } from '../../test/http';
import { ClaimDialog } from './ClaimDialog';

const START = '/api/business/hjlApplyExpense/start';
const SAVE = '/api/business/hjlApplyExpense/save';
const SLOW = { timeout: 5000 };
/** Two selects, two money inputs and a modal: on a loaded machine (2 shared cores) more than the default 20 s. */
const HEAVY = 60_000;

function show(startAnswer: () => ReturnType<typeof ok> = () => ok({ id: '5' })) {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  saveAccess([], ['apply_expense_add']);
  const http = mockFetch((call) => {
    if (call.path === '/api/blade-system/dict-biz/dictionary')
      return ok([
        { dictKey: '1', dictValue: '差旅费' },
        { dictKey: '4', dictValue: '交通费' },
      ]);
    if (call.path === START) return startAnswer();
    if (call.path === SAVE) return ok({ id: '6' });
    return undefined;
  });
  const onSaved = vi.fn();
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ClaimDialog state={{ mode: 'add' }} onClose={() => undefined} onSaved={onSaved} />
    </Providers>,
  );
  return { http, onSaved };
}

async function chooseType(line: number, text: string) {
  fireEvent.mouseDown(within(screen.getByTestId(`claim-line-${line}-type`)).getByRole('combobox'));
  // Each select keeps its dropdown once opened: the option of the one just opened is the last.
  fireEvent.click((await screen.findAllByTitle(text, undefined, SLOW)).at(-1)!);
}

async function amount(line: number, value: string) {
  const input = screen.getByTestId(`claim-line-${line}-amount`);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('the claim form (费用报销)', () => {
  it(
    'totals two lines with the 大写 and starts the claim with its lines in one call',
    async () => {
      const { http, onSaved } = show();
      fireEvent.change(await screen.findByTestId('claim-title', undefined, SLOW), { target: { value: '苏州出差' } });
      await chooseType(0, '差旅费');
      await amount(0, '320.5');
      fireEvent.click(screen.getByTestId('claim-add-line'));
      await chooseType(1, '交通费');
      await amount(1, '86');
      await waitFor(() => expect(screen.getByTestId('claim-total').textContent).toContain('406.50'), SLOW);
      expect(screen.getByTestId('claim-total').textContent).toContain('肆佰零陆元伍角');
      fireEvent.click(screen.getByTestId('claim-start'));
      await waitFor(() => expect(http.callsTo(START)).toHaveLength(1), SLOW);
      const body = http.callsTo(START)[0]!.body as { title: string; totalAmount: string; lines: { expenseType: number; amount: string }[] };
      expect(body.title).toBe('苏州出差');
      expect(body.totalAmount).toBe('406.50');
      expect(body.lines.map((l) => [l.expenseType, l.amount])).toEqual([
        [1, '320.5'],
        [4, '86'],
      ]);
      await waitFor(() => expect(onSaved).toHaveBeenCalled(), SLOW);
    },
    HEAVY,
  );

  it('a line without its type or amount is refused before any call', async () => {
    const { http } = show();
    fireEvent.change(await screen.findByTestId('claim-title', undefined, SLOW), { target: { value: '办公用品' } });
    fireEvent.click(screen.getByTestId('claim-save'));
    expect(await screen.findByText('请选择费用类型', undefined, SLOW)).toBeTruthy();
    // Each cell's message shows as its own row re-renders, so the second may follow a tick later.
    expect(await screen.findByText('请输入金额', undefined, SLOW)).toBeTruthy();
    expect(http.callsTo(SAVE)).toHaveLength(0);
  });

  it(
    'an overrun budget refused at start keeps the form open with the server’s message',
    async () => {
      const { http, onSaved } = show(() => fail(400, '超出预算,剩余可用金额为120.00元'));
      fireEvent.change(await screen.findByTestId('claim-title', undefined, SLOW), { target: { value: '招待' } });
      await chooseType(0, '差旅费');
      await amount(0, '500');
      fireEvent.click(screen.getByTestId('claim-start'));
      await waitFor(() => expect(http.callsTo(START)).toHaveLength(1), SLOW);
      expect(await screen.findByText('超出预算,剩余可用金额为120.00元', undefined, SLOW)).toBeTruthy();
      expect(onSaved).not.toHaveBeenCalled();
      expect(screen.getByTestId('claim-form')).toBeTruthy();
    },
    HEAVY,
  );
});
