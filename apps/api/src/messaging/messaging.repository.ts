import { and, asc, count, desc, eq, exists, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import { DEFAULT_CONTACT_METHOD } from '@autoreel/core';
import type { Database } from '../db/client.ts';
import {
  cars,
  conversations,
  dealers,
  mediaObjects,
  messages,
  userBlocks,
  users,
} from '../db/schema/index.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type MediaRow = typeof mediaObjects.$inferSelect;

/** A user as a conversation shows them: their dealership's name and phone when they own one. */
export interface ParticipantRow {
  id: string;
  name: string;
  role: string;
  phone: string;
  avatarKey: string | null;
  dealerId: string | null;
  dealerName: string | null;
  dealerPhone: string | null;
  /** Whether they list cars (a private seller's listings show their phone, so their chats may too). */
  sellsCars: boolean;
  /** Suspended by an operator: nobody may open a conversation with them or write to them. */
  suspended: boolean;
}

export interface ConversationPageRow {
  conversation: ConversationRow;
  latest: MessageRow;
  unread: number;
}

/** The message columns as read through an alias (a lateral subquery or a CTE), keyed like a MessageRow. */
function messageColumnsOf<T extends { _: { selectedFields: unknown } }>(source: T): T['_']['selectedFields'] {
  return Object.fromEntries(
    Object.keys(getTableColumns(messages)).map((key) => [key, source[key as keyof T]]),
  );
}

const PARTICIPANT_COLUMNS = {
  id: users.id,
  name: users.name,
  role: users.role,
  phone: users.phone,
  avatarKey: users.avatarKey,
  dealerId: dealers.id,
  dealerName: dealers.name,
  dealerPhone: dealers.phone,
  sellsCars: sql<boolean>`exists (select 1 from ${cars} where ${cars.sellerId} = ${users.id})`,
  suspended: sql<boolean>`${users.suspendedAt} is not null`,
};

/**
 * The statements a send runs, built once per database handle (a transaction's handle builds its own): building a
 * statement through the query builder costs more of the server's CPU than the database spends running it, and a
 * send is the busiest write of the API.
 */
function prepareSendStatements(db: Database) {
  const sent = db.$with('sent').as(
    db
      .insert(messages)
      .values({
        conversationId: sql.placeholder('conversationId'),
        senderId: sql.placeholder('senderId'),
        receiverId: sql.placeholder('receiverId'),
        message: sql.placeholder('message'),
        attachments: sql.placeholder('attachments'),
        attachmentFiles: sql.placeholder('attachmentFiles'),
        contact: sql.placeholder('contact'),
        messageType: sql.placeholder('messageType'),
        contactMethod: sql.placeholder('contactMethod'),
        carId: sql.placeholder('carId'),
        id: sql.placeholder('id'),
      })
      .returning(),
  );
  const notified = db
    .$with('notified')
    .as(
      db
        .select({ count: sql<number>`count(*)`.as('count') })
        .from(
          sql`(select pg_notify(${sql.placeholder('channel')}, payload) from unnest(${sql.placeholder('payloads')}::text[]) with ordinality as notice(payload, n) order by n) as notices`,
        ),
    );
  return {
    userExists: db
      .select({ id: users.id })
      .from(users)
      // A deleted account is nobody to write to (see AccountDeletionRepository.close).
      .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletionRequestedAt)))
      .limit(1)
      .prepare('messaging_user_exists'),
    conversationByPair: db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.userLowId, sql.placeholder('low')),
          eq(conversations.userHighId, sql.placeholder('high')),
        ),
      )
      .limit(1)
      .prepare('messaging_conversation_by_pair'),
    participants: db
      .select(PARTICIPANT_COLUMNS)
      .from(users)
      .leftJoin(dealers, eq(dealers.userId, users.id))
      .where(
        sql`${users.id} = any(${sql.placeholder('ids')}::uuid[]) and ${users.deletionRequestedAt} is null`,
      )
      .prepare('messaging_participants'),
    // The people, each row carrying the pair's conversation when there is one: what a send reads, in one statement.
    participantsAndPair: db
      .select({ person: PARTICIPANT_COLUMNS, conversation: getTableColumns(conversations) })
      .from(users)
      .leftJoin(dealers, eq(dealers.userId, users.id))
      .leftJoin(
        conversations,
        and(
          eq(conversations.userLowId, sql.placeholder('low')),
          eq(conversations.userHighId, sql.placeholder('high')),
        ),
      )
      .where(
        sql`${users.id} = any(${sql.placeholder('ids')}::uuid[]) and ${users.deletionRequestedAt} is null`,
      )
      .prepare('messaging_participants_and_pair'),
    // The message, its conversation's latest activity (and car, when the message names one) and its notifications,
    // in one statement: the three never part even outside a transaction, the notifications go out with the commit,
    // and a send costs one round trip to write. The conversation's row is locked only by this last statement of a
    // send: every send to the same conversation queues on that lock until commit.
    insertMessage: db
      .with(sent, notified)
      .update(conversations)
      .set({
        lastMessageAt: sql`${sent.createdAt}`,
        carId: sql`coalesce(${sent.carId}, ${conversations.carId})`,
      })
      .from(sent)
      // Joined only so that the notifications are sent: a query runs a plain CTE only when it reads it.
      .innerJoin(notified, sql`true`)
      .where(eq(conversations.id, sent.conversationId))
      .returning(messageColumnsOf(sent))
      .prepare('messaging_insert_message'),
  };
}
type SendStatements = ReturnType<typeof prepareSendStatements>;
const sendStatementsByDb = new WeakMap<Database, SendStatements>();

