/**
 * /finance/report (财务报表, BUSINESS.md WP4): a year's income and expense per month, by cost type and by internal
 * account (ledger rows in effect), each department's budget use (budget, used, under approval, remaining) and the
 * loans not yet repaid (overdue ones marked) — within what the caller's lists show (GET /api/business/report/finance).
 */
import type { ChartData } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Select, Skeleton, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { useLabel } from '../../app/i18n';
import { Chart } from '../../components/Chart';
import { moneyText } from '../../components/MoneyText';
import { financeReportQuery, type FinanceReport } from './api';

const L = {
  year: { zh: '年度', en: 'Year' },
  income: { zh: '收入合计(元)', en: 'Income' },
  expend: { zh: '支出合计(元)', en: 'Expense' },
  net: { zh: '净收支(元)', en: 'Net' },
  count: { zh: '收支笔数', en: 'Entries' },
  budgets: { zh: '各部门预算使用', en: 'Budgets by department' },
  dept: { zh: '部门', en: 'Department' },
  budgetAmount: { zh: '预算金额', en: 'Budget' },
  usedAmount: { zh: '已用金额', en: 'Used' },
  pendingAmount: { zh: '审批中金额', en: 'Under approval' },
  remaining: { zh: '剩余金额', en: 'Remaining' },
  useRate: { zh: '使用率', en: 'Used %' },
  loans: { zh: '未还借款', en: 'Loans outstanding' },
  applicant: { zh: '借款人', en: 'Borrower' },
  purpose: { zh: '借款用途', en: 'Purpose' },
  lendAmount: { zh: '借款金额', en: 'Loan' },
  balance: { zh: '借款余额', en: 'Outstanding' },
  planReturnDate: { zh: '计划还款日期', en: 'Due' },
  overdue: { zh: '逾期{n}天', en: '{n} days overdue' },
  onTime: { zh: '未到期', en: 'Not due' },
  loanTotals: { zh: '笔数 {count},余额合计 {balance} 元,逾期 {overdue} 笔', en: '{count} loans, {balance} outstanding, {overdue} overdue' },
};

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

function ChartCard({ data, testId }: { data: ChartData | undefined; testId: string }) {
  return (
    <Card title={data?.title} data-testid={testId}>
      {data ? data.categories.length ? <Chart data={data} height={300} /> : <Empty /> : <Skeleton active />}
    </Card>
  );
}

export default function FinanceReportPage() {
  const label = useLabel();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const report = useQuery(financeReportQuery(year));
  const r: FinanceReport | undefined = report.data;
  const money = (v: string | undefined) => (r ? moneyText(v) : '-');
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card
          data-testid="finance-report-totals"
          extra={
            <Select
              value={year}
              onChange={setYear}
              options={Array.from({ length: 5 }, (_, i) => thisYear - i).map((y) => ({ value: y, label: `${y}年` }))}
              style={{ width: 120 }}
              aria-label={label(L.year)}
              data-testid="finance-report-year"
            />
          }
          title={`${year}年 ${label({ zh: '财务报表', en: 'Finance report' })}`}
        >
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Statistic title={label(L.income)} value={money(r?.monthly.totals.income)} data-testid="finance-report-income" />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={label(L.expend)} value={money(r?.monthly.totals.expend)} data-testid="finance-report-expend" />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={label(L.net)} value={money(r?.monthly.totals.net)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={label(L.count)} value={r?.monthly.totals.count ?? '-'} />
            </Col>
          </Row>
        </Card>
      </Col>
      <Col span={24}>
        <ChartCard data={r?.monthly.perMonth} testId="finance-report-perMonth" />
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard data={r?.monthly.byCostType.chart} testId="finance-report-byCostType" />
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard data={r?.monthly.byAccount.chart} testId="finance-report-byAccount" />
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard data={r?.budget.chart} testId="finance-report-budget-chart" />
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard data={r?.loans.chart} testId="finance-report-loans-chart" />
      </Col>
      <Col span={24}>
        <Card title={label(L.budgets)} data-testid="finance-report-budget">
          <Table
            rowKey="deptId"
            size="small"
            loading={report.isFetching}
            pagination={false}
            dataSource={r?.budget.rows ?? []}
            columns={[
              { key: 'deptName', dataIndex: 'deptName', title: label(L.dept) },
              ...(['budgetAmount', 'usedAmount', 'pendingAmount', 'remaining'] as const).map((k) => ({
                key: k,
                dataIndex: k,
                title: label(L[k]),
                align: 'right' as const,
                render: (v: string) => moneyText(v),
              })),
              { key: 'useRate', dataIndex: 'useRate', title: label(L.useRate), align: 'right', render: (v: string) => `${v}%` },
            ]}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card
          title={label(L.loans)}
          extra={
            r
              ? fill(label(L.loanTotals), { count: r.loans.totals.count, balance: moneyText(r.loans.totals.balance), overdue: r.loans.totals.overdueCount })
              : null
          }
          data-testid="finance-report-loans"
        >
          <Table
            rowKey="id"
            size="small"
            loading={report.isFetching}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={r?.loans.rows ?? []}
            columns={[
              { key: 'applyUserName', dataIndex: 'applyUserName', title: label(L.applicant), width: 100 },
              { key: 'applyDeptName', dataIndex: 'applyDeptName', title: label(L.dept), width: 120 },
              { key: 'purpose', dataIndex: 'purpose', title: label(L.purpose), ellipsis: true },
              { key: 'lendAmount', dataIndex: 'lendAmount', title: label(L.lendAmount), align: 'right', width: 130, render: (v: string) => moneyText(v) },
              { key: 'balance', dataIndex: 'balance', title: label(L.balance), align: 'right', width: 130, render: (v: string) => moneyText(v) },
              { key: 'planReturnDate', dataIndex: 'planReturnDate', title: label(L.planReturnDate), width: 120 },
              {
                key: 'overdue',
                title: '',
                width: 110,
                render: (_: unknown, row: FinanceReport['loans']['rows'][number]) =>
                  row.overdue ? <Tag color="red">{fill(label(L.overdue), { n: row.overdueDays })}</Tag> : <Tag>{label(L.onTime)}</Tag>,
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
