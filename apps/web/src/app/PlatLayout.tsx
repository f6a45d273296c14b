import { Drawer, Grid, Layout } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '../components/Loading';
import { Logo } from '../components/Logo';
import { LS } from '../session/store';
import { PlatHeader } from './PlatHeader';
import { PlatSideMenu } from './PlatSideMenu';

/** The logged-in shell: side menu (collapse remembered), header, and the page. */
export default function PlatLayout() {
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(LS.collapsed) === 'true');
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();

  useEffect(() => {
    localStorage.setItem(LS.collapsed, String(collapsed));
  }, [collapsed]);

  const path = location.pathname;
  useEffect(() => {
    if (path) window.scrollTo(0, 0);
  }, [path]);

  return (
    <Layout className="plat-layout" hasSider={!mobile}>
      {mobile ? (
        <Drawer
          open={drawer}
          onClose={() => setDrawer(false)}
          placement="left"
          size={264}
          closable={false}
          className="plat-drawer"
          styles={{ body: { padding: 0, background: '#0b2545' } }}
        >
          <div className="plat-logo">
            <Logo to="/plat/index" />
          </div>
          <PlatSideMenu collapsed={false} onNavigate={() => setDrawer(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          width={232}
          className="plat-sider"
          data-testid="side-panel"
        >
          <div className="plat-logo">
            <Logo to="/plat/index" subtitle={!collapsed} />
          </div>
          <PlatSideMenu collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="plat-header-bar">
          <PlatHeader
            collapsed={mobile ? !drawer : collapsed}
            onToggle={() => (mobile ? setDrawer((d) => !d) : setCollapsed((c) => !c))}
          />
        </Layout.Header>
        <Layout.Content className="plat-content">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
