/** /marketing/customerReport: 客户统计 — counts by type, region and owner, and new customers per month (GET /api/business/report/customer). */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton } from 'antd';
import { Chart } from '../../components/Chart';
import { customerReportQuery, type CustomerReport } from './api';

export default function CustomerReportPage() {
  const report = useQuery(customerReportQuery());
  const r = report.data;
  const cell = (key: keyof CustomerReport) => (
    <Col xs={24} lg={12}>
      <Card title={r?.[key].title} data-testid={`customer-report-${key}`}>
        {r ? <Chart data={r[key]} height={300} /> : <Skeleton active />}
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]}>
      {cell('byType')}
      {cell('perMonth')}
      {cell('byRegion')}
      {cell('byOwner')}
    </Row>
  );
}
