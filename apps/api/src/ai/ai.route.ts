import type { FastifyPluginAsync } from 'fastify';
import { AnswerText, defineRoutes } from '../http/contract-routes.ts';
import type { WriteLimits } from '../plugins/write-limits.ts';
import type { PublicAnswerCache } from '../shared/public-answer-cache.ts';
import type { AiService } from './ai.service.ts';

export interface AiRouteServices {
  ai: AiService;
  publicAnswers: PublicAnswerCache;
  writeLimits: WriteLimits;
}

/**
 * SPEC 7 'AI'. Search, recommendations and pricing are open to everyone (anonymous buyers browse and search);
 * writing and enhancing descriptions needs a signed-in account, because only sellers list cars and any account
 * may become a private seller while drafting its first listing.
 */
export const aiRoutes: FastifyPluginAsync<AiRouteServices> = async (
  app,
  { ai, publicAnswers, writeLimits },
) => {
  // Pricing insights are a read that every card may ask for, so only the searches and the writers are limited.
  const limited = writeLimits.guard('ai');
  defineRoutes(
    app,
    {
      'POST /ai/search-natural-language': {
        access: 'anyone',
        options: limited,
        // The answer depends on the query text and the removed chips alone, so callers share it through the
        // micro-cache, kept as JSON text (see cars.route.ts).
        handler: async ({ body: { query, without = [] }, writeAnswer }) => {
          const removed = [...new Set(without)].sort();
          return new AnswerText(
            await publicAnswers.json(
              `nl-search ${JSON.stringify([removed, query])}`,
              () => ai.search(query, removed),
              writeAnswer,
            ),
          );
        },
      },
      'POST /ai/recommendations': {
        access: 'anyone',
        options: limited,
        handler: async ({ body }) => ai.recommend(body),
      },
      'POST /ai/pricing-insights': async ({ body, user }) => ai.pricingInsights(body.carId, user),
      'POST /ai/generate-listing': {
        access: 'user',
        options: limited,
        handler: async ({ body }) => ai.generateListing(body),
      },
      'POST /ai/enhance-description': {
        access: 'user',
        options: limited,
        handler: async ({ body }) => ai.enhanceDescription(body.description, body.carData),
      },
    },
    { tags: ['ai'] },
  );
};
