import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Loading } from '../components/Loading';
import { RequireAdmin, RequireSession } from './guards';
import { PLAT_PAGES } from './plat-pages';
import { PLAT_ROUTES } from './plat-routes';
import { Root } from './Root';
import { RouteError } from './RouteError';

// Every page is its own chunk: the public site does not download the platform and vice versa.
const PublicLayout = lazy(() => import('./PublicLayout'));
const PlatLayout = lazy(() => import('./PlatLayout'));
const Home = lazy(() => import('../pages/public/Home'));
const News = lazy(() => import('../pages/public/News'));
const Help = lazy(() => import('../pages/public/Help'));
const About = lazy(() => import('../pages/public/About'));
const Validation = lazy(() => import('../pages/public/validation/Validation'));
const ResetPassword = lazy(() => import('../pages/public/ResetPassword'));
const PhoneLanding = lazy(() => import('../pages/PhoneLanding'));
const NotAvailable = lazy(() => import('../pages/plat/common/NotAvailable'));
const NotFound = lazy(() => import('../pages/plat/common/NotFound'));

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

function platElement(p: string, title: string): ReactNode {
  const Page = PLAT_PAGES[p];
  return Page ? <Page /> : <NotAvailable titleKey={title} />;
}

const platChildren: RouteObject[] = [
  ...PLAT_ROUTES.map((r): RouteObject => {
    const el = page(platElement(r.page, r.title));
    const element = r.admin ? <RequireAdmin key={r.path}>{el}</RequireAdmin> : el;
    return r.path === '' ? { index: true, element } : { path: r.path, element };
  }),
  // Spec §6: only administrators may open anything under /plat/manage or /plat/settings, even a
  // path that does not exist; others go to /plat/index (RequireAdmin), administrators see not-found.
  ...['manage/*', 'settings/*'].map(
    (path): RouteObject => ({ path, element: <RequireAdmin key={path}>{page(<NotFound />)}</RequireAdmin> }),
  ),
  { path: '*', element: page(<NotFound />) },
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    // A page chunk that cannot be fetched, or a render error, shows a page with "reload", not a stack trace.
    errorElement: <RouteError />,
    children: [
      {
        element: page(<PublicLayout />),
        children: [
          { index: true, element: page(<Home />) },
          { path: 'news', element: page(<News />) },
          { path: 'help', element: page(<Help />) },
          { path: 'about', element: page(<About />) },
          { path: 'validation', element: page(<Validation />) },
          { path: 'reset-password', element: page(<ResetPassword />) },
        ],
      },
      { path: 'phone/:token/:uid', element: page(<PhoneLanding />) },
      {
        path: 'plat',
        element: <RequireSession>{page(<PlatLayout />)}</RequireSession>,
        children: platChildren,
      },
      // Spec §2: any other public path goes to the home page.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
