import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.service.ts';

describe('password hashing', () => {
  it('hashes with argon2id at the OWASP parameters and verifies only the right password', async () => {
    const stored = await hashPassword('demo-pass-2026');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'demo-pass-2026')).toBe(true);
    expect(await verifyPassword(stored, 'demo-pass-2027')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('treats a malformed stored hash as a failed check', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
