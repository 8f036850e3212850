export * from './entity.ts';
export * from './zod-setup.ts';
export * from './api.ts';
export * from './values.ts';
export { paramEntity } from './entities/param.ts';
export { noticeEntity } from './entities/notice.ts';
export { userEntity, USER_STATUS, APPROVAL, USER_TYPES, PHONE_RULE, phoneError, PASSWORD_RULE, newPasswordError, AVATAR_RULE, USER_MSG } from './entities/user.ts';
export { tenantEntity, tenantPackageEntity, clientEntity } from './entities/tenant.ts';
export { dictEntity, dictChildEntity, dictBizEntity, dictBizChildEntity } from './entities/dict.ts';
