import { describe, expect, it } from 'vitest';
import { loginDelaySeconds } from './auth.service.ts';
import { regionsOf } from './country.service.ts';
import { hashToken, newOpaqueToken } from './session.service.ts';

describe('loginDelaySeconds', () => {
  it('waits nothing before 5 failures, then doubles from 2 seconds up to 15 minutes', () => {
    expect([0, 4].map(loginDelaySeconds)).toEqual([0, 0]);
    expect([5, 6, 7, 13, 14, 19, 40].map(loginDelaySeconds)).toEqual([2, 4, 8, 512, 900, 900, 900]);
  });
});

describe('regionsOf', () => {
  it('reads regions in order of preference', () => {
    expect(regionsOf('fr;q=0.5, de-DE;q=0.9, en-GB')).toEqual(['GB', 'DE']);
    expect(regionsOf('en')).toEqual([]);
    expect(regionsOf(undefined)).toEqual([]);
    expect(regionsOf('zh-Hant-TW')).toEqual([]);
  });
});

describe('refresh tokens', () => {
  it('are 256 random bits in base64url and stored as a different SHA-256 string', () => {
    const token = newOpaqueToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newOpaqueToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(token)).not.toBe(token);
    expect(hashToken(token)).toBe(hashToken(token));
  });
});
