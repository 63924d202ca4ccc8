import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type SuccessStatus = 200 | 201;

/**
 * One route of the API: what it takes (path params, query, body) and the `data` of its success envelope.
 * Request schemas are the ones the server validates with, so a client sends what the server accepts.
 */
export interface RouteContract {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` inside `{success: true, data}`; for a route that answers no envelope, its body. */
  response: z.ZodType;
  /** Success statuses; 200 when absent. */
  status?: readonly SuccessStatus[];
  /** A route whose answer is not the JSON envelope: a live event stream or an image. */
  mediaType?: 'text/event-stream' | 'image/svg+xml';
  summary?: string;
}

/** Keeps each entry's exact schema types while checking it is a route contract. */
export function route<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** The names of a path's `:params`: '/cars/:id/likes' gives 'id'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
