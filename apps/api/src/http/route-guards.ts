import type { FastifyRequest } from 'fastify';
import { requireRole, requireUser } from '../plugins/auth.ts';
import type { Role } from '../accounts/access-token.service.ts';

/**
 * Route options that check the caller before the body is validated, so an anonymous request gets 401 and a
 * wrong role 403 whatever it sent, rather than a 400 about a body it was never allowed to send.
 */
export const signedIn = {
  preValidation: async (request: FastifyRequest) => {
    requireUser(request);
  },
};

export function withRole(...roles: Role[]) {
  return {
    preValidation: async (request: FastifyRequest) => {
      requireRole(request, ...roles);
    },
  };
}
