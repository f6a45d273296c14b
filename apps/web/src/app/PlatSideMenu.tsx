import {
  AppstoreOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  FundProjectionScreenOutlined,
  MessageOutlined,
  SettingOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Badge, Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUnreadCount } from '../api/library';
import { useRole } from '../api/queries';
import { badgeText } from '../lib/library';
import { LOGOUT_KEY, type MenuNode, menuForRole, NEW_WINDOW_PATHS, openInNewWindow, selectMenu } from './plat-menu';
import { useLogout } from './useLogout';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  calc: <FundProjectionScreenOutlined />,
  device: <AppstoreOutlined />,
  material: <ExperimentOutlined />,
  manage: <ToolOutlined />,
  finance: <WalletOutlined />,
  bbs: <MessageOutlined />,
  service: <CustomerServiceOutlined />,
  user: <UserOutlined />,
  settings: <SettingOutlined />,
};

type Item = Required<MenuProps>['items'][number];

const MSG_KEY = '/plat/msg';

export function PlatSideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { isAdmin } = useRole();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const { selected, open } = selectMenu(location.pathname, location.search);
  const [openKeys, setOpenKeys] = useState<string[]>(open);
  // The in-site messages entry carries the same unread total as the header bell.
  const unread = useUnreadCount().data ?? 0;

  // Following a link from elsewhere (header dropdown, dashboard) opens the group it lands in.
  const openSig = open.join('|');
  useEffect(() => {
    if (!openSig) return;
    setOpenKeys((keys) => Array.from(new Set([...keys, ...openSig.split('|')])));
  }, [openSig]);

  const items = useMemo(() => {
    const build = (nodes: MenuNode[]): Item[] =>
      nodes.map((n) => ({
        key: n.key,
        icon: n.icon ? ICONS[n.icon] : undefined,
        label: (
          <span data-testid={`menu-${n.key}`}>
            {t(n.label)}
            {n.key === MSG_KEY && unread > 0 && (
              <Badge count={badgeText(unread)} size="small" style={{ marginLeft: 8 }} data-testid="menu-msg-badge" />
            )}
          </span>
        ),
        children: n.children ? build(n.children) : undefined,
      }));
    return build(menuForRole(isAdmin));
  }, [t, isAdmin, unread]);

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={[selected]}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        if (key === LOGOUT_KEY) {
          logout();
          return;
        }
        if (NEW_WINDOW_PATHS.includes(key)) {
          openInNewWindow(key);
          return;
        }
        navigate(key);
        onNavigate?.();
      }}
      data-testid="side-menu"
    />
  );
}
