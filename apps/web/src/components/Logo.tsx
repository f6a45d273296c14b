import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A cell of four silicon wafers with a sun: the PVForge mark. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect x="2" y="10" width="13" height="9" rx="1.5" fill="#3d8bfd" />
      <rect x="17" y="10" width="13" height="9" rx="1.5" fill="#3d8bfd" />
      <rect x="2" y="21" width="13" height="9" rx="1.5" fill="#2a6fd6" />
      <rect x="17" y="21" width="13" height="9" rx="1.5" fill="#2a6fd6" />
      <circle cx="16" cy="6" r="4" fill="#f5b324" />
    </svg>
  );
}

export function Logo({ to = '/', subtitle = true }: { to?: string; subtitle?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="logo" data-testid="logo">
      <LogoMark />
      <span className="logo-text">
        <span className="logo-name">{t('common.appName')}</span>
        {subtitle && <span className="logo-sub">{t('common.appFullName')}</span>}
      </span>
    </Link>
  );
}
