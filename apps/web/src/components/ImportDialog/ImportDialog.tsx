/**
 * Excel import dialog shared by every list with an import (docs/excel.md): template download, file choice,
 * a dry run that lists every problem by row, column and message, then 确认导入. Nothing is saved until the
 * dry run is clean and the user confirms.
 */
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Alert, Button, Checkbox, Flex, Modal, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { post, type Query } from '../../app/api';
import { download } from '../../app/download';
import { useLabel } from '../../app/i18n';

export interface CellError {
  row: number;
  column: string;
  message: string;
}

export interface ImportReport {
  total: number;
  imported: number;
  errors: CellError[];
}

export interface ImportDialogProps {
  open: boolean;
  title?: string;
  /** POST endpoint taking the file as `file`, `dryRun=1` for the check only. */
  importUrl: string;
  templateUrl: string;
  /** Shows the 覆盖已有数据 switch, sent as `isCovered=1`. */
  coverable?: boolean;
  /** Extra query parameters of the import call. */
  params?: Query;
  onClose: () => void;
  /** After a successful import. */
  onImported: (report: ImportReport) => void;
}

const T = {
  title: { zh: '数据导入', en: 'Import' },
  template: { zh: '下载导入模板', en: 'Download template' },
  choose: { zh: '选择文件', en: 'Choose file' },
  hint: { zh: '仅支持 .xlsx 文件,大小不超过5MB', en: '.xlsx only, up to 5 MB' },
  cover: { zh: '覆盖已有数据', en: 'Update existing records' },
  check: { zh: '校验数据', en: 'Check' },
  confirm: { zh: '确认导入', en: 'Import' },
  cancel: { zh: '取消', en: 'Cancel' },
  noFile: { zh: '请选择要导入的文件', en: 'Choose a file first' },
  wrongType: { zh: '请上传 .xlsx 格式的Excel文件', en: 'Only .xlsx files' },
  clean: { zh: '校验通过,共{n}行数据,可以导入', en: '{n} rows checked, ready to import' },
  failed: { zh: '共{n}处错误,请修改文件后重新选择', en: '{n} problems: fix the file and choose it again' },
  done: { zh: '导入成功,共{n}行', en: '{n} rows imported' },
  row: { zh: '行号', en: 'Row' },
  column: { zh: '列', en: 'Column' },
  message: { zh: '错误信息', en: 'Problem' },
};

export function ImportDialog({ open, title, importUrl, templateUrl, coverable, params, onClose, onImported }: ImportDialogProps) {
  const label = useLabel();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [covered, setCovered] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const n = (text: { zh: string; en: string }, count: number) => label(text).replace('{n}', String(count));

  const reset = () => {
    setFile(null);
    setReport(null);
    setCovered(false);
  };

  // The file is passed in: right after a choice, `file` (state) is still the previous one.
  const send = (dryRun: boolean, chosen: File) => {
    const body = new FormData();
    body.append('file', chosen);
    return post<ImportReport>(importUrl, body, { ...params, ...(coverable && covered ? { isCovered: 1 } : {}), ...(dryRun ? { dryRun: 1 } : {}) });
  };

  const check = async (chosen = file) => {
    if (!chosen) {
      void message.warning(label(T.noFile));
      return;
    }
    setBusy(true);
    try {
      setReport(await send(true, chosen));
    } catch {
      // the API client has shown the server's message (e.g. a missing column)
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const done = await send(false, file!);
      void message.success(n(T.done, done.imported));
      reset();
      onImported(done);
    } catch {
      // shown by the API client; the dialog stays open with the file chosen
    } finally {
      setBusy(false);
    }
  };

  const ready = report !== null && report.errors.length === 0;

  return (
    <Modal
      open={open}
      title={title ?? label(T.title)}
      width={720}
      destroyOnHidden
      afterClose={reset}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="import-cancel">
          {label(T.cancel)}
        </Button>,
        <Button key="ok" type="primary" loading={busy} disabled={!ready} onClick={() => void confirm()} data-testid="import-confirm">
          {label(T.confirm)}
        </Button>,
      ]}
    >
      <Flex vertical gap={16}>
        <Flex gap={12} align="center" wrap>
          <Upload
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              if (!/\.xlsx$/i.test(f.name)) {
                void message.error(label(T.wrongType));
                return Upload.LIST_IGNORE;
              }
              setFile(f);
              setReport(null);
              void check(f);
              return false; // uploaded by `check` / `confirm`, not by antd
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="import-choose">
              {label(T.choose)}
            </Button>
          </Upload>
          <Typography.Text type={file ? undefined : 'secondary'} data-testid="import-file-name">
            {file ? file.name : label(T.hint)}
          </Typography.Text>
          <Button type="link" icon={<DownloadOutlined />} onClick={() => download(templateUrl)} data-testid="import-template">
            {label(T.template)}
          </Button>
        </Flex>
        {coverable && (
          <Checkbox
            checked={covered}
            onChange={(e) => {
              setCovered(e.target.checked);
              setReport(null);
            }}
            data-testid="import-covered"
          >
            {label(T.cover)}
          </Checkbox>
        )}
        {file && !report && (
          <Button loading={busy} onClick={() => void check()} data-testid="import-check" style={{ alignSelf: 'flex-start' }}>
            {label(T.check)}
          </Button>
        )}
        {report && ready && <Alert type="success" showIcon title={n(T.clean, report.total)} data-testid="import-ready" />}
        {report && !ready && (
          <>
            <Alert type="error" showIcon title={n(T.failed, report.errors.length)} data-testid="import-failed" />
            <div data-testid="import-errors">
              <Table<CellError & { key: number }>
                size="small"
                pagination={report.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                dataSource={report.errors.map((e, key) => ({ ...e, key }))}
                columns={[
                  { key: 'row', dataIndex: 'row', title: label(T.row), width: 80 },
                  { key: 'column', dataIndex: 'column', title: label(T.column), width: 140 },
                  { key: 'message', dataIndex: 'message', title: label(T.message) },
                ]}
              />
            </div>
          </>
        )}
      </Flex>
    </Modal>
  );
}
