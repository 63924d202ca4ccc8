import { apiContract, successEnvelope, type RouteContract } from '@autoreel/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerEncoder } from './answer-encoder.ts';

const Photo = z.object({ src: z.string(), width: z.number().int().nullable() });
const Answer = successEnvelope(
  z.object({
    cars: z.array(
      z.object({
        id: z.string(),
        price: z.number(),
        status: z.enum(['active', 'sold']),
        poster: Photo.nullable(),
        note: z.string().optional(),
        counts: z.record(z.string(), z.number()),
      }),
    ),
    total: z.number().int(),
    nextCursor: z.string().nullable(),
  }),
);

const answer = {
  success: true,
  data: {
    cars: [
      {
        id: 'c1',
        price: 450000,
        status: 'active',
        poster: { src: '/media/p.jpg', width: 640, storageKey: 'cars/c1/p.jpg' },
        counts: { likes: 3 },
        sellerPhone: '+268 7600 0001',
      },
      { id: 'c2', price: 0, status: 'sold', poster: null, note: 'Sold with papers', counts: {} },
    ],
    total: 2,
    nextCursor: null,
    debug: { sql: 'select …' },
  },
};

describe('answerEncoder', () => {
  it('writes what zod writes, field for field, and nothing the schema does not list', () => {
    const written = JSON.parse(answerEncoder(Answer)(answer)) as unknown;
    expect(written).toEqual(z.encode(Answer, answer as z.input<typeof Answer>));
    const text = answerEncoder(Answer)(answer);
    expect(text).not.toContain('sellerPhone');
    expect(text).not.toContain('storageKey');
    expect(text).not.toContain('debug');
  });

  it('is compiled once per schema', () => {
    expect(answerEncoder(Answer)).toBe(answerEncoder(Answer));
  });

  it("encodes a schema JSON Schema cannot express (a codec) with zod's own encode", () => {
    const Stamped = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    expect(answerEncoder(Stamped)({ at: new Date(0), secret: 'x' })).toBe(
      '{"at":"1970-01-01T00:00:00.000Z"}',
    );
  });

  it("compiles every answer of the wire contract, so no route's serializer fails at start-up", () => {
    for (const [route, contract] of Object.entries(apiContract) as [string, RouteContract][]) {
      if (contract.mediaType) continue;
      expect(() => answerEncoder(successEnvelope(contract.response)), route).not.toThrow();
    }
  });
});
