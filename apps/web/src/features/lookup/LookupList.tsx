/**
 * The one shape of a lookup list: a page answered by the server (`records/total`), its filters above it (a text
 * or a choice each; changing one goes back to page 1) and the table with the server's paging.
 */
import { useQuery } from '@tanstack/react-query';
import { Flex, Input, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Page } from '@hjl/core';
import type { Query } from '../../app/api';
import { lookupQuery, type Row } from './api';

export interface LookupFilter {
  key: string;
  placeholder: string;
  width: number;
  /** A choice of these; without them a text. */
  options?: { value: string; label: string }[];
  testId?: string;
}

/** The page of `url` under `query` and the filters the user set, with the page number and its setters. */
export function useLookupPage(
  url: string,
  { query = {}, size = 10, enabled = true, initial = {} }: { query?: Query; size?: number; enabled?: boolean; initial?: Record<string, string> } = {},
) {
  const [filters, setFilters] = useState<Record<string, string | undefined>>(initial);
  const [current, setCurrent] = useState(1);
  const page = useQuery(lookupQuery<Page<Row>>(url, { current, size, ...query, ...filters }, enabled));
  const setFilter = (key: string, value: string | undefined) => {
    setFilters((f) => ({ ...f, [key]: value || undefined }));
    setCurrent(1);
  };
  return { filters, setFilter, current, setCurrent, page, size };
}

export type LookupPage = ReturnType<typeof useLookupPage>;

export function LookupFilters({ lookup, filters, label }: { lookup: LookupPage; filters: LookupFilter[]; label?: string }) {
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
      {label ? <span>{label}</span> : null}
      {filters.map((f) =>
        f.options ? (
          <Select
            key={f.key}
            placeholder={f.placeholder}
            allowClear
            showSearch
            optionFilterProp="label"
            options={f.options}
            value={lookup.filters[f.key]}
            onChange={(v: string | undefined) => lookup.setFilter(f.key, v)}
            style={{ width: f.width }}
            data-testid={f.testId}
          />
        ) : (
          <Input
            key={f.key}
            placeholder={f.placeholder}
            allowClear
            value={lookup.filters[f.key] ?? ''}
            onChange={(e) => lookup.setFilter(f.key, e.target.value.trim())}
            style={{ width: f.width }}
            data-testid={f.testId}
          />
        ),
      )}
    </Flex>
  );
}

export function LookupTable({ lookup, columns, testId, small }: { lookup: LookupPage; columns: TableColumnsType<Row>; testId?: string; small?: boolean }) {
  const { page, current, setCurrent, size } = lookup;
  return (
    <Table<Row>
      rowKey="id"
      size={small ? 'small' : 'middle'}
      loading={page.isFetching}
      dataSource={page.data?.records ?? []}
      data-testid={testId}
      columns={columns}
      pagination={{ current, pageSize: size, total: page.data?.total ?? 0, showSizeChanger: false, onChange: setCurrent }}
    />
  );
}
