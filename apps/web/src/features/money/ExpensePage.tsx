/**
 * /hjlProject/hjlProjectApplyExpense (项目费用申请) and …/my (我的项目费用, with the caller's sums): project expenses
 * on CrudPage in approval mode (提交 starts projectApplyExpence) with a form of lines (date, type of the
 * `expense_type` dictionary, amount, bills, remark; the total follows) and 付款 (button project_expense_pay_add) on
 * an approved, unpaid expense: the kit's PaymentForm, started on projectMakePayment.
 */
import { APPROVAL_STATUS, projectExpenseEntity, projectExpenseLineEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, Modal, Row as GridRow, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { CrudPage, pagedList, type CrudEditorProps, type Row } from '../../components/CrudPage';
import { draftFooter, useDraftSubmit } from '../../components/DraftSubmit';
import { LineTable, linesTotal, type Line, type LineColumn } from '../../components/LineTable';
import { moneyText } from '../../components/MoneyText';
import { ProjectPickerInput } from '../../components/RecordPicker';
import { expenseDetailQuery, expenseKeys, expenseStatisticsQuery, MY_EXPENSES_URL, payExpense, saveExpense, type ExpenseLine } from './api';
import { RowPaymentForm, type RowPaying } from './RowPaymentForm';

const DATE = 'YYYY-MM-DD';

const T = {
  add: { zh: '新增项目费用', en: 'New project expense' },
  edit: { zh: '修改项目费用', en: 'Edit project expense' },
  view: { zh: '查看项目费用', en: 'Project expense' },
  project: { zh: '项目', en: 'Project' },
  projectRequired: { zh: '请选择项目', en: 'Choose the project' },
  title: { zh: '费用事由', en: 'Reason' },
  titleRequired: { zh: '请输入费用事由', en: 'Enter the reason' },
  lines: { zh: '费用明细', en: 'Lines' },
  remark: { zh: '备注', en: 'Remark' },
  addLine: { zh: '添加明细', en: 'Add a line' },
  remove: { zh: '删除', en: 'Remove' },
  total: { zh: '费用合计', en: 'Total' },
  started: { zh: '已提交审批', en: 'Sent for approval' },
  pay: { zh: '付款', en: 'Pay' },
  payTitle: { zh: '项目费用付款', en: 'Pay the expense' },
  payStarted: { zh: '已提交付款审批', en: 'Payment sent for approval' },
  stats: { zh: '我的项目费用统计', en: 'My project expenses' },
  count: { zh: '申请笔数', en: 'Applications' },
  applied: { zh: '申请金额', en: 'Applied' },
  approved: { zh: '已通过', en: 'Approved' },
  paid: { zh: '已付款', en: 'Paid' },
  pending: { zh: '审批中', en: 'Under approval' },
};

interface ExpenseValues {
  projectId?: string;
  title?: string;
  lines?: ExpenseLine[];
  remark?: string | null;
}

const EXPENSE_COLUMNS: LineColumn[] = [
  { name: 'expenseDate', testId: 'date' },
  { name: 'expenseType', testId: 'type' },
  'amount',
  { name: 'bills', field: { range: { min: 0, max: 999 } } },
  'remark',
];
const EXPENSE_AMOUNT = { field: 'amount' };
const newExpenseLine = () => ({ expenseDate: dayjs().format(DATE), bills: 1 });

/** The total of the lines typed so far (lines without a valid amount count nothing). */
export function expenseTotal(lines: readonly ExpenseLine[] | undefined): string {
  return linesTotal(EXPENSE_AMOUNT, lines as Line[] | undefined);
}

/** The body the server takes. */
export function expenseBody(values: ExpenseValues): Record<string, unknown> {
  return {
    projectId: values.projectId,
    title: values.title?.trim(),
    remark: values.remark?.trim() || null,
    lines: (values.lines ?? []).map((l) => ({
      expenseDate: l.expenseDate,
      expenseType: l.expenseType === undefined || l.expenseType === null ? undefined : Number(l.expenseType),
      amount: l.amount === undefined || l.amount === null ? undefined : String(l.amount),
      bills: l.bills ?? 0,
      remark: l.remark?.trim() || null,
    })),
  };
}

export function ExpenseDialog({ state, onClose, onSaved, projectId }: CrudEditorProps & { projectId?: string }) {
  const label = useLabel();
  const [form] = Form.useForm<ExpenseValues>();
  const id = state && state.mode !== 'add' ? state.id : null;
  const detail = useQuery(expenseDetailQuery(id));
  const readOnly = state?.mode === 'view';
  const open = state !== null;
  const loading = id !== null && detail.isPending;

  useEffect(() => {
    if (!open || loading) return;
    form.resetFields();
    const r = detail.data;
    if (r)
      form.setFieldsValue({
        projectId: String(r.projectId),
        title: r.title as string,
        remark: (r.remark as string | null) ?? null,
        lines: (r.lines ?? []).map((l) => ({ ...l, expenseType: l.expenseType == null ? undefined : String(l.expenseType) })),
      });
    else form.setFieldsValue({ projectId, lines: [newExpenseLine()] });
  }, [open, loading, detail.data, form, projectId]);

  const { busy, send } = useDraftSubmit<ExpenseValues>({
    form,
    id,
    body: expenseBody,
    send: (body, how, editing) => saveExpense(body, how === 'start' ? 'start' : editing ? 'update' : 'save'),
    queryKey: expenseKeys.all,
    onSaved,
    texts: { started: T.started },
  });

  const footer = draftFooter(label, { readOnly, busy, onClose, send, testId: 'expense' });
  return (
    <Modal
      open={open}
      title={label(state?.mode === 'add' ? T.add : state?.mode === 'edit' ? T.edit : T.view)}
      width={1000}
      onCancel={onClose}
      footer={footer}
      loading={loading}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {!loading && (
        <Form form={form} layout="vertical" disabled={readOnly} preserve={false} data-testid="expense-form">
          <GridRow gutter={16}>
            <Col span={12}>
              <Form.Item name="projectId" label={label(T.project)} rules={[{ required: true, message: label(T.projectRequired) }]}>
                <ProjectPickerInput name={detail.data?.projectName as string | undefined} disabled={!!projectId || readOnly} testId="expense-project" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="title" label={label(T.title)} rules={[{ required: true, whitespace: true, message: label(T.titleRequired) }, { max: 200 }]}>
                <Input data-testid="expense-title" />
              </Form.Item>
            </Col>
          </GridRow>
          <Typography.Text strong>{label(T.lines)}</Typography.Text>
          <LineTable
            def={projectExpenseLineEntity}
            columns={EXPENSE_COLUMNS}
            testId="expense"
            amount={EXPENSE_AMOUNT}
            totalLabel={T.total}
            newLine={newExpenseLine}
            readOnly={readOnly}
            addLabel={T.addLine}
            removeLabel={T.remove}
          />
          <Form.Item name="remark" label={label(T.remark)}>
            <Input.TextArea rows={2} maxLength={500} data-testid="expense-remark" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The expenses (`my`: the caller's own); `fixed` confines them (a project's on its detail page). */
export function ExpenseList({ my = false, fixed }: { my?: boolean; fixed?: Record<string, string> }) {
  const label = useLabel();
  const source = useMemo(() => (my ? pagedList<Row>(expenseKeys.lists(MY_EXPENSES_URL), MY_EXPENSES_URL) : undefined), [my]);
  const [paying, setPaying] = useState<RowPaying | null>(null);
  return (
    <>
      <CrudPage
        def={projectExpenseEntity}
        source={source}
        fixed={fixed}
        bordered={!fixed}
        dateRange="applyDate"
        testId={my ? 'expense-my-list' : 'expense-list'}
        actionWidth={260}
        editor={(props) => <ExpenseDialog {...props} projectId={fixed?.projectId} />}
        rowActions={(row, ctx) =>
          Number(row.status) === APPROVAL_STATUS.approved && Number(row.payStatus) !== 1 ? (
            <Permit code="project_expense_pay_add">
              <Button type="link" size="small" onClick={() => setPaying({ row, reload: ctx.reload })} data-testid={`expense-pay-${row.id}`}>
                {label(T.pay)}
              </Button>
            </Permit>
          ) : null
        }
      />
      <RowPaymentForm
        paying={paying}
        onClose={() => setPaying(null)}
        title={T.payTitle}
        amountField="totalAmount"
        pay={payExpense}
        started={T.payStarted}
        invalidates={expenseKeys.all}
      />
    </>
  );
}

/** 我的项目费用统计: what the caller applied for, got approved and was paid. */
export function ExpenseStatisticsCard() {
  const label = useLabel();
  const stats = useQuery(expenseStatisticsQuery());
  const items = [
    { key: 'count', title: T.count, value: stats.data ? String(stats.data.count) : '-' },
    { key: 'apply', title: T.applied, value: moneyText(stats.data?.applyMoney) || '-' },
    { key: 'approved', title: T.approved, value: moneyText(stats.data?.approvedMoney) || '-' },
    { key: 'paid', title: T.paid, value: moneyText(stats.data?.paidMoney) || '-' },
    { key: 'pending', title: T.pending, value: moneyText(stats.data?.pendingMoney) || '-' },
  ];
  return (
    <Card title={label(T.stats)} loading={stats.isPending} data-testid="expense-statistics">
      <GridRow gutter={16}>
        {items.map((i) => (
          <Col key={i.key} xs={12} md={4}>
            <Statistic title={label(i.title)} value={i.value} data-testid={`expense-stat-${i.key}`} />
          </Col>
        ))}
      </GridRow>
    </Card>
  );
}

export default function ExpensePage() {
  return <ExpenseList />;
}

export function MyExpensePage() {
  return (
    <Flex vertical gap={16}>
      <ExpenseStatisticsCard />
      <ExpenseList my />
    </Flex>
  );
}
