/** The desk's menus (工作台: the notices) and what the demo roles get of them. */
import { noticeEntity } from '@hjl/core';
import { menuOf, type ModuleMenus } from '../../platform/menus.ts';

const readNotices = ['desk', 'notice', 'notice_view'];

export const menus: ModuleMenus = {
  top: [
    {
      code: 'desk',
      name: '工作台',
      path: '/desk',
      source: 'DesktopOutlined',
      sort: 1,
      children: [menuOf(noticeEntity, { sort: 1, source: 'NotificationOutlined' })],
    },
  ],
  // The leaders publish notices; everyone reads them.
  demoGrants: {
    manager: ['desk', 'notice', 'notice_add', 'notice_edit', 'notice_delete', 'notice_view'],
    finance: readNotices,
    project: readNotices,
    user: readNotices,
    hr: readNotices,
  },
  dataScopes: [
    { menu: 'notice', scopeName: '本人可见', scopeType: 2, scopeField: '*', scopeColumn: 'create_user', remark: '只看自己发布的通知' },
    { menu: 'notice', scopeName: '本部门可见', scopeType: 3, scopeField: '*', scopeColumn: 'create_dept', remark: '只看本部门发布的通知' },
  ],
};
