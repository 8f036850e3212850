/** The developer tools' menus (研发工具): the API docs, data sources, backups, table deployments, data models and the code generator. */
import { backupsEntity, codeEntity, datasourceEntity, modelEntity, putDatabaseEntity } from '@hjl/core';
import { button, menuOf, type ModuleMenus } from '../../platform/menus.ts';
import { COPY_CODE, GEN_CODE } from './codegen/codes.ts';

export const menus: ModuleMenus = {
  top: [
    {
      code: 'tool',
      name: '研发工具',
      path: '/tool',
      source: 'ToolOutlined',
      sort: 99,
      children: [
        { code: 'api_doc', name: '接口文档', path: '/api/docs', source: 'ApiOutlined', sort: 1, isOpen: 2 },
        menuOf(datasourceEntity, { sort: 2, source: 'DatabaseOutlined', extra: [button('datasource_test', '连接测试', 'test')] }),
        menuOf(backupsEntity, { sort: 3, source: 'HddOutlined' }),
        menuOf(putDatabaseEntity, { sort: 4, source: 'ClusterOutlined' }),
        menuOf(modelEntity, { sort: 5, source: 'PartitionOutlined' }),
        menuOf(codeEntity, { sort: 6, source: 'CodeOutlined', extra: [button(GEN_CODE, '生成代码', 'gen'), button(COPY_CODE, '复制', 'copy')] }),
      ],
    },
  ],
};
