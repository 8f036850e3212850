/**
 * /finance/hjlApplyPayment (付款申请, S2 L60-85 applyPayment startStep/finalStep): the applicant asks to pay a person
 * or a customer (S2 L194) — the person chosen in 人员选择 must have a maintained staff account
 * (请选择已维护账户信息的用户!) — and the cashier pays at the last node with the payment information (finalStep).
 * Approval mode: 审批状态, 提交 / 重新提交 / 撤回 / 审批详情.
 */
import { BUSINESS_SUBJECT, applyPaymentEntity, type EntityDef } from '@hjl/core';
import { Form } from 'antd';
import { useLabel } from '../../app/i18n';
import { CrudPage } from '../../components/CrudPage';
import { CustomerPickerInput } from '../../components/CustomerPicker';
import { UserPickerInput, type PickedUser } from '../../components/UserPicker';

/** The payment request with its payee person and customer in the form (the server stores them beside the name). */
export const paymentApplyDef: EntityDef = {
  ...applyPaymentEntity,
  fields: {
    ...applyPaymentEntity.fields,
    personId: { ...applyPaymentEntity.fields.personId, form: undefined },
    customerId: { ...applyPaymentEntity.fields.customerId, form: undefined },
  },
};

/** A staff member chosen to be paid has a maintained account (the search rows carry `accountList`). */
export const hasAccounts = (users: readonly PickedUser[]) =>
  users.every((u) => {
    const list = (u as PickedUser & { accountList?: unknown[] }).accountList;
    return Array.isArray(list) && list.length > 0;
  });

const T = {
  notPerson: { zh: '收款对象类型为人员时选择', en: 'For a person payee' },
  notCustomer: { zh: '收款对象类型为客户时选择', en: 'For a customer payee' },
};

/** 收款人员: a person with an account; choosing one names the payee. */
function PersonPayee({ value, onChange, disabled }: { value?: string | null; onChange?: (v: string | null) => void; disabled?: boolean }) {
  const label = useLabel();
  const form = Form.useFormInstance();
  const subject = Number(Form.useWatch('businessSubjectType', form) ?? BUSINESS_SUBJECT.person);
  const off = disabled || subject !== BUSINESS_SUBJECT.person;
  return (
    <UserPickerInput
      value={off && subject !== BUSINESS_SUBJECT.person ? null : value}
      disabled={off}
      multiple={false}
      checkAccounts={hasAccounts}
      placeholder={subject === BUSINESS_SUBJECT.person ? undefined : label(T.notPerson)}
      onChange={(id, users) => {
        onChange?.(id);
        if (users[0]) form.setFieldsValue({ payeeName: users[0].realName });
      }}
      testId="payment-apply-person"
    />
  );
}

/** 收款客户: choosing one names the payee. */
function CustomerPayee({ value, onChange, disabled }: { value?: string | null; onChange?: (v: string | null) => void; disabled?: boolean }) {
  const form = Form.useFormInstance();
  const subject = Number(Form.useWatch('businessSubjectType', form) ?? BUSINESS_SUBJECT.person);
  return (
    <CustomerPickerInput
      value={subject === BUSINESS_SUBJECT.customer ? value : null}
      disabled={disabled || subject !== BUSINESS_SUBJECT.customer}
      onChange={onChange}
      onPick={(row) => row && form.setFieldsValue({ payeeName: row.customerName })}
      testId="payment-apply-customer"
    />
  );
}

export default function PaymentApplyPage() {
  return (
    <CrudPage def={paymentApplyDef} testId="payment-apply-list" dateRange="applyTime" controls={{ personId: <PersonPayee />, customerId: <CustomerPayee /> }} />
  );
}
