/**
 * /report/reportlist (报表列表, S2 L409): the saved reports — a statistic shown as a chart or a table — and the
 * built-in report pages; 打开 shows a report (a built-in one opens its page), 导出 downloads its figures as Excel.
 * The form picks the statistic among those the user may see (GET …/statistics) and how to show it.
 */
import { REPORT_EXPORT_CODE, REPORT_VIEWS, reportEntity, type ChartData } from '@hjl/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Select, Skeleton, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Permit } from '../../app/auth';
import { download } from '../../app/download';
import { Chart } from '../../components/Chart';
import { CrudPage } from '../../components/CrudPage';
import { REPORT_EXPORT_URL, reportDataQuery, reportStatisticsQuery } from './api';

const viewOptions = REPORT_VIEWS.map((v) => ({ value: v.key, label: v.label }));

/** A statistic as a table: one row per category, one column per series. */
function ChartTable({ chart }: { chart: ChartData }) {
  const columns = [
    { title: '分类', dataIndex: 'category', key: 'category' },
    ...chart.series.map((s, i) => ({ title: s.name, dataIndex: `s${i}`, key: `s${i}`, align: 'right' as const })),
  ];
  const rows = chart.categories.map((category, r) => ({ key: category, category, ...Object.fromEntries(chart.series.map((s, i) => [`s${i}`, s.data[r]])) }));
  return <Table size="small" columns={columns} dataSource={rows} pagination={false} data-testid="report-table" />;
}

function ReportDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const data = useQuery(reportDataQuery(id));
  const chart = data.data?.chart;
  return (
    <Drawer open={id !== null} onClose={onClose} width={820} title={data.data?.name ?? '报表'} destroyOnHidden>
      {!chart ? (
        <Skeleton active />
      ) : data.data?.view === 'table' ? (
        <ChartTable chart={chart} />
      ) : (
        <Chart data={{ ...chart, kind: (data.data?.view as ChartData['kind'] | undefined) ?? chart.kind }} height={420} />
      )}
    </Drawer>
  );
}

export default function ReportPage() {
  const navigate = useNavigate();
  const [openId, setOpenId] = useState<string | null>(null);
  const statistics = useQuery(reportStatisticsQuery());
  const titles = useMemo(() => new Map((statistics.data ?? []).map((s) => [s.key, s.title])), [statistics.data]);
  const statisticOptions = (statistics.data ?? []).map((s) => ({ value: s.key, label: s.title }));
  return (
    <>
      <CrudPage
        def={reportEntity}
        viewButton={false}
        actionWidth={220}
        controls={{
          statistic: <Select options={statisticOptions} loading={statistics.isLoading} placeholder="请选择统计项" showSearch optionFilterProp="label" />,
          view: <Select options={viewOptions} placeholder="请选择展示方式" />,
        }}
        render={{
          statistic: (v) => (v ? (titles.get(String(v)) ?? String(v)) : ''),
          view: (v, row) => (row.pagePath ? '报表页面' : (REPORT_VIEWS.find((o) => o.key === v)?.label ?? '')),
        }}
        rowActions={(row) => (
          <>
            <Button
              type="link"
              size="small"
              data-testid={`report-open-${row.id}`}
              onClick={() => (row.pagePath ? navigate(String(row.pagePath)) : setOpenId(String(row.id)))}
            >
              打开
            </Button>
            {!row.pagePath && (
              <Permit code={REPORT_EXPORT_CODE}>
                <Button type="link" size="small" onClick={() => download(REPORT_EXPORT_URL, { id: String(row.id) })}>
                  导出
                </Button>
              </Permit>
            )}
          </>
        )}
      />
      <ReportDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
