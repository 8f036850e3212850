/**
 * Messages and dialogs for code outside React components (the API client, the auth module). They use the
 * instances of antd's <App> (bound by <FeedbackBridge/> in providers.tsx) so they follow the theme and locale.
 * On the login page, which renders without antd (docs/performance.md "Pages in the browser"), a message loads
 * antd's own message on demand (the same look, the default theme).
 */
import type { useAppProps } from 'antd/es/app/context';
import type { ModalFuncProps } from 'antd';

let app: useAppProps | null = null;

type Level = 'error' | 'warning' | 'success';
/** antd's message outside <App>, loaded the first time it is needed. */
function staticMessage(level: Level, text: string) {
  void import('antd/es/message').then(
    ({ default: message }) => message[level](text),
    () => console.error(text),
  );
}

export function bindFeedback(instance: useAppProps | null) {
  app = instance;
}

export const feedback = {
  error(text: string) {
    if (app) void app.message.error(text);
    else staticMessage('error', text);
  },
  warning(text: string) {
    if (app) void app.message.warning(text);
    else staticMessage('warning', text);
  },
  success(text: string) {
    if (app) void app.message.success(text);
    else staticMessage('success', text);
  },
  /** A dialog with a single confirm button. */
  alert(props: Omit<ModalFuncProps, 'type'>) {
    if (app) app.modal.warning({ ...props });
    else props.onOk?.();
  },
  /** A confirmation dialog; resolves true when confirmed. */
  confirm(props: Omit<ModalFuncProps, 'onOk' | 'onCancel'>): Promise<boolean> {
    return new Promise((resolve) => {
      if (!app) return resolve(false);
      app.modal.confirm({ ...props, onOk: () => resolve(true), onCancel: () => resolve(false) });
    });
  },
};
