/**
 * /hjlProject/hjlProjectCollectLabourFrom (劳务费): labour fees on CrudPage in approval mode (提交 starts 劳务费申请;
 * approved, 劳务费发放 follows by itself), with the form of its own (LabourDialog): the project and the period, the
 * labour ratio and what the period may pay (calculate/ought-to: collections × ratio − expenses), the amount paid,
 * and the persons — staff (their bank from their staff account) or outside persons (name, bank, account) — with
 * their ratio, and each one's gross, individual income tax withheld and net computed as the server does
 * (core `labourShares`).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FINANCE_MSG, labourFeeEntity, labourShares, sumMoney, toFen } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, DatePicker, Descriptions, Flex, Form, Input, Modal, Row as GridRow, Segmented, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useLabel } from '../../app/i18n';
import { CrudPage, type CrudEditorProps } from '../../components/CrudPage';
import { draftFooter, useDraftSubmit } from '../../components/DraftSubmit';
import { MoneyInput } from '../../components/MoneyInput';
import { MoneyText } from '../../components/MoneyText';
import { AccountPickerInput, ProjectPickerInput } from '../../components/RecordPicker';
import { UserPickerInput } from '../../components/UserPicker';
import { labourDetailQuery, labourKeys, labourOughtQuery, saveLabour, type LabourPerson } from './api';

const DATE = 'YYYY-MM-DD';
const DATE_VALUE = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, DATE) : undefined }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE) : undefined),
};
const RATIO_RE = /^\d{1,3}(\.\d{1,2})?$/;

const T = {
  add: { zh: '新增劳务费', en: 'New labour fee' },
  edit: { zh: '修改劳务费', en: 'Edit labour fee' },
  view: { zh: '查看劳务费', en: 'Labour fee' },
  project: { zh: '项目', en: 'Project' },
  projectRequired: { zh: '请选择项目', en: 'Choose the project' },
  periodStart: { zh: '期间开始', en: 'From' },
  periodEnd: { zh: '期间结束', en: 'To' },
  periodStartRequired: { zh: '请选择期间开始日期', en: 'Choose the start' },
  periodEndRequired: { zh: '请选择期间结束日期', en: 'Choose the end' },
  ratio: { zh: '劳务费比例(%)', en: 'Labour ratio (%)' },
  ratioHint: { zh: '留空按系统参数', en: 'Blank: the tenant default' },
  collected: { zh: '期间收款', en: 'Collected' },
  expenses: { zh: '应扣费用', en: 'Expenses' },
  ought: { zh: '应发金额', en: 'Ought' },
  actual: { zh: '实发金额', en: 'Amount paid' },
  actualHint: { zh: '留空按应发金额', en: 'Blank: the ought amount' },
  account: { zh: '付款账户', en: 'Paying account' },
  persons: { zh: '发放人员', en: 'Persons' },
  staff: { zh: '本公司人员', en: 'Staff' },
  outside: { zh: '外聘人员', en: 'Outside' },
  person: { zh: '人员', en: 'Person' },
  name: { zh: '姓名', en: 'Name' },
  bank: { zh: '开户行', en: 'Bank' },
  bankAccount: { zh: '银行账号', en: 'Account' },
  share: { zh: '比例(%)', en: 'Share (%)' },
  gross: { zh: '应发', en: 'Gross' },
  tax: { zh: '代扣个税', en: 'Tax' },
  net: { zh: '实付', en: 'Net' },
  addPerson: { zh: '添加人员', en: 'Add a person' },
  remove: { zh: '删除', en: 'Remove' },
  total: { zh: '合计', en: 'Total' },
  ratioSum: { zh: '发放比例合计应为100%', en: 'The shares must add up to 100%' },
  remark: { zh: '备注', en: 'Remark' },
  started: { zh: '已提交审批', en: 'Sent for approval' },
};

interface PersonValues extends Partial<LabourPerson> {
  kind?: 'staff' | 'outside';
}
interface LabourValues {
  projectId?: string;
  periodStart?: string;
  periodEnd?: string;
  labourRatio?: string | null;
  actualAmount?: string | null;
  accountInfoId?: string | null;
  persons?: PersonValues[];
  remark?: string | null;
}

/** The persons' amounts as the server computes them, once the ratios add up to 100 and the amount is known. */
export function previewShares(amount: string | null | undefined, persons: readonly PersonValues[] | undefined) {
  const ratios = (persons ?? []).map((p) => String(p?.shareRatio ?? '').trim());
  const text = String(amount ?? '').trim();
  if (!ratios.length || !ratios.every((r) => RATIO_RE.test(r) && toFen(r) > 0n) || toFen(sumMoney(ratios)) !== 10000n) return null;
  if (!/^\d{1,16}(\.\d{1,2})?$/.test(text) || toFen(text) <= 0n) return null;
  return labourShares(text, ratios);
}

