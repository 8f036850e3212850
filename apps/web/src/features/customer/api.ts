/**
 * The customer area's calls beside its definitions' derived ones: 我的客户's list, a customer's detail, the
 * import, 企业信息查询 and 客户统计. Keys from app/queryKeys.
 */
import { customerEntity, type ChartData, type Page } from '@hjl/core';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';
import { entityApi } from '../../components/CrudPage/api';

const customers = entityApi(customerEntity);

/** The customers the caller owns. */
export const MY_CUSTOMERS_URL = customers.url('my');
export const CUSTOMER_IMPORT_URL = customers.url('import');
export const CUSTOMER_TEMPLATE_URL = customers.url('import-template');

/** One customer (the detail page). */
export const customerQuery = (id: string) => customers.detailQuery(id);

export interface EnterpriseBrief {
  name: string;
  creditCode: string | null;
  regionName: string | null;
  address: string | null;
  source: string;
}
export interface EnterpriseDetail extends EnterpriseBrief {
  contactPerson: string | null;
  contactPhone: string | null;
  customerId: string | null;
  ownerName: string | null;
  facts: { label: string; value: string }[];
}

const ENTERPRISE_API = '/api/business/enterprise/company';

/** Companies by name, a page of 10. */
export const enterpriseSearchQuery = (searchName: string, current: number) =>
  queryOptions({
    queryKey: queryKeys.customer.enterprise(searchName, current),
    queryFn: () => get<Page<EnterpriseBrief>>(`${ENTERPRISE_API}/search`, { searchName, current, size: 10 }),
    enabled: !!searchName,
  });

export const enterpriseQuery = (name: string | null) =>
  queryOptions({
    queryKey: queryKeys.customer.enterpriseDetail(name),
    queryFn: () => get<EnterpriseDetail>(`${ENTERPRISE_API}/detail`, { searchName: name }),
    enabled: !!name,
  });

export interface CustomerReport {
  byType: ChartData;
  byRegion: ChartData;
  byOwner: ChartData;
  perMonth: ChartData;
}

export const customerReportQuery = () =>
  queryOptions({ queryKey: queryKeys.customer.report(), queryFn: () => get<CustomerReport>('/api/business/report/customer') });
