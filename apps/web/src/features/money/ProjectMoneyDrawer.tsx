/**
 * The rows a figure of the project's money sums (the 360 view's drawer): its ledger rows — or, for 已开票, the
 * issued invoices — a page at a time from the server, with the figure's sum over all of them under the table.
 */
import { dictKeyOf, incomeExpendEntity, type Label } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { dictLabel, useDict } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { moneyText } from '../../components/MoneyText';
import { figureRowsQuery } from './api';

export interface OpenFigure {
  figure: string;
  title: string;
  /** The figure as the summary shows it (the drawer's sum must be this). */
  amount: string;
}

const L = {
  date: { zh: '交易日期', en: 'Date' },
  kind: { zh: '收支类型', en: 'Type' },
  source: { zh: '来源业务', en: 'Source' },
  costType: { zh: '成本类型', en: 'Cost type' },
  party: { zh: '付款人/收款人', en: 'Payer / payee' },
  account: { zh: '内部账户', en: 'Account' },
  amount: { zh: '金额(元)', en: 'Amount' },
  remark: { zh: '备注', en: 'Remark' },
  sum: { zh: '合计', en: 'Total' },
  rows: { zh: '共 {n} 笔', en: '{n} rows' },
  income: { zh: '收入', en: 'Income' },
  expend: { zh: '支出', en: 'Expense' },
  invoiceNum: { zh: '发票号码', en: 'Number' },
  invoiceTitle: { zh: '发票抬头', en: 'Title' },
  invoiceDate: { zh: '开票日期', en: 'Date' },
  hand: { zh: '手工登记', en: 'Entered by hand' },
} satisfies Record<string, Label>;

/** The producing records' names (the ledger's bizType). */
const SOURCES: Record<string, Label> = {
  hjl_project_collect: { zh: '项目收款', en: 'Collection' },
  hjl_project_collect_labour_from: { zh: '劳务费', en: 'Labour fee' },
  hjl_project_apply_expense: { zh: '项目费用', en: 'Project expense' },
  hjl_project_decision: { zh: '项目结算', en: 'Settlement' },
  hjl_project_expend: { zh: '项目支出登记', en: 'Project expense entry' },
  hjl_apply_payment: { zh: '付款申请', en: 'Payment' },
  hjl_apply_expense: { zh: '费用报销', en: 'Expense claim' },
  hjl_expend_from: { zh: '支出单', en: 'Expense form' },
};

const SIZE = 10;

export function ProjectMoneyDrawer({ projectId, opened, onClose }: { projectId: string; opened: OpenFigure | null; onClose: () => void }) {
  const label = useLabel();
  // The page shown, of the figure it was turned for (another figure opens on its first page).
  const [turned, setTurned] = useState<{ figure: string; current: number }>({ figure: '', current: 1 });
  const current = turned.figure === opened?.figure ? turned.current : 1;
  const setCurrent = (page: number) => setTurned({ figure: opened?.figure ?? '', current: page });
  const rows = useQuery({ ...figureRowsQuery(projectId, opened?.figure ?? '', current, SIZE), enabled: !!opened });
  const costTypes = useDict(dictKeyOf(incomeExpendEntity.fields.costType));
  const invoiced = opened?.figure === 'invoiced';
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));
  const money = {
    title: label(L.amount),
    align: 'right' as const,
    width: 140,
    render: (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{moneyText(v)}</span>,
  };
  const columns = invoiced
    ? [
        { key: 'invoiceDate', dataIndex: 'invoiceDate', title: label(L.invoiceDate), width: 120, render: text },
        { key: 'invoiceNum', dataIndex: 'invoiceNum', title: label(L.invoiceNum), width: 160, render: text },
        { key: 'invoiceTitle', dataIndex: 'invoiceTitle', title: label(L.invoiceTitle), ellipsis: true, render: text },
        { key: 'invoiceAmount', dataIndex: 'invoiceAmount', ...money },
      ]
    : [
        { key: 'transactionDate', dataIndex: 'transactionDate', title: label(L.date), width: 110, render: text },
        {
          key: 'incomeOrExpend',
          dataIndex: 'incomeOrExpend',
          title: label(L.kind),
          width: 90,
          render: (v: number) => (Number(v) === 0 ? <Tag color="green">{label(L.income)}</Tag> : <Tag color="red">{label(L.expend)}</Tag>),
        },
        {
          key: 'bizType',
          dataIndex: 'bizType',
          title: label(L.source),
          width: 110,
          render: (v: string | null) => (v ? (SOURCES[v] ? label(SOURCES[v]) : v) : label(L.hand)),
        },
        {
          key: 'costType',
          dataIndex: 'costType',
          title: label(L.costType),
          width: 100,
          render: (v: unknown) => (v === null || v === undefined ? '-' : dictLabel(costTypes, v)),
        },
        {
          key: 'party',
          title: label(L.party),
          ellipsis: true,
          render: (_: unknown, r: Record<string, unknown>) => text(Number(r.incomeOrExpend) === 0 ? r.payerName || r.payeeName : r.payeeName || r.payerName),
        },
        { key: 'accountName', dataIndex: 'accountName', title: label(L.account), width: 140, ellipsis: true, render: text },
        { key: 'tradeAmount', dataIndex: 'tradeAmount', ...money },
        { key: 'remark', dataIndex: 'remark', title: label(L.remark), ellipsis: true, render: text },
      ];
  const data = rows.data;
  return (
    <Drawer open={!!opened} onClose={onClose} width={960} title={opened?.title} destroyOnHidden data-testid="project-money-drawer">
      <Table
        rowKey={(r) => String(r.id)}
        size="small"
        loading={rows.isFetching}
        dataSource={data?.records ?? []}
        columns={columns}
        scroll={{ x: 900 }}
        pagination={{
          current,
          pageSize: SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: setCurrent,
          showTotal: (n) => label(L.rows).replace('{n}', String(n)),
        }}
        data-testid="project-money-drawer-table"
      />
      <Flex justify="flex-end" gap={8} style={{ marginTop: 8 }}>
        <Typography.Text strong>{label(L.sum)}:</Typography.Text>
        <Typography.Text strong data-testid="project-money-drawer-sum" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {data ? moneyText(data.sum) : '-'}
        </Typography.Text>
        <Typography.Text type="secondary">{label({ zh: '元', en: 'yuan' })}</Typography.Text>
      </Flex>
    </Drawer>
  );
}
