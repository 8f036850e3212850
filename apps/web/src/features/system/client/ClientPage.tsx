/** /system/client: OAuth clients. The generated secret is shown once, right after the client is created. */
import { clientEntity } from '@hjl/core';
import { App, Typography } from 'antd';
import { CrudPage } from '../../../components/CrudPage';
import { useLabel } from '../../../app/i18n';

const texts = {
  title: { zh: '客户端密钥', en: 'Client secret' },
  once: { zh: '请立即复制并妥善保存,关闭后将无法再次查看:', en: 'Copy it now and keep it safe; it cannot be shown again:' },
};

export default function ClientPage() {
  const { modal } = App.useApp();
  const label = useLabel();
  return (
    <CrudPage
      def={clientEntity}
      onSaved={(answer, mode) => {
        const secret = (answer as { clientSecret?: string } | undefined)?.clientSecret;
        if (mode !== 'add' || !secret) return;
        modal.info({
          title: label(texts.title),
          width: 520,
          content: (
            <>
              <p>{label(texts.once)}</p>
              <Typography.Paragraph copyable code data-testid="client-secret">
                {secret}
              </Typography.Paragraph>
            </>
          ),
        });
      }}
    />
  );
}
