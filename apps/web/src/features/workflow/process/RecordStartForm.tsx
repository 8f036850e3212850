/**
 * The start form of a business form that has none of its own (formRegistry.ts): the record's form fields from its
 * definition (the `{type}` variant fills its field), CC users and attachments. 提交 validates (the messages joined
 * by ' | '), saves the record and starts its process in one call (`<api>/start`, 发起成功) and goes to the sent list
 * (S1 L90); a failed start only clears the loading state (the API client shows the server's reason).
 */
import { dictKeyOf, type FieldDef } from '@hjl/core';
import { App, Button, Card, Col, Flex, Form, Result, Row } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { startApproval } from '../../../components/ApprovalMode';
import { useDicts } from '../../../app/dict';
import { useLabel } from '../../../app/i18n';
import { useCloseTabAndGo } from '../../../app/tabs';
import { Attachments, type FileItem } from '../../../components/Attachments';
import { FieldControl, rules, toSubmitBody, valueProps } from '../../../components/CrudPage/fields';
import { UserPickerInput } from '../../../components/UserPicker';
import { formErrors, JOIN } from './formErrors';
import type { FormStartProps } from './formTypes';
import { L } from './labels';
import { SEND_LIST_PATH } from './processRoute';

const T = {
  noDef: { zh: '该业务表单尚未配置', en: 'This business form is not set up' },
};

export default function RecordStartForm({ processId, type, form: entry }: FormStartProps) {
  const label = useLabel();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const leave = useCloseTabAndGo();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [extra] = Form.useForm<{ copyUser?: string | null; attachment?: FileItem[] }>();
  const [starting, setStarting] = useState(false);
  const def = entry?.def;
  const typeField = entry?.typeField;
  const fields = useMemo(
    () =>
      def ? (Object.entries(def.fields) as [string, FieldDef][]).filter(([name, f]) => f.form !== false && !(typeField && name === typeField && type)) : [],
    [def, typeField, type],
  );
  const dicts = useDicts(useMemo(() => [...new Set(fields.flatMap(([, f]) => (f.dict ? [dictKeyOf(f)] : [])))], [fields]));
  const defaults = useMemo(
    () => Object.fromEntries(fields.filter(([, f]) => f.default !== undefined).map(([n, f]) => [n, f.dict ? String(f.default) : f.default])),
    [fields],
  );
  if (!def) return <Result status="warning" title={label(T.noDef)} data-testid="wf-form-unset" />;

  const title = label(entry?.title ?? def.label) + (type && entry?.types?.[type] ? ` - ${label(entry.types[type])}` : '');

  const submit = async () => {
    const errors = await formErrors(form);
    if (errors.length) return void message.error(errors.join(JOIN));
    const more = extra.getFieldsValue();
    setStarting(true);
    try {
      await startApproval(def, {
        ...toSubmitBody(fields, form.getFieldsValue()),
        ...(typeField && type ? { [typeField]: def.fields[typeField]?.type === 'int' ? Number(type) : type } : {}),
        ...(more.copyUser ? { copyUser: more.copyUser } : {}),
        ...(more.attachment?.length ? { attachment: more.attachment } : {}),
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
    <Card title={title} data-testid="wf-record-start">
      <Form form={form} layout="vertical" initialValues={defaults} data-testid="wf-record-start-form">
        <Row gutter={16}>
          {fields.map(([name, field]) => {
            const text = label(field.label);
            const wide = field.type === 'files' || field.type === 'text' || field.form === 'textarea';
            return (
              <Col key={name} xs={24} md={wide ? 24 : 12}>
                <Form.Item name={name} label={text} rules={rules(field, text, t)} {...valueProps(field)}>
                  <FieldControl field={field} label={text} dict={dicts[dictKeyOf(field)] ?? []} testId={`wf-start-${name}`} />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      </Form>
      <Form form={extra} layout="vertical" initialValues={{ attachment: [] }}>
        <Form.Item name="copyUser" label={label(L.copyUser)}>
          <UserPickerInput multiple testId="wf-start-copy" />
        </Form.Item>
        <Form.Item name="attachment" label={label(L.attachments)}>
          <Attachments testId="wf-start-attachments" />
        </Form.Item>
      </Form>
      <Flex gap={8} justify="center">
        <Button type="primary" loading={starting} onClick={() => void submit()} data-testid="wf-record-start-submit">
          {label(L.submit)}
        </Button>
        <Button onClick={() => navigate(-1)}>{label(L.back)}</Button>
      </Flex>
    </Card>
  );
}
