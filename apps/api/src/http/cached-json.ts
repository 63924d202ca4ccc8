import type { FastifyReply } from 'fastify';

/** Sends JSON text kept by an answer cache as it is: a string payload skips the route's serializer. */
export function sendCachedJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
