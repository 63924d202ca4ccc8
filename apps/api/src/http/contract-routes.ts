import { apiContract, successEnvelope, type ApiRouteKey, type RouteContract } from '@autoreel/core';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { AuthUser } from '../accounts/access-token.service.ts';
import { requireRole, requireUser } from '../plugins/auth.ts';
import { answerEncoder } from './answer-encoder.ts';
import { sendCachedJson } from './cached-json.ts';

type ContractOf<K extends ApiRouteKey> = (typeof apiContract)[K];
type Slot<C, S extends 'params' | 'query' | 'body'> = C extends { [P in S]: infer Z extends z.ZodType }
  ? z.output<Z>
  : undefined;

/** The `data` of a route's answer as the contract types it. */
export type RouteData<K extends ApiRouteKey> = z.output<ContractOf<K>['response']>;

/** JSON text of a whole success answer kept by an answer cache: sent as it is, never encoded again. */
export class AnswerText {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}

/**
 * What a handler answers: the `data` of its envelope, or the envelope's JSON text from a cache (AnswerText). A route
 * whose answer is no envelope (an event stream, an image) answers through the reply itself. The data is not typed by
 * the contract: presenters type some fields wider than the schema (a string for an enum), and the encoder writes
 * only what the schema lists.
 */
export type HandlerAnswer<K extends ApiRouteKey> =
  ContractOf<K> extends { mediaType: string } ? FastifyReply | undefined : unknown;

/**
 * Who may call a route: `anyone` (as a bare handler is; `user` is the caller or null), `user` (401 once the request is
 * valid, so a bad request from anyone gets its 400 first), `signed-in` (401 before the input is read) and
 * `admin` (401 or 403 before the input is read).
 */
export type Access = 'anyone' | 'user' | 'signed-in' | 'admin';

/** What a handler is given: the request's input parsed by the contract's schemas, and the caller. */
export interface RouteInput<K extends ApiRouteKey, User> {
  params: Slot<ContractOf<K>, 'params'>;
  query: Slot<ContractOf<K>, 'query'>;
  body: Slot<ContractOf<K>, 'body'>;
  user: User;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The JSON text of this route's success answer, as its serializer writes it: for answers kept in a cache. */
  writeAnswer: (data: unknown) => string;
}

type Handler<K extends ApiRouteKey, User> = (input: RouteInput<K, User>) => Promise<HandlerAnswer<K>>;

interface RouteExtras {
  /** OpenAPI words beside the contract's schemas (/api/docs), and the Idempotency-Key header of a send. */
  docs?: Pick<FastifySchema, 'summary' | 'security' | 'consumes' | 'headers'>;
  /** Hooks and log level of this route: a write limit's preHandler, a loopback check. */
  options?: Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'logLevel'>;
}

/** One route: a handler alone is open to anyone. */
export type RouteDefinition<K extends ApiRouteKey> =
  | Handler<K, AuthUser | null>
  | (RouteExtras & { access: 'anyone'; handler: Handler<K, AuthUser | null> })
  | (RouteExtras & { access: Exclude<Access, 'anyone'>; handler: Handler<K, AuthUser> });

/** Any route's definition, as registration reads it. */
type DeclaredRoute = RouteExtras & { access: Access; handler: Handler<ApiRouteKey, AuthUser> };

/** A module's routes by the contract's keys; null marks a route this server leaves out (it answers 404). */
export type RouteTable<K extends ApiRouteKey> = { [P in K]: RouteDefinition<P> | null };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract key a route was registered under (see plugins/route-contract.ts). */
    contractRoute?: ApiRouteKey;
  }
}

/** `{success: true, data}` with the route's answer schema as data: the schema its JSON answer is encoded by. */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();
function answerSchema(contract: RouteContract): z.ZodType {
  if (contract.mediaType) return contract.response;
  let envelope = envelopes.get(contract.response);
  if (!envelope) {
    envelope = successEnvelope(contract.response);
    envelopes.set(contract.response, envelope);
  }
  return envelope;
}

/**
 * The JSON text of a route's success answer `{success: true, data}`, written as its serializer would write it: for
 * answers kept as text in a cache and sent as they are.
 */
export function answerWriter(key: ApiRouteKey): (data: unknown) => string {
  const encode = answerEncoder(answerSchema(apiContract[key]));
  return (data) => encode({ success: true, data });
}

const ACCESS_CHECKS: Record<Access, ((request: FastifyRequest) => Promise<void>) | undefined> = {
  anyone: undefined,
  user: undefined,
  'signed-in': async (request) => {
    requireUser(request);
  },
  admin: async (request) => {
    requireRole(request, 'admin');
  },
};

function callerFor(access: Access, request: FastifyRequest): AuthUser | null {
  if (access === 'anyone') return request.user;
  return access === 'admin' ? requireRole(request, 'admin') : requireUser(request);
}

/**
 * Registers a module's routes from the wire contract (@autoreel/core apiContract): each by its key ('GET /cars/:id'),
 * validated by the contract's params, query and body schemas, guarded as its access says, and answered as
 * `{success: true, data}` encoded by the contract's answer schema (so a field the contract does not list never
 * leaves the server). A route of one success status answers with it; one of several sets it on the reply.
 */
export function defineRoutes<K extends ApiRouteKey>(
  app: FastifyInstance,
  routes: RouteTable<K>,
  { tags }: { tags?: string[] } = {},
): void {
  for (const key of Object.keys(routes) as K[]) {
    app.contractRoutes.add(key);
    const definition = routes[key];
    if (definition === null) continue;
    const { access, handler, docs, options }: DeclaredRoute =
      typeof definition === 'function' ? { access: 'anyone', handler: definition } : definition;
    const contract: RouteContract = apiContract[key];
    const [method, url] = key.split(' ') as [Uppercase<string>, string];
    const answer = answerSchema(contract);
    const statuses = contract.status ?? [200];
    const writeAnswer = answerWriter(key);
    app.route({
      method,
      url,
      config: { contractRoute: key },
      ...options,
      ...(ACCESS_CHECKS[access] ? { preValidation: ACCESS_CHECKS[access] } : {}),
      schema: {
        ...(tags ? { tags } : {}),
        ...docs,
        ...(contract.params ? { params: contract.params } : {}),
        ...(contract.query ? { querystring: contract.query } : {}),
        ...(contract.body ? { body: contract.body } : {}),
        response: Object.fromEntries(statuses.map((status) => [status, answer])),
      },
      handler: async (request, reply) => {
        const user = callerFor(access, request);
        const answered = await handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body,
          // A null caller reaches only handlers that accept one ('anyone').
          user: user as AuthUser,
          request,
          reply,
          writeAnswer,
        });
        if (contract.mediaType) return answered;
        if (statuses.length === 1 && statuses[0] !== 200) void reply.status(statuses[0]!);
        if (answered instanceof AnswerText) return sendCachedJson(reply, answered.json);
        return { success: true as const, data: answered };
      },
    });
  }
}
