import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AuthSessionSchema,
  DEFAULT_USER_ROLE,
  MeResultSchema,
  RefreshResultSchema,
  StoredUserSchema,
  UserRoleInputSchema,
  UserRoleSchema,
  UserSchema,
} from './user.ts';

const sampleUser = {
  id: 'u1',
  _id: 'u1',
  name: 'Thandi Dlamini',
  role: 'customer',
  type: 'customer',
  phone: '+26876000003',
  email: null,
  dealerId: null,
  isPhoneVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
} as const;

describe('roles', () => {
  it('knows the three roles and defaults to customer', () => {
    expect(UserRoleSchema.options).toEqual(['customer', 'dealer', 'admin']);
    expect(DEFAULT_USER_ROLE).toBe('customer');
  });

  it("reads 'user' as customer and refuses it on output", () => {
    expect(UserRoleInputSchema.parse('user')).toBe('customer');
    expect(UserRoleInputSchema.parse('dealer')).toBe('dealer');
    expect(UserRoleSchema.safeParse('user').success).toBe(false);
    expect(UserRoleInputSchema.safeParse('owner').success).toBe(false);
  });
});

describe('UserSchema', () => {
  it('accepts the API user and encodes it unchanged', () => {
    expect(UserSchema.parse(sampleUser)).toEqual(sampleUser);
    expect(z.encode(UserSchema, UserSchema.parse(sampleUser))).toEqual(sampleUser);
  });

  it('requires both ids', () => {
    const { _id: _omit, ...withoutUnderscoreId } = sampleUser;
    expect(UserSchema.safeParse(withoutUnderscoreId).success).toBe(false);
  });
});

describe('StoredUserSchema', () => {
  it('fills id from _id, and the role from user', () => {
    const stored = StoredUserSchema.parse({ _id: 'u9', name: 'A', role: 'user', phone: '+26876000003' });
    expect(stored).toMatchObject({ id: 'u9', _id: 'u9', role: 'customer', isPhoneVerified: false });
  });

  it('fills _id from id and defaults the role', () => {
    const stored = StoredUserSchema.parse({ id: 'u8', name: 'B', phone: '+26876000003' });
    expect(stored).toMatchObject({ id: 'u8', _id: 'u8', role: 'customer' });
  });

  it('refuses a user without any id', () => {
    const result = StoredUserSchema.safeParse({ name: 'C', phone: '+26876000003' });
    expect(result.error?.issues[0]?.message).toBe('User id is missing');
  });
});

describe('session results', () => {
  it('pins the login, refresh and me shapes', () => {
    const tokens = { accessToken: 'a', refreshToken: 'r' };
    expect(AuthSessionSchema.parse({ ...tokens, user: sampleUser }).user.id).toBe('u1');
    expect(RefreshResultSchema.parse(tokens)).toEqual(tokens);
    expect(RefreshResultSchema.safeParse({ accessToken: '', refreshToken: 'r' }).success).toBe(false);
    expect(MeResultSchema.parse({ user: sampleUser }).user.role).toBe('customer');
  });
});
