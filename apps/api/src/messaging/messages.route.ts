import { IdempotencyKeySchema, MessageStreamEventSchema } from '@autoreel/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { AuthUser } from '../accounts/access-token.service.ts';
import type { SignedInCheck } from '../accounts/signed-in-check.service.ts';
import { INVALID_TOKEN_MESSAGE, invalidInput, unauthenticated } from '../errors.ts';
import { AnswerText, defineRoutes } from '../http/contract-routes.ts';
import { requireUser } from '../plugins/auth.ts';
import type { WriteLimits } from '../plugins/write-limits.ts';
import type { NotificationSettingsService } from '../notifications/settings/notification-settings.service.ts';
import type { MessageEventHub } from './message-events.service.ts';
import type { MessagingService } from './messaging.service.ts';
import type { UserAnswerCache } from './user-answer-cache.ts';

export interface MessageRouteServices {
  messaging: MessagingService;
  /** Closed before the server waits for its connections, so that open streams end. */
  messageEvents: MessageEventHub;
  /** A user's own conversation answers, cleared by the message events naming them. */
  userAnswers: UserAnswerCache;
  /** Checks the stream's `?token=`. */
  signedIn: SignedInCheck;
  writeLimits: WriteLimits;
  /** Told while a stream is open, so notifications beyond the app know who is away. */
  presence: Pick<NotificationSettingsService, 'seen'>;
}

/** How often an open stream refreshes its person's last-seen time. */
const PRESENCE_REFRESH_MS = 60_000;

const IdempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().optional() });

function idempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key';
    throw invalidInput(message, [{ field: 'Idempotency-Key', message }]);
  }
  return parsed.data;
}

/** EventSource cannot send headers, so this one route also takes the access token from `?token=`. */
async function streamUser(
  request: FastifyRequest,
  signedIn: SignedInCheck,
  queryToken: string | undefined,
): Promise<{ user: AuthUser; expiresAt: number | null }> {
  const header = request.headers.authorization;
  const headerToken = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
  const token = request.user ? headerToken : queryToken;
  if (!request.user && token === undefined) requireUser(request);
  let user = request.user;
  if (!user) {
    try {
      user = await signedIn.authenticate(token ?? '');
    } catch {
      throw unauthenticated(INVALID_TOKEN_MESSAGE);
    }
  }
  const exp = token ? decodeJwt(token).exp : undefined;
  return { user, expiresAt: typeof exp === 'number' ? exp * 1000 : null };
}

/**
 * Answers the live stream on the raw response: Server-Sent Events until the client goes, the token expires or the
 * server closes. Each event is encoded by the contract's event union, as a response schema would be.
 */
