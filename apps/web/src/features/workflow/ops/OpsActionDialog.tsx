/** The dialog of one operations-console action: asks for what the action needs, sends it, shows the server's answer. */
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Select, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useLabel } from '../../../app/i18n';
import { UserPickerInput } from '../../../components/UserPicker';
import { opsAction, opsNodesQuery } from '../api';
import { opsBody, type OpsAction, type OpsTab } from './opsActions';

export interface OpsActionDialogProps {
  action: OpsAction;
  tab: OpsTab;
  /** The selected tasks (tasks tab) or instances. */
  ids: string[];
  /** An instance of the selection, whose nodes 回退 and 调度 offer. */
  processInstanceId: string;
  onDone: () => void;
  onClose: () => void;
}

export function OpsActionDialog({ action, tab, ids, processInstanceId, onDone, onClose }: OpsActionDialogProps) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [sending, setSending] = useState(false);
  const has = (f: OpsAction['fields'][number]) => action.fields.includes(f);
  const nodes = useQuery({ ...opsNodesQuery(processInstanceId), enabled: has('node') });
  const required = (text: string) => [{ required: true, whitespace: true, message: text }];

  const send = async (values: Record<string, unknown>) => {
    setSending(true);
    try {
      const answer = await opsAction(action.url, opsBody(action, tab, ids, values));
      void message.success(answer.msg || label({ zh: '操作成功', en: 'Done' }));
      onDone();
    } catch {
      // The server's message (naming the rows that failed) has been shown; some rows may have changed.
      onDone();
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={`${label(action.label)}（${label({ zh: `已选 ${ids.length} 条`, en: `${ids.length} selected` })}）`}
      okText={label({ zh: '确定', en: 'OK' })}
      cancelText={label({ zh: '取消', en: 'Cancel' })}
      okButtonProps={{ danger: action.danger, loading: sending, ...({ 'data-testid': 'ops-dialog-ok' } as ButtonProps) }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="ops-dialog"
    >
      {action.confirm && <p data-testid="ops-dialog-confirm">{label(action.confirm)}</p>}
      <Form form={form} layout="vertical" onFinish={(v) => void send(v)} initialValues={has('pass') ? { pass: true } : {}}>
        {has('pass') && (
          <Form.Item name="pass" label={label({ zh: '审批结果', en: 'Result' })}>
            <Radio.Group
              options={[
                { value: true, label: label({ zh: '同意', en: 'Approve' }) },
                { value: false, label: label({ zh: '驳回', en: 'Reject' }) },
              ]}
            />
          </Form.Item>
        )}
        {(has('assignee') || has('assignees')) && (
          <Form.Item
            name="assignee"
            label={label({ zh: '人员', en: 'User' })}
            rules={[{ required: true, message: label({ zh: '请选择人员', en: 'Choose a user' }) }]}
          >
            <UserPickerInput multiple={has('assignees')} testId="ops-dialog-assignee" />
          </Form.Item>
        )}
        {has('copyUser') && (
          <Form.Item name="copyUser" label={label({ zh: '抄送人', en: 'Copy to' })} rules={[{ required: true, message: '请选择抄送人' }]}>
            <UserPickerInput multiple testId="ops-dialog-copyUser" />
          </Form.Item>
        )}
        {has('node') && (
          <Form.Item
            name="nodeId"
            label={label({ zh: '目标节点', en: 'Target node' })}
            rules={[{ required: true, message: action.key === 'rollback' ? '请选择回退节点' : '请选择调度节点' }]}
          >
            <Select
              loading={nodes.isFetching}
              options={(nodes.data ?? []).map((n) => ({ value: n.nodeId, label: n.nodeName }))}
              placeholder={label({ zh: '请选择节点', en: 'Choose a node' })}
              data-testid="ops-dialog-node"
            />
          </Form.Item>
        )}
        {has('message') && (
          <Form.Item name="message" label={label({ zh: '催办内容', en: 'Message' })}>
            <Input.TextArea rows={2} maxLength={1000} data-testid="ops-dialog-message" />
          </Form.Item>
        )}
        {has('reason') && (
          <Form.Item name="reason" label={label({ zh: '删除原因', en: 'Reason' })} rules={required('请填写删除原因')}>
            <Input.TextArea rows={2} maxLength={4000} data-testid="ops-dialog-reason" />
          </Form.Item>
        )}
        {(has('comment') || has('commentRequired')) && (
          <Form.Item
            name="comment"
            label={label({ zh: '处理意见', en: 'Comment' })}
            rules={has('commentRequired') ? required(action.commentMissing ?? '请填写处理意见') : []}
          >
            <Input.TextArea rows={3} maxLength={4000} data-testid="ops-dialog-comment" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
