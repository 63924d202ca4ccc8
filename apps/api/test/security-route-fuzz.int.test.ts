import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer } from './fixtures.ts';
import { createTestServer, TEST_DIALECT, type TestServer, type TestUser } from './harness.ts';
import { insertCar, insertConversation } from './support/fixtures.ts';

/**
 * A property over every route of the API's OpenAPI document: whatever path parameters, query, body and caller a
 * request has, the answer is never a 5xx, and every failure carries the envelope {success: false, error, message}.
 * A fixed seed and a bounded number of runs per route keep it repeatable and well under a minute.
 */
const SEED = 20_261_124;
const RUNS_PER_ROUTE = TEST_DIALECT === 'pglite' ? 20 : 8;
/** The live stream never ends by itself; it is covered by its own tests. */
const SKIPPED = new Set(['GET /api/messages/stream']);
/** A 503 that is the route's answer, not a failure: readiness says 'not ready' for a process that does not listen. */
const ANSWERS_503 = new Set(['GET /api/ready']);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

let server: TestServer;
let callers: (TestUser | undefined | 'garbage')[];
let knownIds: string[];

beforeAll(async () => {
  server = await createTestServer();
  const customer = await server.createUser({ name: 'Fuzz Customer' });
  const dealer = await createDealer(server, { name: 'Fuzz Motors' });
  const admin = await server.createUser({ role: 'admin', name: 'Fuzz Admin' });
  const carId = await insertCar(server.ctx, dealer.user.id);
  const conversationId = await insertConversation(server.ctx, customer.id, dealer.user.id);
  callers = [undefined, customer, dealer.user, admin, 'garbage'];
  knownIds = [customer.id, dealer.user.id, dealer.dealerId, admin.id, carId, conversationId];
});
afterAll(() => server.close());

function operations(): Operation[] {
  const document = server.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: any[]; requestBody?: any }>>;
  };
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const query: Record<string, JsonSchema> = {};
      for (const parameter of parameters.filter((p) => p.in === 'query'))
        query[parameter.name] = parameter.schema ?? {};
      found.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name as string),
        query,
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return found;
}

/** Strings an attacker tries, beside arbitrary ones. */
const nastyString = fc.constantFrom(
  '',
  ' ',
  'a'.repeat(5000),
  '\u0000',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '😀'.repeat(50),
  '+26876123456',
  'someone@example.com',
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '1e309',
  'NaN',
);

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: schema.maxLength ? schema.maxLength + 2 : 40 }) },
    { weight: 2, arbitrary: nastyString },
    { weight: 2, arbitrary: fc.constantFrom(...knownIds) },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

function numberFor(schema: JsonSchema): fc.Arbitrary<number> {
  const edges = [schema.minimum, schema.maximum, 0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER].filter(
    (n): n is number => typeof n === 'number',
  );
  return fc.oneof(fc.integer(), fc.constantFrom(...edges), fc.double({ noNaN: true }));
}

/** Values shaped by the schema most of the time, and anything at all some of the time. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedFor(schema ?? {}, depth);
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

function shapedFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((alternative) => shapedFor(alternative, depth)));
  if (schema.allOf?.length) return shapedFor(Object.assign({}, ...schema.allOf) as JsonSchema, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'string') return stringFor(schema);
  if (type === 'integer' || type === 'number') return numberFor(schema);
  if (type === 'boolean') return fc.boolean();
  if (type === 'array') {
    return depth > 2 ? fc.constant([]) : fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 });
  }
  if (type === 'object') {
    if (depth > 2 || !schema.properties) {
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 3 });
    }
    const fields = Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [name, valueFor(property, depth + 1)]),
    );
    return fc.record(fields, { requiredKeys: [] });
  }
  return fc.jsonValue({ maxDepth: 2 });
}

function queryString(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    search.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

describe('every route of the OpenAPI document', () => {
  it('lists the API’s routes', () => {
    expect(operations().length).toBeGreaterThan(60);
  });

  it('never answers 5xx, and every failure carries the envelope', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const operation of operations()) {
      const key = `${operation.method} ${operation.path}`;
      if (SKIPPED.has(key)) continue;
      const request = fc.record({
        params: fc.tuple(...operation.pathParams.map(() => stringFor({})), fc.constant('')),
        query: fc.record(
          Object.fromEntries(
            Object.entries(operation.query).map(([name, schema]) => [name, valueFor(schema)]),
          ),
          { requiredKeys: [] },
        ),
        body: operation.body ? valueFor(operation.body) : fc.constant(undefined),
        caller: fc.constantFrom(...callers),
      });
      await fc
        .assert(
          fc.asyncProperty(request, async ({ params, query, body, caller }) => {
            let url = operation.path;
            operation.pathParams.forEach((name, i) => {
              url = url.replace(`{${name}}`, encodeURIComponent(params[i] ?? ''));
            });
            const res = await server.call({
              method: operation.method,
              url: `${url}${queryString(query)}`,
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
              headers: {
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                ...(caller === 'garbage' ? { authorization: 'Bearer not.a.token' } : {}),
              },
              ...(caller && caller !== 'garbage' ? { user: caller } : {}),
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const what = `${operation.method} ${url}${queryString(query)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
            if (res.statusCode >= 500 && !(res.statusCode === 503 && ANSWERS_503.has(key)))
              throw new Error(what);
            if (res.statusCode >= 400) {
              const data = res.data as { success?: unknown; error?: unknown; message?: unknown } | undefined;
              if (
                data?.success !== false ||
                typeof data.error !== 'string' ||
                typeof data.message !== 'string'
              ) {
                throw new Error(`no envelope: ${what}`);
              }
            }
          }),
          { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        )
        .catch((error: unknown) =>
          failures.push(`${key}: ${String(error).split('\n').slice(0, 4).join(' | ')}`),
        );
    }
    expect(failures).toEqual([]);
    // The requests reached the handlers, not only the validators: some were answered with data.
    expect(statuses.get(200)).toBeGreaterThan(50);
  });
});
