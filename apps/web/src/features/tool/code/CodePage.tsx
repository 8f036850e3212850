/**
 * /tool/code (代码生成, S2 L405-407): the generation settings of the data models, with 生成代码 (a zip of the record
 * kind's definition, module, menu and page in this codebase's shape; docs/codegen.md) and 复制.
 */
import { codeEntity } from '@hjl/core';
import { App, Button } from 'antd';
import { Permit } from '../../../app/auth';
import { CrudPage } from '../../../components/CrudPage';
import { copyCode, downloadGeneratedCode } from '../api';

export default function CodePage() {
  const { message } = App.useApp();
  return (
    <CrudPage
      def={codeEntity}
      actionWidth={260}
      rowActions={(row, { reload }) => (
        <>
          <Permit code="code_gen">
            <Button
              type="link"
              size="small"
              data-testid={`code-gen-${row.id}`}
              onClick={() => void downloadGeneratedCode(String(row.id)).catch((e: Error) => message.error(e.message))}
            >
              生成代码
            </Button>
          </Permit>
          <Permit code="code_copy">
            <Button type="link" size="small" onClick={() => void copyCode(String(row.id)).then(() => reload())}>
              复制
            </Button>
          </Permit>
        </>
      )}
    />
  );
}
