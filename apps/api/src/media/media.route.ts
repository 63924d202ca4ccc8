import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AccountQuotas } from '../accounts/account-quotas.ts';
import { AppError, invalidInput } from '../errors.ts';
import { defineRoutes } from '../http/contract-routes.ts';
import { MAX_UPLOAD_BYTES, parseFolder, uploadedFileName, type MediaService } from './media.service.ts';
import { parsePhotoKey, presentPhotoWith } from './media-url.ts';
import type { PrivateMediaLinks } from './private-media-url.ts';

export interface MediaRouteServices {
  media: MediaService;
  /** Per-account quota on stored bytes, held for the length of an upload. */
  quotas: AccountQuotas;
  /** Signs an attachment's URLs for its uploader. */
  privateMedia: PrivateMediaLinks;
  now: () => Date;
}

export const MALFORMED_UPLOAD_MESSAGE =
  'The upload could not be read: send multipart/form-data with a boundary';

/**
 * The multipart parser (busboy) reports a missing boundary or a body that is not multipart as a plain Error, from
 * request.file() or later from the file stream. Those are the client's fault, so 400, not 500.
 */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof AppError || 'statusCode' in error) return false;
  return /multipart|boundary/i.test(error.message);
}

/**
 * What an upload may store at most: its body's Content-Length bounds the file inside it. A body of unknown length
 * (chunked) is held at the largest file accepted.
 */
function declaredUploadBytes(request: FastifyRequest): number {
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length > 0 ? Math.min(length, MAX_UPLOAD_BYTES) : MAX_UPLOAD_BYTES;
}

/** A plain field sent before the file, or undefined. */
function fieldValue(part: MultipartFile, name: string): unknown {
  const field = part.fields[name];
  return field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
}

async function receiveUpload(services: MediaRouteServices, userId: string, request: FastifyRequest) {
  const { media, privateMedia, now } = services;
  const part = await request.file();
  if (!part) throw invalidInput('A file is required', [{ field: 'file', message: 'Required' }]);
  let folder;
  let posterKey;
  try {
    folder = parseFolder(fieldValue(part, 'folder'));
    await media.authorizeFolder(userId, folder);
    posterKey = await media.parsePosterField(userId, folder, fieldValue(part, 'poster'));
  } catch (error) {
    part.file.destroy();
    throw error;
  }
  const uploaded = await media.upload(userId, folder, part.file, () => part.file.truncated, {
    posterKey,
    originalName: uploadedFileName(part.filename),
  });
  // An attachment's URLs are signed for the uploader, like every attachment URL a message answer carries.
  const urlOf = (key: string) => privateMedia.urlFor(key, userId, now());
  const photo = parsePhotoKey(uploaded.key) ? presentPhotoWith(uploaded.key, urlOf) : undefined;
  return { url: urlOf(uploaded.key), key: uploaded.key, ...(photo ? { photo } : {}) };
}

/** Uploads (multipart, no body schema: the file is read as a stream) and deleting one's own files. */
export const mediaRoutes: FastifyPluginAsync<MediaRouteServices> = async (app, services) => {
  // Registered in this plugin only: no other route parses multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  const security = [{ bearer: [] }];
  defineRoutes(app, {
    'POST /media/upload': {
      access: 'user',
      docs: {
        summary:
          'Upload one file (multipart: the folder field first, then the file). A car video may name its poster, ' +
          'a photo uploaded to the same car before it, in a poster field: kept when the video needs no work.',
        consumes: ['multipart/form-data'],
        security,
      },
      handler: async ({ user, request }) => {
        if (!request.isMultipart())
          throw new AppError(
            'unsupported-type',
            'Expected a multipart/form-data upload with folder and file',
          );
        try {
          return await services.quotas.withStorage(user, declaredUploadBytes(request), () =>
            receiveUpload(services, user.id, request),
          );
        } catch (error) {
          throw isMalformedMultipart(error) ? invalidInput(MALFORMED_UPLOAD_MESSAGE) : error;
        }
      },
    },
    'DELETE /media/delete': {
      access: 'user',
      docs: { summary: 'Delete one of your uploaded files', security },
      handler: async ({ body, user }) => {
        await services.media.delete(user.id, body.key);
        return { key: body.key, deleted: true as const };
      },
    },
  });
};
