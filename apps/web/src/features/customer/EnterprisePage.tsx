/**
 * /marketing/enterprise: 企业信息查询 — search companies by name (searchName) and open one's details, through
 * the server's enterprise-information provider (by default the company's own customer records).
 */
import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Flex, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLabel } from '../../app/i18n';
import { enterpriseQuery, enterpriseSearchQuery, type EnterpriseBrief as Brief } from './api';

const T = {
  placeholder: { zh: '请输入企业名称', en: 'Company name' },
  search: { zh: '查询', en: 'Search' },
  name: { zh: '企业名称', en: 'Company' },
  code: { zh: '统一社会信用代码', en: 'Credit code' },
  region: { zh: '所在地区', en: 'Region' },
  address: { zh: '地址', en: 'Address' },
  source: { zh: '来源', en: 'Source' },
  customer: { zh: '本公司客户', en: 'Our customer' },
  contact: { zh: '联系人', en: 'Contact' },
  phone: { zh: '联系电话', en: 'Phone' },
  owner: { zh: '负责人', en: 'Owner' },
  detail: { zh: '企业详情', en: 'Company details' },
  open: { zh: '查看客户', en: 'Open customer' },
  hint: { zh: '输入企业名称后查询', en: 'Type a company name and search' },
};

export default function EnterprisePage() {
  const label = useLabel();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [searchName, setSearchName] = useState('');
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const found = useQuery({ ...enterpriseSearchQuery(searchName, current), placeholderData: keepPreviousData });
  const detail = useQuery(enterpriseQuery(open));
  const run = () => {
    setSearchName(typed.trim());
    setCurrent(1);
  };
  const d = detail.data;
  return (
    <Card>
      <Flex gap={8} style={{ marginBottom: 16 }}>
        <Input
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={run}
          placeholder={label(T.placeholder)}
          style={{ maxWidth: 360 }}
          allowClear
          data-testid="enterprise-search"
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={run} disabled={!typed.trim()} data-testid="enterprise-search-submit">
          {label(T.search)}
        </Button>
      </Flex>
      <Table<Brief>
        rowKey={(r) => r.creditCode ?? r.name}
        size="middle"
        loading={found.isFetching}
        dataSource={found.data?.records ?? []}
        locale={{ emptyText: searchName ? undefined : label(T.hint) }}
        columns={[
          { key: 'name', dataIndex: 'name', title: label(T.name), render: (v: string) => <a onClick={() => setOpen(v)}>{v}</a> },
          { key: 'creditCode', dataIndex: 'creditCode', title: label(T.code), width: 200 },
          { key: 'regionName', dataIndex: 'regionName', title: label(T.region), width: 180 },
          {
            key: 'source',
            dataIndex: 'source',
            title: label(T.source),
            width: 120,
            render: (v: string) => (v === 'customer' ? <Tag color="blue">{label(T.customer)}</Tag> : v),
          },
        ]}
        pagination={{ current, pageSize: 10, total: found.data?.total ?? 0, showSizeChanger: false, onChange: setCurrent }}
      />
      <Drawer open={!!open} title={label(T.detail)} size={640} onClose={() => setOpen(null)} loading={detail.isFetching}>
        {d && (
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label={label(T.name)}>{d.name}</Descriptions.Item>
            <Descriptions.Item label={label(T.code)}>{d.creditCode}</Descriptions.Item>
            <Descriptions.Item label={label(T.region)}>{d.regionName}</Descriptions.Item>
            <Descriptions.Item label={label(T.address)}>{d.address}</Descriptions.Item>
            <Descriptions.Item label={label(T.contact)}>{d.contactPerson}</Descriptions.Item>
            <Descriptions.Item label={label(T.phone)}>{d.contactPhone}</Descriptions.Item>
            <Descriptions.Item label={label(T.owner)}>{d.ownerName}</Descriptions.Item>
            {d.facts.map((f) => (
              <Descriptions.Item key={f.label} label={f.label}>
                {f.value}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
        {d?.customerId && (
          <Button style={{ marginTop: 16 }} type="primary" onClick={() => navigate(`/marketing/hjlCustomersDetail/${d.customerId}`)}>
            {label(T.open)}
          </Button>
        )}
      </Drawer>
    </Card>
  );
}
