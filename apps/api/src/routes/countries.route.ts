import { FlagParamsSchema, FormatPriceBodySchema } from '@autoreel/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';

/** Edge geo headers, in the order they are trusted. */
const GEO_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country', 'x-country-code'];

/** SPEC 7 'Countries'. The table is refreshed from world-countries when the server becomes ready. */
export const countriesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { countries } = ctx;
  const tags = ['countries'];
  app.addHook('onReady', () => countries.sync());

  app.get('/countries/picker', { schema: { tags } }, async () => ({
    success: true,
    data: await countries.picker(),
  }));

  app.get('/countries/supported', { schema: { tags } }, async () => ({
    success: true,
    data: await countries.supported(),
  }));

  app.get('/countries/current', { schema: { tags } }, async (request) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const ipCountry = GEO_HEADERS.map(header).find(Boolean);
    return {
      success: true,
      data: await countries.current({ ipCountry, acceptLanguage: header('accept-language') }),
    };
  });

  app.post('/countries/format-price', { schema: { tags, body: FormatPriceBodySchema } }, async (request) => ({
    success: true,
    data: await countries.formatPrice(request.body.amount, request.body.countryCode),
  }));

  app.get(
    '/countries/flags/:file',
    { schema: { tags, params: FlagParamsSchema } },
    async (request, reply) => {
      const code = /^([a-z]{2})\.svg$/i.exec(request.params.file)?.[1];
      const svg = code ? await countries.flag(code) : undefined;
      if (!svg) throw notFound('Flag not found');
      // Flags change only with the data package; a month of caching keeps pickers instant.
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=2592000')
        .send(svg);
    },
  );
};
