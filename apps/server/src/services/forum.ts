import { randomBytes } from 'node:crypto';
import {
  type AttachmentCard,
  type AttachmentRef,
  FORUM_IMAGE_PATH,
  FORUM_LIMITS,
  type ForumBoard,
  type ForumKind,
  type ForumModerationAction,
  type ForumMyPostsData,
  type ForumReply,
  type ForumReport,
  type ForumTargetType,
  type ForumThread,
  type ForumThreadItem,
  type Lang,
  ROLE,
} from '@pvforge/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { type BoardRow, ForumRepository, type ReplyRow, type ThreadRow } from '../db/repositories/forum.js';
import type { Database, UserRow } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { checkForumImage, IMAGE_REFUSALS } from '../forum/image.js';
import { cleanPostHtml, excerptOf } from '../forum/sanitize.js';
import { AppError } from '../http/errors.js';
import { Attachments } from './attachments.js';
import type { Notifier } from './notifier.js';

type Viewer = Pick<UserRow, 'id' | 'role'>;
const isAdmin = (v: Viewer) => Number(v.role) === ROLE.admin;

function nicknameOf(r: { author_nickname: string | null; author_name: string | null; user_id: number }): string {
  return r.author_nickname || r.author_name || `#${r.user_id}`;
}

/**
 * The forum's rules (docs/forum.md): who sees, posts, edits and moderates what. Bodies are
 * sanitised here before storage; attachments are checked against what the poster may see and
 * shown to each reader as a card that names the item only when the reader may open it.
 */
export class ForumService {
  private readonly repo: ForumRepository;

  constructor(
    db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly attach: Attachments,
    private readonly notifier: Notifier,
  ) {
    this.repo = new ForumRepository(db);
  }

  // --- reading -------------------------------------------------------------------------------

  async boards(forum: ForumKind | undefined, lang: Lang): Promise<ForumBoard[]> {
    const rows = await this.repo.boards(forum);
    return rows.map((b) => ({
      id: Number(b.id),
      forum: b.forum as ForumKind,
      name: lang === 'en' ? b.name_en : b.name_zh,
      description: lang === 'en' ? b.description_en : b.description_zh,
      threadCount: b.thread_count,
    }));
  }

  async threads(
    viewer: Viewer,
    f: { forum?: ForumKind | undefined; boardId?: number | undefined; search?: string | undefined },
    p: { page: number; size: number },
    lang: Lang,
  ): Promise<{ list: ForumThreadItem[]; total: number }> {
    const search = f.search?.trim() || undefined;
    const r = await this.repo.listThreads({ ...f, search }, p, isAdmin(viewer));
    return { list: r.list.map((t) => this.item(t, lang)), total: r.total };
  }

  async myPosts(viewer: Viewer, type: 'thread' | 'reply', p: { page: number; size: number }, lang: Lang) {
    if (type === 'thread') {
      const r = await this.repo.listThreads({ userId: viewer.id }, p, true);
      return { threads: r.list.map((t) => this.item(t, lang)), replies: [], total: r.total } satisfies ForumMyPostsData;
    }
    const r = await this.repo.myReplies(viewer.id, p);
    return {
      threads: [],
      replies: r.list.map((x) => ({
        id: Number(x.id),
        threadId: Number(x.thread_id),
        threadTitle: x.thread_title,
        excerpt: excerptOf(x.search_text),
        hidden: Number(x.hidden) === 1,
        createdAt: Number(x.created_at),
      })),
      total: r.total,
    } satisfies ForumMyPostsData;
  }

  /** A thread with one page of replies. Hidden threads: their author and administrators only. */
  async thread(viewer: Viewer, id: number, p: { page: number; size: number }, lang: Lang): Promise<ForumThread> {
    const t = await this.visibleThread(viewer, id);
    const replies = await this.repo.listReplies(id, p);
    const quoteIds = [...new Set(replies.list.map((r) => r.quote_id).filter((q): q is number => q !== null))];
    const quotes = new Map((await this.repo.repliesByIds(quoteIds.map(Number))).map((q) => [Number(q.id), q]));
    return {
      ...this.item(t, lang),
      bodyHtml: t.body_html,
      attachments: await this.cards(viewer, Attachments.parse(t.attachments)),
      edited: Number(t.updated_at) > Number(t.created_at),
      mine: Number(t.user_id) === viewer.id,
      replies: await Promise.all(replies.list.map((r) => this.presentReply(viewer, r, quotes))),
      total: replies.total,
    };
  }

