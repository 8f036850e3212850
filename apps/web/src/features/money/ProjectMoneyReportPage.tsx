/**
 * /hjlProject/incomeExpend (项目收支, BUSINESS.md WP3): the projects' money side by side — contract amount,
 * invoiced, collected, outstanding, costs, labour fees, settlement, income, expense, gross profit and margin — per
 * project or summed per department, leader or client; sorted and paged by the server (GET
 * hjlProject/list/income_expend), the totals over every row under the table, exported to Excel with the same
 * filters, grouping and order. Project staff see their projects only (rows and totals).
 */
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { type Label } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Segmented, Table, Typography } from 'antd';
import type { ColumnsType, SorterResult, SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Query } from '../../app/api';
import { Permit } from '../../app/auth';
import { useLabel } from '../../app/i18n';
import { moneyText } from '../../components/MoneyText';
import { DeptTreeSelect } from '../../components/OrgSelect';
import { STATEMENT_EXPORT_CODE, exportReport, projectDetailPath, reportQuery, type ReportGroup, type ReportRow } from './api';

const L = {
  byProject: { zh: '按项目', en: 'By project' },
  byDept: { zh: '按部门', en: 'By department' },
  byLeader: { zh: '按负责人', en: 'By leader' },
  byCustomer: { zh: '按委托方', en: 'By client' },
  projectName: { zh: '项目名称', en: 'Project' },
  projectNum: { zh: '项目编号', en: 'Number' },
  dept: { zh: '部门', en: 'Department' },
  leader: { zh: '负责人', en: 'Leader' },
  customer: { zh: '委托方', en: 'Client' },
  projectCount: { zh: '项目数', en: 'Projects' },
  contractAmount: { zh: '合同金额', en: 'Contract' },
  invoiced: { zh: '已开票', en: 'Invoiced' },
  collect: { zh: '已收款', en: 'Collected' },
  outstanding: { zh: '未收款', en: 'Outstanding' },
  cost: { zh: '成本支出', en: 'Costs' },
  labour: { zh: '劳务费', en: 'Labour fees' },
  settlement: { zh: '结算费用', en: 'Settlement' },
  income: { zh: '收入合计', en: 'Income' },
  expend: { zh: '支出合计', en: 'Expense' },
  profit: { zh: '毛利', en: 'Gross profit' },
  margin: { zh: '毛利率', en: 'Margin' },
  search: { zh: '查询', en: 'Search' },
  reset: { zh: '重置', en: 'Reset' },
  export: { zh: '导出', en: 'Export' },
  total: { zh: '合计', en: 'Total' },
  rows: { zh: '共 {n} 条', en: '{n} rows' },
  unit: { zh: '金额单位:元', en: 'Amounts in yuan' },
} satisfies Record<string, Label>;

const MONEY = ['contractAmount', 'invoiced', 'collect', 'outstanding', 'cost', 'labour', 'settlement', 'income', 'expend', 'profit'] as const;

