/**
 * 打印审批单 (docs/workflow.md "打印审批单"): downloads the A4 PDF the server makes of the records `ids` — one from the
 * approval drawer, the rows selected on a list for a batch (one file). Without a record it asks for one.
 */
import { PrinterOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useLabel } from '../../app/i18n';
import { MAX_PRINTED, printSheets } from './api';

export const PRINT_TEXT = {
  print: { zh: '打印审批单', en: 'Print approval sheet' },
  none: { zh: '请选择要打印的数据', en: 'Select the records to print' },
  tooMany: { zh: `一次最多打印${MAX_PRINTED}条审批单`, en: `At most ${MAX_PRINTED} records at a time` },
};

export interface PrintSheetButtonProps {
  /** The kind's API base (`def.api`). */
  api: string;
  ids: readonly string[];
  /** The button's text (default 打印审批单). */
  text?: string;
  testId?: string;
}

export function PrintSheetButton({ api, ids, text, testId = 'approval-print' }: PrintSheetButtonProps) {
  const label = useLabel();
  const { message } = App.useApp();
  const print = () => {
    if (!ids.length) return void message.warning(label(PRINT_TEXT.none));
    if (ids.length > MAX_PRINTED) return void message.warning(label(PRINT_TEXT.tooMany));
    printSheets(api, ids);
  };
  return (
    <Button icon={<PrinterOutlined />} onClick={print} data-testid={testId}>
      {text ?? label(PRINT_TEXT.print)}
    </Button>
  );
}
