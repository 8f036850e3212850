/**
 * The login form's icons, drawn from antd's own icon data (@ant-design/icons-svg) without @ant-design/icons'
 * runtime: the login page loads no antd (docs/performance.md "Pages in the browser").
 */
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';

export const loginIcons = { EyeInvisibleOutlined, EyeOutlined, LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined };

/** An outlined icon, sized and coloured by its text (1em, currentColor) as antd's are. */
export function LoginIcon({ icon }: { icon: IconDefinition }) {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span role="img" aria-label={icon.name} className="anticon">
      <svg viewBox={svg.attrs.viewBox as string} width="1em" height="1em" fill="currentColor" aria-hidden focusable="false">
        {(svg.children ?? []).map((child, i) => (
          <path key={i} d={child.attrs.d as string} />
        ))}
      </svg>
    </span>
  );
}
