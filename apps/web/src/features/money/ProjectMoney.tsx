/**
 * The project's 收支 tab (the project 360 view, BUSINESS.md WP3): contract amount (with approved supplementary
 * agreements) → invoiced → collected → outstanding, the costs by cost type, labour fees, settlement, income and
 * expense, gross profit and margin, and the months as a chart — from GET hjlProject/statistics/project/money/{id}.
 * Every figure that is a sum of rows opens them (ProjectMoneyDrawer): the ledger rows (or the issued invoices)
 * with their sum, which is the figure.
 */
import { PROJECT_FIGURE_LABEL, type Label } from '@hjl/core';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Result, Row, Skeleton, Statistic, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useLabel } from '../../app/i18n';
import { Chart } from '../../components/Chart';
import { moneyText } from '../../components/MoneyText';
import { contractDetailPath, statementQuery, type ProjectStatement } from './api';
import { ProjectMoneyDrawer, type OpenFigure } from './ProjectMoneyDrawer';

const L = {
  title: { zh: '项目资金全景', en: 'Project money' },
  flow: { zh: '合同与回款', en: 'Contract and collection' },
  costs: { zh: '支出构成', en: 'Expenses' },
  result: { zh: '收支与毛利', en: 'Result' },
  months: { zh: '每月收支', en: 'By month' },
  rows: { zh: '{n} 笔', en: '{n} rows' },
  outstandingHint: { zh: '合同金额 − 已收款', en: 'Contract amount − collected' },
  contractHint: { zh: '合同金额含已审批的补充协议;点击查看合同', en: 'Including approved supplements; opens the contract' },
  noContract: { zh: '未关联合同', en: 'No contract' },
  noCosts: { zh: '暂无支出', en: 'No expenses' },
  missing: { zh: '无权查看该项目的收支', en: 'You may not see this project’s money' },
  profitHint: { zh: '收入合计 − 支出合计', en: 'Income − expense' },
  marginHint: { zh: '毛利 ÷ 收入合计', en: 'Profit ÷ income' },
} satisfies Record<string, Label>;

const fill = (text: string, n: number) => text.replace('{n}', String(n));

/** One figure: its label, the amount, how many rows it sums; a click opens them. */
function Figure({
  id,
  title,
  value,
  count,
  hint,
  onOpen,
  tone,
  suffix,
}: {
  id: string;
  title: string;
  value: string | null;
  count?: number;
  hint?: string;
  onOpen?: () => void;
  tone?: 'good' | 'bad';
  suffix?: string;
}) {
  const label = useLabel();
  const color = tone === 'good' ? '#389e0d' : tone === 'bad' ? '#cf1322' : undefined;
  const body = (
    <Card
      size="small"
      hoverable={!!onOpen}
      onClick={onOpen}
      data-testid={`project-money-${id}`}
      style={{ height: '100%', cursor: onOpen ? 'pointer' : 'default' }}
    >
      <Statistic
        title={title}
        value={value === null ? '-' : suffix ? value : moneyText(value)}
        suffix={value === null ? undefined : (suffix ?? '元')}
        valueStyle={{ fontSize: 20, fontVariantNumeric: 'tabular-nums', color }}
      />
      <span data-testid={`project-money-${id}-amount`} style={{ display: 'none' }}>
        {value ?? ''}
      </span>
      {count !== undefined && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {fill(label(L.rows), count)}
        </Typography.Text>
      )}
    </Card>
  );
  return hint ? <Tooltip title={hint}>{body}</Tooltip> : body;
}

function Arrow() {
  return <ArrowRightOutlined style={{ color: '#bfbfbf', alignSelf: 'center' }} />;
}