/**
 * Every query of conversations, messages and reports. Built over the database or over a transaction, so a send
 * (and its idempotency claim) runs on one connection from start to end.
 */
export class MessagingRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The same statements run inside a transaction (the one an Idempotency-Key claim opens). */
  in(tx: Database): MessagingRepository {
    return new MessagingRepository(tx);
  }

  get #sendStatements(): SendStatements {
    let statements = sendStatementsByDb.get(this.#db);
    if (!statements) {
      statements = prepareSendStatements(this.#db);
      sendStatementsByDb.set(this.#db, statements);
    }
    return statements;
  }

  async userExists(id: string): Promise<boolean> {
    const rows = await this.#sendStatements.userExists.execute({ id });
    return rows.length > 0;
  }

  async dealerOwnerId(dealerId: string): Promise<string | null> {
    const [row] = await this.#db
      .select({ userId: dealers.userId })
      .from(dealers)
      .where(eq(dealers.id, dealerId))
      .limit(1);
    return row?.userId ?? null;
  }

  async carSellerId(carId: string): Promise<string | null> {
    const [row] = await this.#db
      .select({ sellerId: cars.sellerId })
      .from(cars)
      .where(eq(cars.id, carId))
      .limit(1);
    return row?.sellerId ?? null;
  }

  async participants(ids: readonly string[]): Promise<ParticipantRow[]> {
    if (ids.length === 0) return [];
    return this.#sendStatements.participants.execute({ ids: [...ids] });
  }

  async findConversation(id: string): Promise<ConversationRow | null> {
    const [row] = await this.#db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
    return row ?? null;
  }

  /**
   * The conversation with this id, and the pair's conversation, in one statement; either may be missing. A pair row
   * exists only when the id is a user's (conversations reference users), so it names that user's conversation.
   */
  async findConversationByIdOrPair(
    id: string,
    userLowId: string,
    userHighId: string,
  ): Promise<{ byId: ConversationRow | null; byPair: ConversationRow | null }> {
    const rows = await this.#db
      .select()
      .from(conversations)
      .where(
        or(
          eq(conversations.id, id),
          and(eq(conversations.userLowId, userLowId), eq(conversations.userHighId, userHighId)),
        ),
      )
      .limit(2);
    return {
      byId: rows.find((row) => row.id === id) ?? null,
      byPair: rows.find((row) => row.userLowId === userLowId && row.userHighId === userHighId) ?? null,
    };
  }

  /** These people, and the conversation of the pair (low, high) when it exists, in one statement. */
  async participantsAndPair(
    ids: readonly string[],
    userLowId: string,
    userHighId: string,
  ): Promise<{ people: ParticipantRow[]; conversation: ConversationRow | null }> {
    const rows = await this.#sendStatements.participantsAndPair.execute({
      ids: [...ids],
      low: userLowId,
      high: userHighId,
    });
    return { people: rows.map((row) => row.person), conversation: rows[0]?.conversation ?? null };
  }

  async findConversationByPair(userLowId: string, userHighId: string): Promise<ConversationRow | null> {
    const [row] = await this.#sendStatements.conversationByPair.execute({ low: userLowId, high: userHighId });
    return row ?? null;
  }

  /**
   * The pair's conversation, created when missing. Read first, since nearly every call finds it: one statement, and
   * no write that would lock anything. The unique pair index decides creation races: a concurrent creator's insert
   * does nothing and the row is read back.
   */
  async getOrCreateConversation(
    userLowId: string,
    userHighId: string,
    carId: string | null,
  ): Promise<{ conversation: ConversationRow; created: boolean }> {
    const found = await this.findConversationByPair(userLowId, userHighId);
    if (found) return { conversation: found, created: false };
    const [inserted] = await this.#db
      .insert(conversations)
      .values({ userLowId, userHighId, carId })
      .onConflictDoNothing({ target: [conversations.userLowId, conversations.userHighId] })
      .returning();
    if (inserted) return { conversation: inserted, created: true };
    const existing = await this.findConversationByPair(userLowId, userHighId);
    if (!existing) throw new Error('conversation vanished after a conflicting insert');
    return { conversation: existing, created: false };
  }

  /**
   * Of these conversations, those in which the viewer's other side has sent at least one message: there the viewer
   * was written to, and may see the writer's phone (see presentParticipant).
   */
  async conversationsWrittenToViewer(
    viewerId: string,
    conversationIds: readonly string[],
  ): Promise<Set<string>> {
    if (conversationIds.length === 0) return new Set();
    const rows = await this.#db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          inArray(conversations.id, [...conversationIds]),
          exists(
            this.#db
              .select({ one: sql`1` })
              .from(messages)
              .where(
                and(
                  eq(messages.conversationId, conversations.id),
                  eq(messages.receiverId, viewerId),
                  sql`${messages.senderId} <> ${viewerId}`,
                ),
              ),
          ),
        ),
      );
    return new Set(rows.map((row) => row.id));
  }

  async setConversationCar(id: string, carId: string): Promise<void> {
    await this.#db.update(conversations).set({ carId }).where(eq(conversations.id, id));
  }

  async mediaByKeys(keys: readonly string[]): Promise<MediaRow[]> {
    if (keys.length === 0) return [];
    return this.#db
      .select()
      .from(mediaObjects)
      .where(inArray(mediaObjects.key, [...keys]));
  }

  /**
   * Stores a message (under the id given), makes it its conversation's latest activity and sends the notifications
   * on the channel, in one statement (see prepareSendStatements).
   */
  async insertMessage(
    values: typeof messages.$inferInsert & { id: string },
    notify: { channel: string; payloads: readonly string[] },
  ): Promise<MessageRow> {
    const [row] = await this.#sendStatements.insertMessage.execute({
      id: values.id,
      channel: notify.channel,
      payloads: [...notify.payloads],
      conversationId: values.conversationId,
      senderId: values.senderId,
      receiverId: values.receiverId,
      message: values.message,
      attachments: values.attachments ?? [],
      attachmentFiles: values.attachmentFiles ?? [],
      contact: values.contact ?? null,
      messageType: values.messageType,
      contactMethod: values.contactMethod ?? DEFAULT_CONTACT_METHOD,
      carId: values.carId ?? null,
    });
    if (!row) throw new Error('the message was not stored: its conversation is missing');
    return row;
  }

  async findMessage(id: string): Promise<MessageRow | null> {
    const [row] = await this.#db.select().from(messages).where(eq(messages.id, id)).limit(1);
    return row ?? null;
  }

  /** Conversations of a user that have at least one message; empty ones exist only for uploads in flight. */
  /** The conversation's other person is not one the user blocked: it leaves their list until unblocked. */
  #notBlockedBy(userId: string) {
    return sql`not exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${userId} and ${userBlocks.blockedId} = (case when ${conversations.userLowId} = ${userId} then ${conversations.userHighId} else ${conversations.userLowId} end))`;
  }

  /** Who of the two blocked the other. */
  async blocksBetween(a: string, b: string): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
    const rows = await this.#db
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
          and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
        ),
      );
    return {
      aBlockedB: rows.some((row) => row.blockerId === a),
      bBlockedA: rows.some((row) => row.blockerId === b),
    };
  }

  #userConversations(userId: string) {
    return and(
      this.#notBlockedBy(userId),
      or(eq(conversations.userLowId, userId), eq(conversations.userHighId, userId)),
      exists(
        this.#db
          .select({ one: sql`1` })
          .from(messages)
          .where(eq(messages.conversationId, conversations.id)),
      ),
    );
  }

  async countUserConversations(userId: string): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(conversations)
      .where(this.#userConversations(userId));
    return row?.n ?? 0;
  }

  /**
   * A page of the user's conversations (those with a message), newest activity first, each with its newest message
   * and the user's unread count, and how many there are in all: one statement where a page used to take four. The
   * total rides on every row (a window count before LIMIT), so it is null when the page is past the end.
   */
  async conversationPage(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: ConversationPageRow[]; total: number | null }> {
    const latest = this.#db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversations.id))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1)
      .as('latest');
    const unread = this.#db
      .select({ n: sql<number>`count(*)::int`.as('n') })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversations.id),
          eq(messages.receiverId, userId),
          eq(messages.isRead, false),
        ),
      )
      .as('unread');
    const latestColumns = messageColumnsOf(latest);
    const rows = await this.#db
      .select({
        conversation: conversations,
        latest: latestColumns,
        unread: unread.n,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(conversations)
      // Inner: a conversation without any message is left out, as the list always did.
      .innerJoinLateral(latest, sql`true`)
      .innerJoinLateral(unread, sql`true`)
      .where(
        and(
          or(eq(conversations.userLowId, userId), eq(conversations.userHighId, userId)),
          this.#notBlockedBy(userId),
        ),
      )
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(limit)
      .offset(offset);
    return {
      rows: rows.map((row) => ({ conversation: row.conversation, latest: row.latest, unread: row.unread })),
      total: rows[0]?.total ?? null,
    };
  }

  /** The newest message of each conversation, in one statement. */
  async latestMessages(conversationIds: readonly string[]): Promise<MessageRow[]> {
    if (conversationIds.length === 0) return [];
    return this.#db
      .selectDistinctOn([messages.conversationId])
      .from(messages)
      .where(inArray(messages.conversationId, [...conversationIds]))
      .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id));
  }

  async unreadByConversation(
    userId: string,
    conversationIds: readonly string[],
  ): Promise<Map<string, number>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await this.#db
      .select({ conversationId: messages.conversationId, n: count() })
      .from(messages)
      .where(
        and(
          eq(messages.receiverId, userId),
          eq(messages.isRead, false),
          inArray(messages.conversationId, [...conversationIds]),
        ),
      )
      .groupBy(messages.conversationId);
    return new Map(rows.map((row) => [row.conversationId, row.n]));
  }

  async countMessages(conversationId: string): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    return row?.n ?? 0;
  }

  /**
   * Newest first: page 1 is the most recent messages (the service turns each page oldest first), with the
   * conversation's message count riding on every row as a window count, so it is null for a page past the end.
   */
  async messagePageNewestFirst(
    conversationId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: MessageRow[]; total: number | null }> {
    const rows = await this.#db
      .select({ message: messages, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit)
      .offset(offset);
    return { rows: rows.map((row) => row.message), total: rows[0]?.total ?? null };
  }

  async markMessageRead(id: string, receiverId: string, at: Date): Promise<MessageRow | null> {
    const [row] = await this.#db
      .update(messages)
      .set({ isRead: true, readAt: at, updatedAt: at })
      .where(and(eq(messages.id, id), eq(messages.receiverId, receiverId), eq(messages.isRead, false)))
      .returning();
    return row ?? null;
  }

  async markConversationRead(
    conversationId: string,
    receiverId: string,
    at: Date,
  ): Promise<{ id: string; senderId: string }[]> {
    return this.#db
      .update(messages)
      .set({ isRead: true, readAt: at, updatedAt: at })
      .where(
        and(
          eq(messages.conversationId, conversationId),
          eq(messages.receiverId, receiverId),
          eq(messages.isRead, false),
        ),
      )
      .returning({ id: messages.id, senderId: messages.senderId });
  }

  async unreadCount(userId: string, conversationId?: string): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(messages)
      .where(
        and(
          eq(messages.receiverId, userId),
          eq(messages.isRead, false),
          conversationId
            ? eq(messages.conversationId, conversationId)
            : // The total leaves out the people the user blocked, whose conversations the list leaves out.
              sql`${messages.senderId} not in (select ${userBlocks.blockedId} from ${userBlocks} where ${userBlocks.blockerId} = ${userId})`,
        ),
      );
    return row?.n ?? 0;
  }

  /** Oldest first, for tests and tools that read a whole conversation. */
  async allMessages(conversationId: string): Promise<MessageRow[]> {
    return this.#db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(asc(messages.createdAt), asc(messages.id));
  }
}
