import {
  fillPath,
  isTokenExpiredError,
  readRefreshedAccessToken,
  readRefreshedRefreshToken,
  type HttpMethod,
  type RouteAnswer,
  type RouteKeyOf,
  type RoutePath,
  type RouteBody,
  type RouteRequest,
  type StreamPath,
  type StreamPathEvent,
} from '@autoreel/core';
import { ApiError } from './api-error.ts';
import { contractEvents } from './contract-stream.ts';
import { openEventStream, type StreamHandlers } from './event-stream.ts';
import { sendWithXhr, type UploadProgress } from './xhr-upload.ts';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** Where the session's tokens live: browser storage on the web, the main process (keychain) on desktop. */
export interface TokenStore {
  load(): Promise<SessionTokens | null>;
  save(tokens: SessionTokens): Promise<void>;
  clear(): Promise<void>;
}

export interface ApiClientOptions {
  /**
   * An answer the page already holds for a GET of this URL (the storefront's inlined first answers), given once;
   * `peek` reads through it.
   */
  answered?: (url: string) => unknown;
  /** The API base, e.g. '/api' or 'http://localhost:8080/api'. */
  baseUrl: string;
  tokens: TokenStore;
  fetch?: typeof fetch;
  /** Called once the session could not be refreshed and was cleared (SPEC 4: the user is logged out). */
  onSessionEnded?: () => void;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Upload progress, 0 to 1. Where XMLHttpRequest exists the body goes through it (fetch reports no upload
   * progress); elsewhere the request goes through fetch and reports 1 when done.
   */
  onUploadProgress?: UploadProgress;
}

/** Per-call options besides what the contract types: headers, cancellation, upload progress. */
export type CallOptions = Pick<RequestOptions, 'headers' | 'signal' | 'onUploadProgress'>;

/** A typed call's options: the route's params and query, and the per-call options. */
export type RouteCallOptions<M extends HttpMethod, P extends RoutePath<M>> = RouteRequest<M, P> & CallOptions;

/** The options argument of a typed call: optional when the route needs no params. */
type OptionsArg<M extends HttpMethod, P extends RoutePath<M>> =
  object extends RouteCallOptions<M, P>
    ? [options?: RouteCallOptions<M, P>]
    : [options: RouteCallOptions<M, P>];

/** A typed write's body: what its schema takes; a route without a body schema takes none, or a multipart form. */
type WriteBody<M extends HttpMethod, P extends RoutePath<M>> = [RouteBody<M, P>] extends [undefined]
  ? FormData | undefined
  : RouteBody<M, P>;

/** A typed write's arguments: the body (as on the untyped calls), then the options. */
type WriteArgs<M extends HttpMethod, P extends RoutePath<M>> =
  object extends RouteCallOptions<M, P>
    ? undefined extends WriteBody<M, P>
      ? [body?: WriteBody<M, P>, options?: RouteCallOptions<M, P>]
      : [body: WriteBody<M, P>, options?: RouteCallOptions<M, P>]
    : [body: WriteBody<M, P>, options: RouteCallOptions<M, P>];

type Answer<M extends HttpMethod, P extends RoutePath<M>> = Promise<RouteAnswer<RouteKeyOf<M, P>>>;

export interface ApiClient {
  /**
   * Typed by the wire contract (@autoreel/core apiContract): `get('/cars/:id', {params: {id}})` answers a car, and
   * `post('/cars/:id/comments', {comment}, {params: {id}})` checks the body. There is no untyped form: a path the
   * contract lacks, or an answer type picked by hand, does not compile.
   */
  get<P extends RoutePath<'GET'>>(path: P, ...options: OptionsArg<'GET', P>): Answer<'GET', P>;
  post<P extends RoutePath<'POST'>>(path: P, ...args: WriteArgs<'POST', P>): Answer<'POST', P>;
  put<P extends RoutePath<'PUT'>>(path: P, ...args: WriteArgs<'PUT', P>): Answer<'PUT', P>;
  delete<P extends RoutePath<'DELETE'>>(path: P, ...args: WriteArgs<'DELETE', P>): Answer<'DELETE', P>;
  /**
   * The data of a GET the page already holds an answer for, at once and without a request, or undefined: a
   * screen's first render can then draw it instead of a loading state.
   */
  peek<P extends RoutePath<'GET'>>(
    path: P,
    ...options: OptionsArg<'GET', P>
  ): RouteAnswer<RouteKeyOf<'GET', P>> | undefined;
  /**
   * Listens to a text/event-stream route with the session's bearer token, reconnecting after the server's retry
   * delay and refreshing the token on a 401. Typed by the contract: the path is an event-stream route's, and each
   * event is read by that route's union (stream-events.ts), so an event it does not list never reaches a handler.
   * Returns the function that stops it.
   */
  stream<P extends StreamPath>(path: P, handlers: StreamHandlers<StreamPathEvent<P>>): () => void;
  /** Exchanges the refresh token for a new pair; concurrent callers share one exchange. Null when it failed. */
  refreshSession(): Promise<string | null>;
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    // Empty values clear a filter rather than sending it blank (SPEC 5 'Client-side car filters').
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  return parseText(await response.text());
}

