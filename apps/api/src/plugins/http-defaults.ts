import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config/config.ts';
import { securityHeadersFor } from './security-headers.ts';

/** Security headers, compression of JSON answers, CORS for configured origins, request ids on every answer, and the OpenAPI document. */
export async function registerHttpDefaults(app: FastifyInstance, config: Config): Promise<void> {
  const securityHeaders = securityHeadersFor({
    // The storefront plays media from this origin and, when configured, from a CDN.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.cdnBaseUrl ? [config.cdnBaseUrl] : [])],
        mediaSrc: ["'self'", 'blob:', ...(config.cdnBaseUrl ? [config.cdnBaseUrl] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The web app manifest and its icons (resources/web) come from this origin.
        manifestSrc: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(securityHeaders);
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
