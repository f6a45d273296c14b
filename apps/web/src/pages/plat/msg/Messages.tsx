import { CheckOutlined, MailOutlined } from '@ant-design/icons';
import type { SiteMessage } from '@pvforge/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Card, Col, List, Modal, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { libKeys, libraryApi, useUnreadCount } from '../../../api/library';
import { noticeApi } from '../../../api/notices';
import { ChatPanel } from '../../../components/chat/ChatPanel';
import { ConversationList } from '../../../components/chat/ConversationList';
import { NoticeList } from '../../../components/notices/NoticeList';
import { PageHeader } from '../../../components/PageHeader';
import { sortMessages } from '../../../lib/library';
import { useOnlineList } from '../../../live/useOnlineList';
import { useSession } from '../../../session/useSession';

/**
 * In-site messages (spec §2 msg): the administrators' notices and the system messages, the user's conversations with other
 * users and who is online to start one; ?peer=<uid> opens that conversation.
 */
export default function Messages() {
  const { t } = useTranslation();
  const session = useSession();
  const selfUid = Number(session?.uid ?? 0);
  const [params, setParams] = useSearchParams();
  const peerParam = Number(params.get('peer'));
  const peer = Number.isSafeInteger(peerParam) && peerParam > 0 && peerParam !== selfUid ? peerParam : null;
  const online = useOnlineList();
  const total = useUnreadCount().data ?? 0;
  const system = useQuery({
    queryKey: [...libKeys.msgs, 'system-unread'],
    queryFn: async () => {
      const [messages, notices] = await Promise.all([libraryApi.msgList(1, 1, true), noticeApi.list(1, 1)]);
      return messages.unread + notices.unread;
    },
  });
  const noticeParam = Number(params.get('notice'));
  const openNotice = Number.isSafeInteger(noticeParam) && noticeParam > 0 ? noticeParam : null;
  return (
    <>
      <PageHeader title={t('page.msg')} subtitle={t('library.msg.subtitle', { count: total })} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <ConversationList
            selected={peer}
            selfUid={selfUid}
            systemUnread={system.data ?? 0}
            online={online.list}
            connected={online.connected}
            onOpen={(uid) => setParams({ peer: String(uid) })}
            onSystem={() => setParams({})}
          />
        </Col>
        <Col xs={24} lg={16}>
          {peer !== null ? (
            <ChatPanel
              key={peer}
              peer={peer}
              selfUid={selfUid}
              online={online.list.some((e) => e.uid === peer)}
              onBack={() => setParams({})}
              onSent={online.refresh}
            />
          ) : (
            <>
              <Card title={t('notice.inMessages')} style={{ marginBottom: 16 }} data-testid="msg-notices">
                <NoticeList key={openNotice ?? 0} manage={false} openId={openNotice} />
              </Card>
              <SystemMessages />
            </>
          )}
        </Col>
      </Row>
    </>
  );
}

/** The system's messages: unread first, open to read, mark all read. */
function SystemMessages() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [open, setOpen] = useState<SiteMessage | null>(null);
  const list = useQuery({
    queryKey: libKeys.msgList(page, size),
    queryFn: () => libraryApi.msgList(page, size),
    placeholderData: keepPreviousData,
  });
  const unread = list.data?.unread ?? 0;

  const refresh = () => qc.invalidateQueries({ queryKey: libKeys.msgs });

  const read = async (m: SiteMessage) => {
    setOpen(m);
    if (m.read) return;
    try {
      await libraryApi.msgRead({ id: m.id });
      await refresh();
    } catch (e) {
      message.error(t('library.msg.failed', { msg: e instanceof Error ? e.message : String(e) }));
    }
  };
  const readAll = async () => {
    try {
      await libraryApi.msgRead({ all: true });
      message.success(t('library.msg.markedAll'));
      await refresh();
    } catch (e) {
      message.error(t('library.msg.failed', { msg: e instanceof Error ? e.message : String(e) }));
    }
  };

  return (
    <>
      <Card
        title={t('chat.systemNotices')}
        extra={
          <Button icon={<CheckOutlined />} disabled={unread === 0} onClick={readAll} data-testid="msg-read-all">
            {t('library.msg.markAll')}
          </Button>
        }
      >
        {list.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('common.loadFailed', { msg: list.error.message })}
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
        <List<SiteMessage>
          loading={list.isFetching}
          dataSource={sortMessages(list.data?.list ?? [])}
          data-testid="msg-list"
          locale={{ emptyText: t('library.msg.empty') }}
          pagination={{
            current: page,
            pageSize: size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (p, s) => {
              setPage(s !== size ? 1 : p);
              setSize(s);
            },
          }}
          renderItem={(m) => (
            <List.Item
              data-testid={`msg-item-${m.id}`}
              data-read={m.read ? '1' : '0'}
              className={m.read ? 'msg-read' : 'msg-unread'}
              actions={[
                <Button key="open" type="link" onClick={() => void read(m)} data-testid="msg-open">
                  {t('library.msg.open')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={
                  <Badge dot={!m.read}>
                    <MailOutlined style={{ fontSize: 20 }} />
                  </Badge>
                }
                title={
                  <Space>
                    <Typography.Text strong={!m.read} data-testid="msg-title">
                      {m.title}
                    </Typography.Text>
                    {!m.read && <Tag color="red">{t('library.msg.unread')}</Tag>}
                  </Space>
                }
                description={
                  <>
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 640, display: 'block' }}>
                      {m.body}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {new Date(m.createdAt).toLocaleString(i18n.language)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Card>
      <Modal
        open={!!open}
        title={open?.title}
        onCancel={() => setOpen(null)}
        footer={
          <Button type="primary" onClick={() => setOpen(null)} data-testid="msg-close">
            {t('library.msg.close')}
          </Button>
        }
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="msg-body">
          {open?.body}
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          {open ? new Date(open.createdAt).toLocaleString(i18n.language) : ''}
        </Typography.Text>
        {open?.link?.startsWith('/') && (
          <div style={{ marginTop: 12 }}>
            <Link to={open.link} onClick={() => setOpen(null)} data-testid="msg-link">
              {t('library.msg.goto')}
            </Link>
          </div>
        )}
      </Modal>
    </>
  );
}
