/**
 * /finance/hjlApplyExpense (费用报销) and /finance/hjlApplyExpense/my (我的报销, S1 L124): the claims — every claim the
 * caller may see (own, department or all by the finance scope) or only the caller's own — on CrudPage in approval
 * mode (审批状态, 提交 / 重新提交 / 撤回 / 审批详情), with the claim form of lines (ClaimDialog) and, on 我的报销,
 * the caller's statistics (statistics/money: applied, approved, paid).
 */
import { applyExpenseEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row as GridRow, Statistic } from 'antd';
import { useMemo } from 'react';
import { useLabel } from '../../app/i18n';
import { CrudPage, pagedList, type Row } from '../../components/CrudPage';
import { moneyText } from '../../components/MoneyText';
import { claimKeys, claimStatisticsQuery, MY_CLAIMS_URL } from './api';
import { ClaimDialog } from './ClaimDialog';
import { FIN } from './labels';

/** The claim list; `my`: only the caller's own (我的报销). */
export function ClaimList({ my = false }: { my?: boolean }) {
  const source = useMemo(() => (my ? pagedList<Row>(claimKeys.lists(MY_CLAIMS_URL), MY_CLAIMS_URL) : undefined), [my]);
  return (
    <CrudPage
      def={applyExpenseEntity}
      source={source}
      dateRange="applyTime"
      testId={my ? 'claim-my-list' : 'claim-list'}
      editor={(props) => <ClaimDialog {...props} />}
    />
  );
}

/** 我的报销统计: what the caller applied for, got approved and was paid. */
export function ClaimStatisticsCard({ my }: { my: boolean }) {
  const label = useLabel();
  const stats = useQuery(claimStatisticsQuery(my));
  const items = [
    { key: 'count', title: FIN.myCount, value: stats.data ? String(stats.data.count) : '-' },
    { key: 'apply', title: FIN.applyMoney, value: moneyText(stats.data?.applyMoney) || '-' },
    { key: 'approved', title: FIN.approvedMoney, value: moneyText(stats.data?.approvedMoney) || '-' },
    { key: 'paid', title: FIN.paidMoney, value: moneyText(stats.data?.paidMoney) || '-' },
  ];
  return (
    <Card title={label(FIN.myStatistics)} loading={stats.isPending} data-testid="claim-statistics">
      <GridRow gutter={16}>
        {items.map((i) => (
          <Col key={i.key} xs={12} md={6}>
            <Statistic title={label(i.title)} value={i.value} data-testid={`claim-stat-${i.key}`} />
          </Col>
        ))}
      </GridRow>
    </Card>
  );
}

export default function ClaimPage() {
  return <ClaimList />;
}

export function MyClaimPage() {
  return (
    <Flex vertical gap={16}>
      <ClaimStatisticsCard my />
      <ClaimList my />
    </Flex>
  );
}
