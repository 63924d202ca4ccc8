import { apiContract, successEnvelope, type ApiRouteKey, type RouteContract } from '@autoreel/core';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { answerEncoder } from '../http/answer-encoder.ts';

/** The schema slots a route may declare itself, by the contract's name for each. */
const REQUEST_SLOTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/** The JSON envelope of a contract's answer, kept per answer schema so that every route of it shares one. */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/** `{success: true, data}` with the route's answer schema as data: the schema its JSON answer is encoded by. */
export function answerSchema(contract: RouteContract): z.ZodType {
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
 * answers a route keeps as text in a cache and sends as it is.
 */
export function answerWriter(contract: RouteContract): (data: unknown) => string {
  const encode = answerEncoder(answerSchema(contract));
  return (data) => encode({ success: true, data });
}

/** The contract of an /api route by its method and path under /api ('GET /cars/:id'), or undefined. */
export function contractOf(method: string, path: string): RouteContract | undefined {
  const key = `${method} ${path}`;
  return Object.hasOwn(apiContract, key) ? apiContract[key as ApiRouteKey] : undefined;
}

/**
 * Registers every /api route's schemas from the wire contract (@autoreel/core apiContract): each route must be in
 * it, request schemas a route declares must be the contract's own, and its success answers are serialised by the
 * contract's response schema (so a field the contract does not list never leaves the server, and /api/docs shows
 * every answer). Startup fails on a route the contract lacks or one that validates with other schemas.
 */
export function registerRouteContract(app: FastifyInstance, prefix: string): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Fastify adds a HEAD route for every GET; it answers no body.
    if (methods.every((m) => m === 'HEAD')) return;
    // Only the API's own routes: not the storefront, the media files or the API's documentation pages.
    if (!route.url.startsWith(`${prefix}/`) || route.url.startsWith(`${prefix}/docs`)) return;
    const path = route.url.slice(prefix.length);
    for (const method of methods) {
      const contract = contractOf(method, path);
      if (!contract)
        throw new Error(`${method} ${path} is not in the API contract (@autoreel/core apiContract)`);
      const schema = (route.schema ??= {});
      const slots = schema as Record<string, unknown>;
      for (const [name, slot] of REQUEST_SLOTS) {
        const declared = slots[slot];
        const expected = contract[name];
        if (declared !== undefined && declared !== expected) {
          throw new Error(`${method} ${path} validates its ${name} with a schema other than the contract's`);
        }
        if (expected !== undefined) slots[slot] = expected;
      }
      const answer = answerSchema(contract);
      schema.response = Object.fromEntries((contract.status ?? [200]).map((status) => [status, answer]));
    }
  });
}
