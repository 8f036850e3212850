/**
 * A `finalStep` form of the payment information (付款信息, S2 L190-197): the cashier fills it at the last node of
 * a payment process and its values go with 同意 as the task's variables (the record's `taskCompleted` hook saves
 * them in the approval's transaction, or refuses it with the form's messages joined by ' | '). Read only to
 * anyone who does not hold the task, from the values the instance carries. An area registers it as
 * `steps: { finalStep: PaymentStep }`.
 */
import { App, Form } from 'antd';
import { useEffect } from 'react';
import { useLabel } from '../../../app/i18n';
import { BasicCard } from '../../../components/BasicCard';
import { PAYMENT_DEFAULTS, PaymentFields, validatePayment, type PaymentValues } from '../../../components/PaymentForm';
import type { StepFormProps } from './formTypes';

const TITLE = { zh: '付款信息', en: 'Payment information' };
const FIELDS: (keyof PaymentValues)[] = [
  'expenseType',
  'transactionDate',
  'transactionReferenceNumber',
  'payerName',
  'debitAccountNo',
  'payerAccountBank',
  'accountInfoId',
  'accountNum',
  'businessSubjectType',
  'personId',
  'personName',
  'customerId',
  'customerName',
  'filePath',
  'remark',
];

/** The payment values an instance already carries (a step done, a form filled before a rejection). */
export function paymentValuesOf(variables: Record<string, unknown>): PaymentValues {
  const out: Record<string, unknown> = {};
  for (const key of FIELDS) if (variables[key] !== undefined && variables[key] !== null) out[key] = variables[key];
  return out as PaymentValues;
}

export default function PaymentStep({ detail, holding, onCollect }: StepFormProps) {
  const label = useLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<PaymentValues>();

  useEffect(() => {
    if (!holding) return onCollect(undefined);
    onCollect(async () => {
      const checked = await validatePayment(form);
      if ('errors' in checked) {
        void message.error(checked.errors);
        throw new Error(checked.errors);
      }
      return checked.body as Record<string, unknown>;
    });
    return () => onCollect(undefined);
    // onCollect is the screen's setter: the collector depends on the form and the holding only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [holding, form, message]);

  return (
    <BasicCard title={label(TITLE)} testId="wf-payment-step">
      <Form form={form} layout="vertical" initialValues={{ ...PAYMENT_DEFAULTS, ...paymentValuesOf(detail.form.variables) }}>
        <PaymentFields form={form} disabled={!holding} testId="wf-payment" />
      </Form>
    </BasicCard>
  );
}
