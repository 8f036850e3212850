import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { BasicCard } from '../BasicCard';
import { TabContainer, type ContainerTab } from './TabContainer';

const tabs: ContainerTab[] = [
  { key: 'info', label: '基本信息', children: <BasicCard title="合同信息">甲方: 某公司</BasicCard> },
  { key: 'money', label: '收款明细', children: <div>收款内容</div> },
  { key: 'secret', label: '隐藏页', children: <div>不应出现</div>, hidden: true },
];

function inRouter(ui: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <div>列表页</div> },
      { path: '/detail', element: ui },
    ],
    { initialEntries: ['/list', '/detail'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('TabContainer', () => {
  it('starts on the first tab after 返回, leaves hidden tabs out and switches tabs', () => {
    const onChange = vi.fn();
    inRouter(<TabContainer tabs={tabs} onChange={onChange} />);
    expect(screen.getByTestId('tab-container-back').textContent).toContain('返回');
    expect(screen.getByText('甲方: 某公司')).toBeTruthy();
    expect(screen.getByTestId('basic-card').textContent).toContain('合同信息');
    expect(screen.queryByTestId('tab-container-secret')).toBeNull();
    fireEvent.click(screen.getByTestId('tab-container-money'));
    expect(onChange).toHaveBeenCalledWith('money');
    expect(screen.getByText('收款内容')).toBeTruthy();
  });

  it('the back tab returns to the previous page', async () => {
    const router = inRouter(<TabContainer tabs={tabs} />);
    fireEvent.click(screen.getByTestId('tab-container-back'));
    expect(await screen.findByText('列表页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/list');
  });

  it('or tells the parent, staying on its tab', () => {
    const onBack = vi.fn();
    const router = inRouter(<TabContainer tabs={tabs} onBack={onBack} />);
    fireEvent.click(screen.getByTestId('tab-container-back'));
    expect(onBack).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/detail');
    expect(screen.getByText('甲方: 某公司')).toBeTruthy();
  });
});
