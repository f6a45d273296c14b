import { normalizeRole, SESSION } from '@pvforge/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { api } from '../api/endpoints';
import { qk } from '../api/queries';
import { Loading } from '../components/Loading';
import { storeProfile, storeRawSession } from '../session/store';

/** A login token counts only when it looks like one (a link may carry 'null' or 'undefined'). */
function usable(v: string | undefined): v is string {
  return !!v && v !== 'null' && v !== 'undefined' && v.trim() !== '';
}

/**
 * phone/:token/:uid hands a session over from another device or app (spec §2). Without a token it
 * goes home. Otherwise the pair is checked against the server (a signed getUserAddon) before it is
 * adopted; the expiry is unknown here, so the default lifetime bounds the cookies and the server
 * remains the judge of the token's real expiry.
 */
export default function PhoneLanding() {
  const { token, uid } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const started = useRef(false);
  const valid = usable(token) && usable(uid) && /^[1-9]\d{0,15}$/.test(uid);

  useEffect(() => {
    if (!valid || started.current) return;
    started.current = true;
    api
      .getUserAddon(uid, { token, uid })
      .then(({ userAddon }) => {
        queryClient.clear();
        storeRawSession(token, uid, normalizeRole(userAddon.role), Date.now() + SESSION.defaultTtlMs);
        storeProfile(userAddon);
        queryClient.setQueryData(qk.profile(uid), userAddon);
        navigate('/plat', { replace: true });
      })
      .catch(() => {
        message.error(t('phone.failed'));
        navigate('/', { replace: true });
      });
  }, [valid, token, uid, navigate, queryClient, message, t]);

  if (!valid) return <Navigate to="/" replace />;
  return <Loading tip={t('phone.checking')} testid="phone-checking" />;
}
