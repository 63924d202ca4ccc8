import {
  ConversationOpenBodySchema,
  ConversationReportBodySchema,
  IdempotencyKeySchema,
  MessageStreamEventSchema,
  MessageStreamQuerySchema,
  UserIdParamsSchema,
  apiContract,
} from '@autoreel/core';
import { ConversationsQuerySchema, MessageSendBodySchema, MessagesQuerySchema } from '@autoreel/core';
import { IdParamsSchema } from '@autoreel/core';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { INVALID_TOKEN_MESSAGE, invalidInput, unauthenticated } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import { answerWriter } from '../plugins/route-contract.ts';
import type { AuthUser } from '../accounts/access-token.service.ts';
import { sendCachedJson } from '../http/cached-json.ts';

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
  ctx: AppContext,
  queryToken: string | undefined,
): Promise<{ user: AuthUser; expiresAt: number | null }> {
  const header = request.headers.authorization;
  const headerToken = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
  const token = request.user ? headerToken : queryToken;
  if (!request.user && token === undefined) requireUser(request);
  let user = request.user;
  if (!user) {
    try {
      user = await ctx.signedIn.authenticate(token ?? '');
    } catch {
      throw unauthenticated(INVALID_TOKEN_MESSAGE);
    }
  }
  const exp = token ? decodeJwt(token).exp : undefined;
  return { user, expiresAt: typeof exp === 'number' ? exp * 1000 : null };
}

/** SPEC 7 Messages, plus the conversation get-or-create, the report button and the live stream. */
export const messageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const messaging = ctx.messaging;
  // Streams end before the server waits for its connections, so close and SIGTERM never hang on them.
  app.addHook('preClose', () => ctx.messageEvents.close());

  app.post(
    '/messages/send',
    {
      schema: {
        tags: ['messages'],
        body: MessageSendBodySchema,
        headers: IdempotencyHeadersSchema,
      },
      ...ctx.writeLimits.guard('message'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const key = idempotencyKey(request.headers['idempotency-key']);
      const result = await messaging.send(user.id, request.body, key);
      if (result.replayed) void reply.header('Idempotent-Replayed', 'true');
      return reply.status(201).send({ success: true as const, data: result.data });
    },
  );

  app.post(
    '/messages/conversations',
    {
      schema: {
        tags: ['messages'],
        body: ConversationOpenBodySchema,
      },
      ...ctx.writeLimits.guard('conversation'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await messaging.open(user.id, request.body.participantId, request.body.carId);
      return reply.status(data.created ? 201 : 200).send({ success: true as const, data });
    },
  );

  // A user's conversation list and histories come from a short per-user cache of their JSON text, which every
  // message event naming that user clears (UserAnswerCache). The answer is encoded by its response schema once,
  // when computed, exactly as the serializer would encode it.
  const conversationsAnswer = answerWriter(apiContract['GET /messages/conversations']);
  app.get(
    '/messages/conversations',
    { schema: { tags: ['messages'], querystring: ConversationsQuerySchema } },
    async (request, reply) => {
      const user = requireUser(request);
      const { page, limit } = request.query;
      const json = await ctx.userAnswers.json(
        user.id,
        `conversations ${page} ${limit}`,
        () => messaging.conversations(user.id, page, limit),
        conversationsAnswer,
      );
      return sendCachedJson(reply, json);
    },
  );

  const historyAnswer = answerWriter(apiContract['GET /messages/conversations/:userId']);
  app.get(
    '/messages/conversations/:userId',
    { schema: { tags: ['messages'], params: UserIdParamsSchema, querystring: MessagesQuerySchema } },
    async (request, reply) => {
      const user = requireUser(request);
      const { page, limit } = request.query;
      const { userId } = request.params;
      const json = await ctx.userAnswers.json(
        user.id,
        `history ${userId} ${page} ${limit}`,
        () => messaging.history(user.id, userId, page, limit),
        historyAnswer,
      );
      return sendCachedJson(reply, json);
    },
  );

  app.put(
    '/messages/:id/read',
    { schema: { tags: ['messages'], params: IdParamsSchema } },
    async (request) => {
      const user = requireUser(request);
      return { success: true as const, data: await messaging.markMessageRead(user.id, request.params.id) };
    },
  );

  app.put(
    '/messages/conversations/:id/read',
    { schema: { tags: ['messages'], params: IdParamsSchema } },
    async (request) => {
      const user = requireUser(request);
      return {
        success: true as const,
        data: await messaging.markConversationRead(user.id, request.params.id),
      };
    },
  );

  app.get('/messages/unread-count', { schema: { tags: ['messages'] } }, async (request) => {
    const user = requireUser(request);
    return { success: true as const, data: await messaging.unreadCount(user.id) };
  });

  app.get(
    '/messages/conversations/:id/unread-count',
    { schema: { tags: ['messages'], params: IdParamsSchema } },
    async (request) => {
      const user = requireUser(request);
      return {
        success: true as const,
        data: await messaging.conversationUnreadCount(user.id, request.params.id),
      };
    },
  );

  app.post(
    '/messages/conversations/:id/report',
    {
      schema: {
        tags: ['messages'],
        params: IdParamsSchema,
        body: ConversationReportBodySchema,
      },
      ...ctx.writeLimits.guard('report'),
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await messaging.report(user.id, request.params.id, request.body.reason);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/messages/stream',
    // 'warn' keeps the request line, which may carry ?token=, out of the access log.
    { logLevel: 'warn', schema: { tags: ['messages'], querystring: MessageStreamQuerySchema } },
    async (request, reply) => {
      const { user, expiresAt } = await streamUser(request, ctx, request.query.token);
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
        unsubscribe?.();
      });
      try {
        unsubscribe = await messaging.openStream(user.id, {
          send: (streamEvent) => {
            if (ended) return;
            // Encoded by the contract's event union, as a response schema would: nothing unlisted is sent.
            const encoded = MessageStreamEventSchema.safeEncode(streamEvent);
            if (!encoded.success) {
              request.log.error(
                { err: encoded.error, event: streamEvent.event },
                'stream event off contract',
              );
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
    },
  );
};
