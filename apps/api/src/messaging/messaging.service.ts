import { createHash, randomUUID } from 'node:crypto';
import { MESSAGE_REQUIRED_TEXT, inferMessageType } from '@autoreel/core';
import type { AttachmentFile, MessageSendBody, ReportFiled } from '@autoreel/core';
import type { NewReport } from '../moderation/report.service.ts';
import type { CarRepository } from '../cars/car.repository.ts';
import type { Database } from '../db/client.ts';
import { forbidden, invalidInput, notFound, type FieldError } from '../errors.ts';
import type {
  MessagingRepository,
  ConversationRow,
  MediaRow,
  MessageRow,
  ParticipantRow,
} from './messaging.repository.ts';
import type { MediaUrlConfig } from '../media/media-url.ts';
import type { PrivateMediaLinks } from '../media/private-media-url.ts';
import type { NotifyWithin } from '../notifications/notify.ts';
import type { IdempotencyService } from '../shared/idempotency.service.ts';
import { withoutBidiControls } from '../shared/plain-text.ts';
import type {
  MessageEventHub,
  MessageNotification,
  StreamNotification,
  StreamEvent,
  StreamSubscriber,
} from './message-events.service.ts';
import {
  presentConversation,
  presentMessage,
  type ConversationDto,
  type MessageDto,
} from './message.presenter.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot name a row, and must not reach a uuid column as a query error. */
const isUuid = (id: string) => UUID.test(id);

/** Said to anyone writing to (or opening a conversation with) a suspended account; it tells nothing of why. */
export const UNAVAILABLE_RECIPIENT = 'This account cannot receive messages right now';
/** Said to someone writing to a person they blocked. */
export const YOU_BLOCKED_RECIPIENT = 'You blocked this person. Unblock them to send a message.';
export const CAR_NOT_OF_PARTICIPANTS =
  'Only a car listed by you or the person you are writing to can be attached';

/** Read receipts are split so that each NOTIFY payload stays well under Postgres's 8000 bytes. */
const READ_RECEIPT_CHUNK = 100;

/** Extensions the SPEC's type inference knows, from the type the upload detected by magic bytes. */
const EXTENSION_BY_MIME: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
};

/** A name for the SPEC's inference: the detected type decides, the key's own extension is the fallback. */
function attachmentName(media: MediaRow): string {
  const ext = EXTENSION_BY_MIME[media.mimeType.toLowerCase()];
  return ext ? `file.${ext}` : media.key;
}

/**
 * The name an attachment shows: its file's name on the sender's device, else (files uploaded before names were
 * kept) 'Photo.jpg' or 'Document.pdf' by its detected type; never its storage key.
 */
function attachmentFile(media: MediaRow): AttachmentFile {
  const ext = EXTENSION_BY_MIME[media.mimeType.toLowerCase()];
  const fallback = `${media.kind === 'image' ? 'Photo' : 'Document'}${ext ? `.${ext}` : ''}`;
  // Names kept before bidi controls were stripped on upload are cleaned here too.
  const name = media.originalName === null ? null : withoutBidiControls(media.originalName);
  return { name: name || fallback, size: media.size };
}

export function conversationFolder(conversationId: string): string {
  return `conversations/${conversationId}/media`;
}

function pair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

function isParticipant(conversation: ConversationRow, userId: string): boolean {
  return conversation.userLowId === userId || conversation.userHighId === userId;
}

function otherOf(conversation: ConversationRow, userId: string): string {
  return conversation.userLowId === userId ? conversation.userHighId : conversation.userLowId;
}

function fingerprint(body: MessageSendBody): string {
  const normal = {
    receiverId: body.receiverId,
    message: body.message ?? '',
    attachments: body.attachments ?? [],
    carId: body.carId ?? null,
    messageType: body.messageType,
    contactMethod: body.contactMethod,
  };
  return createHash('sha256').update(JSON.stringify(normal)).digest('hex');
}

export interface MessagingServiceDeps {
  repo: MessagingRepository;
  idempotency: IdempotencyService;
  events: MessageEventHub;
  cars: CarRepository;
  media: MediaUrlConfig;
  links: PrivateMediaLinks;
  now: () => Date;
  /** Tells the receiver in the app (and their other channels) of a new message, in the send's transaction. */
  notifyWithin?: NotifyWithin;
  /** Files a report (ReportService.file): the conversation's report is one of a person. */
  fileReport?: (reporterId: string, address: string, report: NewReport) => Promise<ReportFiled>;
}

