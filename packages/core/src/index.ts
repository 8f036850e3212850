export * from './entity.ts';
export * from './zod-setup.ts';
export * from './api.ts';
export * from './values.ts';
export { paramEntity } from './entities/param.ts';
export { noticeEntity } from './entities/notice.ts';
export { ossEntity, attachEntity, smsEntity } from './entities/resource.ts';
export { datasourceEntity, backupsEntity, putDatabaseEntity } from './entities/develop.ts';
