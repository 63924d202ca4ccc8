import type { z } from 'zod';
import type {
  EventChannel,
  EventMap,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
} from '../../shared/ipc-contract.ts';

/** The part of Electron's ipcMain the router needs, so the router runs (and is tested) without Electron. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderEvent, payload: unknown) => unknown): void;
}

/** What the router reads from an invoke event: the frame that sent it, and the page to answer with events. */
export interface IpcSenderEvent {
  senderFrame?: { url: string } | null;
  sender?: { send(channel: string, payload: unknown): void; isDestroyed?(): boolean };
}

/** What a handler may do besides answering: send events to the page that asked (video progress). */
export interface InvokeContext {
  emit<E extends EventChannel>(channel: E, payload: EventMap[E]): void;
}

export type InvokeHandlers = {
  [C in InvokeChannel]: (
    request: InvokeRequest<C>,
    context: InvokeContext,
  ) => Promise<InvokeResponse<C>> | InvokeResponse<C>;
};

const silent: InvokeContext = { emit: () => undefined };

/** Events go back to the page that made the request, unless it has closed meanwhile. */
export function contextFor(event: IpcSenderEvent): InvokeContext {
  const sender = event.sender;
  if (!sender) return silent;
  return {
    emit(channel, payload) {
      if (!sender.isDestroyed?.()) sender.send(channel, payload);
    },
  };
}

export type RequestSchemas = { [C in InvokeChannel]: z.ZodType<InvokeRequest<C>> };

/** A payload that failed its schema: the handler never ran. */
export class IpcValidationError extends Error {
  constructor(channel: string, issues: string) {
    super(`Invalid request for ${channel}: ${issues}`);
    this.name = 'IpcValidationError';
  }
}

/** A message from a frame that is not the console's own page (an iframe, a page navigated elsewhere). */
export class IpcSenderError extends Error {
  constructor(channel: string) {
    super(`Refused ${channel}: the request did not come from the AutoReel console`);
    this.name = 'IpcSenderError';
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`).join('; ');
}

/**
 * Validates a payload against its channel's schema, then runs the handler with the parsed value (zod strips
 * unknown keys, so handlers only ever see the declared shape).
 */
export function createInvokeDispatcher(handlers: InvokeHandlers, schemas: RequestSchemas) {
  return async function dispatch<C extends InvokeChannel>(
    channel: C,
    payload: unknown,
    context: InvokeContext = silent,
  ): Promise<InvokeResponse<C>> {
    const schema = schemas[channel] as z.ZodType<InvokeRequest<C>> | undefined;
    const handler = handlers[channel] as InvokeHandlers[C] | undefined;
    if (!schema || !handler) throw new IpcValidationError(channel, 'unknown channel');
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new IpcValidationError(channel, describeIssues(parsed.error));
    return handler(parsed.data, context);
  };
}

/** Registers one validated handler per channel; requests from frames other than the app's own are refused. */
export function registerInvokeHandlers(
  ipc: IpcMainLike,
  handlers: InvokeHandlers,
  schemas: RequestSchemas,
  isTrustedSender: (url: string) => boolean,
): void {
  const dispatch = createInvokeDispatcher(handlers, schemas);
  for (const channel of Object.keys(handlers) as InvokeChannel[]) {
    ipc.handle(channel, (event, payload) => {
      if (!isTrustedSender(event.senderFrame?.url ?? '')) throw new IpcSenderError(channel);
      return dispatch(channel, payload, contextFor(event));
    });
  }
}
