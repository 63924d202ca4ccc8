import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config/config.ts';
import { securityHeadersByProtocol } from './security-headers.ts';

/** Security headers, compression of JSON answers, CORS for configured origins, request ids on every answer, and the OpenAPI document. */
export async function registerHttpDefaults(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeadersByProtocol(config);
  app.addHook('onRequest', (request, reply, done) => {
    // request.protocol reads X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    void reply.headers(config.servedOverHttps || request.protocol === 'https' ? headers.https : headers.http);
    done();
  });
  await app.register(compress, {
    // A page of cars shrinks to about a fifth. Low levels keep the cost per answer well under a millisecond;
    // storefront files are compressed once at build and sent as they are.
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    threshold: 1024,
    // JSON and text, never the live message stream (it must flush each event) nor media, already compressed.
    customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)|^image\/svg\+xml/,
  });
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    // The plugin's default is GET, HEAD and POST; a client on another origin (the desktop console) also edits
    // and deletes (PUT /cars/{id}, PUT /dealers/profile/me, DELETE /cars/{id}).
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    credentials: false,
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AutoReel API',
        version: '1.0.0',
        description: 'Car marketplace API: accounts, cars, dealers, social, messaging.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
