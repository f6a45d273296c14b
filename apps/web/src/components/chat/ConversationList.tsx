import { BellOutlined, UserOutlined } from '@ant-design/icons';
import type { ChatConversation } from '@pvforge/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Badge, Button, Card, Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { chatApi, chatKeys } from '../../api/chat';
import { useRole } from '../../api/queries';
import { badgeText } from '../../lib/library';
import type { OnlineEntry } from '../../live/useOnlineList';
import { FindPeer } from './FindPeer';

interface Props {
  /** The open conversation's peer; null: the system messages are shown. */
  selected: number | null;
  selfUid: number;
  systemUnread: number;
  online: OnlineEntry[];
  connected: boolean;
  onOpen: (uid: number) => void;
  onSystem: () => void;
}

/**
 * The left column of /plat/msg: the system messages entry, who is online (to start a chat), finding
 * someone by name, and the user's conversations with their unread counts.
 */
export function ConversationList({ selected, selfUid, systemUnread, online, connected, onOpen, onSystem }: Props) {
  const { t, i18n } = useTranslation();
  const { isAdmin } = useRole();
  const conv = useQuery({ queryKey: chatKeys.conversations, queryFn: () => chatApi.conversations() });
  const others = online.filter((e) => e.uid !== selfUid);
  const onlineIds = new Set(online.map((e) => e.uid));

  return (
    <Card size="small" data-testid="chat-sidebar" styles={{ body: { padding: 0 } }}>
      <button
        type="button"
        onClick={onSystem}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          width: '100%',
          border: 0,
          cursor: 'pointer',
          padding: '12px 16px',
          textAlign: 'left',
          background: selected === null ? '#e6f4ff' : 'transparent',
        }}
        data-testid="chat-system-entry"
      >
        <Avatar icon={<BellOutlined />} />
        <Typography.Text strong style={{ flex: 1 }}>
          {t('chat.systemNotices')}
        </Typography.Text>
        <Badge count={badgeText(systemUnread)} />
      </button>

      <div style={{ padding: '8px 16px', borderTop: '1px solid #f0f0f0' }}>
        <Typography.Text strong>{t('chat.online')}</Typography.Text>{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {isAdmin ? t('chat.onlineHintAdmin') : t('chat.onlineHintUser')}
        </Typography.Text>
        {!connected && <Alert type="warning" showIcon style={{ marginTop: 8 }} title={t('chat.notConnected')} />}
        <List<OnlineEntry>
          size="small"
          dataSource={others}
          data-testid="chat-online"
          locale={{ emptyText: t('chat.onlineEmpty') }}
          renderItem={(e) => (
            <List.Item
              data-testid={`chat-online-${e.uid}`}
              actions={[
                <Button
                  key="chat"
                  size="small"
                  type="link"
                  onClick={() => onOpen(e.uid)}
                  data-testid={`chat-start-${e.uid}`}
                >
                  {t('chat.startChat')}
                </Button>,
              ]}
            >
              <Badge status="success" text={e.name || `#${e.uid}`} />
            </List.Item>
          )}
        />
      </div>

      <FindPeer onOpen={onOpen} />

      <div style={{ padding: '8px 16px', borderTop: '1px solid #f0f0f0' }}>
        <Typography.Text strong>{t('chat.conversations')}</Typography.Text>
        {conv.data && conv.data.unread > 0 && (
          <Typography.Text type="danger" style={{ marginLeft: 8 }} data-testid="chat-unread-total">
            {t('chat.unread', { count: conv.data.unread })}
          </Typography.Text>
        )}
      </div>
      <List<ChatConversation>
        loading={conv.isFetching && !conv.data}
        dataSource={conv.data?.list ?? []}
        data-testid="chat-conversations"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.noConversations')} /> }}
        renderItem={(c) => (
          <List.Item
            onClick={() => onOpen(c.peer.uid)}
            style={{
              cursor: 'pointer',
              padding: '10px 16px',
              background: selected === c.peer.uid ? '#e6f4ff' : undefined,
            }}
            data-testid={`chat-conv-${c.peer.uid}`}
            data-unread={c.unread}
          >
            <List.Item.Meta
              avatar={
                <Badge count={badgeText(c.unread)} size="small">
                  <Avatar icon={<UserOutlined />} />
                </Badge>
              }
              title={
                <>
                  {c.peer.name}
                  {onlineIds.has(c.peer.uid) && (
                    <Tag color="green" style={{ marginLeft: 6 }}>
                      {t('chat.onlineTag')}
                    </Tag>
                  )}
                </>
              }
              description={
                <>
                  <Typography.Text type="secondary" ellipsis style={{ display: 'block', maxWidth: 260 }}>
                    {c.last.from === selfUid ? `${t('chat.me')}: ` : ''}
                    {c.last.msg}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {new Date(c.last.createdAt).toLocaleString(i18n.language)}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
