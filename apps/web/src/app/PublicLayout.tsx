import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Layout } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { BackToTop } from '../components/BackToTop';
import { useDialogs } from '../components/dialogs/context';
import { LangSwitch } from '../components/LangSwitch';
import { Logo } from '../components/Logo';
import { safeRedirect } from '../lib/redirect';
import { useSession } from '../session/useSession';

const NAV = [
  { to: '/', key: 'home', end: true },
  { to: '/news', key: 'news' },
  // Industry exchange lives in the platform (spec §2); logged-out visitors are asked to log in.
  { to: '/plat/bbs/academic', key: 'exchange' },
  { to: '/help', key: 'help' },
  { to: '/about', key: 'about' },
] as const;

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {NAV.map((n) => (
        <NavLink
          key={n.key}
          to={n.to}
          end={'end' in n ? n.end : false}
          className={({ isActive }) => (isActive ? 'nav-link nav-link-active' : 'nav-link')}
          onClick={onNavigate}
          data-testid={`nav-${n.key}`}
        >
          {t(`nav.${n.key}`)}
        </NavLink>
      ))}
    </>
  );
}

function AccountButtons({ onAction }: { onAction?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  if (session) {
    return (
      <Button
        type="primary"
        onClick={() => {
          onAction?.();
          navigate('/plat');
        }}
        data-testid="nav-manage"
      >
        {t('nav.manage')}
      </Button>
    );
  }
  return (
    <>
      <Button
        ghost
        onClick={() => {
          onAction?.();
          dialogs.open('login');
        }}
        data-testid="nav-login"
      >
        {t('nav.login')}
      </Button>
      <Button
        type="primary"
        onClick={() => {
          onAction?.();
          dialogs.open('register');
        }}
        data-testid="nav-register"
      >
        {t('nav.register')}
      </Button>
    </>
  );
}

/** ?redirect=<path> on a public page asks for a login that returns there (spec §2). */
function useRedirectParam() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const { open } = useDialogs();
  const navigate = useNavigate();
  const redirect = params.get('redirect');
  // Each redirect value is handled once; the dialog state changing must not re-trigger it.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!redirect || handled.current === redirect) return;
    handled.current = redirect;
    if (session) {
      navigate(safeRedirect(redirect), { replace: true });
      return;
    }
    open('login', { redirect: safeRedirect(redirect) });
    // Drop the parameter so closing the dialog and reloading does not open it again.
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('redirect');
        return next;
      },
      { replace: true },
    );
  }, [redirect, session, open, navigate, setParams]);
  useEffect(() => {
    if (!redirect) handled.current = null;
  }, [redirect]);
}

export default function PublicLayout() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const mobile = !screens.lg;
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  useRedirectParam();

  // A new page starts at its top (the router keeps the scroll position otherwise).
  const path = location.pathname;
  useEffect(() => {
    if (path) window.scrollTo(0, 0);
  }, [path]);

  return (
    <Layout className="public-layout">
      <header className="public-header" data-testid="public-header">
        <div className="public-header-inner">
          <Logo />
          {mobile ? (
            <div className="public-header-actions">
              <LangSwitch dark />
              <Button
                type="text"
                className="hamburger"
                icon={<MenuOutlined />}
                aria-label={t('common.openMenu')}
                onClick={() => setDrawer(true)}
                data-testid="nav-menu-button"
              />
            </div>
          ) : (
            <>
              <nav className="public-nav" data-testid="public-nav">
                <NavLinks />
              </nav>
              <div className="public-header-actions">
                <LangSwitch dark />
                <AccountButtons />
              </div>
            </>
          )}
        </div>
      </header>
      {mobile && (
        <Drawer open={drawer} onClose={() => setDrawer(false)} placement="right" size={280} title={t('common.appName')}>
          <nav className="drawer-nav" data-testid="public-nav">
            <NavLinks onNavigate={() => setDrawer(false)} />
          </nav>
          <div className="drawer-actions">
            <AccountButtons onAction={() => setDrawer(false)} />
          </div>
        </Drawer>
      )}
      <main className="public-main">
        <Outlet />
      </main>
      <footer className="public-footer">
        <div className="public-footer-inner">
          <span>{t('common.footer', { year: new Date().getFullYear() })}</span>
        </div>
      </footer>
      <BackToTop />
    </Layout>
  );
}
