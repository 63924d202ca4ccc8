/**
 * Request schemas of the social calls where the API is stricter than the shared schemas in social.ts: anonymous
 * client ids are 8-64 characters (a shorter one is too easy to collide with or guess), and share platforms come from
 * a fixed list so that share statistics stay countable.
 */
import { z } from 'zod';
import { blankToUndefined, IdSchema } from '../shared/index.ts';

/** Fastify hands a request without a body to the validator as null (not undefined), so `.default()` misses it. */
function emptyBodyToObject(value: unknown): unknown {
  return value ?? {};
}

/** Anonymous viewers identify themselves with a random id kept on the device. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const ClientIdSchema = z
  .string()
  .trim()
  .regex(CLIENT_ID_PATTERN, 'clientId must be 8-64 letters, digits, _ or -');

/** A view ping may come with no body at all; then the X-Client-Id header or the signed-in user names the viewer. */
export const ViewTrackBodySchema = z.preprocess(
  emptyBodyToObject,
  z.object({ clientId: z.preprocess(blankToUndefined, ClientIdSchema.optional()) }),
);
export type ViewTrackBody = z.infer<typeof ViewTrackBodySchema>;

/** 'twitter' and 'x' are the same network under its two names; both are accepted as sent. */
export const SHARE_PLATFORMS = [
  'whatsapp',
  'facebook',
  'twitter',
  'x',
  'telegram',
  'email',
  'copy',
  'native',
  'other',
] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

export const SharePlatformEnumSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.enum(SHARE_PLATFORMS, `Platform must be one of ${SHARE_PLATFORMS.join(', ')}`),
);

/** POST /shares/{id}/track. userId is accepted for older clients; the server only ever records the signed-in user. */
export const TrackShareBodySchema = z.object({
  platform: SharePlatformEnumSchema,
  userId: z.preprocess(blankToUndefined, IdSchema.optional()),
});
export type TrackShareBody = z.infer<typeof TrackShareBodySchema>;

/** POST /cars/{id}/share: the platform is optional here. */
export const ShareCountBodySchema = z.preprocess(
  emptyBodyToObject,
  z.object({ platform: z.preprocess(blankToUndefined, SharePlatformEnumSchema.optional()) }),
);
export type ShareCountBody = z.infer<typeof ShareCountBodySchema>;
