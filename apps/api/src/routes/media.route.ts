import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MediaKeyBodySchema } from '@autoreel/core';
import type { AppContext } from '../context.ts';
import { AppError, badRequest } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import { MAX_UPLOAD_BYTES, parseFolder, uploadedFileName } from '../services/media.service.ts';
import { parsePhotoKey, presentPhotoWith } from '../services/media-url.ts';

const MALFORMED_UPLOAD_MESSAGE = 'The upload could not be read: send multipart/form-data with a boundary';

/**
 * The multipart parser (busboy) reports a missing boundary or a body that is not multipart as a plain Error, from
 * request.file() or later from the file stream. Those are the client's fault, so 400, not 500.
 */
function isMalformedMultipart(error: unknown): boolean {
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

async function receiveUpload(ctx: AppContext, userId: string, request: FastifyRequest) {
  const part = await request.file();
  if (!part) throw badRequest('A file is required', [{ field: 'file', message: 'Required' }]);
  let folder;
  let posterKey;
  try {
    folder = parseFolder(fieldValue(part, 'folder'));
    await ctx.media.authorizeFolder(userId, folder);
    posterKey = await ctx.media.parsePosterField(userId, folder, fieldValue(part, 'poster'));
  } catch (error) {
    part.file.destroy();
    throw error;
  }
  const uploaded = await ctx.media.upload(userId, folder, part.file, () => part.file.truncated, {
    posterKey,
    originalName: uploadedFileName(part.filename),
  });
  // An attachment's URLs are signed for the uploader, like every attachment URL a message answer carries.
  const urlOf = (key: string) => ctx.privateMedia.urlFor(key, userId, ctx.now());
  const photo = parsePhotoKey(uploaded.key) ? presentPhotoWith(uploaded.key, urlOf) : undefined;
  return {
    success: true as const,
    data: { url: urlOf(uploaded.key), key: uploaded.key, ...(photo ? { photo } : {}) },
  };
}

export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Registered in this plugin only: no other route parses multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.post(
    '/media/upload',
    {
      schema: {
        summary:
          'Upload one file (multipart: the folder field first, then the file). A car video may name its poster, ' +
          'a photo uploaded to the same car before it, in a poster field: kept when the video needs no work.',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart())
        throw new AppError(415, 'Expected a multipart/form-data upload with folder and file');
      try {
        return await ctx.quotas.withStorage(user, declaredUploadBytes(request), () =>
          receiveUpload(ctx, user.id, request),
        );
      } catch (error) {
        throw isMalformedMultipart(error) ? badRequest(MALFORMED_UPLOAD_MESSAGE) : error;
      }
    },
  );

  app.delete(
    '/media/delete',
    {
      schema: {
        summary: 'Delete one of your uploaded files',
        security: [{ bearer: [] }],
        body: MediaKeyBodySchema,
      },
    },
    async (request) => {
      const user = requireUser(request);
      await ctx.media.delete(user.id, request.body.key);
      return { success: true as const, data: { key: request.body.key, deleted: true as const } };
    },
  );
};