/** The body the server takes. */
export function labourBody(values: LabourValues): Record<string, unknown> {
  return {
    projectId: values.projectId,
    periodStart: values.periodStart,
    periodEnd: values.periodEnd,
    labourRatio: values.labourRatio ? String(values.labourRatio).trim() : null,
    actualAmount: values.actualAmount ? String(values.actualAmount).trim() : null,
    accountInfoId: values.accountInfoId ?? null,
    remark: values.remark?.trim() || null,
    persons: (values.persons ?? []).map((p) =>
      p.kind === 'outside'
        ? {
            personName: p.personName?.trim(),
            bankName: p.bankName?.trim() || null,
            bankAccount: p.bankAccount?.trim(),
            shareRatio: String(p.shareRatio ?? '').trim(),
          }
        : { userId: p.userId, shareRatio: String(p.shareRatio ?? '').trim() },
    ),
  };
}

export function LabourDialog({ state, onClose, onSaved, projectId }: CrudEditorProps & { projectId?: string }) {
  const label = useLabel();
  const [form] = Form.useForm<LabourValues>();
  const id = state && state.mode !== 'add' ? state.id : null;
  const detail = useQuery(labourDetailQuery(id));
  const readOnly = state?.mode === 'view';
  const open = state !== null;
  const loading = id !== null && detail.isPending;
  const values = Form.useWatch([], form) as LabourValues | undefined;
  const ought = useQuery(labourOughtQuery(values?.projectId ?? null, values?.periodStart, values?.periodEnd, values?.labourRatio ?? undefined));
  const amount = values?.actualAmount || ought.data?.oughtAmount;
  const shares = previewShares(amount, values?.persons);

  useEffect(() => {
    if (!open || loading) return;
    form.resetFields();
    const r = detail.data;
    if (r)
      form.setFieldsValue({
        projectId: String(r.projectId),
        periodStart: r.periodStart ?? undefined,
        periodEnd: r.periodEnd ?? undefined,
        labourRatio: r.labourRatio,
        actualAmount: r.actualAmount,
        accountInfoId: r.accountInfoId ? String(r.accountInfoId) : null,
        remark: r.remark,
        persons: (r.persons ?? []).map((p) => ({ ...p, kind: p.userId ? 'staff' : 'outside' })),
      });
    else
      form.setFieldsValue({
        projectId,
        periodStart: dayjs().startOf('month').format(DATE),
        periodEnd: dayjs().format(DATE),
        persons: [{ kind: 'staff', shareRatio: '100' }],
      });
  }, [open, loading, detail.data, form, projectId]);

  const { busy, send } = useDraftSubmit<LabourValues>({
    form,
    id,
    body: labourBody,
    send: (body, how, editing) => saveLabour(body, how === 'start' ? 'start' : editing ? 'update' : 'save'),
    queryKey: labourKeys.all,
    onSaved,
    texts: { started: T.started },
  });

  const footer = draftFooter(label, { readOnly, busy, onClose, send, testId: 'labour' });
  const title = label(state?.mode === 'add' ? T.add : state?.mode === 'edit' ? T.edit : T.view);
  return (
    <Modal open={open} title={title} width={1100} onCancel={onClose} footer={footer} loading={loading} destroyOnHidden mask={{ closable: false }}>
      {!loading && (
        <Form form={form} layout="vertical" disabled={readOnly} preserve={false} data-testid="labour-form">
          <GridRow gutter={16}>
            <Col span={12}>
              <Form.Item name="projectId" label={label(T.project)} rules={[{ required: true, message: label(T.projectRequired) }]}>
                <ProjectPickerInput name={detail.data?.projectName as string | undefined} disabled={!!projectId || readOnly} testId="labour-project" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="periodStart" label={label(T.periodStart)} rules={[{ required: true, message: label(T.periodStartRequired) }]} {...DATE_VALUE}>
                <DatePicker style={{ width: '100%' }} data-testid="labour-period-start" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="periodEnd" label={label(T.periodEnd)} rules={[{ required: true, message: label(T.periodEndRequired) }]} {...DATE_VALUE}>
                <DatePicker style={{ width: '100%' }} data-testid="labour-period-end" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="labourRatio" label={label(T.ratio)}>
                <Input placeholder={label(T.ratioHint)} maxLength={6} data-testid="labour-ratio" />
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item name="actualAmount" label={label(T.actual)}>
                <MoneyInput placeholder={label(T.actualHint)} testId="labour-actual" hideUpper />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="accountInfoId" label={label(T.account)} rules={[{ required: true, message: FINANCE_MSG.payingAccount }]}>
                <AccountPickerInput allowClear name={detail.data?.accountName as string | undefined} testId="labour-account" />
              </Form.Item>
            </Col>
          </GridRow>
          <Descriptions size="small" column={4} bordered style={{ marginBottom: 16 }} data-testid="labour-ought">
            <Descriptions.Item label={label(T.ratio)}>{ought.data?.labourRatio ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={label(T.collected)}>
              <MoneyText value={ought.data?.collectAmount ?? null} />
            </Descriptions.Item>
            <Descriptions.Item label={label(T.expenses)}>
              <MoneyText value={ought.data?.expenseAmount ?? null} />
            </Descriptions.Item>
            <Descriptions.Item label={label(T.ought)}>
              <MoneyText value={ought.data?.oughtAmount ?? null} testId="labour-ought-amount" />
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text strong>{label(T.persons)}</Typography.Text>
          <Form.List name="persons">
            {(items, { add, remove }) => (
              <Flex vertical gap={0} style={{ marginTop: 8 }} data-testid="labour-persons">
                {items.map((item, i) => {
                  const kind = values?.persons?.[i]?.kind ?? 'staff';
                  const share = shares?.[i];
                  return (
                    <Flex key={item.key} gap={8} align="start" data-testid={`labour-person-${i}`}>
                      <Form.Item name={[item.name, 'kind']} initialValue="staff">
                        <Segmented
                          options={[
                            { value: 'staff', label: label(T.staff) },
                            { value: 'outside', label: label(T.outside) },
                          ]}
                          data-testid={`labour-person-${i}-kind`}
                        />
                      </Form.Item>
                      {kind === 'staff' ? (
                        <Form.Item
                          name={[item.name, 'userId']}
                          rules={[{ required: true, message: label({ zh: '请选择人员', en: 'Choose the person' }) }]}
                          style={{ width: 220 }}
                        >
                          <UserPickerInput testId={`labour-person-${i}-user`} />
                        </Form.Item>
                      ) : (
                        <>
                          <Form.Item
                            name={[item.name, 'personName']}
                            rules={[{ required: true, whitespace: true, message: label({ zh: '请输入外聘人员姓名', en: 'Name' }) }]}
                          >
                            <Input placeholder={label(T.name)} maxLength={50} style={{ width: 110 }} data-testid={`labour-person-${i}-name`} />
                          </Form.Item>
                          <Form.Item name={[item.name, 'bankName']}>
                            <Input placeholder={label(T.bank)} maxLength={100} style={{ width: 140 }} data-testid={`labour-person-${i}-bank`} />
                          </Form.Item>
                          <Form.Item
                            name={[item.name, 'bankAccount']}
                            rules={[{ required: true, whitespace: true, message: label({ zh: '请输入外聘人员银行账号', en: 'Account' }) }]}
                          >
                            <Input placeholder={label(T.bankAccount)} maxLength={64} style={{ width: 180 }} data-testid={`labour-person-${i}-account`} />
                          </Form.Item>
                        </>
                      )}
                      <Form.Item name={[item.name, 'shareRatio']} rules={[{ required: true, pattern: RATIO_RE, message: label(T.share) }]}>
                        <Input placeholder={label(T.share)} style={{ width: 90 }} maxLength={6} data-testid={`labour-person-${i}-ratio`} />
                      </Form.Item>
                      <Flex gap={12} style={{ paddingTop: 5, minWidth: 300 }}>
                        <span>
                          {label(T.gross)} <MoneyText value={share?.amount ?? null} testId={`labour-person-${i}-gross`} />
                        </span>
                        <span>
                          {label(T.tax)} <MoneyText value={share?.taxAmount ?? null} testId={`labour-person-${i}-tax`} />
                        </span>
                        <span>
                          {label(T.net)} <MoneyText value={share?.netAmount ?? null} testId={`labour-person-${i}-net`} />
                        </span>
                      </Flex>
                      {!readOnly && (
                        <Button
                          icon={<DeleteOutlined />}
                          onClick={() => remove(item.name)}
                          disabled={items.length === 1}
                          data-testid={`labour-person-${i}-remove`}
                        >
                          {label(T.remove)}
                        </Button>
                      )}
                    </Flex>
                  );
                })}
                {!readOnly && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ kind: 'staff' })} style={{ width: 200 }} data-testid="labour-add-person">
                    {label(T.addPerson)}
                  </Button>
                )}
              </Flex>
            )}
          </Form.List>
          <Flex gap={16} align="baseline" style={{ margin: '16px 0' }} data-testid="labour-totals">
            <Typography.Text strong>{label(T.total)}:</Typography.Text>
            {shares ? (
              <>
                <span>
                  {label(T.gross)} <MoneyText value={sumMoney(shares.map((s) => s.amount))} />
                </span>
                <span>
                  {label(T.tax)} <MoneyText value={sumMoney(shares.map((s) => s.taxAmount))} testId="labour-total-tax" />
                </span>
                <span>
                  {label(T.net)} <MoneyText value={sumMoney(shares.map((s) => s.netAmount))} testId="labour-total-net" />
                </span>
              </>
            ) : (
              <Typography.Text type="secondary">{label(T.ratioSum)}</Typography.Text>
            )}
          </Flex>
          <Form.Item name="remark" label={label(T.remark)}>
            <Input.TextArea rows={2} maxLength={500} data-testid="labour-remark" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The persons of a labour fee, read only. */
export function LabourPersonsTable({ persons }: { persons: readonly LabourPerson[] }) {
  const label = useLabel();
  return (
    <Table
      rowKey={(r, i) => String(r.id ?? i)}
      size="small"
      pagination={false}
      dataSource={[...persons]}
      columns={[
        { title: label(T.name), render: (_, r) => r.userName ?? r.personName },
        { title: label(T.bank), dataIndex: 'bankName' },
        { title: label(T.bankAccount), dataIndex: 'bankAccount' },
        { title: label(T.share), dataIndex: 'shareRatio' },
        { title: label(T.gross), render: (_, r) => <MoneyText value={r.amount ?? null} /> },
        { title: label(T.tax), render: (_, r) => <MoneyText value={r.taxAmount ?? null} /> },
        { title: label(T.net), render: (_, r) => <MoneyText value={r.netAmount ?? null} /> },
      ]}
    />
  );
}

/** The labour fees; `fixed` confines them (a project's on its detail page). */
export function LabourList({ fixed }: { fixed?: Record<string, string> }) {
  return (
    <CrudPage
      def={labourFeeEntity}
      fixed={fixed}
      bordered={!fixed}
      dateRange="periodEnd"
      testId="labour-list"
      editor={(props) => <LabourDialog {...props} projectId={fixed?.projectId} />}
    />
  );
}

export default function LabourPage() {
  return <LabourList />;
}
