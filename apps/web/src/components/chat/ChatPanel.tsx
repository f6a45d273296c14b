import { ArrowLeftOutlined } from '@ant-design/icons';
import { CHAT_COLOUR_PATTERN, CHAT_LIMITS, type UserMessage } from '@pvforge/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, ColorPicker, Empty, Input, Space, Tag, Typography } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatApi, chatKeys } from '../../api/chat';

const COLOUR = new RegExp(CHAT_COLOUR_PATTERN);
const TEXT_PRESETS = ['#000000', '#cf1322', '#d46b08', '#389e0d', '#1677ff', '#722ed1'];
const BG_PRESETS = ['#ffffff', '#fffbe6', '#f6ffed', '#e6f4ff', '#fff0f6', '#f5f5f5'];

/** The colour and background a message asked for (spec §3 color, bg), only in forms that carry nothing else. */
export function messageStyle(m: { color?: string | undefined; bg?: string | undefined }): CSSProperties {
  return {
    ...(m.color && COLOUR.test(m.color) ? { color: m.color } : {}),
    ...(m.bg && COLOUR.test(m.bg) ? { background: m.bg } : {}),
  };
}

interface Props {
  peer: number;
  selfUid: number;
  online: boolean;
  onBack: () => void;
  /** A message was sent (the peer may have just become a contact). */
  onSent?: () => void;
}

/**
 * One conversation: its history (oldest first, older pages on demand), marked read when shown,
 * and the composer with text colour and background. New messages arrive by the live connection,
 * which refreshes the ['msgs'] queries this reads. Mounted once per peer (keyed by the page).
 */
export function ChatPanel({ peer, selfUid, online, onBack, onSent }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [color, setColor] = useState<string | undefined>();
  const [bg, setBg] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [older, setOlder] = useState<UserMessage[]>([]);
  const [moreOlder, setMoreOlder] = useState<boolean | null>(null);
  const history = useQuery({ queryKey: chatKeys.history(peer), queryFn: () => chatApi.history(peer) });

  // Shown means read: mark the peer's unread messages, then refresh the counts (and the badge).
  const unreadFromPeer = history.data?.list.some((m) => m.from === peer && !m.read) ?? false;
  useEffect(() => {
    if (!unreadFromPeer) return;
    void chatApi
      .read(peer)
      .then(() => qc.invalidateQueries({ queryKey: ['msgs'] }))
      .catch(() => undefined);
  }, [unreadFromPeer, peer, qc]);

  const list = [...older, ...(history.data?.list ?? [])];
  const more = moreOlder ?? history.data?.more ?? false;

  const loadOlder = async () => {
    const first = list[0];
    if (!first) return;
    try {
      const page = await chatApi.history(peer, first.id);
      setOlder((o) => [...page.list, ...o]);
      setMoreOlder(page.more);
    } catch (e) {
      message.error(t('common.loadFailed', { msg: e instanceof Error ? e.message : String(e) }));
    }
  };

  const send = async () => {
    const msg = text.trim();
    if (!msg || sending) return;
    setSending(true);
    try {
      const r = await chatApi.send(peer, msg, { ...(color ? { color } : {}), ...(bg ? { bg } : {}) });
      setText('');
      onSent?.();
      if (r.delivered) message.success(t('chat.sent'));
      else message.info(t('live.recipientOffline'));
      await qc.invalidateQueries({ queryKey: ['msgs'] });
    } catch (e) {
      message.error(t('chat.failed', { msg: e instanceof Error ? e.message : String(e) }));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card
      data-testid="chat-panel"
      data-peer={peer}
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('chat.back')} />
          <span data-testid="chat-peer-name">{history.data?.peer.name ?? `#${peer}`}</span>
          {online && <Tag color="green">{t('chat.onlineTag')}</Tag>}
        </Space>
      }
    >
      {history.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('common.loadFailed', { msg: history.error.message })}
        />
      )}
      <div style={{ maxHeight: 420, overflowY: 'auto', padding: '4px 0', marginBottom: 12 }} data-testid="chat-history">
        {more && (
          <div style={{ textAlign: 'center', marginBottom: 8 }}>
            <Button size="small" onClick={() => void loadOlder()}>
              {t('chat.loadOlder')}
            </Button>
          </div>
        )}
        {list.length === 0 && !history.isFetching && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.emptyHistory')} />
        )}
        {list.map((m) => {
          const mine = m.from === selfUid;
          return (
            <div
              key={m.id}
              style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', margin: '6px 0' }}
              data-testid="chat-msg"
              data-mine={mine ? '1' : '0'}
            >
              <div style={{ maxWidth: '75%' }}>
                <div
                  style={{
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-word',
                    padding: '6px 10px',
                    borderRadius: 8,
                    background: mine ? '#e6f4ff' : '#f5f5f5',
                    ...messageStyle(m),
                  }}
                  data-testid="chat-msg-text"
                >
                  {m.msg}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                  {new Date(m.createdAt).toLocaleString(i18n.language)}
                </Typography.Text>
              </div>
            </div>
          );
        })}
      </div>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
        }}
        maxLength={CHAT_LIMITS.textMaxChars}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('chat.placeholder')}
        style={{ ...messageStyle({ color, bg }), marginBottom: 20 }}
        data-testid="chat-input"
      />
      <Space wrap>
        <span>{t('chat.color')}</span>
        <ColorPicker
          allowClear
          disabledAlpha
          presets={[{ label: t('chat.color'), colors: TEXT_PRESETS }]}
          value={color ?? null}
          onChangeComplete={(c) => setColor(c.toHexString())}
          onClear={() => setColor(undefined)}
          data-testid="chat-color"
        />
        <span>{t('chat.bg')}</span>
        <ColorPicker
          allowClear
          disabledAlpha
          presets={[{ label: t('chat.bg'), colors: BG_PRESETS }]}
          value={bg ?? null}
          onChangeComplete={(c) => setBg(c.toHexString())}
          onClear={() => setBg(undefined)}
          data-testid="chat-bg"
        />
        <Button
          type="primary"
          loading={sending}
          disabled={!text.trim()}
          onClick={() => void send()}
          data-testid="chat-send"
        >
          {t('chat.send')}
        </Button>
      </Space>
    </Card>
  );
}
