/** /wel/dashboard (S2 L32): the cockpit's charts inside the main layout, with a way to open the full-screen cockpit. */
import { FullscreenOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { CockpitBoard } from './CockpitBoard';
import { COCKPIT_TITLE } from './CockpitPage';

export default function DashboardPage() {
  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between">
        <Typography.Title level={4} style={{ margin: 0 }}>
          仪表盘
        </Typography.Title>
        <Button icon={<FullscreenOutlined />} href="/dataCockpit" target="_blank" rel="noopener">
          打开{COCKPIT_TITLE}
        </Button>
      </Flex>
      <CockpitBoard />
    </Flex>
  );
}
