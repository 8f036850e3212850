export * from './entity.ts';
export * from './zod-setup.ts';
export * from './api.ts';
export * from './values.ts';
export { paramEntity } from './entities/param.ts';
export { noticeEntity } from './entities/notice.ts';
export { tenantEntity, tenantPackageEntity, clientEntity } from './entities/tenant.ts';
export { dictEntity, dictChildEntity, dictBizEntity, dictBizChildEntity } from './entities/dict.ts';
