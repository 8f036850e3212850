/** The customer area's menus (客户管理) and what the demo roles get of them. */
import { customerAccountEntity, customerChanceEntity, customerContactsEntity, customerEntity, customerInvoiceEntity, customerVisitEntity } from '@hjl/core';
import { button, crud, menuOf, type ModuleMenus } from '../../platform/menus.ts';

/**
 * The leaders see and change everything; project staff keep their own clients (owner data scope, see
 * demoScopeGrants) with contacts, visits and chances; finance reads customers and keeps accounts and invoice titles.
 */
const customerAll = [
  'marketing',
  ...crud('customer'),
  'customer_import',
  'customer_export',
  'customer_my',
  ...['customer_contacts', 'customer_visit', 'customer_account', 'customer_invoice', 'customer_chance'].flatMap((c) => [...crud(c), `${c}_export`]),
  'customer_enterprise',
  'customer_report',
];
const customerProject = [
  'marketing',
  'customer',
  'customer_add',
  'customer_edit',
  'customer_view',
  'customer_export',
  'customer_my',
  ...crud('customer_contacts'),
  ...crud('customer_visit'),
  ...crud('customer_chance'),
  'customer_enterprise',
];
const customerFinance = [
  'marketing',
  'customer',
  'customer_view',
  'customer_export',
  ...crud('customer_account'),
  ...crud('customer_invoice'),
  'customer_invoice_export',
  'customer_enterprise',
];

export const menus: ModuleMenus = {
  top: [
    {
      // The list with its detail page (tabs of contacts, visits, accounts, invoice titles and chances), my customers,
      // each kind of record on its own list, enterprise information and the report.
      code: 'marketing',
      name: '客户管理',
      path: '/marketing',
      source: 'ShopOutlined',
      sort: 20,
      children: [
        menuOf(customerEntity, { name: '客户列表', sort: 1, source: 'TeamOutlined', extra: [button('customer_import', '导入', 'import', 0)] }),
        { code: 'customer_my', name: '我的客户', path: '/marketing/hjlCustomer/my', source: 'UserOutlined', sort: 2 },
        menuOf(customerContactsEntity, { sort: 3, source: 'ContactsOutlined' }),
        menuOf(customerVisitEntity, { sort: 4, source: 'CalendarOutlined' }),
        menuOf(customerAccountEntity, { sort: 5, source: 'BankOutlined' }),
        menuOf(customerInvoiceEntity, { sort: 6, source: 'AccountBookOutlined' }),
        menuOf(customerChanceEntity, { sort: 7, source: 'FundOutlined' }),
        { code: 'customer_enterprise', name: '企业信息查询', path: '/marketing/enterprise', source: 'FileSearchOutlined', sort: 8 },
        { code: 'customer_report', name: '客户统计', path: '/marketing/customerReport', source: 'PieChartOutlined', sort: 9 },
      ],
    },
  ],
  demoGrants: { manager: customerAll, finance: customerFinance, project: customerProject },
  dataScopes: [
    {
      menu: 'customer',
      scopeName: '本人负责的客户',
      scopeType: 2,
      scopeField: '*',
      scopeColumn: 'owner_user',
      remark: '只看负责人是自己的客户(及其联系人、拜访、机会等)',
    },
    { menu: 'customer', scopeName: '本部门客户', scopeType: 3, scopeField: '*', scopeColumn: 'create_dept', remark: '只看本部门录入的客户' },
  ],
  demoScopeGrants: [['project', 'customer', '本人负责的客户']],
};
