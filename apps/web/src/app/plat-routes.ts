/**
 * Every /plat route of spec §2 in one table, so the router, the header title and the tests agree.
 * `page` names the real component; routes that later issues build show the "not yet available" card.
 */
/** A key of PLAT_PAGES (plat-pages.tsx); 'placeholder' shows the "not yet available" card. */
export type PlatPage = string;

export interface PlatRoute {
  /** Path relative to /plat ('' is /plat itself). */
  path: string;
  /** i18n key of the page title. */
  title: string;
  page: PlatPage;
  admin?: boolean;
}

export const MATERIAL_SUBS = [
  'organic',
  'tetrahedral',
  'perovskite',
  'lead_perovskite',
  'lead_free_perovskite',
  'electron',
  'hole',
  'electrode',
] as const;

export const PLAT_ROUTES: PlatRoute[] = [
  { path: '', title: 'page.dashboard', page: 'dashboard' },
  { path: 'index', title: 'page.dashboard', page: 'dashboard' },
  { path: 'pwd', title: 'page.password', page: 'password' },
  { path: 'user/pwd', title: 'page.password', page: 'password' },
  { path: 'user/terms', title: 'page.terms', page: 'terms' },
  { path: 'user/info', title: 'page.profile', page: 'profile' },
  { path: 'cs/faq', title: 'page.faq', page: 'faq' },
  { path: 'cs/consult', title: 'page.consult', page: 'consult' },
  { path: 'news', title: 'page.news', page: 'platNews' },
  { path: 'notice', title: 'page.notice', page: 'notices' },
  { path: 'msg', title: 'page.msg', page: 'msg' },
  { path: 'bbs/academic', title: 'page.bbsAcademic', page: 'forumList' },
  { path: 'bbs/academic/:id', title: 'page.bbsAcademicBoard', page: 'forumList' },
  // The spec lists only bbs/feedback/{id}; the menu's "feedback forum" needs a list to land on.
  { path: 'bbs/feedback', title: 'page.bbsFeedback', page: 'forumList' },
  { path: 'bbs/feedback/:id', title: 'page.bbsFeedbackBoard', page: 'forumList' },
  { path: 'bbs/detail/:id', title: 'page.bbsDetail', page: 'forumThread' },
  { path: 'mypost', title: 'page.mypost', page: 'myPosts' },
  { path: 'optMaterial', title: 'page.optMaterial', page: 'deviceLibrary' },
  { path: 'elecMaterial', title: 'page.elecMaterial', page: 'deviceLibrary' },
  { path: 'myOptMaterial', title: 'page.myOptMaterial', page: 'deviceLibrary' },
  { path: 'myElecMaterial', title: 'page.myElecMaterial', page: 'deviceLibrary' },
  ...MATERIAL_SUBS.map((s) => ({
    path: `material-library/${s}`,
    title: `page.material.${s}`,
    page: 'materialLibrary',
  })),
  { path: 'manage/material', title: 'page.manageMaterial', page: 'manageMaterials', admin: true },
  { path: 'manage/material/add', title: 'page.manageMaterialAdd', page: 'manageMaterialEdit', admin: true },
  { path: 'manage/material/edit/:uuid', title: 'page.manageMaterialEdit', page: 'manageMaterialEdit', admin: true },
  { path: 'calc/opt', title: 'page.calcOpt', page: 'calcOpt' },
  { path: 'calc/elec', title: 'page.calcElec', page: 'calcElec' },
  { path: 'calc/elec/:id', title: 'page.calcElecEdit', page: 'calcElec' },
  { path: 'calc/fit', title: 'page.calcFit', page: 'calcFit' },
  { path: 'calc/circle', title: 'page.calcCircle', page: 'calcCircle' },
  { path: 'calc/circle2', title: 'page.calcCircle2', page: 'calcCircle2' },
  { path: 'calc/list', title: 'page.calcList', page: 'calcList' },
  { path: 'calc/circleList', title: 'page.calcCircleList', page: 'calcCircleList' },
  { path: 'calc/compare', title: 'results.compare.title', page: 'calcCompare' },
  { path: 'rsto/:id', title: 'page.rsto', page: 'rsto' },
  { path: 'rste/:id', title: 'page.rste', page: 'rste' },
  { path: 'rstc/:id', title: 'page.rstc', page: 'rstc' },
  { path: 'rstc2/:id', title: 'page.rstc2', page: 'rstc2' },
  { path: 'rstfit/:id', title: 'page.rstfit', page: 'rstfit' },
  { path: 'demo', title: 'page.demo', page: 'demo' },
  { path: 'finance/balance', title: 'page.financeBalance', page: 'financeBalance' },
  { path: 'finance/recharge', title: 'page.financeRecharge', page: 'financeLedger' },
  { path: 'finance/consumption', title: 'page.financeConsumption', page: 'financeLedger' },
  { path: 'finance/income', title: 'page.financeIncome', page: 'financeIncome' },
  { path: 'manage/review', title: 'library.page.manageReview', page: 'manageReview', admin: true },
  { path: 'manage/forum', title: 'forum.reports.title', page: 'forumReports', admin: true },
  { path: 'manage/finance', title: 'finance.manage', page: 'manageFinance', admin: true },
  { path: 'manage/users', title: 'admin.users', page: 'manageUsers', admin: true },
  { path: 'manage/site', title: 'site.page', page: 'manageSite', admin: true },
  { path: 'settings', title: 'page.settings', page: 'settings', admin: true },
];

function matches(pattern: string, rel: string): boolean {
  const a = pattern.split('/');
  const b = rel.split('/');
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/** The route a /plat pathname shows, or undefined for the not-found page. */
export function findPlatRoute(pathname: string): PlatRoute | undefined {
  const rel = pathname.replace(/^\/plat\/?/, '').replace(/\/+$/, '');
  return PLAT_ROUTES.find((r) => matches(r.path, rel));
}
