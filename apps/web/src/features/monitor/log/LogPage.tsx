/**
 * The usual, API and error log lists (/monitor/log/usual|api|error): newest first, searched by service,
 * request URI and time range, with the whole record in a drawer.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Drawer, Flex, Form, Input, Table, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../app/auth';
import type { Messages } from '../../../app/locales/zh-CN';
import { dateRangeQuery, SearchActions, useList, type Row } from '../../../components/CrudPage';
import { logDetailQuery, logList, type LogKind } from '../api';

export type { LogKind };
/** A field of the log tables, labelled by its key in the `res` texts. */
type Field = keyof Messages['res'];

/** List columns per kind (field names of the log tables); the drawer shows every field. */
const COLUMNS: Record<LogKind, Field[]> = {
  usual: ['serviceId', 'logLevel', 'logId', 'requestUri', 'createBy', 'remoteIp', 'createTime'],
  api: ['serviceId', 'title', 'method', 'requestUri', 'statusCode', 'time', 'createBy', 'remoteIp', 'createTime'],
  error: ['serviceId', 'exceptionName', 'message', 'method', 'requestUri', 'createBy', 'createTime'],
};
const DETAIL: Record<LogKind, Field[]> = {
  usual: [
    'tenantId',
    'serviceId',
    'serverHost',
    'serverIp',
    'env',
    'requestId',
    'logLevel',
    'logId',
    'method',
    'requestUri',
    'remoteIp',
    'userAgent',
    'createBy',
    'createTime',
    'logData',
    'params',
  ],
  api: [
    'tenantId',
    'serviceId',
    'serverHost',
    'serverIp',
    'env',
    'requestId',
    'title',
    'method',
    'requestUri',
    'statusCode',
    'time',
    'remoteIp',
    'userAgent',
    'createBy',
    'createTime',
    'params',
  ],
  error: [
    'tenantId',
    'serviceId',
    'serverHost',
    'serverIp',
    'env',
    'requestId',
    'method',
    'requestUri',
    'exceptionName',
    'message',
    'fileName',
    'lineNumber',
    'remoteIp',
    'userAgent',
    'createBy',
    'createTime',
    'params',
    'stackTrace',
  ],
};
const BLOCK = new Set<Field>(['params', 'logData', 'stackTrace', 'userAgent', 'message']);

function pretty(value: unknown): string {
  if (typeof value !== 'string') return value === null || value === undefined ? '' : String(value);
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

interface SearchValues {
  serviceId?: string;
  requestUri?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function LogPage({ kind }: { kind: LogKind }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SearchValues>();
  const [openId, setOpenId] = useState<string | null>(null);
  const { search: searchList, setAnchor, tableProps } = useList(logList(kind));
  const detail = useQuery(logDetailQuery(kind, openId));

  const search = (v: SearchValues) =>
    searchList({
      serviceId: v.serviceId?.trim(),
      requestUri: v.requestUri?.trim(),
      ...dateRangeQuery(v.range, { time: true }),
    });

  const columns: TableColumnsType<Row> = COLUMNS[kind].map((field) => ({
    key: field,
    dataIndex: field,
    title: t(`res.${field}`),
    ellipsis: true,
    width: field === 'createTime' ? 170 : field === 'requestUri' || field === 'message' || field === 'title' ? undefined : 110,
    render:
      field === 'statusCode'
        ? (v: number) => <Tag color={v >= 500 ? 'red' : v >= 400 ? 'orange' : 'green'}>{v}</Tag>
        : field === 'logLevel'
          ? (v: string) => <Tag color={v === 'ERROR' ? 'red' : v === 'WARN' ? 'orange' : 'blue'}>{v}</Tag>
          : undefined,
  }));
  columns.push({
    key: 'actions',
    title: t('crud.actions'),
    fixed: 'right',
    width: 90,
    render: (_, row) => (
      <Permit code={`log_${kind}_view`}>
        <Button type="link" size="small" onClick={() => setOpenId(row.id)} data-testid={`log-view-${row.id}`}>
          {t('crud.view')}
        </Button>
      </Permit>
    ),
  });

  return (
    <Card data-testid={`log-${kind}`}>
      <Flex vertical gap={16}>
        <Form form={form} layout="inline" onFinish={search} data-testid="log-search">
          <Form.Item name="serviceId" label={t('res.serviceId')}>
            <Input
              allowClear
              placeholder={t('crud.inputPlaceholder', { label: t('res.serviceId') })}
              style={{ width: 160 }}
              data-testid="log-search-serviceId"
            />
          </Form.Item>
          <Form.Item name="requestUri" label={t('res.requestUri')}>
            <Input
              allowClear
              placeholder={t('crud.inputPlaceholder', { label: t('res.requestUri') })}
              style={{ width: 220 }}
              data-testid="log-search-requestUri"
            />
          </Form.Item>
          <Form.Item name="range" label={t('res.timeRange')}>
            <DatePicker.RangePicker showTime placeholder={[t('res.startTime'), t('res.endTime')]} style={{ width: 340 }} data-testid="log-search-range" />
          </Form.Item>
          <SearchActions form={form} onReset={() => search({})} testId="log-search" />
        </Form>
        <div ref={setAnchor}>
          <Table<Row> rowKey="id" size="middle" data-testid="log-table" columns={columns} scroll={{ x: 'max-content' }} {...tableProps} />
        </div>
      </Flex>
      <Drawer
        open={openId !== null}
        onClose={() => setOpenId(null)}
        title={t('res.detail')}
        size={720}
        loading={detail.isPending && openId !== null}
        data-testid="log-drawer"
      >
        {detail.data && (
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 120 } }}>
            {DETAIL[kind].map((field) => (
              <Descriptions.Item key={field} label={t(`res.${field}`)}>
                {BLOCK.has(field) ? (
                  <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 360, overflow: 'auto' }}>
                    {pretty(detail.data[field])}
                  </pre>
                ) : (
                  String(detail.data[field] ?? '')
                )}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Drawer>
    </Card>
  );
}
