/**
 * 员工档案 of one person (BUSINESS.md WP6): /hr/bladeUser/detail/{userId} (from the staff list) and 我的档案 /hr/myFile
 * (a staff member's own, item 7). The file is read by the person (`bladeUser/detail?userId=`; an empty one when they
 * have none yet) and shown as tabs: 基本信息 (the file's own fields, saved in place), then the person's education, work
 * history, family, certificates (共享 / 取消共享 for the company's), labour contracts and social security — each the
 * record's list confined to the person (CrudPage with `fixed`), with search, add, edit, remove and Excel export by
 * the user's codes; only the tabs whose list the user may see.
 *
 * Who changes what (the server decides; the form follows it): HR (`staff_file_add`) every field of anybody's file;
 * a staff member (`staff_file_edit` without `staff_file_add`) only the contact fields of their own (STAFF_SELF_FIELDS);
 * everybody else reads.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  CERT_AFFILIATION,
  STAFF_SELF_FIELDS,
  dictKeyOf,
  permissionCodes,
  staffFileChildEntities,
  staffFileEntity,
  userCertificateEntity,
  type EntityDef,
  type FieldDef,
} from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Flex, Form, Popconfirm, Result, Row as GridRow, Skeleton, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Permit, useGranted } from '../../app/auth';
import { useDicts } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { useSession } from '../../app/session';
import { CrudPage, type Row } from '../../components/CrudPage';
import { FieldControl, rules, toFormValues, toSubmitBody, valueProps } from '../../components/CrudPage/fields';
import { cancelShareCertificates, saveStaffFile, shareCertificates, staffFileKeys, staffFileQuery, type StaffFile } from './api';

const FILE_CODES = permissionCodes(staffFileEntity);
const basicFields = (Object.entries(staffFileEntity.fields) as [string, FieldDef][]).filter(([name, f]) => name !== 'userId' && f.form !== false);
const dictCodes = [...new Set(basicFields.flatMap(([, f]) => (f.dict ? [dictKeyOf(f)] : [])))];
const SELF_FIELDS = new Set<string>(STAFF_SELF_FIELDS);
/** Button codes of 共享 and 取消共享 (seeded with the certificate menu). */
const CERT_CODES = { share: 'user_certificate_share', cancel: 'user_certificate_cancel_share' } as const;

/** The staff file page of the person in the route (`/hr/bladeUser/detail/:userId`). */
export default function StaffFilePage() {
  const { userId = '' } = useParams();
  return <StaffFileView userId={userId} back />;
}

/** 我的档案: the signed-in user's own file. */
export function MyFilePage() {
  const session = useSession();
  return <StaffFileView userId={session?.user.user_id ?? ''} />;
}

export function StaffFileView({ userId, back = false }: { userId: string; back?: boolean }) {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  const granted = useGranted();
  const file = useQuery(staffFileQuery(userId || undefined));
  const fixed = useMemo(() => ({ userId }), [userId]);
  const tabs = staffFileChildEntities.filter((def) => granted(permissionCodes(def).view));

  if (file.isError) return <Result status="404" title={t('hr.noFile')} />;
  const f = file.data;
  return (
    <Flex vertical gap={16} data-testid="staff-file">
      <Card>
        <Flex align="center" gap={12}>
          {back && (
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} data-testid="staff-file-back">
              {t('hr.back')}
            </Button>
          )}
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="staff-file-name">
            {f ? `${t('hr.fileOf')} · ${f.userName ?? ''}` : t('hr.fileOf')}
          </Typography.Title>
        </Flex>
      </Card>
      <Card>
        {f ? (
          <Tabs
            destroyOnHidden
            items={[
              {
                key: 'basic',
                label: <span data-testid="staff-file-tab-basic">{t('hr.basic')}</span>,
                children: <BasicInfo file={f} />,
              },
              ...tabs.map((def) => ({
                key: def.name,
                label: <span data-testid={`staff-file-tab-${def.name}`}>{label(def.label)}</span>,
                children: <PersonRecords def={def} fixed={fixed} />,
              })),
            ]}
          />
        ) : (
          <Skeleton active />
        )}
      </Card>
    </Flex>
  );
}

