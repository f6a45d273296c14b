import type { LiveMessage } from '@pvforge/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { MessagesRepository } from '../db/repositories/library.js';
import type { Database } from '../db/schema.js';

/** Where live messages go: the hub (app.live); absent in code that runs without one. */
export interface LiveSink {
  toUser(userId: number, message: LiveMessage): void;
}

export interface Notice {
  /** Message kind, e.g. 'forum-reply', 'consult-answered'. */
  kind: string;
  /** Stored once and read in either language: both texts, Chinese first (as review messages are). */
  title: string;
  body: string;
  link: string | null;
}

/**
 * Tells a user something: an in-site message (kept, with unread state) and, when they are
 * connected, a live 'newMsg' notification carrying its title and link. The message is the record;
 * the live part is best effort (an offline user finds the message on the next visit).
 */
export class Notifier {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly live?: LiveSink,
  ) {}

  async notify(userId: number, n: Notice): Promise<number> {
    const id = await new MessagesRepository(this.db).insert({ userId, ...n, now: this.clock.now() });
    this.live?.toUser(userId, {
      act: 'newMsg',
      msgid: `m${id}`,
      msg: n.title,
      type: n.kind,
      ...(n.link ? { link: n.link } : {}),
    });
    return id;
  }
}