async function streamMessages(
  messaging: MessagingService,
  presence: MessageRouteServices['presence'],
  user: AuthUser,
  expiresAt: number | null,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<undefined> {
  const res = reply.raw;
  reply.hijack();
  // Hooks already set security and CORS headers on the reply; a hijacked reply writes them itself.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, value);
  }
  res.writeHead(200, {
    'x-request-id': request.id,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Tells nginx-style proxies not to buffer the stream.
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n\n');
  let ended = false;
  // Presence is a hint for other channels: a failed write never ends the stream.
  const seen = () =>
    void presence.seen(user.id).catch((error: unknown) => request.log.warn({ err: error }, 'presence'));
  seen();
  const presenceTimer = setInterval(seen, PRESENCE_REFRESH_MS);
  let unsubscribe: (() => void) | undefined;
  const end = () => {
    if (ended) return;
    ended = true;
    res.end();
  };
  // The response's close fires when the client goes away (a request's close fires once its body is read).
  // The stream ends when its access token expires: the client refreshes and reconnects, so a stolen or
  // revoked session does not keep listening past the token's 15 minutes.
  const expiry =
    expiresAt === null
      ? undefined
      : setTimeout(end, Math.max(0, Math.min(expiresAt - Date.now(), 2 ** 31 - 1)));
  res.on('close', () => {
    ended = true;
    clearTimeout(expiry);
    clearInterval(presenceTimer);
    seen();
    unsubscribe?.();
  });
  try {
    unsubscribe = await messaging.openStream(user.id, {
      send: (streamEvent) => {
        if (ended) return;
        // Encoded by the contract's event union, as a response schema would: nothing unlisted is sent.
        const encoded = MessageStreamEventSchema.safeEncode(streamEvent);
        if (!encoded.success) {
          request.log.error({ err: encoded.error, event: streamEvent.event }, 'stream event off contract');
          return;
        }
        const { event, data } = encoded.data;
        res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      heartbeat: () => {
        if (!ended) res.write(': heartbeat\n\n');
      },
      end,
    });
  } catch (error) {
    request.log.warn({ err: error }, 'message stream could not open');
    end();
    return;
  }
  if (ended) unsubscribe();
}

/** SPEC 7 Messages, plus the conversation get-or-create, the report button and the live stream. */
export const messageRoutes: FastifyPluginAsync<MessageRouteServices> = async (app, services) => {
  const { messaging, userAnswers, writeLimits } = services;
  // Streams end before the server waits for its connections, so close and SIGTERM never hang on them.
  app.addHook('preClose', () => services.messageEvents.close());

  // A user's conversation list and histories come from a short per-user cache of their JSON text, which every
  // message event naming that user clears (UserAnswerCache). The answer is encoded by its response schema once,
  // when computed, exactly as the serializer would encode it.
  defineRoutes(
    app,
    {
      'POST /messages/send': {
        access: 'user',
        docs: { headers: IdempotencyHeadersSchema },
        options: writeLimits.guard('message'),
        handler: async ({ body, user, request, reply }) => {
          const key = idempotencyKey(request.headers['idempotency-key'] as string | undefined);
          const result = await messaging.send(user.id, body, key);
          if (result.replayed) void reply.header('Idempotent-Replayed', 'true');
          return result.data;
        },
      },
      // 201 when the conversation is new, 200 when it was there.
      'POST /messages/conversations': {
        access: 'user',
        options: writeLimits.guard('conversation'),
        handler: async ({ body, user, reply }) => {
          const data = await messaging.open(user.id, body.participantId, body.carId);
          void reply.status(data.created ? 201 : 200);
          return data;
        },
      },
      'GET /messages/conversations': {
        access: 'user',
        handler: async ({ query: { page, limit }, user, writeAnswer }) =>
          new AnswerText(
            await userAnswers.json(
              user.id,
              `conversations ${page} ${limit}`,
              () => messaging.conversations(user.id, page, limit),
              writeAnswer,
            ),
          ),
      },
      'GET /messages/conversations/:userId': {
        access: 'user',
        handler: async ({ params: { userId }, query: { page, limit }, user, writeAnswer }) =>
          new AnswerText(
            await userAnswers.json(
              user.id,
              `history ${userId} ${page} ${limit}`,
              () => messaging.history(user.id, userId, page, limit),
              writeAnswer,
            ),
          ),
      },
      'PUT /messages/:id/read': {
        access: 'user',
        handler: async ({ params, user }) => messaging.markMessageRead(user.id, params.id),
      },
      'PUT /messages/conversations/:id/read': {
        access: 'user',
        handler: async ({ params, user }) => messaging.markConversationRead(user.id, params.id),
      },
      'GET /messages/unread-count': {
        access: 'user',
        handler: async ({ user }) => messaging.unreadCount(user.id),
      },
      'GET /messages/conversations/:id/unread-count': {
        access: 'user',
        handler: async ({ params, user }) => messaging.conversationUnreadCount(user.id, params.id),
      },
      // Limited per account and address by the report service, as POST /reports is.
      'POST /messages/conversations/:id/report': {
        access: 'signed-in',
        handler: async ({ params, body, user, request }) =>
          messaging.report(user.id, params.id, body.reason, request.ip),
      },
      // The caller is checked by streamUser, which also takes the token from ?token=.
      'GET /messages/stream': {
        access: 'anyone',
        // 'warn' keeps the request line, which may carry ?token=, out of the access log.
        options: { logLevel: 'warn' },
        handler: async ({ query, request, reply }) => {
          const { user, expiresAt } = await streamUser(request, services.signedIn, query.token);
          return streamMessages(messaging, services.presence, user, expiresAt, request, reply);
        },
      },
    },
    { tags: ['messages'] },
  );
};
