/**
 * Salary and attendance pages (薪资管理, BUSINESS.md WP6):
 * - /finance/wages 工资核算: the records of a month with 核算 / 提交本月审批 / 发放, 提交 of one record, 核算明细;
 * - /finance/wages_calculationDetail?id= the calculation of a record (HR and finance);
 * - /finance/wages/attendance 考勤导入: a month's attendance, the import with its dry run (ImportDialog);
 * - /finance/wages_Details 我的工资条: one's own approved months, each with its calculation;
 * - /finance/wages/statistics 薪资统计: yearly, monthly per department, departments and levels, with Excel export.
 */
import {
  APPROVAL_STATUS,
  ATTENDANCE_KIND_OPTIONS,
  ELDERLY_SUPPORT_OPTIONS,
  HOUSING_RENT_OPTIONS,
  attendanceFieldConfigEntity,
  salaryConfigEntity,
  salaryRecordEntity,
  userSalaryInfoEntity,
} from '@hjl/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Descriptions, Drawer, Empty, Row as AntRow, Select, Skeleton, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { Chart } from '../../components/Chart';
import { CrudPage, type Row } from '../../components/CrudPage';
import { ImportDialog } from '../../components/ImportDialog';
import { MoneyText } from '../../components/MoneyText';
import {
  IMPORT_CODE,
  IMPORT_URL,
  INFO_LIST_URL,
  LEVEL_LIST_URL,
  RECORD_LIST_URL,
  PAY_CODE,
  TEMPLATE_URL,
  attendanceKeys,
  attendanceQuery,
  computeMonth,
  displayableFieldsQuery,
  exportStatistics,
  myPayslipQuery,
  myPayslipsQuery,
  payMonth,
  recordQuery,
  salaryKeys,
  statisticsQuery,
  submitMonth,
  submitOne,
  type Calculation,
  type SalaryRecord,
  type StatKind,
} from './api';
import { StaleNotice } from './StaleNotice';

