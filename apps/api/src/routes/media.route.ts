import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PhotoSchema } from '@autoreel/core';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { AppError, badRequest } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import { MAX_UPLOAD_BYTES, parseFolder } from '../services/media.service.ts';
import { mediaUrl, parsePhotoKey, presentPhoto } from '../services/media-url.ts';

const UploadAnswer = z.object({
  success: z.literal(true),
  // photo: what a srcset needs, for an image (only its renditions are stored; see photo-pipeline.ts).
  data: z.object({ url: z.string(), key: z.string(), photo: PhotoSchema.optional() }),
});

export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Registered in this plugin only: no other route parses multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.post(
    '/media/upload',
    {
      schema: {
        summary: 'Upload one file (multipart: the folder field first, then the file)',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 200: UploadAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart())
        throw new AppError(415, 'Expected a multipart/form-data upload with folder and file');
      const part = await request.file();
      if (!part) throw badRequest('A file is required', [{ field: 'file', message: 'Required' }]);
      const folderField = part.fields['folder'];
      const rawFolder =
        folderField && !Array.isArray(folderField) && folderField.type === 'field'
          ? folderField.value
          : undefined;
      let folder;
      try {
        folder = parseFolder(rawFolder);
        await ctx.media.authorizeFolder(user.id, folder);
      } catch (error) {
        part.file.destroy();
        throw error;
      }
      const uploaded = await ctx.media.upload(user.id, folder, part.file, () => part.file.truncated);
      const url = mediaUrl(uploaded.key, ctx.config);
      const photo = parsePhotoKey(uploaded.key) ? presentPhoto(uploaded.key, ctx.config) : undefined;
      return { success: true as const, data: { url, key: uploaded.key, ...(photo ? { photo } : {}) } };
    },
  );

  app.delete(
    '/media/delete',
    {
      schema: {
        summary: 'Delete one of your uploaded files',
        security: [{ bearer: [] }],
        body: z.object({ key: z.string().trim().min(1).max(512) }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ key: z.string(), deleted: z.literal(true) }),
          }),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await ctx.media.delete(user.id, request.body.key);
      return { success: true as const, data: { key: request.body.key, deleted: true as const } };
    },
  );
};
