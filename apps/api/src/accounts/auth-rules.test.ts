import { describe, expect, it } from 'vitest';
import { loginAccountKey } from './login-throttle.ts';
import { hashToken, newOpaqueToken } from './session.service.ts';

describe('loginAccountKey', () => {
  it('names an unknown phone by itself, and an account by its id and its password, so a reset starts afresh', () => {
    const account = { id: 'user-1', passwordHash: 'hash-a' };
    expect(loginAccountKey('+26876123456', undefined)).toBe('phone:+26876123456');
    expect(loginAccountKey('+26876123456', account)).toMatch(/^user:user-1:/);
    expect(loginAccountKey('+26876123456', account)).toBe(loginAccountKey('+26876000000', account));
    expect(loginAccountKey('+26876123456', { ...account, passwordHash: 'hash-b' })).not.toBe(
      loginAccountKey('+26876123456', account),
    );
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
