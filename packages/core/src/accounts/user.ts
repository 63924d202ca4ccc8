import { z } from 'zod';
import { TimestampSchema, idFields } from '../shared/index.ts';

export const USER_ROLES = ['customer', 'dealer', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** SPEC 6: customer is the default role. */
export const DEFAULT_USER_ROLE: UserRole = 'customer';

export const UserRoleSchema = z.enum(USER_ROLES);

/**
 * SPEC 3: older records and clients say 'user' for a customer. Accepted when reading, never sent, so the
 * rest of the code only ever sees the three real roles.
 */
export const UserRoleInputSchema = z
  .enum([...USER_ROLES, 'user'])
  .transform((role): UserRole => (role === 'user' ? 'customer' : role));

/** `type` mirrors the role for dealers (SPEC 6: the settings profile loads only when the type is dealer). */
export const USER_TYPES = ['customer', 'dealer', 'private', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The signed-in user as the API sends it (login, verify-signup, /auth/me). */
export const UserSchema = z.object({
  ...idFields,
  name: z.string(),
  role: UserRoleSchema,
  type: z.enum(USER_TYPES).optional(),
  phone: z.string(),
  email: z.string().nullish(),
  dealerId: z.string().nullish(),
  isPhoneVerified: z.boolean(),
  /** The marketplace country the person chose for prices and budgets (ISO code); null until chosen. */
  countryCode: z.string().nullish(),
  createdAt: TimestampSchema,
});
export type User = z.infer<typeof UserSchema>;

/**
 * A user read back from local storage or an older server: 'id' or '_id' may be missing (SPEC 3: id or _id)
 * and the role may be 'user'. Both ids come out filled.
 */
export const StoredUserSchema = z
  .object({
    id: z.string().min(1).optional(),
    _id: z.string().min(1).optional(),
    name: z.string(),
    role: UserRoleInputSchema.default(DEFAULT_USER_ROLE),
    type: z.enum(USER_TYPES).optional(),
    phone: z.string(),
    email: z.string().nullish(),
    dealerId: z.string().nullish(),
    isPhoneVerified: z.boolean().default(false),
    countryCode: z.string().nullish(),
    createdAt: z.string().optional(),
  })
  .refine((u) => u.id !== undefined || u._id !== undefined, { message: 'User id is missing', path: ['id'] })
  .transform(({ id, _id, ...rest }) => {
    const userId = (id ?? _id) as string;
    return { ...rest, id: userId, _id: userId };
  });
export type StoredUser = z.output<typeof StoredUserSchema>;

export const AuthTokensSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
});
export type AuthTokens = z.infer<typeof AuthTokensSchema>;

/** API-CONTRACT: login and verify-signup answer `data: {user, accessToken, refreshToken}`. */
export const AuthSessionSchema = AuthTokensSchema.extend({ user: UserSchema });
export type AuthSession = z.infer<typeof AuthSessionSchema>;

/** API-CONTRACT: refresh answers `data: {accessToken, refreshToken}` (the refresh token rotates). */
export const RefreshResultSchema = AuthTokensSchema;
export type RefreshResult = z.infer<typeof RefreshResultSchema>;

/** API-CONTRACT: `GET /auth/me` answers `data: {user}`. */
export const MeResultSchema = z.object({ user: UserSchema });
export type MeResult = z.infer<typeof MeResultSchema>;
