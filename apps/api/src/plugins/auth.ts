import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, INVALID_TOKEN_MESSAGE, unauthenticated } from '../errors.ts';
import type { AuthUser, Role } from '../accounts/access-token.service.ts';
import type { SignedInCheck } from '../accounts/signed-in-check.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid bearer token came with the request. */
    user: AuthUser | null;
    /** Set when a bearer token came but was bad or expired, so protected routes can say so. */
    authTokenRejected: boolean;
  }
}

/**
 * Reads the bearer token of every request. Public routes treat a bad token as anonymous;
 * routes that need a user call requireUser, which answers 401 with the message clients refresh on.
 */
export const authPlugin = fp<{ signedIn: SignedInCheck }>(async (app: FastifyInstance, { signedIn }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('authTokenRejected', false);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    try {
      request.user = await signedIn.authenticate(header.slice('Bearer '.length).trim());
    } catch {
      request.authTokenRejected = true;
    }
  });
});

export function requireUser(request: FastifyRequest): AuthUser {
  if (request.user) return request.user;
  throw unauthenticated(request.authTokenRejected ? INVALID_TOKEN_MESSAGE : 'Unauthorized: please sign in');
}

export function requireRole(request: FastifyRequest, ...roles: Role[]): AuthUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}
