import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Registry } from 'prom-client';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSerializerCompiler } from './http/answer-encoder.ts';
import type { AppContext } from './context.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { frameworkErrorOptions, registerShutdownRefusal } from './plugins/framework-errors.ts';
import { logSerializers } from './plugins/log-serializers.ts';
import { registerHttpDefaults } from './plugins/http-defaults.ts';
import { registerMediaFiles } from './plugins/media-files.ts';
import { registerPrivateMediaFiles } from './plugins/private-media-files.ts';
import { registerRouteContract } from './plugins/route-contract.ts';
import { registerStorefront } from './plugins/storefront.ts';
import { apiRoutes } from './routes.ts';
import { observeRequests } from './metrics/metrics.ts';
import { carCatalogueIndexOf } from './cars/car-catalogue-index.ts';

/**
 * Builds the HTTP server without listening, so tests drive it with inject() or a real port alike. `logStream`
 * replaces standard output as the logs' destination (tests read what would be logged); `metrics` counts and times the
 * answers into that registry.
 */
export async function buildApp(
  ctx: AppContext,
  options: { logStream?: DestinationStream; metrics?: Registry | undefined } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: ctx.config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
      serializers: logSerializers,
    },
    trustProxy: ctx.config.trustProxy,
    // The log's request id is always made here: a client's x-request-id could forge or collide with others' lines.
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ...frameworkErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.metrics) observeRequests(app, options.metrics);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  registerErrorHandler(app);
  registerShutdownRefusal(app);
  await registerHttpDefaults(app, ctx.config);
  await app.register(authPlugin, { signedIn: ctx.signedIn });
  const routeContract = registerRouteContract(app, '/api');
  await app.register(apiRoutes, { prefix: '/api', ctx });
  routeContract.assertEveryRoute();
  await registerPrivateMediaFiles(app, {
    links: ctx.privateMedia,
    storage: ctx.storage,
    participantsOf: (conversationId) => ctx.mediaRepository.findConversationParticipants(conversationId),
    now: ctx.now,
  });
  await registerMediaFiles(app, ctx.storage);
  // Jobs are taken once the server is ready; on close the runs under way are aborted and left to be resumed.
  app.addHook('onReady', () => ctx.jobs.start({ mode: ctx.config.runJobs ? 'work' : 'send only' }));
  app.addHook('onClose', () => ctx.jobs.stop());
  app.addHook('onClose', () => ctx.closeRateLimits());
  // Other API processes' writes to cars clear this process's cached public answers (see PublicAnswerCache).
  app.addHook('onReady', () => ctx.publicAnswers.listen());
  // The catalogue index follows the change log: every writer's NOTIFY wakes it to apply the new entries.
  const catalogue = carCatalogueIndexOf(ctx.db);
  app.addHook('onReady', () => catalogue.follow(ctx.database));
  app.addHook('onClose', () => catalogue.close());
  app.addHook('onClose', () => ctx.publicAnswers.close());
  // Message events from every process clear the users' cached conversation answers (see UserAnswerCache).
  app.addHook('onReady', () => ctx.messageEvents.start());
  // The catalogue's change log wakes the saved-search and price-drop alerts (see notifications/car-alerts.ts).
  app.addHook('onReady', () => ctx.changeLogWake.start());
  app.addHook('onClose', () => ctx.changeLogWake.close());
  await registerStorefront(app, ctx.config.storefrontDir);
  return app;
}
