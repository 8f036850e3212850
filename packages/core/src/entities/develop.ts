import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';

const JDBC_OR_PG = /^(jdbc:[a-z0-9]+:\/\/|postgres(ql)?:\/\/|mysql:\/\/)[^\s]+$/i;

/** Data sources of the code generator and tenant settings (spec 2 section 7: blade-develop datasource CRUD). */
export const datasourceEntity = defineEntity({
  name: 'datasource',
  table: 'blade_datasource',
  api: '/api/blade-develop/datasource',
  path: '/tool/datasource',
  label: { zh: '数据源管理', en: 'Data sources' },
  routes: ['list', 'detail', 'submit', 'remove'],
  dialogWidth: 760,
  fields: {
    name: { type: 'string', max: 100, label: { zh: '名称', en: 'Name' }, required: '请输入数据源名称', list: true, search: true, unique: '数据源名称已存在' },
    driverClass: {
      type: 'string',
      max: 100,
      label: { zh: '驱动类', en: 'Driver' },
      required: '请输入驱动类',
      list: true,
      default: 'org.postgresql.Driver',
    },
    url: {
      type: 'string',
      max: 500,
      label: { zh: '连接地址', en: 'URL' },
      required: '请输入连接地址',
      list: true,
      pattern: { regex: JDBC_OR_PG, message: '连接地址格式不正确,例如 jdbc:postgresql://127.0.0.1:5432/hjl' },
    },
    username: { type: 'string', max: 100, label: { zh: '用户名', en: 'User' }, required: '请输入用户名', list: true },
    password: { type: 'string', max: 255, label: { zh: '密码', en: 'Password' }, secret: true },
    remark: remark({ max: 255 }),
  },
});

/** Database backups (spec 2 section 7: hjlDatabaseBackups list, detail, remove, submit). */
export const backupsEntity = defineEntity({
  name: 'backups',
  table: 'hjl_database_backups',
  api: '/api/business/hjlDatabaseBackups',
  path: '/tool/backups',
  label: { zh: '数据库备份', en: 'Database backups' },
  // remove is the develop module's own: it deletes the backup file too.
  routes: ['list', 'detail', 'submit'],
  defaultSort: { field: 'backupTime', dir: 'desc' },
  fields: {
    backupName: { type: 'string', max: 255, label: { zh: '备份名称', en: 'Name' }, required: '请输入备份名称', list: true, search: true },
    backupTime: {
      type: 'datetime',
      label: { zh: '备份时间', en: 'Time' },
      required: '请选择备份时间',
      list: true,
      sortable: true,
      filterable: true,
      width: 170,
    },
    fileName: { type: 'string', max: 500, label: { zh: '备份文件', en: 'File' }, list: true },
    fileSize: { type: 'int', label: { zh: '文件大小(字节)', en: 'Size (bytes)' }, list: true, width: 130 },
    remark: remark({ max: 255 }),
  },
});

/** Database connection records (spec 1 section 7: /api/blade-putDatabase/putDatabase list, detail, remove, submit). */
export const putDatabaseEntity = defineEntity({
  name: 'put_database',
  table: 'blade_put_database',
  api: '/api/blade-putDatabase/putDatabase',
  path: '/tool/putDatabase',
  label: { zh: '数据库配置', en: 'Databases' },
  routes: ['list', 'detail', 'submit', 'remove'],
  dialogWidth: 760,
  fields: {
    name: { type: 'string', max: 100, label: { zh: '名称', en: 'Name' }, required: '请输入名称', list: true, search: true },
    host: {
      type: 'string',
      max: 255,
      label: { zh: '主机', en: 'Host' },
      required: '请输入主机地址',
      list: true,
      search: true,
      pattern: { regex: /^[A-Za-z0-9.:[\]-]+$/, message: '主机地址格式不正确' },
    },
    port: { type: 'int', label: { zh: '端口', en: 'Port' }, required: '请输入端口', list: true, width: 90, default: 5432 },
    database: { type: 'string', max: 100, label: { zh: '数据库名', en: 'Database' }, required: '请输入数据库名', list: true },
    username: { type: 'string', max: 100, label: { zh: '用户名', en: 'User' }, required: '请输入用户名', list: true },
    password: { type: 'string', max: 255, label: { zh: '密码', en: 'Password' }, secret: true },
    remark: remark({ max: 255 }),
  },
});