  private item(t: ThreadRow, lang: Lang): ForumThreadItem {
    return {
      id: Number(t.id),
      boardId: Number(t.board_id),
      forum: t.forum as ForumKind,
      boardName: lang === 'en' ? t.board_name_en : t.board_name_zh,
      title: t.title,
      author: { id: Number(t.user_id), nickname: nicknameOf(t) },
      replyCount: Number(t.reply_count),
      lastReplyAt: Number(t.last_reply_at),
      createdAt: Number(t.created_at),
      pinned: Number(t.pinned) === 1,
      locked: Number(t.locked) === 1,
      hidden: Number(t.hidden) === 1,
    };
  }

  private async presentReply(viewer: Viewer, r: ReplyRow, quotes: Map<number, ReplyRow>): Promise<ForumReply> {
    const mine = Number(r.user_id) === viewer.id;
    const hidden = Number(r.hidden) === 1;
    // A hidden reply keeps its floor; its text reaches only its author and administrators.
    const shows = !hidden || mine || isAdmin(viewer);
    const q = r.quote_id !== null ? quotes.get(Number(r.quote_id)) : undefined;
    const quoteShows = q && q.deleted_at === null && (Number(q.hidden) === 0 || isAdmin(viewer));
    return {
      id: Number(r.id),
      threadId: Number(r.thread_id),
      floor: Number(r.floor),
      author: { id: Number(r.user_id), nickname: nicknameOf(r) },
      bodyHtml: shows ? r.body_html : '',
      attachments: shows ? await this.cards(viewer, Attachments.parse(r.attachments)) : [],
      ...(q
        ? {
            quote: {
              id: Number(q.id),
              floor: Number(q.floor),
              author: nicknameOf(q),
              excerpt: quoteShows ? excerptOf(q.search_text) : '',
            },
          }
        : {}),
      hidden,
      edited: Number(r.updated_at) > Number(r.created_at),
      mine,
      createdAt: Number(r.created_at),
    };
  }

  private cards(viewer: Viewer, refs: AttachmentRef[]): Promise<AttachmentCard[]> {
    return this.attach.cards(viewer.id, refs);
  }

  private async visibleThread(viewer: Viewer, id: number): Promise<ThreadRow> {
    const t = await this.repo.thread(id);
    if (!t) throw new AppError('4601');
    if (Number(t.hidden) === 1 && Number(t.user_id) !== viewer.id && !isAdmin(viewer)) throw new AppError('4601');
    return t;
  }

  // --- writing -------------------------------------------------------------------------------

  /** Sanitises a body; refuses one that is empty after cleaning (no text and no image) or too long. */
  private body(raw: string) {
    const clean = cleanPostHtml(raw);
    if (!clean.text && clean.imageKeys.length === 0) throw new AppError('4605');
    if (clean.html.length > FORUM_LIMITS.bodyMaxChars) throw new AppError('4610', { max: FORUM_LIMITS.bodyMaxChars });
    return clean;
  }

  private attachments(viewer: Viewer, refs: AttachmentRef[] | undefined): Promise<string> {
    return this.attach.checked(viewer.id, refs);
  }

  private async boardOf(id: number): Promise<BoardRow> {
    const b = await this.repo.board(id);
    if (!b) throw new AppError('4603');
    return b;
  }

  async createThread(
    viewer: Viewer,
    input: { boardId: number; title: string; body: string; attachments?: AttachmentRef[] | undefined },
  ): Promise<number> {
    await this.boardOf(input.boardId);
    const title = input.title.trim();
    if (!title) throw new AppError('4605');
    const clean = this.body(input.body);
    const attachments = await this.attachments(viewer, input.attachments);
    return this.repo.insertThread({
      boardId: input.boardId,
      userId: viewer.id,
      title,
      html: clean.html,
      searchText: `${title} ${clean.text}`.toLowerCase(),
      attachments,
      now: this.clock.now(),
    });
  }

  /** Own threads (or any, for an administrator); who else could edit is answered "not found". */
  private async editableThread(viewer: Viewer, id: number): Promise<ThreadRow> {
    const t = await this.visibleThread(viewer, id);
    if (Number(t.user_id) !== viewer.id && !isAdmin(viewer)) throw new AppError('2007');
    return t;
  }

