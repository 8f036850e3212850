/**
 * The leave request form (the external start form `wf_ex_leave`, also at /work/process/leave/form/:id): type,
 * dates (the days shown), reason, the approver (taskUser → `${approver}`), CC users and attachments. 提交
 * validates (the messages joined by ' | '), starts the leave process (发起成功) and goes to the sent list.
 */
import { App, Button, Card, DatePicker, Flex, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDict } from '../../../app/dict';
import { useLabel } from '../../../app/i18n';
import { useCloseTabAndGo } from '../../../app/tabs';
import { Attachments, type FileItem } from '../../../components/Attachments';
import { UserPickerInput } from '../../../components/UserPicker';
import type { FormStartProps } from '../process/formTypes';
import { formErrors, JOIN } from '../process/formErrors';
import { L } from '../process/labels';
import { SEND_LIST_PATH } from '../process/processRoute';
import { LEAVE_TYPE_DICT, startLeave } from './api';
import { LL } from './labels';

const DATE = 'YYYY-MM-DD';
/** Dates travel as 'YYYY-MM-DD' text; the picker works on dayjs. */
const DATE_VALUE = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, DATE) : undefined }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE) : undefined),
};

interface LeaveValues {
  leaveType?: string;
  startTime?: string;
  endTime?: string;
  reason?: string;
  taskUser?: string | null;
  copyUser?: string | null;
  attachment?: FileItem[];
}

/** Whole days from the first to the last, both counted (the server's rule); undefined until both are set. */
export function leaveDays(start?: string, end?: string): number | undefined {
  if (!start || !end || end < start) return undefined;
  return dayjs(end, DATE).diff(dayjs(start, DATE), 'day') + 1;
}

export default function LeaveStartForm({ processId }: FormStartProps) {
  const label = useLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const leave = useCloseTabAndGo();
  const [form] = Form.useForm<LeaveValues>();
  const [starting, setStarting] = useState(false);
  const types = useDict(LEAVE_TYPE_DICT);
  const start = Form.useWatch('startTime', form);
  const end = Form.useWatch('endTime', form);
  const days = leaveDays(start, end);

  const submit = async () => {
    const errors = await formErrors(form);
    if (errors.length) return void message.error(errors.join(JOIN));
    const v = form.getFieldsValue();
    setStarting(true);
    try {
      await startLeave({
        leaveType: Number(v.leaveType),
        startTime: v.startTime,
        endTime: v.endTime,
        reason: v.reason?.trim(),
        taskUser: v.taskUser,
        ...(v.copyUser ? { copyUser: v.copyUser } : {}),
        ...(v.attachment?.length ? { attachment: v.attachment } : {}),
        ...(processId ? { processDefinitionId: processId } : {}),
      });
      void message.success(label(L.started));
      leave(SEND_LIST_PATH); // the form is done with: its tab closes
    } catch {
      // A failed start only clears the loading state: the API client has shown the reason.
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card title={label(LL.apply)} data-testid="leave-form">
      <Form form={form} layout="vertical" initialValues={{ attachment: [] }}>
        <Flex gap={16} wrap>
          <Form.Item name="leaveType" label={label(LL.leaveType)} rules={[{ required: true, message: '请选择请假类型' }]} style={{ minWidth: 240, flex: 1 }}>
            <Select options={types.map((t) => ({ value: t.dictKey, label: t.dictValue }))} placeholder="请选择请假类型" data-testid="leave-type" />
          </Form.Item>
          <Form.Item
            name="startTime"
            label={label(LL.startTime)}
            rules={[{ required: true, message: '请选择开始时间' }]}
            style={{ minWidth: 200, flex: 1 }}
            {...DATE_VALUE}
          >
            <DatePicker style={{ width: '100%' }} data-testid="leave-start" />
          </Form.Item>
          <Form.Item
            name="endTime"
            label={label(LL.endTime)}
            dependencies={['startTime']}
            rules={[
              { required: true, message: '请选择结束时间' },
              ({ getFieldValue }) => ({
                validator: (_, value?: string) =>
                  value && getFieldValue('startTime') && value < String(getFieldValue('startTime'))
                    ? Promise.reject(new Error('结束时间不能早于开始时间'))
                    : Promise.resolve(),
              }),
            ]}
            style={{ minWidth: 200, flex: 1 }}
            {...DATE_VALUE}
          >
            <DatePicker style={{ width: '100%' }} data-testid="leave-end" />
          </Form.Item>
          <Form.Item label={label(LL.days)} style={{ minWidth: 120 }}>
            <Input readOnly value={days === undefined ? '' : String(days)} data-testid="leave-days" />
          </Form.Item>
        </Flex>
        <Form.Item name="reason" label={label(LL.reason)} rules={[{ required: true, whitespace: true, message: '请输入请假理由' }]}>
          <Input.TextArea rows={3} maxLength={500} data-testid="leave-reason" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="taskUser" label={label(LL.approver)} rules={[{ required: true, message: '请选择审批人' }]} style={{ minWidth: 240, flex: 1 }}>
            <UserPickerInput testId="leave-approver" />
          </Form.Item>
          <Form.Item name="copyUser" label={label(L.copyUser)} style={{ minWidth: 240, flex: 1 }}>
            <UserPickerInput multiple testId="leave-copy" />
          </Form.Item>
        </Flex>
        <Form.Item name="attachment" label={label(L.attachments)}>
          <Attachments testId="leave-attachments" />
        </Form.Item>
      </Form>
      <Flex gap={8} justify="center">
        <Button type="primary" loading={starting} onClick={() => void submit()} data-testid="leave-submit">
          {label(L.submit)}
        </Button>
        <Button onClick={() => navigate(-1)}>{label(L.back)}</Button>
      </Flex>
    </Card>
  );
}
