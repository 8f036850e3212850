/** /wel/index, the workbench: who is signed in, and the newest notices. */
import { NotificationOutlined, UserOutlined } from '@ant-design/icons';
import type { Page } from '@hjl/core';
import { noticeEntity } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Descriptions, Flex, List, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { get } from '../../app/api';
import { dictLabel, useDict } from '../../app/dict';
import { useSession } from '../../app/session';
import { indexMenus } from '../../app/layout/menus';

interface Notice {
  id: string;
  title: string;
  category: number | string;
  releaseTime: string;
  content?: string;
}

const NOTICE_API = noticeEntity.api;
const NOTICE_DICT = noticeEntity.fields.category.dict;

export default function WelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const user = session?.user;
  const categories = useDict(NOTICE_DICT);
  const [openId, setOpenId] = useState<string | null>(null);

  const notices = useQuery({
    queryKey: ['crud', NOTICE_API, 'list', { current: 1, size: 5 }],
    queryFn: () => get<Page<Notice>>(`${NOTICE_API}/list`, { current: 1, size: 5 }),
  });
  const detail = useQuery({
    queryKey: ['crud', NOTICE_API, 'detail', openId],
    queryFn: () => get<Notice>(`${NOTICE_API}/detail`, { id: openId }),
    enabled: openId !== null,
  });
  // The notice list is linked when the user has its menu.
  const canOpenList = indexMenus(session?.menus ?? []).has(noticeEntity.path);

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex align="center" gap={16} wrap>
          <Avatar size={64} src={user?.avatar || undefined} icon={<UserOutlined />} />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="wel-greeting">
              {t('wel.greeting', { name: user?.real_name || user?.nick_name || user?.account || '' })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('wel.subtitle')}</Typography.Text>
          </div>
        </Flex>
        <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginTop: 16 }}>
          <Descriptions.Item label={t('wel.tenant')}>{user?.tenant_id}</Descriptions.Item>
          <Descriptions.Item label={t('wel.account')}>{user?.account}</Descriptions.Item>
          <Descriptions.Item label={t('wel.role')}>{user?.role_name}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        title={<><NotificationOutlined /> {t('wel.notices')}</>}
        extra={canOpenList && <Button type="link" onClick={() => navigate(noticeEntity.path)}>{t('wel.more')}</Button>}
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
                <Typography.Text type="secondary" style={{ flex: 'none' }}>{notice.releaseTime}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Card>
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
