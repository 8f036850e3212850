import type { FormColumn } from '@hjl/core';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../app/i18n';
import { Providers } from '../../app/providers';
import { saveAccess, saveTokens } from '../../app/session';
import { mockFetch, ok, tokenAnswer } from '../../test/http';
import { DynamicForm, type DynamicFormProps } from './DynamicForm';

const columns: FormColumn[] = [
  { columnName: 'reason', columnDescribe: '事由', columnType: 1, isRequired: 1, isShowList: 1, isCondition: 0 },
  { columnName: 'phone', columnDescribe: '联系电话', columnType: 1, isRequired: 0, isShowList: 0, isCondition: 0, format: 'mobile' },
  { columnName: 'leaveType', columnDescribe: '请假类型', columnType: 2, isRequired: 1, isShowList: 0, isCondition: 0, dictTag: 'leave_type' },
  { columnName: 'day', columnDescribe: '开始日期', columnType: 3, isRequired: 1, isShowList: 0, isCondition: 0 },
  { columnName: 'dept', columnDescribe: '部门', columnType: 4, isRequired: 1, isShowList: 0, isCondition: 0, modelPath: 'dept' },
  { columnName: 'urgent', columnDescribe: '紧急程度', columnType: 5, isRequired: 0, isShowList: 0, isCondition: 0, dictTag: 'yes_no' },
  {
    columnName: 'hrNote',
    columnDescribe: '人事意见',
    columnType: 1,
    isRequired: 1,
    isShowList: 0,
    isCondition: 0,
    permissions: { start: { readable: false, writable: false }, approve: { readable: true, writable: false } },
  },
];

let formRef: FormInstance | undefined;
function Harness(props: Omit<DynamicFormProps, 'form' | 'columns'>) {
  const [form] = Form.useForm();
  useEffect(() => {
    formRef = form;
  }, [form]);
  return <DynamicForm columns={columns} form={form} {...props} />;
}

function renderForm(props: Omit<DynamicFormProps, 'form' | 'columns'> = {}) {
  saveTokens(tokenAnswer());
  saveAccess([], []);
  mockFetch((call) => {
    if (call.path === '/api/blade-system/dict/dictionary') {
      return ok(
        call.query.get('code') === 'leave_type'
          ? [
              { dictKey: '1', dictValue: '事假' },
              { dictKey: '2', dictValue: '病假' },
            ]
          : [
              { dictKey: '0', dictValue: '否' },
              { dictKey: '1', dictValue: '是' },
            ],
      );
    }
    if (call.path === '/api/blade-system/dept/tree') return ok([{ id: '10', title: '工程部', key: '10', value: '10' }]);
    return undefined;
  });
  render(
    <Providers client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness {...props} />
    </Providers>,
  );
}

async function errorsOf(): Promise<string[]> {
  let messages: string[] = [];
  await act(async () => {
    try {
      await formRef!.validateFields();
    } catch (e) {
      messages = (e as { errorFields: { errors: string[] }[] }).errorFields.flatMap((f) => f.errors);
    }
  });
  return messages;
}

beforeEach(() => {
  window.__APP_CONFIG__ = { clientBasic: 'x' };
});

describe('DynamicForm', () => {
  it('renders each column type, and asks for every required field with 请填写{field} at the start', async () => {
    renderForm({ place: { nodeId: 'start' } });
    expect(screen.getByTestId('dyn-reason').tagName).toBe('INPUT');
    expect(screen.getByText('事由')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('是')).toBeTruthy()); // the radio of a dictionary
    expect(screen.queryByText('人事意见')).toBeNull(); // not readable at the start
    expect(await errorsOf()).toEqual(['请填写事由', '请填写请假类型', '请填写开始日期', '请填写部门']);
  });

  it('checks the format of a filled optional field', async () => {
    renderForm({ place: { nodeId: 'start' }, initialValues: { reason: '探亲', phone: '123', leaveType: '1', day: '2026-11-23', dept: '10' } });
    expect(await errorsOf()).toEqual(['请输入正确的手机号码']);
    act(() => formRef!.setFieldValue('phone', '13912345678'));
    expect(await errorsOf()).toEqual([]);
    expect(formRef!.getFieldsValue()).toMatchObject({ day: '2026-11-23', phone: '13912345678' });
  });

  it('shows a field the node may only read as read-only, without rules', async () => {
    renderForm({
      place: { nodeId: 'approve', nodeFields: [{ name: 'reason', readable: true, writable: false, required: false }] },
      initialValues: { hrNote: '同意' },
    });
    expect(screen.getByText('人事意见')).toBeTruthy();
    expect((screen.getByTestId('dyn-hrNote') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('dyn-reason') as HTMLInputElement).disabled).toBe(true);
    expect(await errorsOf()).toEqual(['请填写请假类型', '请填写开始日期', '请填写部门']);
  });

  it('has no rules at all in a read-only view', async () => {
    renderForm({ place: { readOnly: true } });
    expect(await errorsOf()).toEqual([]);
  });
});
