/**
 * 付款信息 (S2 L190-197, L273-276, L305-310, L548-549): how a payment was made — the payment method
 * (`expenseType`, a dictionary number), the date, the transaction reference, the payer, the internal account it
 * left from, whom it was paid to (a person or a customer), files and a remark.
 * - method 0 (bank transfer) shows the payer group (name, account, bank), required;
 * - the transaction reference number is asked for methods 0 and 2;
 * - choosing the internal account fills the payer's name, account number and bank from it;
 * - the messages are the spec's: 请选择付款方式, 请选择打款日期, 请填写付款人名称, 请填写付款人账号, 请选择付款人开户行.
 *
 * `PaymentFields` is the form body (a finalStep form at the cashier's node embeds it); `PaymentForm` is the
 * drawer of 1000 px with 提交, or 重新提交 for a record sent back.
 */
import { FINANCE_MSG, type Label } from '@hjl/core';
import { App, Button, Col, DatePicker, Drawer, Flex, Form, Input, Radio, Row, Select, Typography, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useDict } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { Attachments, type FileItem } from '../Attachments';
import { CustomerPickerInput } from '../CustomerPicker';
import { AccountPickerInput, type AccountRow } from '../RecordPicker';
import { UserPickerInput } from '../UserPicker';

export const PAYMENT_DRAWER_WIDTH = 1000;

/**
 * The payment methods (business dictionary `payment_method`; these when the tenant has none). The field is the
 * spec's `expenseType`; the dictionary `expense_type` is the kinds of expense of a claim's lines (差旅费 …).
 */
export const EXPENSE_TYPE_DICT = 'biz:payment_method';
export const EXPENSE_TYPES: { value: number; label: Label }[] = [
  { value: 0, label: { zh: '银行转账', en: 'Bank transfer' } },
  { value: 1, label: { zh: '现金', en: 'Cash' } },
  { value: 2, label: { zh: '票据', en: 'Bill' } },
];

/** Whom the money went to (S2 L194). */
export const SUBJECT = { person: 1, customer: 2 } as const;
/** The server's message for a project payment without its account (FINANCE_MSG.payingAccount). */
const ACCOUNT_REQUIRED = FINANCE_MSG.payingAccount;

/** The spec's required messages (S2 L305-310), verbatim. */
export const PAYMENT_MSG = {
  expenseType: '请选择付款方式',
  transactionDate: '请选择打款日期',
  payerName: '请填写付款人名称',
  debitAccountNo: '请填写付款人账号',
  payerAccountBank: '请选择付款人开户行',
} as const;

/** Between the messages of a refused form (as the server joins them). */
export const MESSAGE_JOIN = ' | ';

/** The payment information as the API takes it (S2 L190-197). */
export interface PaymentValues {
  expenseType?: number | null;
  transactionDate?: string | null;
  transactionReferenceNumber?: string | null;
  payerName?: string | null;
  debitAccountNo?: string | null;
  payerAccountBank?: string | null;
  accountInfoId?: string | null;
  accountNum?: string | null;
  businessSubjectType?: number | null;
  businessSubjectId?: string | null;
  personId?: string | null;
  personName?: string | null;
  customerId?: string | null;
  customerName?: string | null;
  filePath?: FileItem[] | null;
  remark?: string | null;
}

/** Method 0 shows the payer group (S2 L274). */
export const showsPayer = (expenseType: unknown) => expenseType !== null && expenseType !== undefined && expenseType !== '' && Number(expenseType) === 0;
/** Methods 0 and 2 show the transaction reference number (S2 L275). */
export const showsReference = (expenseType: unknown) =>
  expenseType !== null && expenseType !== undefined && expenseType !== '' && [0, 2].includes(Number(expenseType));

/** The body sent: hidden groups' values left out, the business subject's id under `businessSubjectId`. */
export function paymentBody(values: PaymentValues): PaymentValues {
  const body: PaymentValues = { ...values };
  if (!showsPayer(values.expenseType)) {
    body.payerName = null;
    body.debitAccountNo = null;
    body.payerAccountBank = null;
  }
  if (!showsReference(values.expenseType)) body.transactionReferenceNumber = null;
  const person = Number(values.businessSubjectType) === SUBJECT.person;
  const customer = Number(values.businessSubjectType) === SUBJECT.customer;
  if (!person) {
    body.personId = null;
    body.personName = null;
  }
  if (!customer) {
    body.customerId = null;
    body.customerName = null;
  }
  body.businessSubjectId = person ? (values.personId ?? null) : customer ? (values.customerId ?? null) : null;
  for (const key of ['transactionReferenceNumber', 'payerName', 'debitAccountNo', 'payerAccountBank', 'remark'] as const) {
    const v = body[key];
    if (typeof v === 'string') body[key] = v.trim() || null;
  }
  return body;
}

