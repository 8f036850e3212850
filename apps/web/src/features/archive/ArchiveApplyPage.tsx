/** 档案借阅: borrowings on the approval kit; a lent one is returned (归还, the process archiveReturn). */
import { ARCHIVE_APPLY_STAGE, archiveApplyEntity } from '@hjl/core';
import { App, Button } from 'antd';
import { Permit } from '../../app/auth';
import { CrudPage } from '../../components/CrudPage';
import { returnArchive } from './api';
import './controls';

export default function ArchiveApplyPage() {
  const { message } = App.useApp();
  return (
    <CrudPage
      def={archiveApplyEntity}
      rowActions={(row, ctx) =>
        row.applyStage === ARCHIVE_APPLY_STAGE.lent ? (
          <Permit code="archive_apply_return">
            <Button
              type="link"
              size="small"
              data-testid={`archive-return-${String(row.id)}`}
              onClick={() =>
                void returnArchive(String(row.id)).then(
                  async () => {
                    message.success('已发起归还');
                    await ctx.reload();
                  },
                  () => undefined,
                )
              }
            >
              归还
            </Button>
          </Permit>
        ) : null
      }
    />
  );
}
