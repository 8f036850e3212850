/** The resources' menus (资源管理): object storage, attachments and SMS. */
import { ossEntity, smsEntity } from '@hjl/core';
import { button, menuOf, type ModuleMenus } from '../../platform/menus.ts';

export const menus: ModuleMenus = {
  top: [
    {
      code: 'resource',
      name: '资源管理',
      path: '/resource',
      source: 'CloudOutlined',
      sort: 93,
      children: [
        menuOf(ossEntity, { sort: 1, source: 'CloudServerOutlined', extra: [button('oss_enable', '启用', 'enable'), button('oss_debug', '调试', 'debug')] }),
        {
          code: 'attach',
          name: '附件管理',
          path: '/resource/attach',
          source: 'PaperClipOutlined',
          sort: 2,
          buttons: [
            button('attach_upload', '上传', 'upload', 0),
            button('attach_edit', '编辑', 'edit'),
            button('attach_download', '下载', 'download'),
            button('attach_delete', '删除', 'delete', 2),
          ],
        },
        menuOf(smsEntity, { sort: 3, source: 'MessageOutlined', extra: [button('sms_enable', '启用', 'enable'), button('sms_send', '发送', 'send')] }),
      ],
    },
  ],
};
