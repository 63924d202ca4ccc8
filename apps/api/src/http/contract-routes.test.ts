import { apiContract } from '@autoreel/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { registerRouteContract } from '../plugins/route-contract.ts';
import { answerSerializerCompiler } from './answer-encoder.ts';
import { AnswerText, defineRoutes } from './contract-routes.ts';

/** A bare server with the app's compilers and the contract check, and no route yet. */
function bareServer(): { app: FastifyInstance; assertEveryRoute: () => void } {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('authTokenRejected', false);
  const { assertEveryRoute } = registerRouteContract(app, '/api');
  return { app, assertEveryRoute };
}

let server: FastifyInstance | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('defineRoutes', () => {
  it("validates with the contract's schemas, answers the envelope with the route's status and no unlisted field", async () => {
    const { app } = bareServer();
    server = app;
    await app.register(
      async (api) => {
        defineRoutes(api, {
          'POST /feedback': async ({ body }) => ({ id: `for ${body.subject}`, secret: 'never sent' }),
          'GET /health': async ({ writeAnswer }) =>
            new AnswerText(writeAnswer({ status: 'ok', database: 'kept', extra: 1 })),
        });
      },
      { prefix: '/api' },
    );

    const sent = await app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { category: 'general', name: 'A', email: 'a@example.com', subject: 'Hi', message: 'Hello' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ success: true, data: { id: 'for Hi' } });

    const refused = await app.inject({ method: 'POST', url: '/api/feedback', payload: { category: 'x' } });
    expect(refused.statusCode).toBe(400);

    const kept = await app.inject({ method: 'GET', url: '/api/health' });
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(kept.body).toBe('{"success":true,"data":{"status":"ok","database":"kept"}}');
  });
});

describe('the contract check at start-up', () => {
  it('refuses a route under /api that was not declared from the contract', async () => {
    const { app } = bareServer();
    server = app;
    await expect(
      app.register(
        async (api) => {
          api.get('/cars/extra', async () => ({ success: true }));
        },
        { prefix: '/api' },
      ),
    ).rejects.toThrow('GET /cars/extra is not registered from the API contract');
  });

  it('refuses a server that leaves a contract route undeclared, and counts one left out on purpose', async () => {
    const { app, assertEveryRoute } = bareServer();
    server = app;
    await app.register(
      async (api) => {
        defineRoutes(api, { 'GET /health': null });
      },
      { prefix: '/api' },
    );
    const missing = Object.keys(apiContract).filter((key) => key !== 'GET /health');
    expect(assertEveryRoute).toThrow(`No route module declares ${missing.join(', ')}`);
  });
});
