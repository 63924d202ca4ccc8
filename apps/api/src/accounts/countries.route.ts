import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../errors.ts';
import { defineRoutes } from '../http/contract-routes.ts';
import type { CountryService } from './country.service.ts';

/** SPEC 7 'Countries'. The table is refreshed from world-countries when the server becomes ready. */
export const countriesRoutes: FastifyPluginAsync<{
  countries: CountryService;
  /** The configured edge geo header (GEO_COUNTRY_HEADER); none is read without it. */
  geoCountryHeader?: string | undefined;
}> = async (app, { countries, geoCountryHeader }) => {
  app.addHook('onReady', () => countries.sync());
  defineRoutes(
    app,
    {
      'GET /countries/picker': async () => countries.picker(),
      'GET /countries/supported': async () => countries.supported(),
      // The browser's language says nothing of where a buyer is (most phones here are set to en-US).
      'GET /countries/current': async ({ request }) => {
        const value = geoCountryHeader ? request.headers[geoCountryHeader] : undefined;
        return countries.current({ ipCountry: Array.isArray(value) ? value[0] : value });
      },
      'POST /countries/format-price': async ({ body }) =>
        countries.formatPrice(body.amount, body.countryCode),
      // An image, not the envelope: the reply carries it.
      'GET /countries/flags/:file': async ({ params, reply }) => {
        const code = /^([a-z]{2})\.svg$/i.exec(params.file)?.[1];
        const svg = code ? await countries.flag(code) : undefined;
        if (!svg) throw notFound('Flag not found');
        // Flags change only with the data package; a month of caching keeps pickers instant.
        return reply
          .header('content-type', 'image/svg+xml')
          .header('cache-control', 'public, max-age=2592000')
          .send(svg);
      },
    },
    { tags: ['countries'] },
  );
};