export function ProjectMoneyView({ st, open }: { st: ProjectStatement; open: (f: OpenFigure) => void }) {
  const label = useLabel();
  const navigate = useNavigate();
  const fig = (key: string) => label(PROJECT_FIGURE_LABEL[key]!);
  const ledger = (figure: string, title: string, amount: string) => () => open({ figure, title, amount });
  const profitTone = Number(st.profit) > 0 ? 'good' : Number(st.profit) < 0 ? 'bad' : undefined;
  const flow: ReactNode[] = [
    <Figure
      key="contract"
      id="contract"
      title={fig('contract')}
      value={st.contractId ? st.contractAmount : null}
      hint={st.contractId ? label(L.contractHint) : label(L.noContract)}
      onOpen={st.contractId ? () => navigate(contractDetailPath(st.contractId!)) : undefined}
    />,
    <Figure
      key="invoiced"
      id="invoiced"
      title={fig('invoiced')}
      value={st.invoiced}
      count={st.invoicedCount}
      onOpen={ledger('invoiced', fig('invoiced'), st.invoiced)}
    />,
    <Figure
      key="collect"
      id="collect"
      title={fig('collect')}
      value={st.collect}
      count={st.collectCount}
      onOpen={ledger('collect', fig('collect'), st.collect)}
    />,
    <Figure
      key="outstanding"
      id="outstanding"
      title={fig('outstanding')}
      value={st.outstanding}
      hint={label(L.outstandingHint)}
      tone={Number(st.outstanding) > 0 ? 'bad' : undefined}
    />,
  ];
  return (
    <Flex vertical gap={16} data-testid="project-money">
      <Card size="small" title={label(L.flow)}>
        <Flex gap={12} align="stretch" wrap>
          {flow.flatMap((f, i) =>
            i
              ? [
                  <Arrow key={`a${i}`} />,
                  <div key={`f${i}`} style={{ flex: '1 1 180px' }}>
                    {f}
                  </div>,
                ]
              : [
                  <div key={`f${i}`} style={{ flex: '1 1 180px' }}>
                    {f}
                  </div>,
                ],
          )}
        </Flex>
      </Card>
      <Card size="small" title={label(L.costs)}>
        <Row gutter={[12, 12]}>
          {st.costs.map((c) => (
            <Col key={c.key} xs={12} md={8} xl={6}>
              <Figure id={c.key.replace(':', '-')} title={c.name} value={c.amount} count={c.count} onOpen={ledger(c.key, c.name, c.amount)} />
            </Col>
          ))}
          <Col xs={12} md={8} xl={6}>
            <Figure id="labour" title={fig('labour')} value={st.labour} count={st.labourCount} onOpen={ledger('labour', fig('labour'), st.labour)} />
          </Col>
          <Col xs={12} md={8} xl={6}>
            <Figure
              id="settlement"
              title={fig('settlement')}
              value={st.settlement}
              count={st.settlementCount}
              onOpen={ledger('settlement', fig('settlement'), st.settlement)}
            />
          </Col>
          {Number(st.otherIncome) !== 0 && (
            <Col xs={12} md={8} xl={6}>
              <Figure
                id="otherIncome"
                title={fig('otherIncome')}
                value={st.otherIncome}
                count={st.otherIncomeCount}
                onOpen={ledger('otherIncome', fig('otherIncome'), st.otherIncome)}
              />
            </Col>
          )}
        </Row>
      </Card>
      <Card size="small" title={label(L.result)}>
        <Row gutter={[12, 12]}>
          <Col xs={12} md={6}>
            <Figure id="income" title={fig('income')} value={st.income} count={st.incomeCount} onOpen={ledger('income', fig('income'), st.income)} />
          </Col>
          <Col xs={12} md={6}>
            <Figure id="expend" title={fig('expend')} value={st.expend} count={st.expendCount} onOpen={ledger('expend', fig('expend'), st.expend)} />
          </Col>
          <Col xs={12} md={6}>
            <Figure id="profit" title={fig('profit')} value={st.profit} hint={label(L.profitHint)} tone={profitTone} />
          </Col>
          <Col xs={12} md={6}>
            <Figure id="margin" title={fig('margin')} value={st.margin} suffix="%" hint={label(L.marginHint)} tone={profitTone} />
          </Col>
        </Row>
      </Card>
      <Card size="small" title={label(L.months)} data-testid="project-money-chart">
        {st.months.length ? <Chart data={st.chart} height={260} /> : <Empty />}
      </Card>
    </Flex>
  );
}

/** The 收支 tab of the project detail page (a related tab: `fixed.projectId`). */
export default function ProjectMoney({ fixed }: { fixed: Record<string, string> }) {
  const label = useLabel();
  const projectId = fixed.projectId ?? '';
  const st = useQuery(statementQuery(projectId));
  const [opened, setOpened] = useState<OpenFigure | null>(null);
  if (st.isError) return <Result status="403" title={label(L.missing)} />;
  if (!st.data) return <Skeleton active />;
  return (
    <>
      <ProjectMoneyView st={st.data} open={setOpened} />
      <ProjectMoneyDrawer projectId={projectId} opened={opened} onClose={() => setOpened(null)} />
    </>
  );
}
