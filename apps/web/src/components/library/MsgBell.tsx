import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadCount } from '../../api/library';
import { badgeText } from '../../lib/library';

/** The header bell: unread in-site messages (polled every 60 s), opens /plat/msg. */
export function MsgBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadCount().data ?? 0;
  const label = unread > 0 ? t('library.msg.badge', { count: unread }) : t('page.msg');
  return (
    <Tooltip title={label}>
      <Badge count={badgeText(unread)} size="small" offset={[-4, 4]} data-testid="msg-badge" data-count={unread}>
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={label}
          onClick={() => navigate('/plat/msg')}
          data-testid="msg-bell"
        />
      </Badge>
    </Tooltip>
  );
}