  async updateThread(
    viewer: Viewer,
    input: { id: number; title: string; body: string; attachments?: AttachmentRef[] | undefined },
  ): Promise<void> {
    await this.editableThread(viewer, input.id);
    const title = input.title.trim();
    if (!title) throw new AppError('4605');
    const clean = this.body(input.body);
    const attachments = await this.attachments(viewer, input.attachments);
    await this.repo.updateThread(input.id, {
      title,
      body_html: clean.html,
      search_text: `${title} ${clean.text}`.toLowerCase(),
      attachments,
      updated_at: this.clock.now(),
    });
  }

  async deleteThread(viewer: Viewer, id: number): Promise<void> {
    await this.editableThread(viewer, id);
    await this.repo.updateThread(id, { deleted_at: this.clock.now() });
  }

  /**
   * A reply on the next floor. A locked thread takes replies only from administrators. The thread's
   * author (and the quoted reply's author) is told by message and live notification, never oneself.
   */
  async reply(
    viewer: Viewer & Pick<UserRow, 'nickname' | 'real_name'>,
    input: { threadId: number; body: string; quoteId?: number | undefined; attachments?: AttachmentRef[] | undefined },
  ): Promise<number> {
    const t = await this.visibleThread(viewer, input.threadId);
    if (Number(t.locked) === 1 && !isAdmin(viewer)) throw new AppError('4604');
    let quoted: ReplyRow | undefined;
    if (input.quoteId !== undefined) {
      quoted = await this.repo.reply(input.quoteId);
      if (!quoted || Number(quoted.thread_id) !== input.threadId) throw new AppError('4602');
    }
    const clean = this.body(input.body);
    const attachments = await this.attachments(viewer, input.attachments);
    const id = await this.repo.insertReply({
      threadId: input.threadId,
      userId: viewer.id,
      html: clean.html,
      searchText: clean.text.toLowerCase(),
      attachments,
      quoteId: quoted ? Number(quoted.id) : null,
      now: this.clock.now(),
    });
    const who = viewer.nickname || viewer.real_name || `#${viewer.id}`;
    const link = `/plat/bbs/detail/${input.threadId}`;
    const excerpt = excerptOf(clean.text, 200);
    const told = new Set<number>([viewer.id]);
    const authorId = Number(t.user_id);
    if (!told.has(authorId)) {
      told.add(authorId);
      await this.notifier.notify(authorId, {
        kind: 'forum-reply',
        title: `帖子有新回复 / New reply: ${t.title}`,
        body: `${who} 回复了您的帖子「${t.title}」：${excerpt}\n${who} replied to your thread "${t.title}": ${excerpt}`,
        link,
      });
    }
    if (quoted && !told.has(Number(quoted.user_id))) {
      await this.notifier.notify(Number(quoted.user_id), {
        kind: 'forum-quote',
        title: `您的回复被引用 / Your reply was quoted: ${t.title}`,
        body: `${who} 在「${t.title}」中引用了您的回复：${excerpt}\n${who} quoted your reply in "${t.title}": ${excerpt}`,
        link,
      });
    }
    return id;
  }

  private async editableReply(viewer: Viewer, id: number): Promise<ReplyRow> {
    const r = await this.repo.reply(id);
    if (!r) throw new AppError('4602');
    await this.visibleThread(viewer, Number(r.thread_id));
    if (Number(r.user_id) !== viewer.id && !isAdmin(viewer)) throw new AppError('2007');
    return r;
  }

  async updateReply(viewer: Viewer, input: { id: number; body: string; attachments?: AttachmentRef[] | undefined }) {
    await this.editableReply(viewer, input.id);
    const clean = this.body(input.body);
    const attachments = await this.attachments(viewer, input.attachments);
    await this.repo.updateReply(input.id, {
      body_html: clean.html,
      search_text: clean.text.toLowerCase(),
      attachments,
      updated_at: this.clock.now(),
    });
  }

  async deleteReply(viewer: Viewer, id: number): Promise<void> {
    const r = await this.editableReply(viewer, id);
    await this.repo.deleteReply(id, Number(r.thread_id), this.clock.now());
  }

  // --- reports and moderation ----------------------------------------------------------------

  async report(viewer: Viewer, type: ForumTargetType, id: number, reason: string): Promise<void> {
    const why = reason.trim();
    if (!why) throw new AppError('4605');
    if (type === 'thread') await this.visibleThread(viewer, id);
    else {
      const r = await this.repo.reply(id);
      if (!r) throw new AppError('4602');
      await this.visibleThread(viewer, Number(r.thread_id));
    }
    try {
      await this.repo.insertReport({ type, targetId: id, userId: viewer.id, reason: why, now: this.clock.now() });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('4608');
      throw err;
    }
  }

