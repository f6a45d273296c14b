import type { SessionData } from '@pvforge/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../api/endpoints';
import { qk } from '../../api/queries';
import { safeRedirect } from '../../lib/redirect';
import { storeProfile, storeSession } from '../../session/store';

/**
 * What follows a successful login or registration (spec §4): store the session until
 * expire_time, fetch the profile and store the name, then go to the redirect target or /plat.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (data: SessionData, opts: { remember: boolean; username: string; redirect: string | null }) => {
    queryClient.clear();
    storeSession(data, { remember: opts.remember, username: opts.username });
    const uid = String(data.user_id);
    try {
      const { userAddon } = await api.getUserAddon(uid);
      storeProfile(userAddon);
      queryClient.setQueryData(qk.profile(uid), userAddon);
    } catch {
      // The shell fetches the profile again; a slow profile must not block entering the platform.
    }
    navigate(safeRedirect(opts.redirect), { replace: true });
  };
}
