import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';

/** The frame of a public content page: a title band, then a readable column. */
export function PublicPage({
  title,
  subtitle,
  extra,
  children,
}: {
  title: string;
  subtitle?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="public-page">
      <div className="public-page-band">
        <div className="container">
          <PageHeader title={title} subtitle={subtitle} extra={extra} />
        </div>
      </div>
      <div className="container public-page-body">{children}</div>
    </div>
  );
}