const T = {
  title: { zh: '付款信息', en: 'Payment information' },
  expenseType: { zh: '付款方式', en: 'Payment method' },
  transactionDate: { zh: '打款日期', en: 'Payment date' },
  reference: { zh: '交易流水号', en: 'Transaction reference' },
  account: { zh: '付款账户', en: 'Paying account' },
  accountNum: { zh: '账号', en: 'Account number' },
  payer: { zh: '付款人信息', en: 'Payer' },
  payerName: { zh: '付款人名称', en: 'Payer name' },
  debitAccountNo: { zh: '付款人账号', en: 'Payer account' },
  payerAccountBank: { zh: '付款人开户行', en: 'Payer bank' },
  subjectType: { zh: '业务对象类型', en: 'Paid to' },
  person: { zh: '人员', en: 'Person' },
  customer: { zh: '客户', en: 'Customer' },
  personId: { zh: '人员', en: 'Person' },
  customerId: { zh: '客户', en: 'Customer' },
  files: { zh: '附件', en: 'Attachments' },
  remark: { zh: '备注', en: 'Remark' },
  submit: { zh: '提交', en: 'Submit' },
  resubmit: { zh: '重新提交', en: 'Submit again' },
  cancel: { zh: '取消', en: 'Cancel' },
  inputReference: { zh: '请输入交易流水号', en: 'Transaction reference' },
  inputPayerName: { zh: '请输入付款人名称', en: 'Payer name' },
  inputPayerAccount: { zh: '请输入付款人账号', en: 'Payer account' },
  inputPayerBank: { zh: '请输入付款人开户行', en: 'Payer bank' },
  inputRemark: { zh: '请输入备注', en: 'Remark' },
  chooseDate: { zh: '请选择打款日期', en: 'Payment date' },
  chooseType: { zh: '请选择付款方式', en: 'Payment method' },
  choosePerson: { zh: '请选择人员', en: 'Choose a person' },
  fromAccount: { zh: '选择付款账户后带出', en: 'Filled from the paying account' },
};

const DATE = 'YYYY-MM-DD';
const DATE_VALUE = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, DATE) : undefined }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE) : undefined),
};

const half = { xs: 24, md: 12 };

export interface PaymentFieldsProps {
  form: FormInstance<PaymentValues>;
  disabled?: boolean;
  /** Test id prefix (default `payment`). */
  testId?: string;
  /** The paying account must be chosen (a project payment: its ledger row names the account, BUSINESS.md §1). */
  accountRequired?: boolean;
}

