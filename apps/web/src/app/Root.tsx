import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { useDialogs } from '../components/dialogs/context';
import { DialogProvider } from '../components/dialogs/DialogProvider';
import { isPlatPath, loginRedirectUrl } from '../lib/redirect';
import { LiveConnector } from '../live/LiveConnector';
import { clearSession, getSession } from '../session/store';

/** Answers a lost session (any 401 on a signed call): clear it and ask for login with a way back. */
function SessionLossHandler() {
  const navigate = useNavigate();
  const location = useLocation();
  const { open } = useDialogs();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation();

  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (!getSession()) return;
      const here = location.pathname + location.search;
      message.warning({ content: t('login.sessionLost'), key: 'session-lost' });
      if (isPlatPath(location.pathname)) {
        navigate(loginRedirectUrl(here), { replace: true });
        clearSession();
      } else {
        clearSession();
        open('login', { redirect: here });
      }
      queryClient.removeQueries({ queryKey: ['profile'] });
    });
    return () => setUnauthorizedHandler(() => {});
  }, [navigate, location, open, queryClient, message, t]);
  return null;
}

export function Root() {
  return (
    <DialogProvider>
      <SessionLossHandler />
      {/* The live connection (spec §4: it opens when logged in) on every page, public ones too,
          one per tab: chat, finished calculations and kicks reach a user reading /help (issue 29). */}
      <LiveConnector />
      <Outlet />
    </DialogProvider>
  );
}
