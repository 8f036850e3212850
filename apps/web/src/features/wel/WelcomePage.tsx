/**
 * /wel/index, the workbench (工作台): who is signed in, my to-dos (count and newest), the home shortcut blocks
 * (the userMenu calls), the newest notices, and the charts of the statistics service
 * (GET /api/business-module/statistics/home/statistics).
 */
import { BarChartOutlined, CheckSquareOutlined, NotificationOutlined, UserOutlined } from '@ant-design/icons';
import { noticeEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Descriptions, Flex, List, Modal, Row, Statistic, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dictLabel, useDict } from '../../app/dict';
import { indexMenus } from '../../app/layout/menus';
import { useSession } from '../../app/session';
import { Chart } from '../../components/Chart';
import { homeStatisticsQuery, myRoleQuery, newestNoticesQuery, newestTodosQuery, noticeQuery, type HomeStatistic, type Notice, type Todo } from './api';
import { ShortcutCard } from './ShortcutCard';

const NOTICE_DICT = noticeEntity.fields.category.dict;

export default function WelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const user = session?.user;
  const categories = useDict(NOTICE_DICT);
  const [openId, setOpenId] = useState<string | null>(null);
  const menuIndex = useMemo(() => indexMenus(session?.menus ?? []), [session?.menus]);
  // The to-do list is the 待办事务 menu's (code wf_todo): shown to users granted it.
  const canTodo = useMemo(() => [...menuIndex.values()].some((e) => e.node.code === 'wf_todo'), [menuIndex]);

  const notices = useQuery(newestNoticesQuery());
  const detail = useQuery(noticeQuery(openId));
  const todos = useQuery({ ...newestTodosQuery(), enabled: canTodo });
  // The role's name (超级管理员), not its alias (administrator) the token carries.
  const me = useQuery(myRoleQuery());
  const statistics = useQuery(homeStatisticsQuery());
  const chartTitle = (s: HomeStatistic) => {
    const titles = t('wel.charts', { returnObjects: true }) as Record<string, string>;
    return titles[s.key] ?? s.title;
  };
  // The notice list is linked when the user has its menu.
  const canOpenList = menuIndex.has(noticeEntity.path);

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex align="center" justify="space-between" gap={16} wrap>
          <Flex align="center" gap={16}>
            <Avatar size={64} src={user?.avatar || undefined} icon={<UserOutlined />} />
            <div>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="wel-greeting">
                {t('wel.greeting', { name: user?.real_name || user?.nick_name || user?.account || '' })}
              </Typography.Title>
              <Typography.Text type="secondary">{t('wel.subtitle')}</Typography.Text>
            </div>
          </Flex>
          {canTodo && (
            <Statistic
              title={t('wel.todoCount')}
              value={todos.data?.total ?? 0}
              loading={todos.isLoading}
              prefix={<CheckSquareOutlined />}
              data-testid="wel-todo-count"
            />
          )}
        </Flex>
        <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginTop: 16 }}>
          <Descriptions.Item label={t('wel.tenant')}>{user?.tenant_id}</Descriptions.Item>
          <Descriptions.Item label={t('wel.account')}>{user?.account}</Descriptions.Item>
          <Descriptions.Item label={t('wel.role')}>
            <span data-testid="wel-role">{me.data?.roleName || user?.role_name}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <ShortcutCard />

      <Row gutter={[16, 16]}>
        {canTodo && (
          <Col xs={24} lg={12}>
            <Card
              title={
                <>
                  <CheckSquareOutlined /> {t('wel.todo')}
                </>
              }
              extra={
                menuIndex.has('/workflow/process/todo') && (
                  <Button type="link" onClick={() => navigate('/workflow/process/todo')}>
                    {t('wel.more')}
                  </Button>
                )
              }
              style={{ height: '100%' }}
            >
              <List<Todo>
                loading={todos.isLoading}
                dataSource={todos.data?.records ?? []}
                locale={{ emptyText: t('wel.noTodo') }}
                data-testid="wel-todos"
                renderItem={(todo) => (
                  <List.Item key={todo.taskId}>
                    <Flex gap={8} align="center" style={{ width: '100%', minWidth: 0 }}>
                      <Tag color="orange">{todo.taskName}</Tag>
                      <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
                        {todo.title || todo.processDefinitionName}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ flex: 'none' }}>
                        {todo.startUserName} · {todo.createTime}
                      </Typography.Text>
                    </Flex>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        )}
        <Col xs={24} lg={canTodo ? 12 : 24}>
          <Card
            title={
              <>
                <NotificationOutlined /> {t('wel.notices')}
              </>
            }
            extra={
              canOpenList && (
                <Button type="link" onClick={() => navigate(noticeEntity.path)}>
                  {t('wel.more')}
                </Button>
              )
            }
            style={{ height: '100%' }}
          >
            <List<Notice>
              loading={notices.isLoading}
              dataSource={notices.data?.records ?? []}
              locale={{ emptyText: t('wel.noNotices') }}
              data-testid="wel-notices"
              renderItem={(notice) => (
                <List.Item key={notice.id}>
                  <Flex gap={8} align="center" style={{ width: '100%', minWidth: 0 }}>
                    <Tag color="blue">{dictLabel(categories, notice.category)}</Tag>
                    <Typography.Link ellipsis style={{ flex: 1, minWidth: 0 }} onClick={() => setOpenId(notice.id)}>
                      {notice.title}
                    </Typography.Link>
                    <Typography.Text type="secondary" style={{ flex: 'none' }}>
                      {notice.releaseTime?.slice(0, 10)}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]} data-testid="wel-statistics">
        {(statistics.data ?? []).map((s) => (
          <Col xs={24} lg={12} key={s.key}>
            <Card
              title={
                <>
                  <BarChartOutlined /> {chartTitle(s)}
                </>
              }
              data-testid={`wel-chart-${s.key}`}
            >
              <Chart data={s} height={300} />
            </Card>
          </Col>
        ))}
      </Row>

      <Modal
        open={openId !== null}
        title={detail.data?.title}
        footer={null}
        width={noticeEntity.dialogWidth}
        onCancel={() => setOpenId(null)}
        loading={detail.isLoading}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {dictLabel(categories, detail.data?.category)} · {detail.data?.releaseTime}
        </Typography.Paragraph>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{detail.data?.content}</Typography.Paragraph>
      </Modal>
    </Flex>
  );
}
