/**
 * The top bar's notifications: tabs mail (copies sent to me), message (to-dos assigned to me, urges) and
 * notice (the tenant's notices), each with its unread count, from GET /api/blade-desk/notification. Clicking
 * an item marks it read and, for a workflow item, opens its process screen (notificationPath); "mark all read"
 * does so for the open tab.
 */
import { BellOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Flex, List, Popover, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { processPath } from '../../features/workflow/process/processRoute';
import { queryKeys } from '../queryKeys';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationCountQuery,
  notificationListQuery,
  type NotificationCategory,
  type NotificationItem,
} from './api';

/**
 * The process screen a workflow notification opens: the task to handle for a to-do or an urge of a task (both
 * go to the task's holder), the process's detail otherwise (a copy); nothing for a notice.
 */
export function notificationPath(n: Pick<NotificationItem, 'type' | 'processInstanceId' | 'taskId'>): string | undefined {
  if (n.type === 'notice' || !n.processInstanceId) return undefined;
  if ((n.type === 'todo' || n.type === 'urge') && n.taskId) return processPath('detail', { taskId: n.taskId, processInsId: n.processInstanceId });
  return processPath('detail', { processInsId: n.processInstanceId });
}

const CATEGORIES: NotificationCategory[] = ['mail', 'message', 'notice'];
/** How often the unread count is refreshed while the app is open. */
const POLL_MS = 60_000;

function NotificationList({ category, onOpen }: { category: NotificationCategory; onOpen: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const list = useQuery(notificationListQuery(category));
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.notification.all });
  const read = useMutation({ mutationFn: markNotificationRead, onSuccess: refresh });
  const readAll = useMutation({ mutationFn: () => markAllNotificationsRead(category), onSuccess: refresh });
  const records = list.data?.records ?? [];

  return (
    <>
      <List<NotificationItem>
        size="small"
        loading={list.isLoading}
        dataSource={records}
        locale={{ emptyText: t('notify.empty') }}
        style={{ maxHeight: 360, overflow: 'auto' }}
        data-testid={`notify-list-${category}`}
        renderItem={(n) => (
          <List.Item
            key={n.id}
            onClick={() => {
              if (!n.read) read.mutate(n.id);
              const path = notificationPath(n);
              if (path) {
                onOpen();
                navigate(path);
              }
            }}
            style={{ cursor: n.read && !notificationPath(n) ? 'default' : 'pointer', opacity: n.read ? 0.6 : 1 }}
            data-testid={`notify-item-${n.id}`}
          >
            <List.Item.Meta
              title={
                <Flex gap={6} align="center">
                  {!n.read && <Badge status="processing" />}
                  <Tag color={n.type === 'urge' ? 'red' : n.type === 'todo' ? 'blue' : n.type === 'copy' ? 'green' : 'default'}>
                    {t(`notify.type.${n.type}`)}
                  </Tag>
                  <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                    {n.title}
                  </Typography.Text>
                </Flex>
              }
              description={
                <Flex vertical>
                  {n.content && (
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 300 }}>
                      {n.content}
                    </Typography.Text>
                  )}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {n.fromUserName ? `${n.fromUserName} · ` : ''}
                    {n.time}
                  </Typography.Text>
                </Flex>
              }
            />
          </List.Item>
        )}
      />
      <Flex justify="flex-end" style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 8 }}>
        <Button
          size="small"
          type="link"
          disabled={!records.some((r) => !r.read)}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
          data-testid={`notify-read-all-${category}`}
        >
          {t('notify.readAll')}
        </Button>
      </Flex>
    </>
  );
}

export function NotificationPopover() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<NotificationCategory>('message');
  const counts = useQuery({ ...notificationCountQuery(), refetchInterval: POLL_MS });
  const c = counts.data;

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      // Centred under the bell and shifted, not flipped, to stay within a narrow screen (antd shifts only `bottom`).
      placement="bottom"
      destroyOnHidden
      content={
        // Within a phone's width: the popover's own padding and the screen's edges take 32 px (docs/shell.md "Phones").
        <div style={{ width: 'min(380px, calc(100vw - 32px))' }} data-testid="notify-popover">
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k as NotificationCategory)}
            centered
            items={CATEGORIES.map((cat) => ({
              key: cat,
              label: (
                <span data-testid={`notify-tab-${cat}`}>
                  {t(`notify.${cat}`)}
                  {c?.[cat] ? ` (${c[cat]})` : ''}
                </span>
              ),
              children: <NotificationList category={cat} onOpen={() => setOpen(false)} />,
            }))}
          />
        </div>
      }
    >
      <Badge count={c?.total ?? 0} overflowCount={99} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={t('notify.title')} data-testid="notify-bell" />
      </Badge>
    </Popover>
  );
}
