import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AccessTokenService,
  InvalidAccessTokenError,
} from './access-token.service.ts';

const SECRET = 'a-test-secret-of-sufficient-length-0123456789';
const issuedAt = new Date('2026-11-20T10:00:00Z');
const at = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);

describe('AccessTokenService', () => {
  it('answers the same user for a token checked again, until the token expires', async () => {
    const tokens = new AccessTokenService(SECRET);
    const token = await tokens.sign({ id: 'user-1', role: 'dealer', sessionId: 'session-1' }, issuedAt);
    const first = await tokens.verify(token, at(1));
    expect(first).toEqual({ id: 'user-1', role: 'dealer', sessionId: 'session-1' });
    expect(await tokens.verify(token, at(60))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // A token remembered as valid is still refused once its expiry has passed.
    await expect(tokens.verify(token, at(ACCESS_TOKEN_TTL_SECONDS))).rejects.toBeInstanceOf(
      InvalidAccessTokenError,
    );
    await expect(tokens.verify(token, at(1))).resolves.toEqual(first);
  });

  it('refuses an altered copy of a token it has already accepted', async () => {
    const tokens = new AccessTokenService(SECRET);
    const token = await tokens.sign({ id: 'user-1', role: 'customer' }, issuedAt);
    await tokens.verify(token, at(1));
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const promoted = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    await expect(tokens.verify(`${header}.${promoted}.${signature}`, at(1))).rejects.toBeInstanceOf(
      InvalidAccessTokenError,
    );
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    await expect(tokens.verify(`${header}.${payload}.${flipped}`, at(1))).rejects.toBeInstanceOf(
      InvalidAccessTokenError,
    );
  });

  it("refuses another server's token and a token that never verified", async () => {
    const token = await new AccessTokenService(`${SECRET}-other`).sign(
      { id: 'user-1', role: 'admin' },
      issuedAt,
    );
    const tokens = new AccessTokenService(SECRET);
    await expect(tokens.verify(token, at(1))).rejects.toBeInstanceOf(InvalidAccessTokenError);
    await expect(tokens.verify('not-a-token', at(1))).rejects.toBeInstanceOf(InvalidAccessTokenError);
  });
});