export default function ProjectMoneyReportPage() {
  const label = useLabel();
  const [groupBy, setGroupBy] = useState<ReportGroup>('project');
  const [draft, setDraft] = useState<{ projectName: string; deptId: string | null }>({ projectName: '', deptId: null });
  const [filters, setFilters] = useState<{ projectName: string; deptId: string | null }>({ projectName: '', deptId: null });
  const [sort, setSort] = useState<{ field: string; dir: 'asc' | 'desc' } | null>({ field: 'profit', dir: 'desc' });
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(20);
  const params: Query = {
    groupBy,
    current,
    size,
    ...(filters.projectName ? { projectName: filters.projectName } : {}),
    ...(filters.deptId ? { deptId: filters.deptId } : {}),
    ...(sort ? { [sort.dir === 'asc' ? 'ascs' : 'descs']: sort.field } : {}),
  };
  const report = useQuery(reportQuery(params));
  const data = report.data;
  const sortOrder = (field: string): SortOrder => (sort?.field === field ? (sort.dir === 'asc' ? 'ascend' : 'descend') : null);
  const money = (key: (typeof MONEY)[number]) => ({
    key,
    dataIndex: key,
    title: label(L[key]),
    align: 'right' as const,
    width: 130,
    sorter: true,
    sortOrder: sortOrder(key),
    render: (v: string) => (
      <span style={{ fontVariantNumeric: 'tabular-nums', color: key === 'profit' && Number(v) < 0 ? '#cf1322' : undefined }}>{moneyText(v)}</span>
    ),
  });
  const head: ColumnsType<ReportRow> =
    groupBy === 'project'
      ? [
          {
            key: 'projectName',
            dataIndex: 'projectName',
            title: label(L.projectName),
            width: 260,
            fixed: 'left',
            ellipsis: true,
            sorter: true,
            sortOrder: sortOrder('projectName'),
            render: (v: string, r) => (
              <Link to={projectDetailPath(String(r.id))} data-testid={`report-project-${r.id}`}>
                {v}
              </Link>
            ),
          },
          { key: 'deptName', dataIndex: 'deptName', title: label(L.dept), width: 120, ellipsis: true },
          { key: 'leaderName', dataIndex: 'leaderName', title: label(L.leader), width: 90 },
          { key: 'customerName', dataIndex: 'customerName', title: label(L.customer), width: 200, ellipsis: true },
        ]
      : [
          {
            key: 'name',
            title: label(groupBy === 'dept' ? L.dept : groupBy === 'leader' ? L.leader : L.customer),
            width: 220,
            fixed: 'left',
            ellipsis: true,
            render: (_: unknown, r) => (groupBy === 'dept' ? r.deptName : groupBy === 'leader' ? r.leaderName : r.customerName) ?? '-',
          },
          { key: 'projectCount', dataIndex: 'projectCount', title: label(L.projectCount), width: 80, align: 'right' },
        ];
  const columns: ColumnsType<ReportRow> = [
    ...head,
    ...MONEY.map(money),
    {
      key: 'margin',
      dataIndex: 'margin',
      title: label(L.margin),
      align: 'right',
      width: 100,
      sorter: true,
      sortOrder: sortOrder('margin'),
      render: (v: string | null) => (v === null ? '-' : `${v}%`),
    },
  ];
  const width = columns.reduce((a, c) => a + Number(c.width ?? 100), 0);
  // The rows of the grouping shown (the previous grouping's page stays only while the same grouping reloads).
  const shown = data && data.groupBy === groupBy ? data : undefined;
  return (
    <Card data-testid="project-money-report">
      <Flex vertical gap={12}>
        <Flex gap={12} wrap align="center">
          <Segmented<ReportGroup>
            value={groupBy}
            onChange={(v) => {
              setGroupBy(v);
              setCurrent(1);
              setSort({ field: 'profit', dir: 'desc' });
            }}
            options={[
              { value: 'project', label: label(L.byProject) },
              { value: 'dept', label: label(L.byDept) },
              { value: 'leader', label: label(L.byLeader) },
              { value: 'customer', label: label(L.byCustomer) },
            ]}
            data-testid="report-group"
          />
          <Input
            placeholder={label(L.projectName)}
            value={draft.projectName}
            onChange={(e) => setDraft({ ...draft, projectName: e.target.value })}
            onPressEnter={() => {
              setFilters(draft);
              setCurrent(1);
            }}
            allowClear
            style={{ width: 220 }}
            data-testid="report-project-name"
          />
          <DeptTreeSelect value={draft.deptId} onChange={(v) => setDraft({ ...draft, deptId: v })} width={200} testId="report-dept" />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={() => {
              setFilters(draft);
              setCurrent(1);
            }}
            data-testid="report-search"
          >
            {label(L.search)}
          </Button>
          <Button
            onClick={() => {
              setDraft({ projectName: '', deptId: null });
              setFilters({ projectName: '', deptId: null });
              setCurrent(1);
            }}
          >
            {label(L.reset)}
          </Button>
          <span style={{ flex: 1 }} />
          <Typography.Text type="secondary">{label(L.unit)}</Typography.Text>
          <Permit code={STATEMENT_EXPORT_CODE}>
            <Button icon={<DownloadOutlined />} onClick={() => exportReport({ ...params, current: undefined, size: undefined })} data-testid="report-export">
              {label(L.export)}
            </Button>
          </Permit>
        </Flex>
        <Table<ReportRow>
          rowKey="key"
          size="small"
          bordered
          loading={report.isFetching}
          dataSource={shown?.records ?? []}
          columns={columns}
          tableLayout="fixed"
          scroll={{ x: width }}
          data-testid="report-table"
          onChange={(p, _f, sorter) => {
            const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ReportRow> | undefined;
            const field = s?.order ? String(s.columnKey ?? s.field) : null;
            setSort(field ? { field, dir: s!.order === 'ascend' ? 'asc' : 'desc' } : null);
            if (p.pageSize && p.pageSize !== size) {
              setSize(p.pageSize);
              setCurrent(1);
            } else setCurrent(p.current ?? 1);
          }}
          pagination={{
            current,
            pageSize: size,
            total: shown?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (n) => label(L.rows).replace('{n}', String(n)),
          }}
          summary={() =>
            shown ? (
              <Table.Summary fixed="bottom">
                <Table.Summary.Row data-testid="report-totals">
                  <Table.Summary.Cell index={0} colSpan={head.length}>
                    <Typography.Text strong>{label(L.total)}</Typography.Text>
                  </Table.Summary.Cell>
                  {MONEY.map((k, i) => (
                    <Table.Summary.Cell key={k} index={head.length + i} align="right">
                      <Typography.Text strong data-testid={`report-total-${k}`} style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {moneyText(shown.totals[k] ?? '0')}
                      </Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={head.length + MONEY.length} align="right">
                    <Typography.Text strong>
                      {shown.totals.margin === null || shown.totals.margin === undefined ? '-' : `${shown.totals.margin}%`}
                    </Typography.Text>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Flex>
    </Card>
  );
}
