import {
  apiContract,
  EnhanceDescriptionBodySchema,
  GenerateListingBodySchema,
  NaturalLanguageSearchBodySchema,
  PricingInsightsBodySchema,
  RecommendationsBodySchema,
} from '@autoreel/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../plugins/auth.ts';
import { answerWriter } from '../plugins/route-contract.ts';
import { sendCachedJson } from '../http/cached-json.ts';

/**
 * SPEC 7 'AI'. Search, recommendations and pricing are open to everyone (anonymous buyers browse and search);
 * writing and enhancing descriptions needs a signed-in account, because only sellers list cars and any account
 * may become a private seller while drafting its first listing.
 */
export const aiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['ai'];
  // Pricing insights are a read that every card may ask for, so only the searches and the writers are limited.
  const limited = ctx.writeLimits.guard('ai');
  // Kept as JSON text, so encoded by its response schema once, when computed (see cars.route.ts).
  const searchAnswer = answerWriter(apiContract['POST /ai/search-natural-language']);

  app.post(
    '/ai/search-natural-language',
    { schema: { tags, body: NaturalLanguageSearchBodySchema }, ...limited },
    async (request, reply) => {
      // The answer depends on the query text and the removed chips alone, so callers share it through the micro-cache.
      const { query, without = [] } = request.body;
      const removed = [...new Set(without)].sort();
      const json = await ctx.publicAnswers.json(
        `nl-search ${JSON.stringify([removed, query])}`,
        () => ctx.ai.search(query, removed),
        searchAnswer,
      );
      return sendCachedJson(reply, json);
    },
  );

  app.post(
    '/ai/recommendations',
    { schema: { tags, body: RecommendationsBodySchema }, ...limited },
    async (request) => ({
      success: true as const,
      data: await ctx.ai.recommend(request.body),
    }),
  );

  app.post(
    '/ai/pricing-insights',
    { schema: { tags, body: PricingInsightsBodySchema } },
    async (request) => ({
      success: true as const,
      data: await ctx.ai.pricingInsights(request.body.carId, request.user),
    }),
  );

  app.post(
    '/ai/generate-listing',
    { schema: { tags, body: GenerateListingBodySchema }, ...limited },
    async (request) => {
      requireUser(request);
      return { success: true as const, data: await ctx.ai.generateListing(request.body) };
    },
  );

  app.post(
    '/ai/enhance-description',
    { schema: { tags, body: EnhanceDescriptionBodySchema }, ...limited },
    async (request) => {
      requireUser(request);
      const { description, carData } = request.body;
      return { success: true as const, data: await ctx.ai.enhanceDescription(description, carData) };
    },
  );
};
