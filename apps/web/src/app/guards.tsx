import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useRole } from '../api/queries';
import { Loading } from '../components/Loading';
import { loginRedirectUrl } from '../lib/redirect';
import { sessionEndedByLogout } from '../session/store';
import { useSession } from '../session/useSession';

/** /plat/* needs a session; without one, go to / and ask for a login that returns here (spec §6). */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    if (sessionEndedByLogout()) return <Navigate to="/" replace />;
    return <Navigate to={loginRedirectUrl(location.pathname + location.search)} replace />;
  }
  return children;
}

/** Administrator-only routes; others go to the dashboard once the role is known. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isAdmin, checking } = useRole();
  if (checking) return <Loading tip={t('plat.checking')} testid="checking-permissions" />;
  if (!isAdmin) return <Navigate to="/plat/index" replace />;
  return children;
}
