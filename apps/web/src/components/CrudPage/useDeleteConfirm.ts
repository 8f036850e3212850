/** The delete confirmation of a record (提示 / 确定将选择数据删除?), then 删除成功 and what follows. */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Answers `confirmDelete(remove, after)`: asks, runs `remove`, says 删除成功 and runs `after`. A refusal (e.g.
 * 请先删除子节点!) has been shown by the API client with the server's message; the dialog then just closes.
 */
export function useDeleteConfirm() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return (remove: () => Promise<unknown>, after: () => unknown) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('crud.deleteConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove();
        } catch {
          return;
        }
        void message.success(t('crud.deleted'));
        await after();
      },
    });
}
