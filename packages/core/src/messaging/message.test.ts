import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ClientMessageSchema,
  ConversationSchema,
  ConversationsPageSchema,
  ConversationsQuerySchema,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  MESSAGE_CLIENT_STATUSES,
  MediaKeySchema,
  MessageSchema,
  MessageSendBodySchema,
  MessageSendResultSchema,
  MessagesPageSchema,
  MessagesQuerySchema,
  UnreadCountSchema,
} from './message.ts';

const at = '2026-11-01T10:00:00.000Z';
const message = {
  id: 'm1',
  _id: 'm1',
  senderId: 'u3',
  receiverId: 'u2',
  message: 'Is it still available?',
  attachments: [] as string[],
  carId: 'c1',
  messageType: 'text',
  contactMethod: 'in_app',
  isRead: false,
  createdAt: at,
  updatedAt: at,
  sender: { id: 'u3', name: 'Buyer', role: 'customer' },
  receiver: { id: 'u2', name: 'Dealer', role: 'dealer' },
} as const;

const keys = (n: number) => Array.from({ length: n }, (_, i) => `conversations/k1/media/${i}.jpg`);

describe('MessageSendBodySchema', () => {
  it('defaults the contact method to in_app and trims the text', () => {
    expect(MessageSendBodySchema.parse({ receiverId: 'u2', message: '  Hi  ', messageType: 'text' })).toEqual(
      {
        receiverId: 'u2',
        message: 'Hi',
        messageType: 'text',
        contactMethod: 'in_app',
        attachments: undefined,
        carId: undefined,
      },
    );
  });

  it('needs text or attachments', () => {
    for (const text of [undefined, '', '   ']) {
      const result = MessageSendBodySchema.safeParse({
        receiverId: 'u2',
        message: text,
        messageType: 'text',
      });
      expect(result.error?.issues[0]).toMatchObject({
        path: ['message'],
        message: 'Either message text or attachments are required',
      });
    }
    expect(
      MessageSendBodySchema.safeParse({ receiverId: 'u2', attachments: [], messageType: 'text' }).success,
    ).toBe(false);
    expect(
      MessageSendBodySchema.safeParse({ receiverId: 'u2', attachments: keys(1), messageType: 'image' })
        .success,
    ).toBe(true);
  });

  it('takes 5 attachments but not 6', () => {
    expect(MAX_ATTACHMENTS).toBe(5);
    expect(MAX_ATTACHMENT_BYTES).toBe(104_857_600);
    const base = { receiverId: 'u2', messageType: 'image' };
    expect(MessageSendBodySchema.safeParse({ ...base, attachments: keys(5) }).success).toBe(true);
    expect(MessageSendBodySchema.safeParse({ ...base, attachments: keys(6) }).error?.issues[0]?.message).toBe(
      'Maximum 5 attachments per message',
    );
  });

  it('checks ids, type, contact method and length', () => {
    const base = { receiverId: 'u2', message: 'Hi', messageType: 'text' };
    expect(MessageSendBodySchema.parse({ ...base, carId: '' }).carId).toBeUndefined();
    expect(MessageSendBodySchema.parse({ ...base, carId: 'c1', contactMethod: 'whatsapp' })).toMatchObject({
      carId: 'c1',
      contactMethod: 'whatsapp',
    });
    expect(MessageSendBodySchema.safeParse({ ...base, receiverId: 'undefined' }).success).toBe(false);
    expect(MessageSendBodySchema.safeParse({ ...base, messageType: 'video' }).success).toBe(false);
    expect(MessageSendBodySchema.safeParse({ ...base, contactMethod: 'fax' }).success).toBe(false);
    expect(MessageSendBodySchema.safeParse({ receiverId: 'u2', message: 'hi' }).success).toBe(false);
    expect(MessageSendBodySchema.safeParse({ ...base, message: 'x'.repeat(5001) }).success).toBe(false);
  });
});

describe('MediaKeySchema', () => {
  it('accepts upload keys', () => {
    expect(MediaKeySchema.parse(' conversations/k1/media/a.pdf ')).toBe('conversations/k1/media/a.pdf');
  });

  it.each(['', '/etc/passwd', 'cars/../../secret', 'cars\\c1\\a.jpg', 'x'.repeat(513)])(
    'refuses %j',
    (key) => {
      expect(MediaKeySchema.safeParse(key).success).toBe(false);
    },
  );
});

describe('message entities', () => {
  it('accepts a message and encodes it unchanged', () => {
    expect(MessageSchema.parse(message)).toEqual(message);
    expect(z.encode(MessageSchema, message)).toEqual(message);
    expect(MessageSendResultSchema.parse({ message }).message.id).toBe('m1');
  });

  it('adds the client-side status', () => {
    expect(MESSAGE_CLIENT_STATUSES).toEqual(['sending', 'sent', 'delivered', 'read', 'failed']);
    expect(ClientMessageSchema.parse({ ...message, status: 'sending' }).status).toBe('sending');
    expect(ClientMessageSchema.safeParse({ ...message, status: 'queued' }).success).toBe(false);
  });

  it('accepts a conversation with and without a car', () => {
    const conversation = {
      id: 'k1',
      _id: 'k1',
      participantId: 'u2',
      participant: { id: 'u2', name: 'Dealer', role: 'dealer', avatar: null, phone: '+26876000002' },
      lastMessage: message,
      unreadCount: 2,
      updatedAt: at,
      car: {
        id: 'c1',
        _id: 'c1',
        make: 'Toyota',
        model: 'Hilux',
        year: 2022,
        price: null,
        currency: 'E',
        image: 'cars/c1/poster.jpg',
        images: [],
        videos: [],
      },
    };
    expect(ConversationSchema.parse(conversation)).toEqual(conversation);
    expect(ConversationSchema.parse({ ...conversation, car: null, lastMessage: null }).car).toBeNull();
    expect(ConversationSchema.safeParse({ ...conversation, unreadCount: -1 }).success).toBe(false);
    expect(
      ConversationsPageSchema.parse({ conversations: [conversation], page: 1, limit: 20, total: 1 }).total,
    ).toBe(1);
  });

  it('pages conversations by 20 and messages by 50', () => {
    expect(ConversationsQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(MessagesQuerySchema.parse({})).toEqual({ page: 1, limit: 50 });
    expect(MessagesQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(
      MessagesPageSchema.parse({ messages: [message], page: 1, limit: 50, total: 1 }).messages,
    ).toHaveLength(1);
    expect(UnreadCountSchema.parse({ unreadCount: 0 })).toEqual({ unreadCount: 0 });
  });
});