/** 基本信息: the file's own fields, in place; saved with 保存. */
function BasicInfo({ file }: { file: StaffFile }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message } = App.useApp();
  const granted = useGranted();
  const session = useSession();
  const queryClient = useQueryClient();
  const dicts = useDicts(dictCodes);
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const own = file.userId === session?.user.user_id;
  const hr = granted(FILE_CODES.add);
  const editable = (name: string) => hr || (own && !!file.id && granted(FILE_CODES.edit) && SELF_FIELDS.has(name));
  const anyEditable = basicFields.some(([name]) => editable(name));

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(basicFields, file));
  }, [form, file]);

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const shown = basicFields.filter(([name]) => editable(name));
      await saveStaffFile({ ...toSubmitBody(shown, values), userId: file.userId, ...(file.id ? { id: file.id } : {}) });
      void message.success(t(file.id ? 'crud.updated' : 'crud.added'));
      await queryClient.invalidateQueries({ queryKey: staffFileKeys });
    } catch {
      // The API client has shown the server's message; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      {!file.id && <Alert type="info" showIcon message={t(hr ? 'hr.emptyFile' : 'hr.noFileYet')} data-testid="staff-file-empty" />}
      {file.id && own && !hr && anyEditable && <Alert type="info" showIcon message={t('hr.selfHint')} data-testid="staff-file-self-hint" />}
      <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }} labelWrap onFinish={submit} data-testid="staff-file-form">
        <GridRow gutter={16}>
          {basicFields.map(([name, field]) => {
            const text = label(field.label);
            const wide = name === 'remark' || name === 'address';
            return (
              <Col key={name} xs={24} md={wide ? 24 : 12}>
                <Form.Item name={name} label={text} rules={editable(name) ? rules(field, text, t) : []} {...valueProps(field)}>
                  <FieldControl
                    field={field}
                    label={text}
                    dict={dicts[dictKeyOf(field)] ?? []}
                    testId={`staff-file-${name}`}
                    readOnly={!editable(name)}
                    disabled={!editable(name)}
                    record={file as Row}
                  />
                </Form.Item>
              </Col>
            );
          })}
        </GridRow>
        {anyEditable && (
          <Flex justify="flex-end">
            <Button type="primary" htmlType="submit" loading={saving} data-testid="staff-file-save">
              {t('common.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Flex>
  );
}

/** A tab: the person's records of one kind (certificates with 共享 / 取消共享). */
function PersonRecords({ def, fixed }: { def: EntityDef; fixed: Record<string, string> }) {
  if (def.name !== userCertificateEntity.name) return <CrudPage def={def} fixed={fixed} bordered={false} />;
  return <CertificateList fixed={fixed} bordered={false} />;
}

/**
 * Certificates with 共享 (a company certificate not shared yet) and 取消共享 (a shared one) by row; an expired one is
 * refused by the server (证书已过期,不能共享), shown as its message.
 */
export function CertificateList({ fixed, bordered = true }: { fixed?: Record<string, string>; bordered?: boolean }) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const act = async (call: () => Promise<unknown>, reload: () => Promise<void>) => {
    try {
      await call();
      void message.success(t('hr.done'));
      await reload();
    } catch {
      // The API client has shown the server's message (e.g. 证书已过期,不能共享).
    }
  };
  return (
    <CrudPage
      def={userCertificateEntity}
      fixed={fixed}
      bordered={bordered}
      actionWidth={260}
      rowActions={(row, ctx) =>
        Number(row.affiliation) !== CERT_AFFILIATION.company ? null : Number(row.isShare) === 1 ? (
          <Permit code={CERT_CODES.cancel}>
            <Popconfirm title={t('hr.cancelShareConfirm')} onConfirm={() => act(() => cancelShareCertificates([row.id]), ctx.reload)}>
              <Button type="link" size="small" data-testid={`cert-cancel-share-${row.id}`}>
                {t('hr.cancelShare')}
              </Button>
            </Popconfirm>
          </Permit>
        ) : (
          <Permit code={CERT_CODES.share}>
            <Button type="link" size="small" onClick={() => act(() => shareCertificates([row.id]), ctx.reload)} data-testid={`cert-share-${row.id}`}>
              {t('hr.share')}
            </Button>
          </Permit>
        )
      }
    />
  );
}