/**
 * One conversation per pair of users, messages in it, read state and reports. Every id the caller names is
 * checked against the caller: a conversation they are not part of answers 404, like one that does not exist.
 */
export class MessagingService {
  readonly #repo: MessagingRepository;
  readonly #idempotency: IdempotencyService;
  readonly #events: MessageEventHub;
  readonly #cars: CarRepository;
  readonly #media: MediaUrlConfig;
  readonly #links: PrivateMediaLinks;
  readonly #now: () => Date;
  readonly #notifyWithin: NotifyWithin;
  readonly #fileReport: NonNullable<MessagingServiceDeps['fileReport']>;

  constructor(deps: MessagingServiceDeps) {
    this.#fileReport =
      deps.fileReport ??
      (() => {
        throw new Error('reports are not wired into this messaging service');
      });
    this.#notifyWithin = deps.notifyWithin ?? (async () => async () => undefined);
    this.#repo = deps.repo;
    this.#idempotency = deps.idempotency;
    this.#events = deps.events;
    this.#cars = deps.cars;
    this.#media = deps.media;
    this.#links = deps.links;
    this.#now = deps.now;
  }

  /**
   * The account behind an id a client holds for the other side of a chat: a user id, a dealer id (its owner; SPEC:
   * the dealer id comes from dealerId, else sellerId), or a car id (its seller, with the car as context).
   */
  async #resolvePerson(
    repo: MessagingRepository,
    id: string,
  ): Promise<{ userId: string; carId: string | null } | null> {
    if (!isUuid(id)) return null;
    if (await repo.userExists(id)) return { userId: id, carId: null };
    const owner = await repo.dealerOwnerId(id);
    if (owner) return { userId: owner, carId: null };
    const seller = await repo.carSellerId(id);
    if (seller) return { userId: seller, carId: id };
    return null;
  }

  /** A conversation by its id (participants only), or the caller's conversation with the person an id names. */
  async #conversationFor(
    repo: MessagingRepository,
    callerId: string,
    id: string,
  ): Promise<{ conversation: ConversationRow | null; otherId: string } | null> {
    if (!isUuid(id)) return null;
    // The id as a conversation id, and as the user id of the other side, in one read: a client usually holds the
    // other person's id, and then the pair's conversation is the answer without first looking the user up.
    const [low, high] = pair(callerId, id);
    const found = await repo.findConversationByIdOrPair(id, low, high);
    const conversation = found.byId;
    if (conversation) {
      return isParticipant(conversation, callerId)
        ? { conversation, otherId: otherOf(conversation, callerId) }
        : null;
    }
    if (found.byPair && id !== callerId) return { conversation: found.byPair, otherId: id };
    const person = await this.#resolvePerson(repo, id);
    if (!person || person.userId === callerId) return null;
    const [personLow, personHigh] = pair(callerId, person.userId);
    return {
      conversation: await repo.findConversationByPair(personLow, personHigh),
      otherId: person.userId,
    };
  }

  /** Attachment URLs for one viewer: each is signed for them, so a forwarded link serves nobody else. */
  #attachmentUrl(viewerId: string): (key: string) => string {
    const now = this.#now();
    return (key) => this.#links.urlFor(key, viewerId, now);
  }

  async #people(repo: MessagingRepository, ids: string[]): Promise<Map<string, ParticipantRow>> {
    const rows = await repo.participants([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * The answers for conversation rows, and the people they name (so a history page needs no second read of them).
   * The five reads depend only on the rows, so they run side by side: one round trip's wait, not two.
   */
  async #presentConversations(
    repo: MessagingRepository,
    viewerId: string,
    rows: ConversationRow[],
    /**
     * What was already read with the rows: the newest messages (MessagingRepository.conversationPage, or a history's
     * first page) and the unread counts.
     */
    read: { latest?: MessageRow[] | Promise<MessageRow[]>; unread?: Map<string, number> } = {},
  ): Promise<{ conversations: ConversationDto[]; people: Map<string, ParticipantRow> }> {
    const ids = rows.map((row) => row.id);
    const [latest, unread, writtenTo, cars, people] = await Promise.all([
      read.latest ?? repo.latestMessages(ids),
      read.unread ?? repo.unreadByConversation(viewerId, ids),
      repo.conversationsWrittenToViewer(viewerId, ids),
      this.#cars.findManyByIds([...new Set(rows.flatMap((row) => (row.carId ? [row.carId] : [])))]),
      this.#people(repo, [viewerId, ...rows.flatMap((r) => [r.userLowId, r.userHighId])]),
    ]);
    const latestBy = new Map(latest.map((m) => [m.conversationId, m]));
    const carBy = new Map(cars.map((c) => [c.car.id, c]));
    const conversations = rows.map((row) =>
      presentConversation(row, viewerId, {
        people,
        latest: latestBy.get(row.id),
        unreadCount: unread.get(row.id) ?? 0,
        writtenTo: writtenTo.has(row.id),
        car: row.carId ? carBy.get(row.carId) : undefined,
        media: this.#media,
        attachmentUrl: this.#attachmentUrl(viewerId),
      }),
    );
    return { conversations, people };
  }

  /**
   * POST /messages/send. With an Idempotency-Key, a retry answers the first answer and stores nothing new. The key
   * comes back as `clientId` (here and on the sender's stream), so the client matches its pending copy by it.
   */
  async send(senderId: string, body: MessageSendBody, idempotencyKey: string | undefined) {
    const result = await this.#idempotency.run(
      {
        userId: senderId,
        scope: 'messages.send',
        key: idempotencyKey,
        fingerprint: fingerprint(body),
        // The receiver's notification is written with the message: never one without the other.
        atomic: true,
      },
      (tx) => this.#send(this.#repo.in(tx), tx, senderId, body, idempotencyKey),
    );
    return { ...result, data: { ...result.data, clientId: idempotencyKey ?? null } };
  }

  /**
   * The receiver an id names, the pair's conversation and both people. Nearly every send names the receiver's user
   * id, so the conversation and the people are read at once on that guess; a dealer or car id takes another round.
   */
  async #sendParties(repo: MessagingRepository, senderId: string, receiverId: string) {
    if (!isUuid(receiverId)) return null;
    const read = async (userId: string) => {
      const [low, high] = pair(senderId, userId);
      const found = await repo.participantsAndPair([...new Set([senderId, userId])], low, high);
      return { existing: found.conversation, people: new Map(found.people.map((row) => [row.id, row])) };
    };
    const guessed = await read(receiverId);
    if (guessed.people.has(receiverId)) return { receiver: { userId: receiverId, carId: null }, ...guessed };
    const receiver = await this.#resolvePerson(repo, receiverId);
    if (!receiver) return null;
    return { receiver, ...(await read(receiver.userId)) };
  }

  async #send(
    repo: MessagingRepository,
    tx: Database,
    senderId: string,
    body: MessageSendBody,
    clientId: string | undefined,
  ) {
    const parties = await this.#sendParties(repo, senderId, body.receiverId);
    if (!parties) throw notFound('Receiver not found');
    const { receiver, existing, people } = parties;
    if (receiver.userId === senderId) throw invalidInput('You cannot send a message to yourself');
    const text = body.message?.trim() ?? '';
    const keys = body.attachments ?? [];
    if (text === '' && keys.length === 0) {
      throw invalidInput(MESSAGE_REQUIRED_TEXT, [{ field: 'message', message: MESSAGE_REQUIRED_TEXT }]);
    }
    if (new Set(keys).size !== keys.length) {
      throw invalidInput('The same attachment was given twice', [
        { field: 'attachments', message: 'The same attachment was given twice' },
      ]);
    }
    if (people.get(receiver.userId)?.suspended) throw forbidden(UNAVAILABLE_RECIPIENT);
    await this.#refuseBlocked(repo, senderId, receiver.userId);
    if (body.carId) await this.#checkCarOfPair(repo, body.carId, senderId, receiver.userId);
    const carId = body.carId ?? receiver.carId;

    const [low, high] = pair(senderId, receiver.userId);

    // Everything is checked before anything is written: a refused first send leaves no empty conversation behind.
    const files = await this.#checkAttachments(repo, senderId, existing?.id ?? null, keys);
    const expected = inferMessageType(
      text,
      files.map((file) => file.typeName),
    );
    if (body.messageType !== expected) {
      const message = `messageType must be '${expected}' for this message`;
      throw invalidInput(message, [{ field: 'messageType', message }]);
    }

    const conversation = existing ?? (await repo.getOrCreateConversation(low, high, carId)).conversation;
    const id = randomUUID();
    const notifications = this.#messageNotifications(id, senderId, receiver.userId, clientId);
    const row = await repo.insertMessage(
      {
        id,
        conversationId: conversation.id,
        senderId,
        receiverId: receiver.userId,
        message: text,
        attachments: keys,
        attachmentFiles: files.map((file) => file.shown),
        messageType: expected,
        contactMethod: body.contactMethod,
        contact: body.contact ?? null,
        carId,
      },
      this.#events.payloadsOf(...notifications),
    );
    const message = presentMessage(row, people, this.#attachmentUrl(senderId));
    const announce = await this.#notifyWithin(tx, {
      userId: message.receiverId,
      kind: 'message',
      title: `New message from ${message.sender.name}`,
      body: message.message.trim() || 'Sent an attachment',
      link: `/messages/${message.senderId}${message.carId ? `?car=${message.carId}` : ''}`,
      dedupeKey: `message:${message.id}`,
    });
    return {
      data: { message },
      // The statement sent the stream events (other processes get them at commit); this process learns at once.
      afterCommit: async () => {
        this.#events.sent(...notifications);
        await announce();
      },
    };
  }

  /**
   * A conversation is about a car of one of its two people: any other car would let a stranger dress a chat up as a
   * dealer's (docs/SECURITY.md). An unknown car is 404; someone else's car is refused with 400.
   */
  async #checkCarOfPair(repo: MessagingRepository, carId: string, a: string, b: string): Promise<void> {
    const seller = isUuid(carId) ? await repo.carSellerId(carId) : null;
    if (!seller) throw notFound('Car not found');
    if (seller !== a && seller !== b) {
      throw invalidInput(CAR_NOT_OF_PARTICIPANTS, [{ field: 'carId', message: CAR_NOT_OF_PARTICIPANTS }]);
    }
  }

  /**
   * Attachments must be files the sender uploaded into this conversation's folder: a key from another
   * conversation or another user is refused the same way as an unknown one, so keys reveal nothing. A conversation
   * that does not exist yet (null) has no folder, so every key is refused.
   */
  async #checkAttachments(
    repo: MessagingRepository,
    senderId: string,
    conversationId: string | null,
    keys: readonly string[],
  ): Promise<{ typeName: string; shown: AttachmentFile }[]> {
    if (keys.length === 0) return [];
    const folder = conversationId ? conversationFolder(conversationId) : null;
    const media = new Map(folder ? (await repo.mediaByKeys(keys)).map((row) => [row.key, row] as const) : []);
    const errors: FieldError[] = [];
    const files: { typeName: string; shown: AttachmentFile }[] = [];
    keys.forEach((key, index) => {
      const row = media.get(key);
      if (!row || row.ownerId !== senderId || row.folder !== folder || row.status === 'failed') {
        errors.push({ field: `attachments.${index}`, message: 'Attachment not found in this conversation' });
        return;
      }
      files.push({ typeName: attachmentName(row), shown: attachmentFile(row) });
    });
    if (errors.length > 0) {
      throw invalidInput('Attachments must be files you uploaded to this conversation', errors);
    }
    return files;
  }

  /** A new message's events: the message to both sides (with the sender's client id), a new unread total to its receiver. */
  #messageNotifications(
    id: string,
    senderId: string,
    receiverId: string,
    clientId: string | undefined,
  ): MessageNotification[] {
    return [
      { event: 'message', id, userIds: [senderId, receiverId], ...(clientId ? { clientId } : {}) },
      { event: 'unread', userIds: [receiverId] },
    ];
  }

  /**
   * A person blocked by the receiver is told only what a suspended receiver's writer is told; one who blocked the
   * receiver is told to unblock first.
   */
  async #refuseBlocked(repo: MessagingRepository, senderId: string, receiverId: string): Promise<void> {
    const blocks = await repo.blocksBetween(senderId, receiverId);
    if (blocks.bBlockedA) throw forbidden(UNAVAILABLE_RECIPIENT);
    if (blocks.aBlockedB) throw forbidden(YOU_BLOCKED_RECIPIENT);
  }

  /** POST /messages/conversations: get or create the conversation with a person, e.g. before uploading files. */
  async open(callerId: string, participantId: string, carId: string | undefined) {
    const person = await this.#resolvePerson(this.#repo, participantId);
    if (!person) throw notFound('Participant not found');
    if (person.userId === callerId) throw invalidInput('You cannot start a conversation with yourself');
    const [personRow] = await this.#repo.participants([person.userId]);
    if (personRow?.suspended) throw forbidden(UNAVAILABLE_RECIPIENT);
    await this.#refuseBlocked(this.#repo, callerId, person.userId);
    const car = carId ?? person.carId;
    if (carId) await this.#checkCarOfPair(this.#repo, carId, callerId, person.userId);
    const [low, high] = pair(callerId, person.userId);
    const { conversation, created } = await this.#repo.getOrCreateConversation(low, high, car);
    const carChanged = !created && car !== null && conversation.carId !== car;
    if (carChanged) {
      await this.#repo.setConversationCar(conversation.id, car);
      conversation.carId = car;
    }
    // Both people's cached histories show the conversation (none until now) and its car context.
    if (created || carChanged) {
      await this.#events.publish({ event: 'conversation', userIds: [callerId, person.userId] });
    }
    const {
      conversations: [dto],
    } = await this.#presentConversations(this.#repo, callerId, [conversation]);
    if (!dto) throw new Error('conversation was not presented');
    return { created, conversation: dto, uploadFolder: conversationFolder(conversation.id) };
  }

  /** GET /messages/conversations: newest activity first, in a fixed number of queries per page. */
  async conversations(userId: string, page: number, limit: number) {
    const offset = (page - 1) * limit;
    const { rows, total } = await this.#repo.conversationPage(userId, limit, offset);
    const { conversations } = await this.#presentConversations(
      this.#repo,
      userId,
      rows.map((row) => row.conversation),
      {
        latest: rows.map((row) => row.latest),
        unread: new Map(rows.map((row) => [row.conversation.id, row.unread])),
      },
    );
    // A page past the end carries no row to read the total from: only then is it counted on its own.
    const counted = total ?? (offset === 0 ? 0 : await this.#repo.countUserConversations(userId));
    return { conversations, page, limit, total: counted };
  }

  /**
   * GET /messages/conversations/{userId}: page 1 holds the most recent messages; every page is sorted oldest
   * first, so a client shows page 1 and prepends page 2 above it.
   */
  async history(userId: string, id: string, page: number, limit: number) {
    const found = await this.#conversationFor(this.#repo, userId, id);
    if (!found) throw notFound('Conversation not found');
    const { conversation } = found;
    if (!conversation) {
      return { messages: [] as MessageDto[], page, limit, total: 0, conversation: null };
    }
    // The page with its total, and the conversation's own answer, are independent reads: one round of them. Page 1
    // starts with the conversation's newest message, which its answer shows, so that is not read a second time.
    const offset = (page - 1) * limit;
    const messagePage = this.#repo.messagePageNewestFirst(conversation.id, limit, offset);
    const [{ rows, total }, presented] = await Promise.all([
      messagePage,
      this.#presentConversations(
        this.#repo,
        userId,
        [conversation],
        offset === 0 ? { latest: messagePage.then((first) => first.rows.slice(0, 1)) } : {},
      ),
    ]);
    const {
      conversations: [dto],
      people,
    } = presented;
    const attachmentUrl = this.#attachmentUrl(userId);
    const messages = [...rows].reverse().map((row) => presentMessage(row, people, attachmentUrl));
    // A page past the end carries no row to read the total from: only then is it counted on its own.
    const counted = total ?? (offset === 0 ? 0 : await this.#repo.countMessages(conversation.id));
    return { messages, page, limit, total: counted, conversation: dto ?? null };
  }

  /** PUT /messages/{id}/read: only the receiver marks a message read; anyone else gets 404. */
  async markMessageRead(userId: string, messageId: string) {
    if (!isUuid(messageId)) throw notFound('Message not found');
    const existing = await this.#repo.findMessage(messageId);
    if (!existing || existing.receiverId !== userId) throw notFound('Message not found');
    const at = this.#now();
    const updated = (await this.#repo.markMessageRead(messageId, userId, at)) ?? existing;
    if (updated !== existing) {
      await this.#announceRead(
        updated.conversationId,
        userId,
        [{ id: updated.id, senderId: updated.senderId }],
        at,
      );
    }
    const people = await this.#people(this.#repo, [updated.senderId, updated.receiverId]);
    return { message: presentMessage(updated, people, this.#attachmentUrl(userId)) };
  }

  /** PUT /messages/conversations/{id}/read: every message to the caller in that conversation becomes read. */
  async markConversationRead(userId: string, id: string) {
    const conversation = await this.#participantConversation(userId, id);
    const at = this.#now();
    const read = await this.#repo.markConversationRead(conversation.id, userId, at);
    if (read.length > 0) await this.#announceRead(conversation.id, userId, read, at);
    return {
      conversationId: conversation.id,
      markedCount: read.length,
      messageIds: read.map((m) => m.id),
      readAt: read.length > 0 ? at.toISOString() : null,
      unreadCount: await this.#repo.unreadCount(userId),
    };
  }

  async #announceRead(
    conversationId: string,
    readerId: string,
    read: { id: string; senderId: string }[],
    at: Date,
  ): Promise<void> {
    const bySender = new Map<string, string[]>();
    for (const m of read) bySender.set(m.senderId, [...(bySender.get(m.senderId) ?? []), m.id]);
    for (const [senderId, ids] of bySender) {
      for (let i = 0; i < ids.length; i += READ_RECEIPT_CHUNK) {
        await this.#events.publish({
          event: 'read',
          userIds: [senderId],
          conversationId,
          messageIds: ids.slice(i, i + READ_RECEIPT_CHUNK),
          readAt: at.toISOString(),
          readerId,
        });
      }
    }
    // The reader's other tabs update their badge.
    await this.#events.publish({ event: 'unread', userIds: [readerId] });
  }

  async #participantConversation(userId: string, id: string): Promise<ConversationRow> {
    const found = await this.#conversationFor(this.#repo, userId, id);
    if (!found?.conversation) throw notFound('Conversation not found');
    return found.conversation;
  }

  async unreadCount(userId: string) {
    return { unreadCount: await this.#repo.unreadCount(userId) };
  }

  async conversationUnreadCount(userId: string, id: string) {
    const conversation = await this.#participantConversation(userId, id);
    return {
      conversationId: conversation.id,
      unreadCount: await this.#repo.unreadCount(userId, conversation.id),
    };
  }

  /**
   * POST /messages/conversations/{id}/report: a participant reports the other one. It is a report of that person
   * (POST /reports), its text the details under the reason 'other', kept with the conversation it came from.
   */
  async report(userId: string, id: string, reason: string, address: string) {
    const conversation = await this.#participantConversation(userId, id);
    const reportedUserId = otherOf(conversation, userId);
    const { report } = await this.#fileReport(userId, address, {
      targetType: 'user',
      targetId: reportedUserId,
      reason: 'other',
      details: reason,
      conversationId: conversation.id,
    });
    return {
      report: {
        id: report.id,
        _id: report.id,
        conversationId: conversation.id,
        reportedUserId,
        reason: report.details,
        createdAt: report.createdAt,
      },
    };
  }

  /** GET /messages/stream: registers the stream, then sends the current unread count so a reconnect catches up. */
  async openStream(userId: string, subscriber: StreamSubscriber): Promise<() => void> {
    const unsubscribe = await this.#events.subscribe(userId, subscriber);
    subscriber.send({ event: 'unread', data: await this.unreadCount(userId) });
    return unsubscribe;
  }

  /**
   * The events a notification brings the users with a stream in this process (the hub's resolver, wired by
   * context.ts). A message's client id goes to its sender's streams only: it is the sender's own key, of no use to
   * the receiver, and a client may have put anything in it.
   */
  async streamEvents(notification: StreamNotification, localUserIds: string[]) {
    const deliveries: { userId: string; event: StreamEvent }[] = [];
    switch (notification.event) {
      case 'message': {
        if (!notification.id) return deliveries;
        const row = await this.#repo.findMessage(notification.id);
        if (!row) return deliveries;
        const people = await this.#people(this.#repo, [row.senderId, row.receiverId]);
        for (const userId of localUserIds) {
          const data = {
            message: presentMessage(row, people, this.#attachmentUrl(userId)),
            clientId: userId === row.senderId ? (notification.clientId ?? null) : null,
          };
          deliveries.push({ userId, event: { event: 'message', data } });
        }
        return deliveries;
      }
      case 'read': {
        const { conversationId, readerId } = notification;
        if (!conversationId || !readerId) return deliveries;
        const data = {
          conversationId,
          messageIds: notification.messageIds ?? [],
          readAt: notification.readAt ?? null,
          readerId,
        };
        for (const userId of localUserIds) deliveries.push({ userId, event: { event: 'read', data } });
        return deliveries;
      }
      case 'unread': {
        for (const userId of localUserIds) {
          deliveries.push({ userId, event: { event: 'unread', data: await this.unreadCount(userId) } });
        }
        return deliveries;
      }
      // Notifications load through the notification service (context.ts routes them there).
      case 'notification':
        return deliveries;
    }
  }
}