  async reports(status: 'open' | 'resolved' | undefined, p: { page: number; size: number }) {
    const r = await this.repo.reports(status, p);
    const list: ForumReport[] = [];
    for (const x of r.list) {
      let threadId = Number(x.target_id);
      let excerpt = '';
      if (x.target_type === 'thread') {
        const t = await this.repo.thread(threadId);
        excerpt = t ? t.title : '';
      } else {
        const reply = (await this.repo.repliesByIds([Number(x.target_id)]))[0];
        threadId = reply ? Number(reply.thread_id) : 0;
        excerpt = reply && reply.deleted_at === null ? excerptOf(reply.search_text) : '';
      }
      list.push({
        id: Number(x.id),
        type: x.target_type as ForumTargetType,
        targetId: Number(x.target_id),
        threadId,
        excerpt,
        reason: x.reason,
        reporter: { id: Number(x.user_id), nickname: nicknameOf(x) },
        status: x.status as 'open' | 'resolved',
        createdAt: Number(x.created_at),
      });
    }
    return { list, total: r.total };
  }

  async resolveReport(admin: Viewer, id: number): Promise<void> {
    if (!(await this.repo.report(id))) throw new AppError('4609');
    await this.repo.resolveReports({ id }, admin.id, this.clock.now());
  }

  /**
   * Administrators pin, lock, hide and delete. Hiding or deleting settles the open reports on the
   * post and tells its author; pinning and locking concern threads only.
   */
  async moderate(admin: Viewer, type: ForumTargetType, id: number, action: ForumModerationAction): Promise<string> {
    const now = this.clock.now();
    let authorId: number;
    let title: string;
    let threadId: number;
    if (type === 'thread') {
      const t = await this.repo.thread(id);
      if (!t) throw new AppError('4601');
      authorId = Number(t.user_id);
      title = t.title;
      threadId = id;
      const set = {
        pin: { pinned: 1 },
        unpin: { pinned: 0 },
        lock: { locked: 1 },
        unlock: { locked: 0 },
        hide: { hidden: 1 },
        unhide: { hidden: 0 },
        delete: { deleted_at: now },
      }[action];
      await this.repo.updateThread(id, set);
    } else {
      if (['pin', 'unpin', 'lock', 'unlock'].includes(action))
        throw new AppError('1001', { detail: `${action} reply` });
      const r = await this.repo.reply(id);
      if (!r) throw new AppError('4602');
      const t = await this.repo.thread(Number(r.thread_id));
      authorId = Number(r.user_id);
      title = t?.title ?? '';
      threadId = Number(r.thread_id);
      if (action === 'delete') await this.repo.deleteReply(id, threadId, now);
      else await this.repo.updateReply(id, { hidden: action === 'hide' ? 1 : 0 });
    }
    if (action === 'hide' || action === 'delete') {
      await this.repo.resolveReports({ type, targetId: id }, admin.id, now);
      if (authorId !== admin.id) {
        const what = type === 'thread' ? { zh: '帖子', en: 'thread' } : { zh: '回复', en: 'reply' };
        const done = action === 'hide' ? { zh: '隐藏', en: 'hidden' } : { zh: '删除', en: 'deleted' };
        await this.notifier.notify(authorId, {
          kind: 'forum-moderated',
          title: `论坛管理 / Forum moderation: ${title}`,
          body:
            `您在「${title}」中的${what.zh}已被管理员${done.zh}。\n` +
            `Your ${what.en} in "${title}" was ${done.en} by an administrator.`,
          link: action === 'hide' ? `/plat/bbs/detail/${threadId}` : null,
        });
      }
    }
    return `${type} ${id} ${action}`;
  }

  // --- images --------------------------------------------------------------------------------

  async uploadImage(viewer: Viewer, bytes: Buffer, lang: Lang) {
    const check = checkForumImage(bytes);
    if (!check.ok) throw new AppError('4606', { detail: IMAGE_REFUSALS[check.reason][lang] }, { field: 'file' });
    const key = randomBytes(16).toString('hex');
    await this.repo.insertImage({ key, userId: viewer.id, ...check, bytes, now: this.clock.now() });
    return { url: `${FORUM_IMAGE_PATH}${key}`, width: check.width, height: check.height, type: check.mime };
  }

  image(key: string) {
    return this.repo.image(key);
  }
}
