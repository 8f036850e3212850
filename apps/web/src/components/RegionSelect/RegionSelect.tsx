/**
 * A region chosen from the administrative regions (`/api/blade-system/region/lazy-tree`, loaded a level at a
 * time). The value is the region code, shown as its full name (江苏省/南京市/江宁区); for a value the form
 * already holds, the levels above it are loaded (GB/T 2260 codes: province xx0000, city xxxx00).
 */
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useLabel } from '../../app/i18n';
import { regionChildrenQuery, type LazyRegion } from './api';

export interface RegionSelectProps {
  value?: string | null;
  onChange?: (v: string | null) => void;
  disabled?: boolean;
  testId?: string;
  style?: CSSProperties;
}

export function RegionSelect({ value, onChange, disabled, testId = 'region-select', style }: RegionSelectProps) {
  const label = useLabel();
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState<LazyRegion[]>([]);
  const provinces = useQuery(regionChildrenQuery());
  // The levels above a stored value: the cities of its province, the districts of its city.
  const above = value && /^\d{6}$/.test(value) ? [`${value.slice(0, 2)}0000`, `${value.slice(0, 4)}00`].filter((c) => c !== value) : [];
  const parents = useQueries({ queries: [...new Set(above)].map((code) => regionChildrenQuery(code)) });
  const parentRows = parents.flatMap((q) => q.data ?? []);
  const byCode = new Map<string, LazyRegion>();
  for (const r of [...(provinces.data ?? []), ...parentRows, ...loaded]) byCode.set(r.code, r);
  const all = [...byCode.values()];
  const fullName = (r: LazyRegion): string => {
    const up = byCode.get(r.parentCode);
    return up ? `${fullName(up)}/${r.name}` : r.name;
  };
  const treeData = all.map((r) => ({ id: r.code, pId: r.parentCode, value: r.code, title: r.name, full: fullName(r), isLeaf: !r.hasChildren }));

  return (
    <TreeSelect
      treeDataSimpleMode
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeNodeLabelProp="full"
      value={value ?? undefined}
      disabled={disabled}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={label({ zh: '请选择所在地区', en: 'Region' })}
      treeData={treeData}
      loadData={async (node) => {
        const code = String(node.value);
        const items = await queryClient.fetchQuery(regionChildrenQuery(code));
        setLoaded((prev) => [...prev, ...items]);
      }}
      style={style}
      data-testid={testId}
    />
  );
}
