import type { z } from 'zod';
import type { HttpMethod, PathParamNames } from './route-contract.ts';
import type { ApiContract, ApiRouteKey } from './routes.ts';
import type { StreamEventOf, StreamRouteKey } from './stream-events.ts';

/** The contract's paths of one method, as templates: RoutePath<'GET'> includes '/cars/:id'. */
export type RoutePath<M extends HttpMethod> = ApiRouteKey extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never;

export type RouteKeyOf<M extends HttpMethod, P extends RoutePath<M>> = `${M} ${P}` & ApiRouteKey;

/** The contract's event-stream routes (mediaType text/event-stream), by route key. */
type EventStreamKey = {
  [K in ApiRouteKey]: ApiContract[K] extends { mediaType: 'text/event-stream' } ? K : never;
}[ApiRouteKey];

/**
 * The path of an event-stream route whose events the contract lists: '/messages/stream'. A stream route without
 * its union in stream-events.ts is no StreamPath, so nothing listens to events the contract does not type.
 */
export type StreamPath = GetPathOf<Extract<StreamRouteKey, EventStreamKey>>;
type GetPathOf<K> = K extends `GET ${infer P}` ? P : never;

/** The events the stream at a path sends: the contract's union for its route. */
export type StreamPathEvent<P extends StreamPath> = StreamEventOf<`GET ${P}` & StreamRouteKey>;

/** The `data` a route answers. */
export type RouteAnswer<K extends ApiRouteKey> = z.output<ApiContract[K]['response']>;

type ParamsPart<P extends string> = [PathParamNames<P>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<P>, string> };

type QueryPart<C> = C extends { query: infer S extends z.ZodType }
  ? object extends z.input<S>
    ? { query?: z.input<S> }
    : { query: z.input<S> }
  : { query?: undefined };

/** A route's body: what its schema takes; undefined for a route without a body schema. */
export type RouteBody<M extends HttpMethod, P extends RoutePath<M>> = ApiContract[RouteKeyOf<M, P>] extends {
  body: infer S extends z.ZodType;
}
  ? z.input<S>
  : undefined;

/** What a call of a route sends besides its body: its path params and query, as the contract types them. */
export type RouteRequest<M extends HttpMethod, P extends RoutePath<M>> = ParamsPart<P> &
  QueryPart<ApiContract[RouteKeyOf<M, P>]>;

/** The path of a route with its params filled in: '/cars/:id' and {id: 'x'} give '/cars/x'. */
export function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path param ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
