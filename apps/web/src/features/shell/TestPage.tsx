/**
 * /test/index (S1 L30 测试页): a check of the front end an administrator or support can open on a user's machine —
 * the web app's version, the browser, the screen class of the layout (S2 L88), the time zone, and a timed call to
 * the server with the signed-in user's token.
 */
import { Button, Card, Descriptions, Tag } from 'antd';
import { useState } from 'react';
import { settings } from '../../app/config';
import { screenClass } from '../../app/layout/screen';
import { probeServer } from './api';

export default function TestPage() {
  const [probe, setProbe] = useState<{ ok: boolean; ms: number; at: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const started = performance.now();
    const ok = await probeServer().then(
      () => true,
      () => false,
    );
    setProbe({ ok, ms: Math.round(performance.now() - started), at: new Date().toLocaleTimeString('zh-CN', { hour12: false }) });
    setBusy(false);
  };
  return (
    <Card
      title="测试页"
      extra={
        <Button onClick={() => void run()} loading={busy} data-testid="test-probe">
          测试服务器连接
        </Button>
      }
    >
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="前端版本">{settings.appVersion}</Descriptions.Item>
        <Descriptions.Item label="浏览器">{navigator.userAgent}</Descriptions.Item>
        <Descriptions.Item label="屏幕">
          {window.innerWidth} × {window.innerHeight}(屏幕等级 {screenClass(window.innerWidth)})
        </Descriptions.Item>
        <Descriptions.Item label="时区">{Intl.DateTimeFormat().resolvedOptions().timeZone}</Descriptions.Item>
        <Descriptions.Item label="服务器连接">
          {probe ? (
            <span data-testid="test-result">
              <Tag color={probe.ok ? 'green' : 'red'}>{probe.ok ? '正常' : '失败'}</Tag>
              {probe.ms} 毫秒 · {probe.at}
            </span>
          ) : (
            '未测试'
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
