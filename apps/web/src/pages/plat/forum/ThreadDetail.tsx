import {
  DeleteOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  LockOutlined,
  MessageOutlined,
  PushpinOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type {
  AttachmentRef,
  ForumModerationAction,
  ForumReply,
  ForumTargetType,
  ForumThread,
} from '@pvforge/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Dropdown, Input, Modal, Pagination, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { forumApi, forumKeys } from '../../../api/forum';
import { useRole } from '../../../api/queries';
import { AttachmentCards, AttachmentPicker } from '../../../components/forum/Attachments';
import { RichEditor } from '../../../components/forum/RichEditor';
import { PageHeader } from '../../../components/PageHeader';
import { ThreadForm } from './ThreadForm';

/** Server-sanitised post HTML (docs/forum.md): the only place the forum renders HTML. */
function PostBody({ html, testId }: { html: string; testId: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server cleaned it with sanitize-html's allow-list before storing
  return <div className="forum-post-body" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The moderation entries that change something for a post in its present state. */
function actionsFor(
  state: { pinned?: boolean; locked?: boolean; hidden: boolean },
  thread: boolean,
): ForumModerationAction[] {
  return [
    ...(thread ? [state.pinned ? 'unpin' : 'pin', state.locked ? 'unlock' : 'lock'] : []),
    state.hidden ? 'unhide' : 'hide',
    'delete',
  ] as ForumModerationAction[];
}

/** bbs/detail/{id}: a thread, its replies by floor, quoting, editing, reporting and moderation. */
export default function ThreadDetail() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const id = Number(useParams()['id']);
  const { isAdmin } = useRole();
  const [page, setPage] = useState(1);
  const size = 20;
  const [draft, setDraft] = useState('');
  const [draftKey, setDraftKey] = useState(0);
  const [attachments, setAttachments] = useState<AttachmentRef[]>([]);
  const [quote, setQuote] = useState<ForumReply | null>(null);
  const [sending, setSending] = useState(false);
  const [editingThread, setEditingThread] = useState(false);
  const [editingReply, setEditingReply] = useState<ForumReply | null>(null);
  const [replyEdit, setReplyEdit] = useState('');
  const [reporting, setReporting] = useState<{ type: ForumTargetType; id: number } | null>(null);
  const [reason, setReason] = useState('');

  const thread = useQuery({
    queryKey: forumKeys.thread(id, page, size),
    queryFn: () => forumApi.thread(id, page, size),
    enabled: Number.isInteger(id) && id > 0,
  });
  const boards = useQuery({
    queryKey: forumKeys.boards(thread.data?.forum ?? 'academic'),
    queryFn: () => forumApi.boards(thread.data?.forum ?? 'academic'),
    enabled: !!thread.data,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: forumKeys.all });
  const fail = (e: unknown) => message.error(t('forum.failed', { msg: e instanceof Error ? e.message : String(e) }));
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language);

  const confirmDelete = (run: () => Promise<unknown>, after?: () => void) =>
    modal.confirm({
      title: t('forum.deleteConfirm'),
      okText: t('forum.ok'),
      cancelText: t('forum.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await run();
          message.success(t('forum.deleted'));
          after?.();
          await refresh();
        } catch (e) {
          fail(e);
        }
      },
    });

  const moderate = async (type: ForumTargetType, targetId: number, action: ForumModerationAction) => {
    try {
      await forumApi.moderate(type, targetId, action);
      message.success(t('forum.moderated', { action: t(`forum.action.${action}`) }));
      if (type === 'thread' && action === 'delete') void navigate(`/plat/bbs/${thread.data?.forum ?? 'academic'}`);
      await refresh();
    } catch (e) {
      fail(e);
    }
  };

  const sendReply = async () => {
    if (draft.replace(/<[^>]*>/g, '').trim() === '' && !draft.includes('<img')) {
      message.error(t('forum.bodyRequired'));
      return;
    }
    setSending(true);
    try {
      await forumApi.reply({ threadId: id, body: draft, attachments, ...(quote ? { quoteId: quote.id } : {}) });
      message.success(t('forum.replied'));
      setDraft('');
      setDraftKey((k) => k + 1);
      setAttachments([]);
      setQuote(null);
      await refresh();
      const total = (thread.data?.total ?? 0) + 1;
      setPage(Math.max(1, Math.ceil(total / size)));
    } catch (e) {
      fail(e);
    } finally {
      setSending(false);
    }
  };

  const sendReport = async () => {
    if (!reporting || !reason.trim()) return;
    try {
      await forumApi.report(reporting.type, reporting.id, reason.trim());
      message.success(t('forum.reported'));
      setReporting(null);
      setReason('');
    } catch (e) {
      fail(e);
    }
  };

  const modMenu = (type: ForumTargetType, targetId: number, actions: ForumModerationAction[]) => (
    <Dropdown
      menu={{
        items: actions.map((a) => ({ key: a, label: t(`forum.action.${a}`), danger: a === 'delete' })),
        onClick: (e) => void moderate(type, targetId, e.key as ForumModerationAction),
      }}
    >
      <Button size="small" data-testid={`moderate-${type}-${targetId}`}>
        {t('forum.moderation')}
      </Button>
    </Dropdown>
  );

  if (thread.isError)
    return (
      <>
        <PageHeader title={t('page.bbsDetail')} />
        <Alert type="error" showIcon title={t('forum.loadFailed', { msg: thread.error.message })} />
        <Button style={{ marginTop: 16 }} onClick={() => navigate('/plat/bbs/academic')}>
          {t('forum.back')}
        </Button>
      </>
    );
  const th: ForumThread | undefined = thread.data;
  if (!th) return <Card loading />;

  return (
    <>
      <PageHeader
        title={th.title}
        subtitle={`${th.boardName} · ${th.author.nickname} · ${when(th.createdAt)}`}
        extra={
          <Link to={`/plat/bbs/${th.forum}/${th.boardId}`} data-testid="thread-back">
            {t('forum.back')}
          </Link>
        }
      />
      <Space style={{ marginBottom: 12 }}>
        {th.pinned && (
          <Tag color="red" icon={<PushpinOutlined />} data-testid="detail-pinned">
            {t('forum.pinned')}
          </Tag>
        )}
        {th.locked && <Tag icon={<LockOutlined />}>{t('forum.locked')}</Tag>}
        {th.hidden && (
          <Tag icon={<EyeInvisibleOutlined />} data-testid="detail-hidden">
            {t('forum.hidden')}
          </Tag>
        )}
      </Space>
      {th.hidden && <Alert type="warning" showIcon title={t('forum.hiddenNotice')} style={{ marginBottom: 12 }} />}
      <Card
        className="forum-post"
        data-testid="thread-main"
        title={
          <Space>
            <Typography.Text strong>{th.author.nickname}</Typography.Text>
            <Tag color="blue">{t('forum.op')}</Tag>
            {th.edited && <Typography.Text type="secondary">({t('forum.edited')})</Typography.Text>}
          </Space>
        }
        extra={
          <Space>
            {(th.mine || isAdmin) && (
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditingThread(true)}
                data-testid="thread-edit"
              >
                {t('forum.edit')}
              </Button>
            )}
            {th.mine && (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                data-testid="thread-delete"
                onClick={() =>
                  confirmDelete(
                    () => forumApi.deleteThread(id),
                    () => navigate(`/plat/bbs/${th.forum}`),
                  )
                }
              >
                {t('forum.delete')}
              </Button>
            )}
            {!th.mine && (
              <Button
                size="small"
                icon={<WarningOutlined />}
                onClick={() => setReporting({ type: 'thread', id })}
                data-testid="thread-report"
              >
                {t('forum.report')}
              </Button>
            )}
            {isAdmin && modMenu('thread', id, actionsFor(th, true))}
          </Space>
        }
      >
        <PostBody html={th.bodyHtml} testId="thread-body-html" />
        <AttachmentCards cards={th.attachments} />
      </Card>

      {th.replies.map((r) => (
        <Card
          key={r.id}
          size="small"
          className="forum-post forum-reply"
          data-testid={`reply-${r.floor}`}
          title={
            <Space>
              <Typography.Text type="secondary">{t('forum.floor', { floor: r.floor })}</Typography.Text>
              <Typography.Text strong>{r.author.nickname}</Typography.Text>
              {r.author.id === th.author.id && <Tag color="blue">{t('forum.op')}</Tag>}
              <Typography.Text type="secondary">{when(r.createdAt)}</Typography.Text>
              {r.edited && <Typography.Text type="secondary">({t('forum.edited')})</Typography.Text>}
              {r.hidden && <Tag icon={<EyeInvisibleOutlined />}>{t('forum.hidden')}</Tag>}
            </Space>
          }
          extra={
            <Space>
              {!th.locked && !r.hidden && (
                <Button size="small" icon={<MessageOutlined />} onClick={() => setQuote(r)} data-testid="reply-quote">
                  {t('forum.quote')}
                </Button>
              )}
              {(r.mine || isAdmin) && r.bodyHtml && (
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  data-testid="reply-edit"
                  onClick={() => {
                    setReplyEdit(r.bodyHtml);
                    setEditingReply(r);
                  }}
                >
                  {t('forum.edit')}
                </Button>
              )}
              {r.mine && (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => confirmDelete(() => forumApi.deleteReply(r.id))}
                >
                  {t('forum.delete')}
                </Button>
              )}
              {!r.mine && (
                <Button
                  size="small"
                  icon={<WarningOutlined />}
                  onClick={() => setReporting({ type: 'reply', id: r.id })}
                >
                  {t('forum.report')}
                </Button>
              )}
              {isAdmin && modMenu('reply', r.id, actionsFor(r, false))}
            </Space>
          }
        >
          {r.quote && (
            <blockquote className="forum-quote" data-testid="reply-quote-block">
              <Typography.Text type="secondary">
                {t('forum.quoting', { author: r.quote.author, floor: r.quote.floor })}
              </Typography.Text>
              <div>{r.quote.excerpt || t('forum.quoteGone')}</div>
            </blockquote>
          )}
          {r.hidden && !r.bodyHtml ? (
            <Typography.Text type="secondary" italic>
              {t('forum.hiddenReply')}
            </Typography.Text>
          ) : (
            <PostBody html={r.bodyHtml} testId="reply-body-html" />
          )}
          <AttachmentCards cards={r.attachments} />
        </Card>
      ))}
      {th.total > size && (
        <Pagination
          current={page}
          pageSize={size}
          total={th.total}
          onChange={setPage}
          style={{ margin: '12px 0' }}
          showTotal={(n) => t('forum.pageTotal', { count: n })}
        />
      )}

      <Card title={t('forum.reply')} style={{ marginTop: 16 }} data-testid="reply-box">
        {th.locked && !isAdmin ? (
          <Alert type="info" showIcon title={t('forum.lockedNotice')} data-testid="reply-locked" />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            {quote && (
              <Alert
                type="info"
                title={t('forum.quoting', { author: quote.author.nickname, floor: quote.floor })}
                closable
                closeText={t('forum.cancelQuote')}
                onClose={() => setQuote(null)}
              />
            )}
            <RichEditor key={draftKey} onChange={setDraft} testId="reply-editor" placeholder={t('forum.replyPh')} />
            <AttachmentPicker value={attachments} onChange={setAttachments} />
            <Button type="primary" loading={sending} onClick={() => void sendReply()} data-testid="reply-submit">
              {t('forum.replySubmit')}
            </Button>
          </Space>
        )}
      </Card>

      {editingThread && boards.data && (
        <ThreadForm
          open
          boards={boards.data.list.filter((b) => b.id === th.boardId)}
          initial={{
            boardId: th.boardId,
            title: th.title,
            body: th.bodyHtml,
            attachments: th.attachments.map((a) => ({ type: a.type, id: a.id })),
          }}
          onCancel={() => setEditingThread(false)}
          onSubmit={async (d) => {
            await forumApi.updateThread({ id, title: d.title, body: d.body, attachments: d.attachments });
            message.success(t('forum.saved'));
            setEditingThread(false);
            await refresh();
          }}
        />
      )}
      <Modal
        open={!!editingReply}
        title={t('forum.edit')}
        onCancel={() => setEditingReply(null)}
        okText={t('forum.save')}
        cancelText={t('forum.cancel')}
        destroyOnHidden
        width={720}
        onOk={async () => {
          if (!editingReply) return;
          try {
            await forumApi.updateReply({
              id: editingReply.id,
              body: replyEdit,
              attachments: editingReply.attachments.map((a) => ({ type: a.type, id: a.id })),
            });
            message.success(t('forum.saved'));
            setEditingReply(null);
            await refresh();
          } catch (e) {
            fail(e);
          }
        }}
      >
        {editingReply && (
          <RichEditor initialHtml={editingReply.bodyHtml} onChange={setReplyEdit} testId="reply-edit-editor" />
        )}
      </Modal>
      <Modal
        open={!!reporting}
        title={t('forum.reportTitle')}
        onCancel={() => setReporting(null)}
        onOk={() => void sendReport()}
        okText={t('forum.report')}
        cancelText={t('forum.cancel')}
        okButtonProps={{ disabled: !reason.trim(), 'data-testid': 'report-submit' }}
      >
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('forum.reportReasonPh')}
          aria-label={t('forum.reportReason')}
          maxLength={500}
          showCount
          rows={4}
          data-testid="report-reason"
        />
      </Modal>
    </>
  );
}
