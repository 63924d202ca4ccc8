import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { firstVisitPages } from './storefront-first-visit.ts';

/**
 * Serves the built storefront at `/`. Any other GET outside /api and /media answers with index.html, so share
 * links such as /cars/{id} open the app, which then reads the path.
 */
export async function registerStorefront(
  app: FastifyInstance,
  storefrontDir: string | undefined,
): Promise<boolean> {
  if (!storefrontDir || !existsSync(join(storefrontDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: storefrontDir,
    prefix: '/',
    wildcard: false,
    // index.html is sent by the route below, with what the visited route needs first (storefront-first-visit.ts).
    index: false,
    // The build writes .br and .gz beside each asset; a client that accepts them gets the smaller file.
    preCompressed: true,
    setHeaders: (reply, path) => {
      // Files under /assets/ carry a content hash in their name, so a cached copy is never stale.
      if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    },
  });
  const pageFor = firstVisitPages(app, storefrontDir);
  app.get('/*', async (request, reply) => {
    const [path = '/', search = ''] = request.url.split('?', 2);
    if (path.startsWith('/api/') || path.startsWith('/media/')) {
      return reply.callNotFound();
    }
    // A path with a file extension that was not found is a missing asset, not an app route.
    if (/\.[a-z0-9]+$/i.test(path)) return reply.callNotFound();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await pageFor(path, search));
  });
  return true;
}
