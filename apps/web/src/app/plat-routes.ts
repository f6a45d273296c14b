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

const p = (path: string, title: string, admin = false): PlatRoute => ({ path, title, page: 'placeholder', admin });

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
  p('cs/consult', 'page.consult'),
  p('news', 'page.news'),
  p('notice', 'page.notice'),
  p('msg', 'page.msg'),
  p('bbs/academic', 'page.bbsAcademic'),
  p('bbs/academic/:id', 'page.bbsAcademicBoard'),
  // The spec lists only bbs/feedback/{id}; the menu's "feedback forum" needs a list to land on.
  p('bbs/feedback', 'page.bbsFeedback'),
  p('bbs/feedback/:id', 'page.bbsFeedbackBoard'),
  p('bbs/detail/:id', 'page.bbsDetail'),
  p('mypost', 'page.mypost'),
  p('optMaterial', 'page.optMaterial'),
  p('elecMaterial', 'page.elecMaterial'),
  p('myOptMaterial', 'page.myOptMaterial'),
  p('myElecMaterial', 'page.myElecMaterial'),
  ...MATERIAL_SUBS.map((s) => p(`material-library/${s}`, `page.material.${s}`)),
  p('manage/material', 'page.manageMaterial', true),
  p('manage/material/add', 'page.manageMaterialAdd', true),
  p('manage/material/edit/:uuid', 'page.manageMaterialEdit', true),
  p('calc/opt', 'page.calcOpt'),
  p('calc/elec', 'page.calcElec'),
  p('calc/elec/:id', 'page.calcElecEdit'),
  p('calc/circle', 'page.calcCircle'),
  p('calc/circle2', 'page.calcCircle2'),
  p('calc/list', 'page.calcList'),
  p('calc/circleList', 'page.calcCircleList'),
  p('rsto/:id', 'page.rsto'),
  p('rste/:id', 'page.rste'),
  p('rstc/:id', 'page.rstc'),
  p('rstc2/:id', 'page.rstc2'),
  p('demo', 'page.demo'),
  p('finance/balance', 'page.financeBalance'),
  p('finance/recharge', 'page.financeRecharge'),
  p('finance/consumption', 'page.financeConsumption'),
  p('finance/income', 'page.financeIncome'),
  p('settings', 'page.settings', true),
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
