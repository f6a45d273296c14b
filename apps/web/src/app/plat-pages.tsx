import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The page component behind each `page` key of plat-routes.ts. Every page is its own chunk
 * (React.lazy), so the public site never downloads platform, editor or plotting code.
 * A page receives no props; it reads its parameters from the route (useParams/useSearchParams).
 */
export const PLAT_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('../pages/plat/dashboard/Dashboard')),
  password: lazy(() => import('../pages/plat/account/ChangePassword')),
  terms: lazy(() => import('../pages/plat/account/Terms')),
  profile: lazy(() => import('../pages/plat/account/Profile')),
  faq: lazy(() => import('../pages/plat/cs/Faq')),
};
