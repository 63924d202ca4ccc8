import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerHttpDefaults } from './plugins/http-defaults.ts';
import { registerMediaFiles } from './plugins/media-files.ts';
import { registerPrivateMediaFiles } from './plugins/private-media-files.ts';
import { MediaRepository } from './repositories/media.repository.ts';
import { registerStorefront } from './plugins/storefront.ts';
import { apiRoutes } from './routes/index.ts';

/** Builds the HTTP server without listening, so tests drive it with inject() or a real port alike. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: ctx.config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    trustProxy: ctx.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerHttpDefaults(app, ctx.config);
  await app.register(authPlugin, { tokens: ctx.tokens });
  await app.register(apiRoutes, { prefix: '/api', ctx });
  const mediaRows = new MediaRepository(ctx.db);
  await registerPrivateMediaFiles(app, {
    links: ctx.privateMedia,
    storage: ctx.storage,
    participantsOf: (conversationId) => mediaRows.findConversationParticipants(conversationId),
    now: ctx.now,
  });
  await registerMediaFiles(app, ctx.storage);
  app.addHook('onClose', () => ctx.videoJobs.close());
  app.addHook('onClose', () => ctx.closeRateLimits());
  // Other API processes' writes to cars clear this process's cached public answers (see PublicAnswerCache).
  app.addHook('onReady', () => ctx.publicAnswers.listen());
  app.addHook('onClose', () => ctx.publicAnswers.close());
  // Message events from every process clear the users' cached conversation answers (see UserAnswerCache).
  app.addHook('onReady', () => ctx.messageEvents.start());
  // Personal data of closed accounts is erased when due, by every process (the job is safe to run twice at once).
  app.addHook('onReady', () => ctx.accountErasure.start());
  app.addHook('onClose', () => ctx.accountErasure.stop());
  await registerStorefront(app, ctx.config.storefrontDir);
  return app;
}
