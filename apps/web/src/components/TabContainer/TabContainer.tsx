/**
 * Tab container (spec 2 section 2): the first tab is a back tab that returns to the previous page, or tells
 * the parent (`onBack`) when it shows the container in place; the other tabs are configurable and can be
 * hidden. Choosing the back tab never makes it the active one.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useLabel } from '../../app/i18n';

export const BACK_TAB = '__back';

export interface ContainerTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
  /** Left out (e.g. a tab the record's state or the user's permissions do not allow). */
  hidden?: boolean;
}

export interface TabContainerProps {
  tabs: ContainerTab[];
  /** Controlled active tab; otherwise the first visible one to start with. */
  activeKey?: string;
  onChange?: (key: string) => void;
  /** Called by the back tab instead of going back in the browser history. */
  onBack?: () => void;
}

export function TabContainer({ tabs, activeKey, onChange, onBack }: TabContainerProps) {
  const label = useLabel();
  const navigate = useNavigate();
  const visible = tabs.filter((t) => !t.hidden);
  const [own, setOwn] = useState(visible[0]?.key);
  const active = activeKey ?? (visible.some((t) => t.key === own) ? own : visible[0]?.key);

  return (
    <Tabs
      data-testid="tab-container"
      activeKey={active}
      onChange={(key) => {
        if (key === BACK_TAB) {
          if (onBack) onBack();
          else void navigate(-1);
          return;
        }
        setOwn(key);
        onChange?.(key);
      }}
      items={[
        {
          key: BACK_TAB,
          label: (
            <span data-testid="tab-container-back">
              <ArrowLeftOutlined /> {label({ zh: '返回', en: 'Back' })}
            </span>
          ),
        },
        ...visible.map((t) => ({ key: t.key, label: <span data-testid={`tab-container-${t.key}`}>{t.label}</span>, children: t.children })),
      ]}
    />
  );
}
