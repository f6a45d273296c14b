/**
 * The side menu of spec §2 as data. Keys are the link targets (path + query), so the selected
 * item follows the address bar; 'action:logout' is the one entry that is not a page.
 */
export interface MenuNode {
  key: string;
  label: string;
  icon?: string;
  admin?: boolean;
  children?: MenuNode[];
}

/**
 * Spec §2: opening the optical or electrical calculation opens a new window, so a device being
 * edited (or a result being read) on the current page is never replaced. The menu and the
 * dashboard use this list; the editor's own buttons hand the device over (CalcPage).
 */
export const NEW_WINDOW_PATHS: readonly string[] = ['/plat/calc/opt', '/plat/calc/elec'];

/** Opens a platform page in a new window (no opener: the new page cannot steer this one). */
export function openInNewWindow(path: string): void {
  window.open(path, '_blank', 'noopener');
}

export const LOGOUT_KEY = 'action:logout';

const lib = (sub: string, cata: number, key: string) => `/plat/material-library/${sub}?cata=${cata}&key=${key}`;

export const PLAT_MENU: MenuNode[] = [
  { key: '/plat/index', label: 'menu.dashboard', icon: 'dashboard' },
  {
    key: 'grp:calc',
    label: 'menu.simulation',
    icon: 'calc',
    children: [
      { key: '/plat/calc/opt', label: 'menu.calcOpt' },
      { key: '/plat/calc/elec', label: 'menu.calcElec' },
      { key: '/plat/calc/fit', label: 'menu.calcFit' },
      { key: '/plat/calc/list', label: 'menu.calcList' },
      { key: '/plat/calc/circle', label: 'menu.calcCircle' },
      { key: '/plat/calc/circle2', label: 'menu.calcCircle2' },
      { key: '/plat/calc/circleList', label: 'menu.calcCircleList' },
    ],
  },
  {
    key: 'grp:device',
    label: 'menu.devices',
    icon: 'device',
    children: [
      { key: '/plat/myOptMaterial', label: 'menu.myOptMaterial' },
      { key: '/plat/myElecMaterial', label: 'menu.myElecMaterial' },
      { key: '/plat/optMaterial', label: 'menu.optMaterial' },
      { key: '/plat/elecMaterial', label: 'menu.elecMaterial' },
    ],
  },
  {
    key: 'grp:material',
    label: 'menu.materials',
    icon: 'material',
    children: [
      {
        key: 'grp:absorber',
        label: 'menu.absorber',
        children: [
          { key: lib('organic', 1, 'organic'), label: 'menu.organic' },
          { key: lib('tetrahedral', 1, 'tetrahedral'), label: 'menu.tetrahedral' },
          {
            key: 'grp:perovskite',
            label: 'menu.perovskite',
            children: [
              { key: lib('lead_perovskite', 1, 'lead_perovskite'), label: 'menu.leadPerovskite' },
              { key: lib('lead_free_perovskite', 1, 'lead_free_perovskite'), label: 'menu.leadFreePerovskite' },
            ],
          },
        ],
      },
      { key: lib('electron', 2, 'electron'), label: 'menu.electron' },
      { key: lib('hole', 3, 'hole'), label: 'menu.hole' },
      {
        key: 'grp:electrode',
        label: 'menu.electrode',
        children: [
          { key: lib('electrode', 4, 'positive'), label: 'menu.electrodePositive' },
          { key: lib('electrode', 4, 'negative'), label: 'menu.electrodeNegative' },
        ],
      },
    ],
  },
  {
    key: 'grp:manage',
    label: 'menu.manage',
    icon: 'manage',
    admin: true,
    children: [
      { key: '/plat/manage/material', label: 'menu.manageMaterial' },
      { key: '/plat/manage/material/add', label: 'menu.manageMaterialAdd' },
      { key: '/plat/manage/review', label: 'library.menu.manageReview' },
      { key: '/plat/manage/forum', label: 'forum.reports.title' },
      { key: '/plat/manage/finance', label: 'finance.manage' },
      { key: '/plat/manage/users', label: 'admin.users' },
      { key: '/plat/manage/site', label: 'site.page' },
    ],
  },
  {
    key: 'grp:finance',
    label: 'menu.finance',
    icon: 'finance',
    children: [
      { key: '/plat/finance/balance', label: 'menu.financeBalance' },
      { key: '/plat/finance/recharge', label: 'menu.financeRecharge' },
      { key: '/plat/finance/consumption', label: 'menu.financeConsumption' },
      { key: '/plat/finance/income', label: 'menu.financeIncome' },
    ],
  },
  {
    key: 'grp:bbs',
    label: 'menu.exchange',
    icon: 'bbs',
    children: [
      { key: '/plat/bbs/academic', label: 'menu.bbsAcademic' },
      { key: '/plat/bbs/feedback', label: 'menu.bbsFeedback' },
      { key: '/plat/msg', label: 'menu.msg' },
    ],
  },
  {
    key: 'grp:cs',
    label: 'menu.service',
    icon: 'service',
    children: [
      { key: '/plat/cs/faq', label: 'menu.faq' },
      { key: '/plat/cs/consult', label: 'menu.consult' },
    ],
  },
  {
    key: 'grp:user',
    label: 'menu.personal',
    icon: 'user',
    children: [
      { key: '/plat/user/terms', label: 'menu.terms' },
      { key: '/plat/user/pwd', label: 'menu.password' },
      { key: '/plat/user/info', label: 'menu.profile' },
      { key: LOGOUT_KEY, label: 'menu.logout' },
    ],
  },
  { key: '/plat/settings', label: 'menu.settings', icon: 'settings', admin: true },
];

/** The menu a role sees: administrator-only groups are removed for everyone else (spec §6). */
export function menuForRole(isAdmin: boolean, nodes: MenuNode[] = PLAT_MENU): MenuNode[] {
  return nodes
    .filter((n) => isAdmin || !n.admin)
    .map((n) => (n.children ? { ...n, children: menuForRole(isAdmin, n.children) } : n));
}

const MENU_ALIASES: Record<string, string> = {
  '/plat': '/plat/index',
  '/plat/pwd': '/plat/user/pwd',
  '/plat/mypost': '/plat/bbs/academic',
};

/** The menu key that matches the current location, and the groups to open around it. */
export function selectMenu(pathname: string, search: string): { selected: string; open: string[] } {
  const trimmed = pathname.replace(/\/+$/, '');
  // Routes that show the same page as a menu entry select that entry.
  const path = MENU_ALIASES[trimmed] ?? trimmed;
  const params = new URLSearchParams(search);
  let best: { selected: string; open: string[] } = { selected: '', open: [] };
  let bestScore = -1;
  const walk = (nodes: MenuNode[], parents: string[]) => {
    for (const n of nodes) {
      if (n.children) {
        walk(n.children, [...parents, n.key]);
        continue;
      }
      const [p, q] = n.key.split('?');
      if (!p?.startsWith('/')) continue;
      let score = -1;
      if (path === p) {
        score = 10;
        // Two menu entries share a path (the electrodes): the query decides between them.
        const want = new URLSearchParams(q ?? '');
        for (const [k, v] of want) if (params.get(k) === v) score += 1;
      } else if (path.startsWith(`${p}/`)) {
        score = p.length / 1000;
      }
      if (score > bestScore) {
        bestScore = score;
        best = { selected: n.key, open: parents };
      }
    }
  };
  walk(PLAT_MENU, []);
  return best;
}
