/**
 * The login page's dialogs (账号注册, 修改初始密码) with antd around them: loaded when one is first opened, so the
 * login form itself loads no antd (docs/performance.md "Pages in the browser").
 */
import type { ComponentProps } from 'react';
import { DesignSystem } from '../../app/providers';
import { ChangePasswordDialog, RegisterDialog } from './RegisterDialog';

export default function LoginDialogs(props: { register: ComponentProps<typeof RegisterDialog>; change: ComponentProps<typeof ChangePasswordDialog> }) {
  return (
    <DesignSystem>
      <RegisterDialog {...props.register} />
      <ChangePasswordDialog {...props.change} />
    </DesignSystem>
  );
}
