import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../src/config/config.ts';

/** A request the stand-in was sent. */
export interface WhatsAppRequest {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  body: any;
}

/** The WhatsApp Cloud API's stand-in on 127.0.0.1: what it was sent, and what it answers next. */
export interface WhatsAppStandIn {
  /** Every request in order; tests empty it between cases. */
  received: WhatsAppRequest[];
  /** The next answers' status: 200 accepts the message; any other answers the provider's error. */
  status: number;
  /** The provider's settings pointed at the stand-in, with the templates the API sends. */
  settings: Config['whatsapp'];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    request.on('data', (chunk: Buffer) => (data += chunk.toString()));
    request.on('end', () => resolve(data));
  });
}

/** Starts the stand-in; `error` is the body of its answers while `status` is not 200. */
export async function startWhatsAppStandIn(error: {
  message: string;
  code: number;
}): Promise<WhatsAppStandIn> {
  const received: WhatsAppRequest[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        body: JSON.parse(body),
      });
      response.writeHead(standIn.status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          standIn.status === 200
            ? { messaging_product: 'whatsapp', messages: [{ id: 'wamid.test' }] }
            : { error },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: WhatsAppStandIn = {
    received,
    status: 200,
    settings: {
      token: 'test-graph-token',
      phoneNumberId: '1234567890',
      templateName: 'autoreel_code',
      signupAttemptTemplateName: 'autoreel_signup_attempt',
      newMessageTemplateName: 'autoreel_new_message',
      templateLanguage: 'en_US',
      apiBaseUrl: `http://127.0.0.1:${port}/v23.0`,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
