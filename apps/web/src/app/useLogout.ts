import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../api/endpoints';
import { stopLive } from '../live/registry';
import { clearSession, getSession } from '../session/store';

/** Logout behind a 确定/取消 confirm (spec §4/§5): revoke on the server, clear locally, go to /. */
export function useLogout() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () =>
    modal.confirm({
      title: t('plat.logoutTitle'),
      content: t('plat.logoutBody'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'logout-confirm-ok' } as Record<string, string>,
      cancelButtonProps: { 'data-testid': 'logout-confirm-cancel' } as Record<string, string>,
      onOk: async () => {
        // Spec §4: the live connection closes with the session. First, so that the server's 'k' for
        // the revoked session does not reach it and read as "you were signed out".
        stopLive();
        const session = getSession();
        // Local state ends before the server revokes the token: a request still in flight would
        // otherwise come back 401 and read as "session lost, log in again to return here".
        clearSession({ logout: true });
        await navigate('/', { replace: true });
        queryClient.clear();
        message.success(t('plat.loggedOut'));
        // A failed revoke must not trap the user in the platform; the token still expires.
        if (session) await api.logout(session).catch(() => undefined);
      },
    });
}