const T = {
  month: { zh: '月份', en: 'Month' },
  compute: { zh: '核算本月', en: 'Compute month' },
  submitMonth: { zh: '提交本月审批', en: 'Submit month' },
  pay: { zh: '发放', en: 'Pay' },
  submit: { zh: '提交', en: 'Submit' },
  detail: { zh: '核算明细', en: 'Calculation' },
  computed: { zh: '已核算{n}人', en: '{n} computed' },
  skipped: { zh: ',{n}人已在审批中或已通过', en: ', {n} locked' },
  submitted: { zh: '已提交{n}条工资记录审批', en: '{n} records submitted' },
  paid: { zh: '已发放,实发合计{n}元', en: 'Paid: {n}' },
  importTitle: { zh: '导入考勤', en: 'Import attendance' },
  import: { zh: '导入', en: 'Import' },
  account: { zh: '登录账号', en: 'Account' },
  name: { zh: '姓名', en: 'Name' },
  step: { zh: '项目', en: 'Item' },
  formula: { zh: '计算过程', en: 'How' },
  amount: { zh: '金额', en: 'Amount' },
  items: { zh: '考勤项目', en: 'Attendance items' },
  value: { zh: '数值', en: 'Value' },
  unitAmount: { zh: '单价', en: 'Unit amount' },
  kind: { zh: '计薪方式', en: 'Effect' },
  payable: { zh: '应发', en: 'Payable' },
  deduction: { zh: '扣款', en: 'Deduction' },
  none: { zh: '不计薪', en: 'None' },
  netPay: { zh: '实发工资', en: 'Net pay' },
  grossPay: { zh: '应发工资', en: 'Gross' },
  incomeTax: { zh: '个人所得税', en: 'Income tax' },
  social: { zh: '个人社保', en: 'Social security' },
  view: { zh: '查看', en: 'View' },
  year: { zh: '年份', en: 'Year' },
  totals: { zh: '合计', en: 'Totals' },
  export: { zh: '导出', en: 'Export' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
  noSlips: { zh: '暂无已审批的工资', en: 'No approved payslips yet' },
  paidTag: { zh: '已发放', en: 'Paid' },
  stale: { zh: '待重新核算', en: 'To compute again' },
  labourPay: { zh: '劳务费(并入工资)', en: 'Labour fees (wages)' },
  labourFees: { zh: '并入本月工资的劳务费', en: 'Labour fees in this month' },
  project: { zh: '项目', en: 'Project' },
  unpaidTag: { zh: '未发放', en: 'Not paid' },
  payStatus: { zh: '发放状态', en: 'Paid' },
  actions: { zh: '操作', en: 'Actions' },
  yearly: { zh: '年度工资统计', en: 'By month' },
  monthly: { zh: '月度部门汇总', en: 'Month by department' },
  department: { zh: '部门工资汇总', en: 'By department' },
  level: { zh: '薪资等级平均工资', en: 'Average by level' },
};

const thisMonth = () => dayjs().format('YYYY-MM');
const money = (v: unknown) => <MoneyText value={v == null ? null : String(v)} hideUpper />;

function MonthPicker({ value, onChange }: { value: string; onChange: (m: string) => void }) {
  const label = useLabel();
  return (
    <DatePicker
      picker="month"
      allowClear={false}
      value={dayjs(`${value}-01`)}
      onChange={(d: Dayjs | null) => d && onChange(d.format('YYYY-MM'))}
      placeholder={label(T.month)}
      data-testid="salary-month"
    />
  );
}

/** /finance/wages 工资核算. */
export function PayrollPage() {
  const label = useLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [month, setMonth] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  const mayPay = usePermission(PAY_CODE);
  const mayAdd = usePermission(`${salaryRecordEntity.name}_add`);
  const n = (text: { zh: string; en: string }, v: number | string) => label(text).replace('{n}', String(v));
  const run = async (fn: () => Promise<string>, reload: () => Promise<void>) => {
    setBusy(true);
    try {
      message.success(await fn());
      await client.invalidateQueries({ queryKey: salaryKeys });
      await reload();
    } catch {
      // The server's message was shown by the api layer.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <StaleNotice year={month.slice(0, 4)} />
      <CrudPage
        def={salaryRecordEntity}
        listUrl={RECORD_LIST_URL}
        fixed={{ importMonth: month }}
        actionWidth={200}
        toolbar={(ctx) => (
          <Space wrap>
            <MonthPicker value={month} onChange={setMonth} />
            {mayAdd && (
              <Button
                loading={busy}
                data-testid="salary-compute"
                onClick={() =>
                  run(async () => {
                    const r = await computeMonth(month);
                    return n(T.computed, r.computed) + (r.skipped ? n(T.skipped, r.skipped) : '');
                  }, ctx.reload)
                }
              >
                {label(T.compute)}
              </Button>
            )}
            {mayAdd && (
              <Button
                type="primary"
                loading={busy}
                data-testid="salary-submit-month"
                onClick={() => run(async () => n(T.submitted, (await submitMonth(month)).recordCount), ctx.reload)}
              >
                {label(T.submitMonth)}
              </Button>
            )}
            {mayPay && (
              <Button loading={busy} data-testid="salary-pay" onClick={() => run(async () => n(T.paid, (await payMonth(month)).totalNet), ctx.reload)}>
                {label(T.pay)}
              </Button>
            )}
          </Space>
        )}
        render={{
          payStatus: (v) => (Number(v) === 1 ? <Tag color="green">{label(T.paidTag)}</Tag> : <Tag>{label(T.unpaidTag)}</Tag>),
          needsRecompute: (v) => (Number(v) === 1 ? <Tag color="orange">{label(T.stale)}</Tag> : null),
        }}
        rowActions={(row, ctx) => (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => navigate(`/finance/wages_calculationDetail?id=${String(row.id)}`)}>
              {label(T.detail)}
            </Button>
            {mayAdd && [APPROVAL_STATUS.draft, APPROVAL_STATUS.rejected, APPROVAL_STATUS.withdrawn].includes(Number(row.status) as 0) && (
              <Button type="link" size="small" onClick={() => run(async () => (await submitOne(String(row.id)), label(T.submit)), ctx.reload)}>
                {label(T.submit)}
              </Button>
            )}
          </Space>
        )}
      />
    </>
  );
}

/** /finance/wages/salaryConfig 薪资等级配置 (listed by `page`). */
export function SalaryLevelPage() {
  return <CrudPage def={salaryConfigEntity} listUrl={LEVEL_LIST_URL} />;
}

/** /finance/wages/userSalaryInfo 薪资标准 (listed by `page`). */
export function SalaryInfoPage() {
  const label = useLabel();
  const yesNo = [
    { value: 0, label: label(T.no) },
    { value: 1, label: label(T.yes) },
  ];
  // The itemised special deductions (special-deduction.ts): the kinds as selects, the caps checked by the server.
  return (
    <CrudPage
      def={userSalaryInfoEntity}
      listUrl={INFO_LIST_URL}
      controls={{
        housingRent: <Select options={HOUSING_RENT_OPTIONS.map((o) => ({ value: o.key, label: label(o) }))} />,
        elderlySupport: <Select options={ELDERLY_SUPPORT_OPTIONS.map((o) => ({ value: o.key, label: label(o) }))} />,
        housingLoan: <Select options={yesNo} />,
        degreeEducation: <Select options={yesNo} />,
      }}
    />
  );
}

/** /finance/wages/attendanceField 考勤字段配置: 导入显示 and 计薪方式 as words, chosen from their options. */
export function AttendanceFieldPage() {
  const label = useLabel();
  const kinds = ATTENDANCE_KIND_OPTIONS.map((o) => ({ value: o.key, label: label(o) }));
  const shown = [
    { value: 1, label: label(T.yes) },
    { value: 0, label: label(T.no) },
  ];
  return (
    <CrudPage
      def={attendanceFieldConfigEntity}
      controls={{ payableOrDeduction: <Select options={kinds} />, displayable: <Select options={shown} /> }}
      render={{
        payableOrDeduction: (v) => {
          const k = Number(v);
          return <Tag color={k === 1 ? 'green' : k === 2 ? 'red' : undefined}>{kinds.find((o) => o.value === k)?.label ?? '-'}</Tag>;
        },
        displayable: (v) => shown.find((o) => o.value === Number(v))?.label ?? '-',
      }}
    />
  );
}

/** The steps and the attendance items of a calculation. */
function CalculationView({ calc }: { calc: Calculation | null | undefined }) {
  const label = useLabel();
  if (!calc) return <Empty />;
  const kind = (k: number) => label(k === 1 ? T.payable : k === 2 ? T.deduction : T.none);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Table
        size="small"
        rowKey="label"
        pagination={false}
        dataSource={calc.steps}
        data-testid="salary-steps"
        columns={[
          { title: label(T.step), dataIndex: 'label', width: 160 },
          { title: label(T.formula), dataIndex: 'formula' },
          { title: label(T.amount), dataIndex: 'value', width: 130, align: 'right', render: money },
        ]}
      />
      <Table
        size="small"
        rowKey="code"
        pagination={false}
        title={() => label(T.items)}
        dataSource={calc.items}
        columns={[
          { title: label(T.step), dataIndex: 'name' },
          { title: label(T.kind), dataIndex: 'kind', render: (k: number) => kind(k) },
          { title: label(T.value), dataIndex: 'value', render: (v: string, r) => `${v}${r.unit ?? ''}` },
          { title: label(T.unitAmount), dataIndex: 'unitAmount', align: 'right', render: money },
          { title: label(T.amount), dataIndex: 'amount', align: 'right', render: money },
        ]}
      />
      {!!calc.labourFees?.length && (
        <Table
          size="small"
          rowKey="labourId"
          pagination={false}
          title={() => label(T.labourFees)}
          dataSource={calc.labourFees}
          data-testid="salary-labour-fees"
          columns={[
            { title: label(T.project), dataIndex: 'projectName' },
            { title: label(T.amount), dataIndex: 'amount', width: 130, align: 'right', render: money },
          ]}
        />
      )}
    </Space>
  );
}

