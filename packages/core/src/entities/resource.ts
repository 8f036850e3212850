import { defineEntity } from '../entity.ts';
import { remark } from '../field-presets.ts';

/**
 * Object storage configurations (spec 2 section 7: /api/blade-resource/oss list, detail, remove, submit,
 * enable). `category` is a key of the system dictionary `oss`: 1 is the server's local disk, the others are
 * S3-compatible stores. `status` 2 marks the one enabled configuration of a tenant (1 = not enabled), as in
 * BladeX.
 */
export const ossEntity = defineEntity({
  name: 'oss',
  table: 'blade_oss',
  api: '/api/blade-resource/oss',
  path: '/resource/oss',
  label: { zh: '对象存储', en: 'Object storage' },
  routes: ['list', 'detail', 'submit', 'remove'],
  dialogWidth: 760,
  fields: {
    category: {
      type: 'int',
      label: { zh: '分类', en: 'Category' },
      dict: 'oss',
      required: '请选择分类',
      list: true,
      search: true,
      width: 120,
    },
    ossCode: {
      type: 'string',
      max: 32,
      label: { zh: '资源编号', en: 'Code' },
      required: '请输入资源编号',
      list: true,
      search: true,
      unique: '资源编号已存在',
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: '资源编号只能包含字母、数字、下划线和中划线' },
    },
    endpoint: {
      type: 'string',
      max: 255,
      label: { zh: '资源地址', en: 'Endpoint' },
      list: true,
      pattern: { regex: /^https?:\/\/[^\s/?#]+(:\d{1,5})?\/?$/, message: '资源地址应为 http(s)://主机[:端口]' },
    },
    accessKey: { type: 'string', max: 255, label: { zh: 'accessKey', en: 'Access key' }, list: true },
    secretKey: { type: 'string', max: 255, label: { zh: 'secretKey', en: 'Secret key' }, secret: true },
    bucketName: {
      type: 'string',
      max: 255,
      label: { zh: '空间名', en: 'Bucket' },
      list: true,
      pattern: { regex: /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, message: '空间名只能包含小写字母、数字、点和中划线(3-63位)' },
    },
    appId: { type: 'string', max: 255, label: { zh: 'appId', en: 'App id' } },
    region: { type: 'string', max: 255, label: { zh: '地域', en: 'Region' } },
    remark: remark({ max: 255 }),
  },
});

/** Uploaded files (blade_attach); rows are written by put-file-attach, never by a form. */
export const attachEntity = defineEntity({
  name: 'attach',
  table: 'blade_attach',
  api: '/api/blade-resource/attach',
  path: '/resource/attach',
  label: { zh: '附件管理', en: 'Attachments' },
  routes: ['list', 'detail'],
  fields: {
    originalName: {
      type: 'string',
      max: 255,
      label: { zh: '附件原名', en: 'Original name' },
      list: true,
      search: true,
      sortable: true,
    },
    extension: { type: 'string', max: 32, label: { zh: '附件拓展名', en: 'Extension' }, list: true, search: true, width: 110 },
    attachSize: { type: 'int', label: { zh: '附件大小(字节)', en: 'Size (bytes)' }, list: true, sortable: true, width: 130 },
    link: { type: 'string', max: 1000, label: { zh: '附件地址', en: 'Link' }, list: true },
    domain: { type: 'string', max: 500, label: { zh: '附件域名', en: 'Domain' } },
    name: { type: 'string', max: 500, label: { zh: '附件名称', en: 'Stored name' } },
  },
});

/**
 * SMS configurations (spec 1 section 7: /api/blade-resource/sms list, detail, remove, submit, enable,
 * endpoint/send-message). `category` is a key of the system dictionary `sms` (the provider); status 2 marks
 * the enabled configuration.
 */
export const smsEntity = defineEntity({
  name: 'sms',
  table: 'blade_sms',
  api: '/api/blade-resource/sms',
  path: '/resource/sms',
  label: { zh: '短信配置', en: 'SMS' },
  routes: ['list', 'detail', 'submit', 'remove'],
  dialogWidth: 760,
  fields: {
    category: { type: 'int', label: { zh: '分类', en: 'Category' }, dict: 'sms', required: '请选择分类', list: true, search: true, width: 120 },
    smsCode: {
      type: 'string',
      max: 32,
      label: { zh: '资源编号', en: 'Code' },
      required: '请输入资源编号',
      list: true,
      search: true,
      unique: '资源编号已存在',
      pattern: { regex: /^[A-Za-z0-9_-]+$/, message: '资源编号只能包含字母、数字、下划线和中划线' },
    },
    templateId: { type: 'string', max: 64, label: { zh: '模板ID', en: 'Template id' }, required: '请输入模板ID', list: true, search: true },
    accessKey: { type: 'string', max: 255, label: { zh: 'accessKey', en: 'Access key' }, list: true },
    secretKey: { type: 'string', max: 255, label: { zh: 'secretKey', en: 'Secret key' }, secret: true },
    signName: { type: 'string', max: 64, label: { zh: '短信签名', en: 'Signature' }, required: '请输入短信签名', list: true },
    remark: remark({ max: 255 }),
  },
});
