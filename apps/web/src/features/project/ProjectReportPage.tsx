/** /hjlProject/projectReport (项目统计): projects by status, type, department and leader, with the totals (GET /api/business/report/project). */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useLabel } from '../../app/i18n';
import { Chart } from '../../components/Chart';
import { moneyText } from '../../components/MoneyText';
import { projectReportQuery, type ProjectReport } from './api';

const L = {
  count: { zh: '项目数', en: 'Projects' },
  amount: { zh: '咨询费合计(元)', en: 'Fees' },
  running: { zh: '实施中', en: 'Running' },
  done: { zh: '已完成', en: 'Done' },
};

export default function ProjectReportPage() {
  const label = useLabel();
  const r = useQuery(projectReportQuery()).data;
  const cell = (key: Exclude<keyof ProjectReport, 'totals'>) => (
    <Col xs={24} lg={12}>
      <Card title={r?.[key].title} data-testid={`project-report-${key}`}>
        {r ? <Chart data={r[key]} height={300} /> : <Skeleton active />}
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card data-testid="project-report-totals">
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Statistic title={label(L.count)} value={r?.totals.count ?? 0} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={label(L.amount)} value={r ? moneyText(r.totals.amount) : '-'} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={label(L.running)} value={r?.totals.running ?? 0} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={label(L.done)} value={r?.totals.done ?? 0} />
            </Col>
          </Row>
        </Card>
      </Col>
      {cell('byStatus')}
      {cell('byType')}
      {cell('byDept')}
      {cell('byLeader')}
    </Row>
  );
}
