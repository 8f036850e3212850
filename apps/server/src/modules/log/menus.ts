/** The logs' menus (日志管理): usual, API and error logs. */
import { button, type ModuleMenus } from '../../platform/menus.ts';

export const menus: ModuleMenus = {
  top: [
    {
      code: 'log',
      name: '日志管理',
      path: '/monitor/log',
      source: 'FileSearchOutlined',
      sort: 92,
      children: [
        {
          code: 'log_usual',
          name: '通用日志',
          path: '/monitor/log/usual',
          source: 'FileTextOutlined',
          sort: 1,
          buttons: [button('log_usual_view', '查看', 'view')],
        },
        { code: 'log_api', name: '接口日志', path: '/monitor/log/api', source: 'FileTextOutlined', sort: 2, buttons: [button('log_api_view', '查看', 'view')] },
        {
          code: 'log_error',
          name: '错误日志',
          path: '/monitor/log/error',
          source: 'BugOutlined',
          sort: 3,
          buttons: [button('log_error_view', '查看', 'view')],
        },
      ],
    },
  ],
};
