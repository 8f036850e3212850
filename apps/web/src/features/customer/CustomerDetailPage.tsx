/**
 * /marketing/hjlCustomersDetail/{id}: one customer (opens no tab: settings.noTabPaths): its facts, and tabs
 * with its contacts, visits, accounts, invoice titles and chances, each with add, edit and delete, then its
 * contracts and projects (BUSINESS.md WP2: the contract and project areas' own lists confined to the customer, paged on
 * the server, given by the page registry since a feature imports no other) — the tabs of the kinds the user's
 * role may list.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { customerChildEntities, customerEntity, dictKeyOf, permissionCodes, type FieldDef } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { Suspense, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useGranted } from '../../app/auth';
import { useDicts } from '../../app/dict';
import { useLabel } from '../../app/i18n';
import { displayValue } from '../../components/CrudPage/fields';
import type { RelatedTab } from '../../components/RelatedTab';
import { customerQuery } from './api';
import { CustomerRecords } from './ChildPages';

const fields = Object.entries(customerEntity.fields).filter(([name]) => name !== 'regionName') as [string, FieldDef][];
const dictCodes = [...new Set(fields.flatMap(([, f]) => (f.dict ? [dictKeyOf(f)] : [])))];

/** `related`: tabs of other areas' records of the customer (its contracts, its projects), composed by the page registry. */
export default function CustomerDetailPage({ related = [] }: { related?: readonly RelatedTab[] }) {
  const { id = '' } = useParams();
  const label = useLabel();
  const navigate = useNavigate();
  const dicts = useDicts(dictCodes);
  const granted = useGranted();
  // Only the kinds of record the user's role may list (the server refuses the others).
  const tabs = customerChildEntities.filter((def) => granted(permissionCodes(def).view));
  const relatedTabs = related.filter((tab) => granted(tab.code));
  const fixed = useMemo(() => ({ customerId: id }), [id]);
  const detail = useQuery(customerQuery(id));

  if (detail.isError) return <Result status="404" title={label({ zh: '客户不存在或无权访问', en: 'No such customer' })} />;
  const c = detail.data;
  return (
    <Flex vertical gap={16} data-testid="customer-detail">
      <Card>
        <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} data-testid="customer-detail-back">
            {label({ zh: '返回', en: 'Back' })}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="customer-detail-name">
            {c ? String(c.customerName) : ''}
          </Typography.Title>
        </Flex>
        {c ? (
          <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
            {fields.map(([name, f]) => (
              <Descriptions.Item key={name} label={label(f.label)} span={name === 'remark' || name === 'address' ? 'filled' : undefined}>
                {displayValue(f, dicts[dictKeyOf(f)] ?? [], f.display ? (c[f.display] ?? c[name]) : c[name])}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <Skeleton active />
        )}
      </Card>
      {c && tabs.length + relatedTabs.length > 0 && (
        <Card>
          <Tabs
            destroyOnHidden
            items={[
              ...tabs.map((def) => ({
                key: def.name,
                label: <span data-testid={`customer-tab-${def.name}`}>{label(def.label)}</span>,
                children: <CustomerRecords def={def} customerId={id} />,
              })),
              ...relatedTabs.map(({ key, label: tabLabel, List }) => ({
                key,
                label: <span data-testid={`customer-tab-${key}`}>{label(tabLabel)}</span>,
                children: (
                  <Suspense fallback={<Skeleton active />}>
                    <List fixed={fixed} />
                  </Suspense>
                ),
              })),
            ]}
          />
        </Card>
      )}
    </Flex>
  );
}
