import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input, Modal } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../../app/i18n';
import { useLabel } from '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveTokens } from '../../app/session';
import { fail, mockFetch, ok, tokenAnswer } from '../../test/http';
import { post } from '../../app/api';
import { draftFooter, useDraftSubmit, type DraftAction } from './useDraftSubmit';

const API = '/api/business/hjlDemo';
interface Values {
  title?: string;
}

function Dialog({ id, readOnly = false, onSaved, onClose }: { id: string | null; readOnly?: boolean; onSaved: () => void; onClose: () => void }) {
  const label = useLabel();
  const [form] = Form.useForm<Values>();
  const { busy, send } = useDraftSubmit<Values>({
    form,
    id,
    check: (v) => (v.title === 'none' ? { zh: '请至少填写一条明细', en: 'Add a line' } : null),
    body: (v) => ({ title: v.title?.trim() }),
    send: (body, how: DraftAction, editing) => post(`${API}/${how === 'start' ? 'start' : editing ? 'update' : 'save'}`, body),
    queryKey: ['demo'],
    onSaved,
  });
  return (
    <Modal open title="demo" footer={draftFooter(label, { readOnly, busy, onClose, send, testId: 'demo' })} onCancel={onClose}>
      <Form form={form}>
        <Form.Item name="title" rules={[{ required: true, message: '请输入事由' }]}>
          <Input data-testid="demo-title" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function show(id: string | null, readOnly = false, refuse = false) {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
  saveTokens(tokenAnswer());
  const http = mockFetch((call) => (call.path.startsWith(API) ? (refuse ? fail(400, '超出预算,剩余可用金额为10元') : ok({ id: '5' })) : undefined));
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Dialog id={id} readOnly={readOnly} onSaved={onSaved} onClose={onClose} />
    </Providers>,
  );
  return { http, onSaved, onClose };
}

const messages = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
const SLOW = { timeout: 5000 };

describe('useDraftSubmit and draftFooter', () => {
  it('read only: only 关闭', () => {
    const { onClose } = show('7', true);
    expect(screen.queryByTestId('demo-save')).toBeNull();
    fireEvent.click(screen.getByText('关闭'));
    expect(onClose).toHaveBeenCalled();
  });

  it('an invalid form sends nothing; a refused check shows its message', async () => {
    const { http } = show(null);
    fireEvent.click(screen.getByTestId('demo-save'));
    expect(await screen.findByText('请输入事由')).toBeTruthy();
    fireEvent.change(screen.getByTestId('demo-title'), { target: { value: 'none' } });
    fireEvent.click(screen.getByTestId('demo-start'));
    await waitFor(() => expect(messages()).toContain('请至少填写一条明细'), SLOW);
    expect(http.calls).toHaveLength(0);
  });

  it('保存 of a new record saves a draft (保存成功)', async () => {
    const { http, onSaved } = show(null);
    fireEvent.change(screen.getByTestId('demo-title'), { target: { value: ' 差旅 ' } });
    fireEvent.click(screen.getByTestId('demo-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), SLOW);
    expect(http.callsTo(`${API}/save`)[0]?.body).toEqual({ title: '差旅' });
    await waitFor(() => expect(messages()).toContain('保存成功'), SLOW);
  });

  it('提交审批 of a stored draft starts it with its id (发起成功)', async () => {
    const { http, onSaved } = show('7');
    fireEvent.change(screen.getByTestId('demo-title'), { target: { value: '差旅' } });
    fireEvent.click(screen.getByTestId('demo-start'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), SLOW);
    expect(http.callsTo(`${API}/start`)[0]?.body).toEqual({ title: '差旅', id: '7' });
    await waitFor(() => expect(messages()).toContain('发起成功'), SLOW);
  });

  it('a refusal keeps the dialog and frees the buttons', async () => {
    const { http, onSaved } = show('7', false, true);
    fireEvent.change(screen.getByTestId('demo-title'), { target: { value: '差旅' } });
    fireEvent.click(screen.getByTestId('demo-start'));
    await waitFor(() => expect(http.callsTo(`${API}/start`)).toHaveLength(1), SLOW);
    await waitFor(() => expect(screen.getByTestId('demo-start').hasAttribute('disabled')).toBe(false), SLOW);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
