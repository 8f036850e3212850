/**
 * /hr/report 人事统计 (BUSINESS.md WP6): highest degrees, certificates by type (company, shared), people by department
 * and by age band — over the people the user may see (GET /api/business/report/hr).
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/Chart';
import { hrReportQuery, type HrReport } from './api';

export default function HrReportPage() {
  const { t } = useTranslation();
  const report = useQuery(hrReportQuery());
  const r = report.data;
  const cell = (key: keyof HrReport) => (
    <Col xs={24} lg={12}>
      <Card title={t(`hr.report.${key}`)} data-testid={`hr-report-${key}`}>
        {r ? <Chart data={r[key]} height={300} /> : <Skeleton active />}
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]} data-testid="hr-report">
      {cell('highestDegree')}
      {cell('certificateCount')}
      {cell('byDept')}
      {cell('byAge')}
    </Row>
  );
}
