import { z } from 'zod';
import { AUTH_ENDPOINTS } from '../../shared/ipc-contract.ts';
import { isAllowedExternalUrl } from '../window/navigation-policy.main.ts';
import { ApiBaseUrlSchema } from '../settings/preferences.main.ts';
import { DraftKeySchema } from '../settings/drafts.main.ts';
import { OsNotificationSchema } from '../notify/os-notifications.main.ts';
import type { RequestSchemas } from './ipc-router.main.ts';

/** Opaque ids main hands out (files, jobs): short and free of path characters. */
const HandleSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be an id issued by the console');
const TokenSchema = z.string().min(1, 'is required').max(8_192, 'is too long');
/** Imported bytes are held in memory on both sides: a cap keeps a runaway drop from exhausting it. */
const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;

/** One schema per invoke channel; the mapped type makes a channel without a schema a compile error. */
export const requestSchemas: RequestSchemas = {
  'app.info': z.undefined(),
  'vault.load': z.undefined(),
  'vault.save': z.object({ accessToken: TokenSchema, refreshToken: TokenSchema }),
  'vault.clear': z.undefined(),
  'auth.call': z.object({ endpoint: z.enum(AUTH_ENDPOINTS), body: z.unknown() }),
  'files.pick': z.object({
    accept: z.string().max(500).optional(),
    multiple: z.boolean().optional(),
  }),
  'files.read': z.object({ id: HandleSchema }),
  'files.import': z.object({
    name: z.string().min(1).max(255),
    type: z.string().max(255),
    bytes: z
      .instanceof(Uint8Array, { message: 'must be bytes' })
      .refine((bytes) => bytes.byteLength <= MAX_IMPORT_BYTES, 'is larger than 1 GiB'),
  }),
  'video.prepare': z.object({ jobId: HandleSchema, fileId: HandleSchema }),
  'video.upload': z.object({
    jobId: HandleSchema,
    fileId: HandleSchema,
    posterId: HandleSchema.optional(),
    // Videos go to a car only; the API still checks the car is the dealer's.
    folder: z.string().regex(/^cars\/[0-9a-f-]{36}$/i, 'must be a car folder (cars/{carId})'),
  }),
  'video.cancel': z.object({ jobId: HandleSchema }),
  'shell.openExternal': z.object({
    url: z.string().max(4_096).refine(isAllowedExternalUrl, 'must be an http(s), mailto: or tel: link'),
  }),
  'prefs.get': z.undefined(),
  'prefs.set': z.object({ apiBaseUrl: ApiBaseUrlSchema.optional() }),
  'drafts.load': z.object({ key: DraftKeySchema }),
  'drafts.save': z.object({ key: DraftKeySchema, draft: z.unknown() }),
  'drafts.delete': z.object({ key: DraftKeySchema }),
  'notify.show': OsNotificationSchema,
  'notify.badge': z.object({ count: z.number().int().min(0).max(1_000_000) }),
};
