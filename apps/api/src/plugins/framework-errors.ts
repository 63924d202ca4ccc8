import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { envelope } from './error-handler.ts';

/**
 * Answers to failures Fastify meets before a route's error handler can run, in the API's envelope:
 * an undecodable URL, a path parameter longer than the router keeps, a request line or headers over Node's
 * 16 KB limit, and requests that arrive while the server drains for shutdown.
 */
export const frameworkErrorOptions: Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler' | 'return503OnClosing'
> = {
  frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    // A parameter longer than any id this API issues names nothing: the same 404 a short unknown id gets.
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.status(404).send(envelope('Not found'));
    else void reply.status(400).send(envelope('The address of this request is not valid'));
  },
  clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const message =
      status === 431
        ? 'The address or headers of this request are too long'
        : status === 408
          ? 'The request took too long to arrive'
          : 'The request could not be read';
    const body = JSON.stringify(envelope(message));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
  // Replaced by the hook below, whose answer carries the envelope.
  return503OnClosing: false,
};

/** While the server drains (SIGTERM), new requests get a 503 in the envelope and the connection is closed. */
export function registerShutdownRefusal(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply
      .status(503)
      .header('connection', 'close')
      .send(envelope('The server is restarting. Please try again in a moment.'));
  });
}
