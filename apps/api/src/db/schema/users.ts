import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** E.164, validated for its country before it is stored. */
    phone: text('phone').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    /** customer | dealer | admin */
    role: text('role').notNull().default('customer'),
    isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
    /** Set when the user registered as a private seller; their listings are marked Private Seller. */
    isPrivateSeller: boolean('is_private_seller').notNull().default(false),
    avatarKey: text('avatar_key'),
    /** The marketplace country the person chose for prices and budgets (ISO code); null until they choose. */
    countryCode: text('country_code'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lastFailedLoginAt: timestamp('last_failed_login_at', { withTimezone: true }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /**
     * When the user deleted their account (DELETE /account): from then on it cannot sign in and is hidden from others;
     * its personal data is erased by the erasure job within 30 days.
     */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /** When the erasure job anonymised what was left of the account (docs/accounts-and-countries.md). */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Set by an operator to bar the account: its tokens are refused at once, like a deleted account's. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    index('users_role_idx').on(t.role),
    index('users_awaiting_erasure_idx')
      .on(t.deletionRequestedAt)
      .where(sql`${t.deletionRequestedAt} is not null and ${t.erasedAt} is null`),
  ],
);

/** Opaque refresh tokens, stored hashed; a family is one sign-in, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The family's hard end, however often it is rotated. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** One-time codes sent to a phone; the code itself is never stored, only its hash. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: id(),
    phone: text('phone').notNull(),
    /** signup | password_reset */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** A resend voids the previous code. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_challenges_phone_idx').on(t.phone, t.purpose, t.createdAt),
    index('otp_challenges_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Single-use tokens handed out by verify-forgot-password, stored hashed. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

/** What the development OTP provider "sent": read back through GET /dev/outbox. Never used in production. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    channel: text('channel').notNull(),
    template: text('template').notNull(),
    code: text('code'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_outbox_to_idx').on(t.to, t.createdAt)],
);
