import {
  CommentOutlined,
  DownOutlined,
  EditOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  SmileOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ROLE } from '@pvforge/contracts';
import { Avatar, Button, Dropdown, type MenuProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useProfile, useRole } from '../api/queries';
import { LangSwitch } from '../components/LangSwitch';
import { MsgBell } from '../components/library/MsgBell';
import { storedRealName } from '../session/store';
import { findPlatRoute } from './plat-routes';
import { useLogout } from './useLogout';

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const profile = useProfile();
  const { role, checking } = useRole();
  const name = profile.data?.real_name || storedRealName() || profile.data?.username || '';

  const entry = (key: string, icon: React.ReactNode, label: string, to?: string) => ({
    key,
    icon,
    label: <span data-testid={`user-menu-${key}`}>{label}</span>,
    onClick: () => (to ? navigate(to) : logout()),
  });
  const items: MenuProps['items'] = [
    entry('password', <KeyOutlined />, t('plat.changePwd'), '/plat/user/pwd'),
    entry('info', <EditOutlined />, t('plat.editInfo'), '/plat/user/info'),
    entry('nickname', <SmileOutlined />, t('plat.editNickname'), '/plat/user/info?focus=nickname'),
    entry('help', <QuestionCircleOutlined />, t('plat.problemHelp'), '/plat/cs/faq'),
    entry('discussion', <CommentOutlined />, t('plat.discussion'), '/plat/bbs/academic'),
    { type: 'divider' },
    { ...entry('logout', <LogoutOutlined />, t('plat.logout')), danger: true },
  ];
  // Permissions treat an unknown role as an ordinary user; the label still says it is unknown (spec §6).
  const raw = profile.data?.role;
  const known = raw === undefined || raw === ROLE.admin || raw === ROLE.user;
  const roleLabel = !known ? t('plat.roleUnknown') : role === ROLE.admin ? t('plat.roleAdmin') : t('plat.roleUser');
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="user-button" data-testid="user-dropdown">
        <Avatar size="small" icon={<UserOutlined />} className="user-avatar" />
        <span className="user-name" data-testid="user-name">
          {name}
        </span>
        {!checking && (
          <Tag color={role === ROLE.admin ? 'gold' : 'blue'} className="user-role" data-testid="user-role">
            {roleLabel}
          </Tag>
        )}
        <DownOutlined className="user-caret" />
      </Button>
    </Dropdown>
  );
}

export function PlatHeader({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const route = findPlatRoute(location.pathname);
  return (
    <div className="plat-header">
      <Button
        type="text"
        className="plat-toggle"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={collapsed ? t('plat.expand') : t('plat.collapse')}
        title={collapsed ? t('plat.expand') : t('plat.collapse')}
        data-testid="sider-toggle"
      />
      <Typography.Text className="plat-header-title" ellipsis data-testid="header-title">
        {route ? t(route.title) : t('notFound.title')}
      </Typography.Text>
      <div className="plat-header-actions">
        <LangSwitch />
        <MsgBell />
        <UserMenu />
      </div>
    </div>
  );
}
