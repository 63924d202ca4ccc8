import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../src/db/schema/index.ts';
import { createTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('countries', () => {
  it('fills the table from world-countries at start, and refilling changes nothing', async () => {
    const [before] = await server.ctx.db.select({ n: count() }).from(countries);
    expect(before?.n).toBeGreaterThanOrEqual(245);
    await server.ctx.countries.sync();
    const [after] = await server.ctx.db.select({ n: count() }).from(countries);
    expect(after?.n).toBe(before?.n);
  });

  it('lists pickable countries by name, Eswatini with +268 and E, the US with +1', async () => {
    const res = await server.call({ method: 'GET', url: '/api/countries/picker' });
    expect(res.statusCode).toBe(200);
    const list = res.data.data.countries as any[];
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const eswatini = list.find((c) => c.code === 'SZ');
    expect(eswatini).toEqual({
      id: 'SZ',
      _id: 'SZ',
      name: 'Eswatini',
      code: 'SZ',
      code3: 'SWZ',
      callingCode: '268',
      dialCode: '+268',
      flag: '/api/countries/flags/sz.svg',
      region: 'Africa',
      subregion: 'Southern Africa',
      currency: { code: 'SZL', name: 'Swazi lilangeni', symbol: 'E' },
      languages: ['English', 'Swazi'],
      isActive: true,
      isSupported: true,
    });
    expect(list.find((c) => c.code === 'US')).toMatchObject({ dialCode: '+1', callingCode: '1' });
    expect(list.find((c) => c.code === 'CA')).toMatchObject({ dialCode: '+1' });
    expect(list.find((c) => c.code === 'ZA')).toMatchObject({ dialCode: '+27', currency: { symbol: 'R' } });
    // Codes the data set gets wrong are corrected from libphonenumber.
    expect(list.find((c) => c.code === 'SH')).toMatchObject({ dialCode: '+290' });
    expect(list.find((c) => c.code === 'VA')).toMatchObject({ dialCode: '+39' });
    // Places without a numbering plan cannot be picked for a phone number.
    expect(list.find((c) => c.code === 'AQ')).toBeUndefined();
    for (const country of list) expect(country.dialCode).toMatch(/^\+\d{1,4}$/);
  });

  it('lists the supported marketplace countries', async () => {
    const res = await server.call({ method: 'GET', url: '/api/countries/supported' });
    expect(res.statusCode).toBe(200);
    const codes = res.data.data.countries.map((c: { code: string }) => c.code).sort();
    expect(codes).toEqual(['AU', 'CA', 'DE', 'FR', 'GB', 'SZ', 'US', 'ZA']);
  });

  it('finds the current country from the configured edge header, else Eswatini, never from the language', async () => {
    const edge = await createTestServer({ config: { geoCountryHeader: 'cf-ipcountry' } });
    try {
      const current = async (on: TestServer, headers: Record<string, string>) =>
        (await on.call({ method: 'GET', url: '/api/countries/current', headers })).data.data.country.code;
      expect(await current(edge, {})).toBe('SZ');
      expect(await current(edge, { 'cf-ipcountry': 'ZA' })).toBe('ZA');
      expect(await current(edge, { 'cf-ipcountry': 'XX' })).toBe('SZ');
      // A phone set to English (United States) is not a buyer in the United States.
      expect(await current(edge, { 'accept-language': 'en-US,en;q=0.9' })).toBe('SZ');
      expect(await current(edge, { 'x-vercel-ip-country': 'ZA' })).toBe('SZ');
      // Without a configured header, no header names the country: anyone could send one.
      expect(await current(server, { 'cf-ipcountry': 'ZA', 'accept-language': 'en-GB' })).toBe('SZ');
    } finally {
      await edge.close();
    }
  });

  it('formats prices with E for Eswatini and the currency symbol elsewhere', async () => {
    const format = async (amount: unknown, countryCode: unknown) =>
      server.call({
        method: 'POST',
        url: '/api/countries/format-price',
        payload: { amount, countryCode },
      });
    expect((await format(450000, 'SZ')).data.data.formatted).toBe('E450,000');
    expect((await format(450000, 'sz')).data.data.formatted).toBe('E450,000');
    expect((await format(1234.5, 'SZ')).data.data.formatted).toBe('E1,234.50');
    expect((await format(450000, 'US')).data.data.formatted).toBe('$450,000');
    expect((await format(99.99, 'GB')).data.data.formatted).toBe('£99.99');
    expect((await format(450000, 'DE')).data.data.formatted).toBe('€450,000');
    expect((await format(0, 'SZ')).data.data.formatted).toBe('Contact for price');

    for (const [amount, code] of [
      [-1, 'SZ'],
      ['lots', 'SZ'],
      [100, 'Eswatini'],
      [100, undefined],
    ]) {
      const res = await format(amount, code);
      expect(res.statusCode).toBe(400);
      expect(res.data.success).toBe(false);
    }
    const unknown = await format(100, 'XX');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.data.errors).toEqual([{ field: 'countryCode', message: 'Unknown country code' }]);
  });

  it('serves flags as long-cached SVG', async () => {
    const res = await server.call({ method: 'GET', url: '/api/countries/flags/sz.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=2592000');
    expect(res.body).toContain('<svg');
    expect((await server.call({ method: 'GET', url: '/api/countries/flags/US.svg' })).statusCode).toBe(200);
    for (const file of ['xx.svg', 'sz.png', '..%2F..%2Fpackage.json', 'swz.svg']) {
      const missing = await server.call({ method: 'GET', url: `/api/countries/flags/${file}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.data.success).toBe(false);
    }
  });
});
