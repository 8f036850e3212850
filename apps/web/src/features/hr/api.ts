/**
 * People (人事管理, issue 18): the calls of the area. URLs live here only. The asset register lists through
 * `asset/page` (S2 L445), not `<api>/list`.
 */
import { assetEntity } from '@hjl/core';
import { entityApi } from '../../components/CrudPage/api';

export const assetListUrl = entityApi(assetEntity).url('page');
