import {
  type AttachmentRef,
  type ConsultCategory,
  type ConsultStatus,
  type ConsultTicket,
  type ConsultTicketItem,
  ROLE,
} from '@pvforge/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { ConsultRepository } from '../db/repositories/consult.js';
import type { Database, UserRow } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { Attachments } from './attachments.js';
import type { Notifier } from './notifier.js';

type Viewer = Pick<UserRow, 'id' | 'role'>;
const isAdmin = (v: Viewer) => Number(v.role) === ROLE.admin;

type TicketRow = NonNullable<Awaited<ReturnType<ConsultRepository['ticket']>>>;

const CATEGORY_NAMES: Record<ConsultCategory, { zh: string; en: string }> = {
  account: { zh: '账号', en: 'account' },
  calculation: { zh: '计算', en: 'calculation' },
  material: { zh: '材料与器件', en: 'materials and devices' },
  finance: { zh: '财务', en: 'finance' },
  other: { zh: '其他', en: 'other' },
};

/**
 * Consultation (docs/consultation.md): a ticket belongs to the user who opened it; administrators
 * see and answer every ticket. Anyone else is told "no such consultation" (4701), so ticket ids
 * cannot be probed. An administrator's answer (or closing) tells the user by message and live act.
 */
export class ConsultService {
  private readonly repo: ConsultRepository;

  constructor(
    db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly attach: Attachments,
    private readonly notifier: Notifier,
  ) {
    this.repo = new ConsultRepository(db);
  }

  private item(t: TicketRow): ConsultTicketItem {
    return {
      id: Number(t.id),
      userId: Number(t.user_id),
      userName: t.user_name || t.user_email || `#${t.user_id}`,
      category: t.category as ConsultCategory,
      subject: t.subject,
      status: t.status as ConsultStatus,
      createdAt: Number(t.created_at),
      updatedAt: Number(t.updated_at),
    };
  }

  private async visible(viewer: Viewer, id: number): Promise<TicketRow> {
    const t = await this.repo.ticket(id);
    if (!t || (Number(t.user_id) !== viewer.id && !isAdmin(viewer))) throw new AppError('4701');
    return t;
  }

  private text(raw: string): string {
    const text = raw.trim();
    if (!text) throw new AppError('4605');
    return text;
  }

  async open(
    viewer: Viewer,
    input: { category: ConsultCategory; subject: string; text: string; attachments?: AttachmentRef[] | undefined },
  ): Promise<number> {
    const subject = this.text(input.subject);
    const body = this.text(input.text);
    const attachments = await this.attach.checked(viewer.id, input.attachments);
    return this.repo.open({
      userId: viewer.id,
      category: input.category,
      subject,
      body,
      attachments,
      now: this.clock.now(),
    });
  }

  async mine(viewer: Viewer, status: ConsultStatus | undefined, p: { page: number; size: number }) {
    const r = await this.repo.list({ userId: viewer.id, status }, p);
    return { list: r.list.map((t) => this.item(t)), total: r.total };
  }

  async all(status: ConsultStatus | undefined, p: { page: number; size: number }) {
    const r = await this.repo.list({ status }, p);
    return { list: r.list.map((t) => this.item(t)), total: r.total };
  }

  async detail(viewer: Viewer, id: number): Promise<ConsultTicket> {
    const t = await this.visible(viewer, id);
    const messages = await this.repo.messages(id);
    return {
      ...this.item(t),
      messages: await Promise.all(
        messages.map(async (m) => ({
          id: Number(m.id),
          fromAdmin: Number(m.from_admin) === 1,
          author: Number(m.from_admin) === 1 ? '客服 / Support' : m.author_nickname || m.author_name || `#${m.user_id}`,
          text: m.body,
          attachments: await this.attach.cards(viewer.id, Attachments.parse(m.attachments)),
          createdAt: Number(m.created_at),
        })),
      ),
    };
  }

  /** A message on the ticket: the owner's makes it 'open' again, an administrator's makes it 'answered'. */
  async reply(viewer: Viewer, input: { id: number; text: string; attachments?: AttachmentRef[] | undefined }) {
    const t = await this.visible(viewer, input.id);
    if (t.status === 'closed') throw new AppError('4702');
    const body = this.text(input.text);
    const attachments = await this.attach.checked(viewer.id, input.attachments);
    const owner = Number(t.user_id) === viewer.id;
    // An administrator writing in their own ticket is its user there.
    const fromAdmin = !owner && isAdmin(viewer);
    const ok = await this.repo.add({
      ticketId: input.id,
      userId: viewer.id,
      fromAdmin,
      body,
      attachments,
      status: fromAdmin ? 'answered' : 'open',
      now: this.clock.now(),
    });
    if (!ok) throw new AppError('4702');
    if (fromAdmin) {
      const cat = CATEGORY_NAMES[t.category as ConsultCategory] ?? CATEGORY_NAMES.other;
      await this.notifier.notify(Number(t.user_id), {
        kind: 'consult-answered',
        title: `咨询已回复 / Your consultation was answered: ${t.subject}`,
        body:
          `客服已回复您的${cat.zh}咨询「${t.subject}」，请在“咨询”页面查看。\n` +
          `Support answered your ${cat.en} consultation "${t.subject}"; see the Consultation page.`,
        link: `/plat/cs/consult?id=${input.id}`,
      });
    }
  }

  async close(viewer: Viewer, id: number): Promise<void> {
    const t = await this.visible(viewer, id);
    if (!(await this.repo.close(id, this.clock.now()))) throw new AppError('4702');
    if (Number(t.user_id) !== viewer.id) {
      await this.notifier.notify(Number(t.user_id), {
        kind: 'consult-closed',
        title: `咨询已关闭 / Consultation closed: ${t.subject}`,
        body: `您的咨询「${t.subject}」已由客服关闭。\nYour consultation "${t.subject}" was closed by support.`,
        link: `/plat/cs/consult?id=${id}`,
      });
    }
  }
}
