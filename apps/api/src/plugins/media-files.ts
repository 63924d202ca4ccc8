import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isPrivateMediaKey } from '../services/private-media-url.ts';
import type { MediaStorage } from '../storage/media-storage.ts';

/** A year: keys are unique and never rewritten, so a cached copy can never be stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const MEDIA_CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  rtf: 'application/rtf',
};

/**
 * Serves `/media/*` outside /api. Local storage goes through @fastify/static (Range requests, so videos seek);
 * a bucket without a CDN in front is streamed through this server. Conversation attachments are never served here,
 * however their path is spelt: only the signed route of private-media-files.ts serves them.
 */
export async function registerMediaFiles(app: FastifyInstance, storage: MediaStorage): Promise<void> {
  if (storage.localRoot) {
    mkdirSync(storage.localRoot, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.localRoot,
      prefix: '/media/',
      decorateReply: false,
      wildcard: true,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      allowedPath: (pathName) => !isPrivateMediaKey(pathName),
      setHeaders: (reply) => {
        void reply.header('cache-control', IMMUTABLE);
      },
    });
    return;
  }
  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (isPrivateMediaKey(key) || !(await storage.exists(key).catch(() => false)))
      return reply.callNotFound();
    void reply
      .header('cache-control', IMMUTABLE)
      .type(MEDIA_CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream');
    return reply.send(await storage.createReadStream(key));
  });
}
