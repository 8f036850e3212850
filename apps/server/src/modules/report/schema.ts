/** Saved report definitions (报表列表, blade_report_file). */
import { reportEntity } from '@hjl/core';
import { entityTable } from '../../platform/crud/table.ts';

export const reports = entityTable(reportEntity);
