/**
 * The cockpit's charts (大数据中心): every statistic of the cockpit board the caller may see, each for their tenant,
 * permission codes and data scope (the server decides). Shown full screen at /dataCockpit and inside the layout
 * at /wel/dashboard.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Skeleton } from 'antd';
import { Chart } from '../../components/Chart';
import { cockpitStatisticsQuery } from './api';

export function CockpitBoard({ height = 260 }: { height?: number }) {
  const statistics = useQuery(cockpitStatisticsQuery());
  if (statistics.isLoading)
    return (
      <Row gutter={[16, 16]}>
        {[0, 1, 2, 3].map((i) => (
          <Col xs={24} lg={12} xl={8} key={i}>
            <Card>
              <Skeleton active />
            </Card>
          </Col>
        ))}
      </Row>
    );
  if (statistics.isError) return <Alert type="error" showIcon message="统计数据加载失败，稍后将自动重试" />;
  const list = statistics.data ?? [];
  if (!list.length) return <Empty description="暂无可查看的统计" />;
  return (
    <Row gutter={[16, 16]} data-testid="cockpit-board">
      {list.map((s) => (
        <Col xs={24} lg={12} xl={8} key={s.key}>
          <Card title={s.title} size="small" data-testid={`cockpit-chart-${s.key}`}>
            <Chart data={s} height={height} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
