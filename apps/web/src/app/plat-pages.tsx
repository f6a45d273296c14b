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
  deviceLibrary: lazy(() => import('../pages/plat/library/DeviceLibrary')),
  manageReview: lazy(() => import('../pages/plat/manage/Review')),
  msg: lazy(() => import('../pages/plat/msg/Messages')),
  financeBalance: lazy(() => import('../pages/plat/finance/Balance')),
  financeIncome: lazy(() => import('../pages/plat/finance/Income')),
  financeLedger: lazy(() => import('../pages/plat/finance/Ledger')),
  settings: lazy(() => import('../pages/plat/settings/Settings')),
  rsto: lazy(() => import('../pages/plat/results/OpticalResult')),
  rste: lazy(() => import('../pages/plat/results/ElectricalResult')),
  rstc: lazy(() => import('../pages/plat/results/CircuitResult')),
  rstc2: lazy(() => import('../pages/plat/results/CircuitResult')),
  rstfit: lazy(() => import('../pages/plat/results/FitResult')),
  calcCompare: lazy(() => import('../pages/plat/results/Compare')),
  materialLibrary: lazy(() => import('../pages/plat/materials/MaterialLibrary')),
  manageMaterials: lazy(() => import('../pages/plat/materials/ManageMaterials')),
  manageMaterialEdit: lazy(() => import('../pages/plat/materials/ManageMaterialEdit')),
  calcOpt: lazy(() => import('../pages/plat/calc/CalcOpt')),
  calcElec: lazy(() => import('../pages/plat/calc/CalcElec')),
  calcFit: lazy(() => import('../pages/plat/calc/CalcFit')),
  calcCircle: lazy(() => import('../pages/plat/calc/CircuitCircle')),
  calcCircle2: lazy(() => import('../pages/plat/calc/CircuitCircle2')),
  calcList: lazy(() => import('../pages/plat/calc/ListCalc')),
  calcCircleList: lazy(() => import('../pages/plat/calc/ListCircle')),
  demo: lazy(() => import('../pages/plat/calc/DemoPage')),
  consult: lazy(() => import('../pages/plat/cs/Consult')),
  forumList: lazy(() => import('../pages/plat/forum/ForumList')),
  forumThread: lazy(() => import('../pages/plat/forum/ThreadDetail')),
  myPosts: lazy(() => import('../pages/plat/forum/MyPosts')),
  manageFinance: lazy(() => import('../pages/plat/finance/ManageFinance')),
  platNews: lazy(() => import('../pages/plat/news/PlatNews')),
  notices: lazy(() => import('../pages/plat/news/Notices')),
  manageUsers: lazy(() => import('../pages/plat/admin/Users')),
  manageSite: lazy(() => import('../pages/plat/admin/Site')),
  forumReports: lazy(() => import('../pages/plat/forum/ForumReports')),
};
