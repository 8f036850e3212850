import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../app/i18n';
import { ApprovalStatusTag } from './ApprovalStatusTag';

describe('ApprovalStatusTag', () => {
  it.each([
    [1, '审批中'],
    [2, '审批通过'],
    [3, '审批驳回'],
    [6, '已撤回'],
    [0, '未发起'],
    [4, '未发起'],
    [null, '未发起'],
    ['2', '审批通过'],
  ])('status %s shows %s', (status, text) => {
    render(<ApprovalStatusTag status={status} />);
    expect(screen.getByTestId('approval-status').textContent).toBe(text);
  });

  it('a draft flag of 2 shows a dash whatever the status', () => {
    render(<ApprovalStatusTag status={1} isDraft={2} />);
    expect(screen.getByTestId('approval-status').textContent).toBe('-');
  });

  it('is clickable when given onClick, and English in the en locale', async () => {
    const onClick = vi.fn();
    await setLanguage('en');
    try {
      render(<ApprovalStatusTag status={2} onClick={onClick} />);
      fireEvent.click(screen.getByRole('button'));
      expect(onClick).toHaveBeenCalled();
      expect(screen.getByTestId('approval-status').textContent).toBe('Approved');
    } finally {
      await setLanguage('zh-CN');
    }
  });
});