/** The fields of the payment information, inside the caller's `<Form form={form}>`. */
export function PaymentFields({ form, disabled, testId = 'payment', accountRequired }: PaymentFieldsProps) {
  const label = useLabel();
  const dict = useDict(EXPENSE_TYPE_DICT);
  const types = dict.length
    ? dict.map((d) => ({ value: Number(d.dictKey), label: d.dictValue }))
    : EXPENSE_TYPES.map((t) => ({ value: t.value, label: label(t.label) }));
  const expenseType = Form.useWatch('expenseType', form) as unknown;
  const subject = Number(Form.useWatch('businessSubjectType', form) ?? SUBJECT.person);
  const id = (name: string) => `${testId}-${name}`;

  const fillFromAccount = (row: AccountRow | null) =>
    form.setFieldsValue({
      accountNum: row?.accountNum ?? null,
      ...(row ? { payerName: row.accountName, debitAccountNo: row.accountNum, payerAccountBank: row.bankName } : {}),
    });

  return (
    <>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="expenseType" label={label(T.expenseType)} rules={[{ required: true, message: PAYMENT_MSG.expenseType }]}>
            <Select options={types} placeholder={label(T.chooseType)} disabled={disabled} data-testid={id('expenseType')} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="transactionDate" label={label(T.transactionDate)} rules={[{ required: true, message: PAYMENT_MSG.transactionDate }]} {...DATE_VALUE}>
            <DatePicker style={{ width: '100%' }} placeholder={label(T.chooseDate)} disabled={disabled} data-testid={id('transactionDate')} />
          </Form.Item>
        </Col>
        {showsReference(expenseType) && (
          <Col {...half}>
            <Form.Item name="transactionReferenceNumber" label={label(T.reference)} rules={[{ max: 64 }]}>
              <Input placeholder={label(T.inputReference)} disabled={disabled} maxLength={64} data-testid={id('transactionReferenceNumber')} />
            </Form.Item>
          </Col>
        )}
        <Col {...half}>
          <Form.Item name="accountInfoId" label={label(T.account)} rules={accountRequired ? [{ required: true, message: ACCOUNT_REQUIRED }] : []}>
            <AccountPickerInput disabled={disabled} allowClear onPick={fillFromAccount} testId={id('account')} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="accountNum" label={label(T.accountNum)}>
            <Input readOnly disabled={disabled} placeholder={label(T.fromAccount)} data-testid={id('accountNum')} />
          </Form.Item>
        </Col>
      </Row>
      {showsPayer(expenseType) && (
        <div data-testid={id('payer-group')}>
          <Typography.Title level={5}>{label(T.payer)}</Typography.Title>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="payerName" label={label(T.payerName)} rules={[{ required: true, whitespace: true, message: PAYMENT_MSG.payerName }]}>
                <Input placeholder={label(T.inputPayerName)} disabled={disabled} maxLength={100} data-testid={id('payerName')} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="debitAccountNo"
                label={label(T.debitAccountNo)}
                rules={[{ required: true, whitespace: true, message: PAYMENT_MSG.debitAccountNo }]}
              >
                <Input placeholder={label(T.inputPayerAccount)} disabled={disabled} maxLength={64} data-testid={id('debitAccountNo')} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="payerAccountBank"
                label={label(T.payerAccountBank)}
                rules={[{ required: true, whitespace: true, message: PAYMENT_MSG.payerAccountBank }]}
              >
                <Input placeholder={label(T.inputPayerBank)} disabled={disabled} maxLength={100} data-testid={id('payerAccountBank')} />
              </Form.Item>
            </Col>
          </Row>
        </div>
      )}
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="businessSubjectType" label={label(T.subjectType)}>
            <Radio.Group disabled={disabled} data-testid={id('businessSubjectType')}>
              <Radio value={SUBJECT.person}>{label(T.person)}</Radio>
              <Radio value={SUBJECT.customer}>{label(T.customer)}</Radio>
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col {...half}>
          {subject === SUBJECT.customer ? (
            <>
              <Form.Item name="customerId" label={label(T.customerId)}>
                <CustomerPickerInput
                  disabled={disabled}
                  name={(form.getFieldValue('customerName') as string | null) ?? undefined}
                  onPick={(row) => form.setFieldsValue({ customerName: row?.customerName ?? null })}
                  testId={id('customer')}
                />
              </Form.Item>
              <Form.Item name="customerName" hidden>
                <Input />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="personId" label={label(T.personId)}>
                <UserPickerInput
                  disabled={disabled}
                  placeholder={label(T.choosePerson)}
                  onChange={(value, users) => form.setFieldsValue({ personId: value, personName: users[0]?.displayName ?? null })}
                  testId={id('person')}
                />
              </Form.Item>
              <Form.Item name="personName" hidden>
                <Input />
              </Form.Item>
            </>
          )}
        </Col>
      </Row>
      <Form.Item name="filePath" label={label(T.files)}>
        <Attachments mode={disabled ? 'view' : 'edit'} testId={id('files')} />
      </Form.Item>
      <Form.Item name="remark" label={label(T.remark)} rules={[{ max: 500 }]}>
        <Input.TextArea rows={3} maxLength={500} placeholder={label(T.inputRemark)} disabled={disabled} data-testid={id('remark')} />
      </Form.Item>
    </>
  );
}

/** The initial values of a new payment: paid to a person, no files. */
export const PAYMENT_DEFAULTS: PaymentValues = { businessSubjectType: SUBJECT.person, filePath: [] };

/** Validates the form: the body to send, or the messages joined by ' | ' (also shown beside the fields). */
export async function validatePayment(form: FormInstance<PaymentValues>): Promise<{ body: PaymentValues } | { errors: string }> {
  try {
    await form.validateFields();
    return { body: paymentBody(form.getFieldsValue(true) as PaymentValues) };
  } catch (e) {
    const fields = (e as { errorFields?: { errors: string[] }[] }).errorFields ?? [];
    return { errors: fields.flatMap((f) => f.errors).join(MESSAGE_JOIN) };
  }
}

export interface PaymentFormProps {
  open: boolean;
  onClose: () => void;
  /** Called with the body when the form is valid; the drawer stays open when it throws (the API client shows why). */
  onSubmit: (values: PaymentValues) => Promise<void> | void;
  /** The values of a record being changed (a rejected or withdrawn one). */
  initialValues?: PaymentValues;
  /** The button reads 重新提交 (a record sent back) instead of 提交. */
  resubmit?: boolean;
  title?: string;
  /** See PaymentFieldsProps.accountRequired. */
  accountRequired?: boolean;
}

export function PaymentForm({ open, onClose, onSubmit, initialValues, resubmit, title, accountRequired }: PaymentFormProps) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<PaymentValues>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const checked = await validatePayment(form);
    if ('errors' in checked) return void message.error(checked.errors);
    setBusy(true);
    try {
      await onSubmit(checked.body);
    } catch {
      // The API client has shown the reason; the form stays as it is.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={PAYMENT_DRAWER_WIDTH}
      title={title ?? label(T.title)}
      destroyOnHidden
      data-testid="payment-drawer"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{label(T.cancel)}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="payment-submit">
            {label(resubmit ? T.resubmit : T.submit)}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" initialValues={{ ...PAYMENT_DEFAULTS, ...initialValues }}>
        <PaymentFields form={form} accountRequired={accountRequired} />
      </Form>
    </Drawer>
  );
}