function RecordSummary({ record }: { record: SalaryRecord }) {
  const label = useLabel();
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 3 }}>
      <Descriptions.Item label={label(T.name)}>{String(record.userName ?? '')}</Descriptions.Item>
      <Descriptions.Item label={label(T.month)}>{String(record.importMonth ?? '')}</Descriptions.Item>
      <Descriptions.Item label={label(T.labourPay)}>
        <span data-testid="salary-labour">{money(record.labourPay)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={label(T.grossPay)}>{money(record.grossPay)}</Descriptions.Item>
      <Descriptions.Item label={label(T.social)}>{money(record.socialPersonal)}</Descriptions.Item>
      <Descriptions.Item label={label(T.incomeTax)}>{money(record.incomeTax)}</Descriptions.Item>
      <Descriptions.Item label={label(T.netPay)}>
        <span data-testid="salary-net">{money(record.netPay)}</span>
        {Number(record.needsRecompute) === 1 && (
          <Tag color="orange" style={{ marginLeft: 8 }}>
            {label(T.stale)}
          </Tag>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** /finance/wages_calculationDetail?id= 核算明细 (HR and finance). */
export function CalculationDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const q = useQuery(recordQuery(id));
  const record = q.data as SalaryRecord | undefined;
  return (
    <Card data-testid="salary-calculation">
      {record ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <RecordSummary record={record} />
          <CalculationView calc={record.calculation} />
        </Space>
      ) : q.isError ? (
        <Empty />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

/** /finance/wages/attendance 考勤导入. */
export function AttendancePage() {
  const label = useLabel();
  const client = useQueryClient();
  const [month, setMonth] = useState(thisMonth);
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState(false);
  const mayImport = usePermission(IMPORT_CODE);
  const fields = useQuery(displayableFieldsQuery());
  const list = useQuery(attendanceQuery(month, current));
  const columns = useMemo(
    () => [
      { title: label(T.account), dataIndex: 'account', width: 120 },
      { title: label(T.name), dataIndex: 'userName', width: 100 },
      ...(fields.data ?? []).map((f) => ({
        title: f.unit ? `${f.fieldName}(${f.unit})` : f.fieldName,
        key: f.fieldCode,
        width: 100,
        render: (_: unknown, r: Row & { values: Record<string, string> }) => r.values[f.fieldCode] ?? '0',
      })),
    ],
    [fields.data, label],
  );
  return (
    <Card data-testid="attendance-page">
      <Space style={{ marginBottom: 16 }} wrap>
        <MonthPicker
          value={month}
          onChange={(m) => {
            setMonth(m);
            setCurrent(1);
          }}
        />
        {mayImport && (
          <Button type="primary" onClick={() => setOpen(true)} data-testid="attendance-import">
            {label(T.import)}
          </Button>
        )}
      </Space>
      <Table
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ current, pageSize: 20, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
      />
      <ImportDialog
        open={open}
        title={`${label(T.importTitle)} ${month}`}
        importUrl={IMPORT_URL}
        templateUrl={TEMPLATE_URL}
        params={{ importMonth: month }}
        onClose={() => setOpen(false)}
        onImported={() => {
          setOpen(false);
          void client.invalidateQueries({ queryKey: attendanceKeys });
        }}
      />
    </Card>
  );
}

/** /finance/wages_Details 我的工资条: one's own approved months. */
export function PayslipPage() {
  const label = useLabel();
  // The month opened (a drawer over the list: no address of its own, so no second tab).
  const [id, setId] = useState<string | null>(null);
  const list = useQuery(myPayslipsQuery());
  const slip = useQuery(myPayslipQuery(id));
  return (
    <Card data-testid="payslip-page">
      {list.data && !list.data.total ? (
        <Empty description={label(T.noSlips)} />
      ) : (
        <Table
          rowKey={(r) => String(r.id)}
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          pagination={false}
          columns={[
            { title: label(T.month), dataIndex: 'importMonth', width: 100 },
            { title: label(T.grossPay), dataIndex: 'grossPay', align: 'right', render: money },
            { title: label(T.social), dataIndex: 'socialPersonal', align: 'right', render: money },
            { title: label(T.incomeTax), dataIndex: 'incomeTax', align: 'right', render: money },
            { title: label(T.netPay), dataIndex: 'netPay', align: 'right', render: money },
            {
              title: label(T.payStatus),
              key: 'pay',
              width: 100,
              render: (_: unknown, r) => (Number(r.payStatus) === 1 ? <Tag color="green">{label(T.paidTag)}</Tag> : <Tag>{label(T.unpaidTag)}</Tag>),
            },
            {
              title: label(T.actions),
              key: 'view',
              width: 80,
              render: (_: unknown, r) => (
                <Button type="link" size="small" data-testid={`payslip-${String(r.importMonth)}`} onClick={() => setId(String(r.id))}>
                  {label(T.view)}
                </Button>
              ),
            },
          ]}
          summary={() =>
            list.data ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{label(T.totals)}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {money(list.data.totals.grossPay)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} />
                <Table.Summary.Cell index={3} align="right">
                  {money(list.data.totals.incomeTax)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {money(list.data.totals.netPay)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      )}
      <Drawer
        open={!!id}
        width={820}
        title={slip.data ? `${String(slip.data.importMonth)} ${label(T.detail)}` : label(T.detail)}
        onClose={() => setId(null)}
        destroyOnHidden
      >
        {slip.data ? (
          <Space direction="vertical" style={{ width: '100%' }} size="large">
            <RecordSummary record={slip.data} />
            <CalculationView calc={slip.data.calculation} />
          </Space>
        ) : slip.isError ? (
          <Empty />
        ) : (
          <Skeleton active />
        )}
      </Drawer>
    </Card>
  );
}

function StatCard({ kind, title, params }: { kind: StatKind; title: string; params: { year?: string; importMonth?: string } }) {
  const label = useLabel();
  const q = useQuery(statisticsQuery(kind, params));
  const rows = q.data?.rows ?? [];
  const NAMES = ['month', 'deptName', 'levelName'];
  const found = rows[0] ? Object.keys(rows[0]).filter((k) => !/Id$/.test(k)) : [];
  // The row's name first (month, department, level), then the figures.
  const keys = [...NAMES.filter((k) => found.includes(k)), ...found.filter((k) => !NAMES.includes(k))];
  const HEADERS: Record<string, string> = {
    month: '月份',
    deptName: '部门',
    levelName: '薪资等级',
    people: '人数',
    count: '人次',
    grossPay: '应发合计',
    socialPersonal: '个人社保合计',
    incomeTax: '个税合计',
    netPay: '实发合计',
    avgNetPay: '平均实发',
    avgGrossPay: '平均应发',
  };
  return (
    <Col xs={24} xl={12}>
      <Card
        title={title}
        data-testid={`salary-stat-${kind}`}
        extra={
          <Button size="small" onClick={() => exportStatistics(kind, params)}>
            {label(T.export)}
          </Button>
        }
      >
        {q.data ? <Chart data={q.data.chart} height={260} /> : <Skeleton active />}
        <Table
          size="small"
          rowKey={(r) => String(r.month ?? r.deptId ?? r.levelId ?? r.deptName ?? r.levelName)}
          pagination={false}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          columns={keys.map((k) => ({
            title: HEADERS[k] ?? k,
            dataIndex: k,
            align: /Pay|Tax|social/.test(k) ? ('right' as const) : undefined,
            render: /Pay|Tax|social/.test(k) ? money : undefined,
          }))}
        />
      </Card>
    </Col>
  );
}

/** /finance/wages/statistics 薪资统计. */
export function SalaryStatisticsPage() {
  const label = useLabel();
  const [year, setYear] = useState(() => dayjs().format('YYYY'));
  const [month, setMonth] = useState(() => dayjs().subtract(1, 'month').format('YYYY-MM'));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="salary-statistics">
      <Card size="small">
        <Space wrap>
          <span>{label(T.year)}</span>
          <DatePicker picker="year" allowClear={false} value={dayjs(`${year}-01-01`)} onChange={(d) => d && setYear(d.format('YYYY'))} />
          <span>{label(T.month)}</span>
          <MonthPicker value={month} onChange={setMonth} />
        </Space>
      </Card>
      <AntRow gutter={[16, 16]}>
        <StatCard kind="yearlyStatistics" title={label(T.yearly)} params={{ year }} />
        <StatCard kind="monthlySummary" title={label(T.monthly)} params={{ importMonth: month }} />
        <StatCard kind="departmentSummary" title={label(T.department)} params={{ year }} />
        <StatCard kind="averageLevel" title={label(T.level)} params={{ year }} />
      </AntRow>
    </Space>
  );
}
