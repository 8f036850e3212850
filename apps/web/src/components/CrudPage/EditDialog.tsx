/** The add / edit / view dialog of a list: the fields shown in forms, with their rules. */
import { dictKeyOf, type EntityDef, type FieldDef } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, ConfigProvider, Form, Modal } from 'antd';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictItem } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { entityApi } from './api';
import { FieldControl, rules, toFormValues, toSubmitBody, valueProps, type Row } from './fields';

const controlOf = (c: ReactElement | ((record: Row | undefined) => ReactElement) | undefined, record: Row | undefined) =>
  typeof c === 'function' ? c(record) : c;

const READ_ONLY_THEME = { token: { colorTextDisabled: 'rgba(0, 0, 0, 0.88)' } };

export type DialogState = { mode: 'add' } | { mode: 'edit' | 'view'; id: string };

export interface EditDialogProps {
  def: EntityDef;
  state: DialogState | null;
  dicts: Record<string, DictItem[]>;
  onClose: () => void;
  /** Called with the answer of the submit call. */
  onSaved: (answer: unknown) => void;
  /**
   * Form controls replacing the derived ones, by field name (Form.Item injects value, onChange, disabled); a
   * function is given the record edited or viewed (undefined when adding), e.g. for a name it already has.
   */
  controls?: Record<string, ReactElement | ((record: Row | undefined) => ReactElement)>;
  /** Sent with every submit in addition to the form's fields (e.g. the parent of a new dictionary entry). */
  extraBody?: Record<string, unknown>;
  /** Title instead of 新增 / 编辑 / 查看. */
  title?: string;
  /** Values a new record starts from besides the definition's defaults (e.g. the parent of 新增子项). */
  defaults?: Record<string, unknown>;
}

export function EditDialog({ def, state, dicts, onClose, onSaved, controls, extraBody, title: ownTitle, defaults }: EditDialogProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const fields = Object.entries(def.fields).filter(([, f]) => f.form !== false) as [string, FieldDef][];

  const id = state && state.mode !== 'add' ? state.id : null;
  // Always fetched afresh (gcTime 0): the form starts from the record as it is now.
  const calls = entityApi(def);
  const detail = useQuery(calls.detailQuery(id, { fresh: true }));

  const readOnly = state?.mode === 'view';
  const loading = id !== null && detail.isPending;

  // One form instance serves every opening of the dialog, so each opening starts from a clean store: the
  // record's values for edit and view, nothing for add (antd applies initialValues only once per store).
  const open = state !== null;
  const record = detail.data;
  useEffect(() => {
    if (!open || loading) return;
    form.resetFields();
    if (record) form.setFieldsValue(toFormValues(fields, record));
    // A new record starts from the definition's defaults (dictionary keys as text, like the Select options).
    else
      form.setFieldsValue(
        toFormValues(fields, { ...Object.fromEntries(fields.filter(([, f]) => f.default !== undefined).map(([n, f]) => [n, f.default])), ...defaults }),
      );
    // `fields` is derived from `def` on every render; the definition itself is what matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, loading, record, form, def, defaults]);
  const title = ownTitle ?? (state ? t(state.mode === 'add' ? 'crud.add' : state.mode === 'edit' ? 'crud.edit' : 'crud.view') : '');

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const body = { ...extraBody, ...toSubmitBody(fields, values) };
      if (id !== null) body.id = id;
      const answer = await calls.submit(body, id !== null);
      void message.success(t(id !== null ? 'crud.updated' : 'crud.added'));
      onSaved(answer);
    } catch {
      // The API client has shown the server's message; the dialog stays open for a correction.
    } finally {
      setSaving(false);
    }
  };

  const footer = readOnly
    ? [
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={saving} disabled={loading} onClick={() => form.submit()} data-testid="crud-form-submit">
          {t('common.save')}
        </Button>,
      ];

  return (
    <Modal
      open={state !== null}
      title={title}
      width={def.dialogWidth ?? 600}
      onCancel={onClose}
      footer={footer}
      loading={loading}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {!loading && (
        // 查看 shows the record in disabled inputs, in the normal text colour so that it reads well.
        <ConfigProvider theme={readOnly ? READ_ONLY_THEME : undefined}>
          <Form
            form={form}
            layout="horizontal"
            labelCol={{ flex: '110px' }}
            labelWrap
            disabled={readOnly}
            preserve={false}
            onFinish={submit}
            data-testid="crud-form"
          >
            {fields.map(([name, field]) => {
              const text = label(field.label);
              return (
                <Form.Item key={name} name={name} label={text} rules={readOnly ? [] : rules(field, text, t)} {...valueProps(field)}>
                  {controlOf(controls?.[name], record) ?? (
                    <FieldControl
                      field={field}
                      label={text}
                      dict={dicts[dictKeyOf(field)] ?? []}
                      testId={`crud-form-${name}`}
                      readOnly={readOnly}
                      record={record}
                    />
                  )}
                </Form.Item>
              );
            })}
          </Form>
        </ConfigProvider>
      )}
    </Modal>
  );
}
