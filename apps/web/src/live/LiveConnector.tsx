import { UI_TIMING } from '@pvforge/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiBase } from '../api/client';
import { useProfile } from '../api/queries';
import { clearSession, storedRealName } from '../session/store';
import { useSession } from '../session/useSession';
import { LiveConnection, type SocketLike } from './connection';
import { adminContact, useSiteContact } from './contact';
import { type ChatMessage, liveEvents } from './events';
import { FinishNotices } from './finish-notices';
import { liveUrl } from './protocol';
import { currentLive, setCurrentLive } from './registry';

const COLOUR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$/;
const CHAT_MAX = 500;

/**
 * Opens the live connection while a session exists (mounted once at the root, on every page) and turns what it
 * reports into UI: chat notifications with a reply dialog, calculation results, kicks and the
 * give-up messages of spec §8. Pages use useLive / useLiveEvent for the rest.
 */
export function LiveConnector() {
  const session = useSession();
  const { t, i18n } = useTranslation();
  const { notification, modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfile();
  // Read (and remembered) while the server answers, for the give-up message when it no longer does.
  useSiteContact();
  const [reply, setReply] = useState<ChatMessage | null>(null);
  const [text, setText] = useState('');

  const displayName = profile.data?.nickname || profile.data?.real_name || storedRealName();
  const name = useRef('');
  name.current = displayName;

  // The connection lives as long as the session; UI callbacks change with language and route.
  const ui = useRef({ t, i18n, notification, modal, message, navigate, queryClient });
  useEffect(() => {
    ui.current = { t, i18n, notification, modal, message, navigate, queryClient };
  });

  const token = session?.token;
  const uid = session?.uid;
  useEffect(() => {
    if (!token || !uid) return;
    const endSession = () => {
      const { navigate: go, queryClient: qc } = ui.current;
      void go('/', { replace: true });
      // As after a logout: the guard goes home plainly rather than asking for a login that
      // returns to the page just left (spec §4: the user goes to /).
      clearSession({ logout: true });
      qc.clear();
    };
    const conn = new LiveConnection({
      url: liveUrl(apiBase(), window.location.origin, token, uid),
      token,
      uid,
      name: () => name.current,
      // The browser WebSocket has every member of SocketLike; only its handler types name DOM events.
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      bus: liveEvents,
      onKick: (reason) => {
        const { t: tr, modal: m } = ui.current;
        endSession();
        m.warning({
          title: tr('live.kickedTitle'),
          content: reason === 'kicked' ? tr('live.kickedBody') : tr('live.sessionEndedBody'),
          okText: tr('common.ok'),
        });
      },
      onGiveUp: () => {
        const { t: tr, modal: m, notification: n } = ui.current;
        endSession();
        // Spec §8: both messages, the login one and the server one with whom to contact.
        m.warning({ title: tr('live.expiredTitle'), content: tr('live.expiredBody'), okText: tr('common.ok') });
        n.error({
          key: 'live-unreachable',
          title: tr('live.unreachableTitle'),
          description: tr('live.unreachableBody', { contact: adminContact() }),
          duration: 0,
          props: { 'data-testid': 'live-unreachable' },
        });
      },
    });
    setCurrentLive(conn);
    conn.start();
    return () => {
      conn.stop();
      if (currentLive() === conn) setCurrentLive(null);
    };
  }, [token, uid]);

  // The profile may load after the greeting: register the real name as soon as it is known.
  useEffect(() => {
    if (displayName && uid) currentLive()?.send({ act: '101', uid, name: displayName });
  }, [displayName, uid]);

  useEffect(() => {
    const offChat = liveEvents.on('chat', (c) => {
      const { t: tr, notification: n, queryClient: qc, navigate: go } = ui.current;
      // The message is stored: the conversation list, its unread counts and the bell follow at once.
      void qc.invalidateQueries({ queryKey: ['msgs'] });
      const key = `chat-${c.from}-${c.msgid ?? Date.now()}`;
      const style = {
        ...(c.color && COLOUR.test(c.color) ? { color: c.color } : {}),
        ...(c.bg && COLOUR.test(c.bg) ? { background: c.bg, padding: '2px 6px', borderRadius: 4 } : {}),
      };
      n.info({
        key,
        title: tr('live.chatFrom', { name: c.nickname }),
        // Plain text: React escapes it; newlines are kept by pre-wrap.
        description: <span style={{ whiteSpace: 'pre-wrap', ...style }}>{c.msg}</span>,
        duration: UI_TIMING.chatNotificationMs / 1000,
        props: { 'data-testid': 'live-chat' },
        actions: (
          <>
            <Button
              size="small"
              data-testid="live-chat-open"
              onClick={() => {
                n.destroy(key);
                void go(`/plat/msg?peer=${c.from}`);
              }}
            >
              {tr('chat.openConversation')}
            </Button>
            <Button
              type="primary"
              size="small"
              data-testid="live-chat-reply"
              style={{ marginLeft: 8 }}
              onClick={() => {
                n.destroy(key);
                setText('');
                setReply(c);
              }}
            >
              {tr('live.reply')}
            </Button>
          </>
        ),
      });
    });
    // bottom right, gathered, once across tabs (finish-notices.tsx)
    const finishes = new FinishNotices(() => ui.current);
    const offFinish = liveEvents.on('finish', (f) => void finishes.heard(f));
    const offKill = liveEvents.on('kill', (k) => {
      const { t: tr, notification: n } = ui.current;
      n.warning({
        title: tr('live.killTitle'),
        description: tr('live.killBody', { type: k.type, seconds: k.seconds }),
        duration: UI_TIMING.chatNotificationMs / 1000,
      });
    });
    const offAck = liveEvents.on('message', (m) => {
      if (m.act === 'ack' && m.msgid?.startsWith('c')) {
        // Replies are stored either way; offline only means the recipient reads it later.
        if (m.msg === 'offline') ui.current.message.info(ui.current.t('live.recipientOffline'));
        else if (m.msg === 'limited') ui.current.message.error(ui.current.t('chat.limited'));
        else if (m.msg === 'invalid') ui.current.message.error(ui.current.t('chat.invalid'));
        if (m.msg === 'ok' || m.msg === 'offline')
          void ui.current.queryClient.invalidateQueries({ queryKey: ['msgs'] });
      }
      // A new in-site message (forum reply, consultation answer, notice): the bell counts it at
      // once and a notification opens what it is about.
      if (m.act === 'newMsg') {
        const { t: tr, i18n: lang, notification: n, navigate: go, queryClient: qc } = ui.current;
        void qc.invalidateQueries({ queryKey: ['msgs'] });
        if (m.type === 'notice') void qc.invalidateQueries({ queryKey: ['notices'] });
        const key = `msg-${m.msgid ?? Date.now()}`;
        const link = typeof m.link === 'string' && m.link.startsWith('/plat/') ? m.link : '/plat/msg';
        n.info({
          key,
          title: m.type === 'notice' ? tr('live.newNotice') : tr('live.newMsg'),
          // A notice's English title when the reader reads English and there is one.
          description: lang.language.startsWith('en') && m.msgEn ? m.msgEn : m.msg,
          duration: 10,
          props: { 'data-testid': 'live-new-msg' },
          actions: (
            <Button
              size="small"
              type="primary"
              onClick={() => {
                n.destroy(key);
                void go(link);
              }}
            >
              {tr('live.viewMsg')}
            </Button>
          ),
        });
      }
    });
    return () => {
      offChat();
      offFinish();
      offKill();
      offAck();
    };
  }, []);

  const sendReply = () => {
    const msg = text.trim();
    if (!reply || !msg) return;
    const sent = currentLive()?.chat(reply.from, msg);
    if (sent) {
      message.success(t('live.replySent'));
      setReply(null);
    } else {
      message.error(t('live.replyFailed'));
    }
  };

  return (
    <Modal
      open={reply !== null}
      title={reply ? t('live.replyTo', { name: reply.nickname }) : ''}
      okText={t('live.send')}
      cancelText={t('common.cancel')}
      onOk={sendReply}
      onCancel={() => setReply(null)}
      okButtonProps={{ disabled: !text.trim() }}
      destroyOnHidden
    >
      {reply && (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ whiteSpace: 'pre-wrap' }}>
          {reply.msg}
        </Typography.Paragraph>
      )}
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={CHAT_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        placeholder={t('live.replyPlaceholder')}
        // The character count sits under the box; keep it clear of the dialog's buttons.
        style={{ marginBottom: 20 }}
        data-testid="live-reply-text"
      />
    </Modal>
  );
}
