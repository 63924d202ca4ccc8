import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/** The JSON text of an answer with only the fields its schema lists. */
export type AnswerEncoder = (answer: unknown) => string;

const encoders = new WeakMap<z.ZodType, AnswerEncoder>();

/**
 * The encoder of one response schema, compiled once: fast-json-stringify from the schema's JSON Schema writes only
 * the listed fields, in a fifth of the time zod's encode and JSON.stringify take for a page of cars (DECISIONS.md
 * 'Answers are written by a serializer compiled from the contract'). A schema JSON Schema cannot express (a
 * codec) is encoded by zod itself.
 */
export function answerEncoder(schema: z.ZodType): AnswerEncoder {
  let encoder = encoders.get(schema);
  if (!encoder) {
    encoder = compile(schema);
    encoders.set(schema, encoder);
  }
  return encoder;
}

function compile(schema: z.ZodType): AnswerEncoder {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      // fast-json-stringify writes listed properties only whatever this says; left in, a nullable object with an
      // unlisted field would match neither of its two branches and fail the answer instead of losing the field.
      override: ({ jsonSchema: node }) => {
        if (node.additionalProperties === false) delete node.additionalProperties;
      },
    });
  } catch {
    return (answer) => JSON.stringify(z.encode(schema, answer));
  }
  return fastJson(jsonSchema);
}

/** Fastify's serializer compiler for the contract's response schemas (see defineRoutes in contract-routes.ts). */
export function answerSerializerCompiler({ schema }: { schema: unknown }): AnswerEncoder {
  if (!(schema instanceof z.ZodType))
    throw new Error('A response schema must be a zod schema from the contract');
  return answerEncoder(schema);
}
