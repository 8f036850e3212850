import { noticeEntity } from '@hjl/core';
import { entityTable } from '../../platform/crud/table.ts';

export const notices = entityTable(noticeEntity);
