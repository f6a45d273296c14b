import { normalizeRole, ROLE, type Role } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { storeProfile } from '../session/store';
import { useSession } from '../session/useSession';
import { api } from './endpoints';

export const qk = {
  stats: ['stats'] as const,
  faq: ['faq'] as const,
  news: (page: number, size: number) => ['news', page, size] as const,
  profile: (uid: string) => ['profile', uid] as const,
};

export function useStats() {
  return useQuery({ queryKey: qk.stats, queryFn: api.stats, staleTime: 60_000 });
}

export function useFaq() {
  return useQuery({ queryKey: qk.faq, queryFn: api.faqList, staleTime: 5 * 60_000 });
}

/** The logged-in user's profile; fetching it also refreshes localStorage real_name/user (spec §3). */
export function useProfile() {
  const session = useSession();
  return useQuery({
    queryKey: qk.profile(session?.uid ?? ''),
    enabled: !!session,
    queryFn: async () => {
      const { userAddon } = await api.getUserAddon(session?.uid ?? '');
      storeProfile(userAddon);
      return userAddon;
    },
    staleTime: 60_000,
    retry: 1,
  });
}

/**
 * The role to act on. The cookie's role is used at once for the menu; the server's answer, once
 * in, wins. `checking` is true until that answer arrives (the 'checking permissions' spinner).
 */
export function useRole(): { role: Role; isAdmin: boolean; checking: boolean } {
  const session = useSession();
  const profile = useProfile();
  const role = profile.data ? normalizeRole(profile.data.role) : (session?.role ?? ROLE.user);
  return { role, isAdmin: role === ROLE.admin, checking: !!session && profile.isPending };
}
