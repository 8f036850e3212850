import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '../../../test/http';
import { processPath } from '../process/processRoute';
import { renderScreen } from '../process/testing';
import LeaveStartForm, { leaveDays } from './LeaveStartForm';

const messages = () => Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent);

describe('the leave form', () => {
  it('counts both the first and the last day', () => {
    expect(leaveDays('2026-12-01', '2026-12-01')).toBe(1);
    expect(leaveDays('2026-02-27', '2026-03-02')).toBe(4);
    expect(leaveDays('2026-12-02', '2026-12-01')).toBeUndefined();
    expect(leaveDays(undefined, '2026-12-01')).toBeUndefined();
  });

  it('shows every missing field joined by " | " and sends nothing', async () => {
    const http = mockFetch((call) => (call.path === '/api/blade-system/dict-biz/dictionary' ? ok([{ dictKey: '1', dictValue: '事假' }]) : undefined));
    renderScreen(<LeaveStartForm processId="42" />);
    fireEvent.click(screen.getByTestId('leave-submit'));
    await waitFor(() => expect(messages()).toContain('请选择请假类型 | 请选择开始时间 | 请选择结束时间 | 请输入请假理由 | 请选择审批人'));
    expect(http.callsTo('/api/blade-desk/process/leave/start')).toHaveLength(0);
  });
});

describe('external form pages', () => {
  const PATTERN = '/workflow/process/external/:suffix/:type';
  it('an unknown suffix and a bad payload say so; wf_ex_leave opens the leave form with the definition', async () => {
    const { default: ExternalPage } = await import('../process/ExternalPage');
    const http = mockFetch((call) => (call.path === '/api/blade-system/dict-biz/dictionary' ? ok([{ dictKey: '1', dictValue: '事假' }]) : undefined));
    renderScreen(<ExternalPage />, [], '/workflow/process/external/nope/start?p=x', PATTERN);
    expect(await screen.findByTestId('wf-external-unknown')).toBeTruthy();
    cleanup();
    renderScreen(<ExternalPage />, [], '/workflow/process/external/leave/start?p=%%%', PATTERN);
    expect(await screen.findByTestId('wf-bad-payload')).toBeTruthy();
    cleanup();
    renderScreen(<ExternalPage />, [], processPath('start', { processId: '42', processDefKey: 'Leave' }, 'wf_ex_leave'), PATTERN);
    expect(await screen.findByTestId('leave-form')).toBeTruthy();
    expect(http.calls.some((c) => c.path.includes('leave/start'))).toBe(false);
  });
});
