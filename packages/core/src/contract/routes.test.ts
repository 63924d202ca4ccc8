import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fillPath } from './route-types.ts';
import { apiContract } from './routes.ts';
import { readMessageStreamEvent } from './stream-events.ts';

describe('apiContract', () => {
  const entries = Object.entries(apiContract);

  it('keys every route by an HTTP method and a path under /api', () => {
    for (const [key] of entries) expect(key).toMatch(/^(GET|POST|PUT|DELETE) \/[A-Za-z0-9/:_-]+$/);
  });

  it('validates exactly the params each path names', () => {
    for (const [key, contract] of entries) {
      const names = [...key.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const params = 'params' in contract ? contract.params : undefined;
      const declared = params instanceof z.ZodObject ? Object.keys(params.shape) : [];
      expect({ key, params: declared.sort() }).toEqual({ key, params: names.sort() });
    }
  });

  it('gives every route a response schema, and JSON answers one that encodes without transforms', () => {
    for (const [key, contract] of entries) {
      expect(contract.response, key).toBeInstanceOf(z.ZodType);
    }
    const health = apiContract['GET /health'].response;
    expect(health.encode({ status: 'ok', database: 'pglite' })).toEqual({ status: 'ok', database: 'pglite' });
  });
});

describe('fillPath', () => {
  it('puts encoded params into the path and refuses a missing one', () => {
    expect(fillPath('/cars/:id/comments', { id: 'a/b c' })).toBe('/cars/a%2Fb%20c/comments');
    expect(fillPath('/cars', undefined)).toBe('/cars');
    expect(() => fillPath('/cars/:id', {})).toThrow('Missing path param id');
  });
});

describe('readMessageStreamEvent', () => {
  it('reads the events of the contract and refuses others', () => {
    expect(readMessageStreamEvent('unread', '{"unreadCount":3}')).toEqual({
      event: 'unread',
      data: { unreadCount: 3 },
    });
    const receipt = {
      conversationId: 'c1',
      messageIds: ['m1'],
      readAt: '2026-01-01T00:00:00.000Z',
      readerId: 'u1',
    };
    expect(readMessageStreamEvent('read', JSON.stringify(receipt))).toEqual({ event: 'read', data: receipt });
    expect(readMessageStreamEvent('typing', '{}')).toBeUndefined();
    expect(readMessageStreamEvent('unread', '{"unreadCount":"3"}')).toBeUndefined();
    expect(readMessageStreamEvent('unread', 'not json')).toBeUndefined();
  });
});
