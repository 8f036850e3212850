/**
 * Basic card container (spec 2 section 2): the frame of a page section — a title with optional actions on
 * the right and the content below, with the page's spacing. Business pages put their parts in these.
 */
import { Card } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export interface BasicCardProps {
  title?: ReactNode;
  /** Actions on the right of the title. */
  extra?: ReactNode;
  children: ReactNode;
  loading?: boolean;
  testId?: string;
  style?: CSSProperties;
}

export function BasicCard({ title, extra, children, loading, testId = 'basic-card', style }: BasicCardProps) {
  return (
    <Card
      size="small"
      title={title}
      extra={extra}
      loading={loading}
      data-testid={testId}
      style={{ marginBottom: 16, ...style }}
      styles={{ body: { padding: 16 } }}
    >
      {children}
    </Card>
  );
}
