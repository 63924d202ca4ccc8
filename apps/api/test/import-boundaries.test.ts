import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The role rules of eslint.config.js, run on small sources placed (by name only) in the API's folders: each arrow
 * that must not exist is reported, and the arrows that should exist pass. Only the config's import rules are used,
 * so the sources need no type information and no file on disk.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

beforeAll(async () => {
  const { default: config } = (await import(pathToFileURL(`${root}eslint.config.js`).href)) as {
    default: Linter.Config[];
  };
  const importRules = config.filter((entry) => entry.rules && 'no-restricted-imports' in entry.rules);
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    baseConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...importRules],
  });
});

async function refusals(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}apps/api/src/${path}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the API folders keep their arrows', () => {
  it('refuses a route that imports the database, drizzle or a repository', async () => {
    const found = await refusals(
      'cars/cars.route.ts',
      [
        "import { sql } from 'drizzle-orm';",
        "import { cars } from '../db/schema/index.ts';",
        "import { CarRepository } from './car.repository.ts';",
        "import type { UserRepository } from '../accounts/user.repository.ts';",
      ].join('\n'),
    );
    expect(found).toHaveLength(4);
    expect(found.every((message) => message.includes('A route knows nothing of the database'))).toBe(true);
  });

  it('lets a route import its service, the plugins and the errors', async () => {
    const found = await refusals(
      'cars/cars.route.ts',
      [
        "import { PUBLIC_STATUSES } from './car.service.ts';",
        "import { requireUser } from '../plugins/auth.ts';",
        "import { notFound } from '../errors.ts';",
        "import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';",
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });

  it('refuses a service that imports Fastify, a plugin or a route', async () => {
    const found = await refusals(
      'accounts/account.service.ts',
      [
        "import type { FastifyBaseLogger } from 'fastify';",
        "import { INVALID_TOKEN_MESSAGE } from '../plugins/auth.ts';",
        "import { cachedJson } from '../http/cached-json.ts';",
        "import { carRoutes } from '../cars/cars.route.ts';",
      ].join('\n'),
    );
    expect(found).toHaveLength(4);
    expect(found.every((message) => message.includes('A service knows nothing of HTTP'))).toBe(true);
  });

  it('lets a service import repositories, presenters, other services and the errors', async () => {
    const found = await refusals(
      'accounts/account.service.ts',
      [
        "import type { AccountRepository } from './account.repository.ts';",
        "import { presentUser } from './user.presenter.ts';",
        "import type { AuthUser } from './access-token.service.ts';",
        "import { unauthenticated } from '../errors.ts';",
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });

  it('refuses a repository that imports a service or a presenter', async () => {
    const found = await refusals(
      'cars/car.repository.ts',
      [
        "import type { CarDto } from './car.presenter.ts';",
        "import { CarService } from './car.service.ts';",
        "import type { AuthUser } from '../accounts/access-token.service.ts';",
      ].join('\n'),
    );
    expect(found).toHaveLength(3);
    expect(found.every((message) => message.includes('A repository reads and writes rows'))).toBe(true);
  });

  it('lets a repository import drizzle, the schema and its own helpers', async () => {
    const found = await refusals(
      'cars/car.repository.ts',
      [
        "import { eq } from 'drizzle-orm';",
        "import { cars } from '../db/schema/index.ts';",
        "import { statusIn } from './car-conditions.ts';",
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });

  it('still refuses another app anywhere in the API', async () => {
    for (const path of ['cars/cars.route.ts', 'cars/car.service.ts', 'cars/car.repository.ts', 'app.ts']) {
      const found = await refusals(path, "import { CarCard } from '@autoreel/ui';");
      expect(found, path).toHaveLength(1);
    }
  });
});
