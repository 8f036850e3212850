/** /contract/contractReport (合同统计): main contracts by business type, by month signed and by approval status, with the totals (GET /api/business/report/contract). */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import type { ChartData } from '@hjl/core';
import { useLabel } from '../../app/i18n';
import { Chart } from '../../components/Chart';
import { moneyText } from '../../components/MoneyText';
import { contractReportQuery, type ContractReport } from './api';

const L = {
  count: { zh: '合同数', en: 'Contracts' },
  amount: { zh: '合同金额(元)', en: 'Amount' },
  effective: { zh: '有效金额(元)', en: 'Effective amount' },
  approved: { zh: '审批通过', en: 'Approved' },
  linked: { zh: '已关联项目', en: 'Linked' },
};

export default function ContractReportPage() {
  const label = useLabel();
  const r = useQuery(contractReportQuery()).data;
  const cell = (key: Exclude<keyof ContractReport, 'totals'>) => (
    <Col xs={24} lg={12}>
      <Card title={r?.[key].title} data-testid={`contract-report-${key}`}>
        {r ? <Chart data={r[key] as ChartData} height={300} /> : <Skeleton active />}
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card data-testid="contract-report-totals">
          <Row gutter={16}>
            <Col xs={12} md={5}>
              <Statistic title={label(L.count)} value={r?.totals.count ?? 0} />
            </Col>
            <Col xs={12} md={5}>
              <Statistic title={label(L.amount)} value={r ? moneyText(r.totals.amount) : '-'} />
            </Col>
            <Col xs={12} md={5}>
              <Statistic title={label(L.effective)} value={r ? moneyText(r.totals.effectiveAmount) : '-'} />
            </Col>
            <Col xs={12} md={4}>
              <Statistic title={label(L.approved)} value={r?.totals.approved ?? 0} />
            </Col>
            <Col xs={12} md={5}>
              <Statistic title={label(L.linked)} value={r?.totals.linked ?? 0} />
            </Col>
          </Row>
        </Card>
      </Col>
      {cell('byType')}
      {cell('perMonth')}
      {cell('byStatus')}
    </Row>
  );
}
