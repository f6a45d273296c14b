import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The title block of a page; data-testid="page-title" is what browser tests look for. */
export function PageHeader({ title, subtitle, extra }: { title: string; subtitle?: string; extra?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <Typography.Title level={3} data-testid="page-title" className="page-title">
          {title}
        </Typography.Title>
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </div>
      {extra && <div className="page-header-extra">{extra}</div>}
    </div>
  );
}
