/**
 * /dataCockpit, the data cockpit (大数据中心, S2 L23, L96): a full-screen dashboard of the firm outside the main
 * layout, opened in a browser tab of its own from its menu; the page title is 大数据中心. A signed-out visit goes to
 * /login (the router's RequireAuth).
 */
import { Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSession } from '../../app/session';
import { CockpitBoard } from './CockpitBoard';
import styles from './cockpit.module.css';

export const COCKPIT_TITLE = '大数据中心';

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export default function CockpitPage() {
  const session = useSession();
  const now = useNow();
  useEffect(() => {
    document.title = COCKPIT_TITLE;
  }, []);
  return (
    <div className={styles.screen}>
      <Flex className={styles.header} align="center" justify="space-between">
        <Typography.Text className={styles.side}>{session?.user.real_name || session?.user.account}</Typography.Text>
        <Typography.Title level={2} className={styles.title}>
          {COCKPIT_TITLE}
        </Typography.Title>
        <Typography.Text className={styles.side} data-testid="cockpit-clock">
          {now.toLocaleString('zh-CN', { hour12: false })}
        </Typography.Text>
      </Flex>
      <div className={styles.body}>
        <CockpitBoard height={240} />
      </div>
    </div>
  );
}