function parseText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Success data is read from the data field, or else the whole body (SPEC 7). */
function unwrap(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && 'data' in body) return body.data;
  return body;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  let refreshing: Promise<string | null> | null = null;

  async function send(
    method: string,
    path: string,
    init: RequestOptions,
    accessToken: string | undefined,
  ): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) {
      body = init.body;
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    if (accessToken) headers['authorization'] = `Bearer ${accessToken}`;
    const url = buildUrl(options.baseUrl, path, init.query);
    let status: number;
    let parsed: unknown;
    try {
      if (init.onUploadProgress && typeof XMLHttpRequest !== 'undefined') {
        const answer = await sendWithXhr({
          method,
          url,
          headers,
          body,
          signal: init.signal,
          onProgress: init.onUploadProgress,
        });
        status = answer.status;
        parsed = parseText(answer.text);
      } else {
        const response = await fetchImpl(url, {
          method,
          headers,
          body: body ?? null,
          signal: init.signal ?? null,
        });
        status = response.status;
        parsed = await readBody(response);
        init.onUploadProgress?.(1);
      }
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      throw ApiError.network(cause);
    }
    const failed =
      status < 200 ||
      status > 299 ||
      (typeof parsed === 'object' && parsed !== null && (parsed as { success?: unknown }).success === false);
    if (failed) throw ApiError.fromResponse(status, parsed);
    return unwrap(parsed);
  }

  async function endSession(): Promise<void> {
    await options.tokens.clear();
    options.onSessionEnded?.();
  }

  async function exchangeRefreshToken(): Promise<string | null> {
    const stored = await options.tokens.load();
    if (!stored?.refreshToken) {
      await endSession();
      return null;
    }
    let body: unknown;
    try {
      const response = await fetchImpl(buildUrl(options.baseUrl, '/auth/refresh-token', undefined), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ refreshToken: stored.refreshToken }),
      });
      body = await readBody(response);
      if (!response.ok) body = { success: false };
    } catch {
      // SPEC 8: a network error during refresh logs the user out too.
      await endSession();
      return null;
    }
    const accessToken = readRefreshedAccessToken(body);
    if (!accessToken) {
      await endSession();
      return null;
    }
    await options.tokens.save({
      accessToken,
      refreshToken: readRefreshedRefreshToken(body) ?? stored.refreshToken,
    });
    return accessToken;
  }

  function refreshSession(): Promise<string | null> {
    refreshing ??= exchangeRefreshToken().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    const tokens = await options.tokens.load();
    try {
      return (await send(method, path, init, tokens?.accessToken)) as T;
    } catch (error) {
      // One refresh and one retry for an expired-token answer; never for the refresh call itself.
      const expired = error instanceof ApiError && error.status === 401 && isTokenExpiredError(error.message);
      if (!expired || !tokens) throw error;
      const accessToken = await refreshSession();
      if (!accessToken) throw error;
      return (await send(method, path, init, accessToken)) as T;
    }
  }

  /** A call's options with its path params filled into the path. */
  function routed(path: string, call: (RequestOptions & { params?: Record<string, string> }) | undefined) {
    const { params, ...init } = call ?? {};
    return { url: fillPath(path, params), init };
  }

  function write(method: HttpMethod, path: string, body: unknown, call?: RequestOptions) {
    const { url, init } = routed(path, call);
    return request(method, url, { ...init, body });
  }

  function peek(
    path: string,
    call: { query?: RequestOptions['query']; params?: Record<string, string> } = {},
  ) {
    const url = buildUrl(options.baseUrl, fillPath(path, call.params), call.query);
    const body = options.answered?.(url);
    const held =
      typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true;
    return held ? unwrap(body) : undefined;
  }

  const client = {
    get: (path: string, call?: RequestOptions) => {
      const { url, init } = routed(path, call);
      return request('GET', url, init);
    },
    peek,
    post: (path: string, body?: unknown, call?: RequestOptions) => write('POST', path, body, call),
    put: (path: string, body?: unknown, call?: RequestOptions) => write('PUT', path, body, call),
    delete: (path: string, body?: unknown, call?: RequestOptions) => write('DELETE', path, body, call),
    refreshSession,
    stream: <P extends StreamPath>(path: P, handlers: StreamHandlers<StreamPathEvent<P>>) =>
      openEventStream({
        url: buildUrl(options.baseUrl, path, undefined),
        fetch: fetchImpl,
        accessToken: async () => (await options.tokens.load())?.accessToken ?? null,
        refreshSession,
        handlers: { ...handlers, onEvent: contractEvents(path, (event) => handlers.onEvent(event)) },
      }),
  };
  // One implementation serves every route; TypeScript cannot check it against the per-route signatures.
  return client as unknown as ApiClient;
}
