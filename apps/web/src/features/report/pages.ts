/** 报表管理 → 报表列表. */
import { reportEntity } from '@hjl/core';
import { entityPage, type PageEntry } from '../../app/pageEntry';

export const pages: PageEntry[] = [entityPage(reportEntity, () => import('./ReportPage'))];
