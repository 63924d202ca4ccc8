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

const ROUTE = 'A route knows nothing of the database';
const ROUTE_CONTEXT = 'A route takes only its own services';
const SERVICE = 'A service knows nothing of HTTP';
const REPOSITORY = 'A repository reads and writes rows';

/** Each case: a file's place, its imports, and the rule every one of them breaks (none when `refusedBy` is null). */
const cases: { name: string; path: string; imports: string[]; refusedBy: string | null }[] = [
  {
    name: 'a route that imports the database, drizzle or a repository',
    path: 'cars/cars.route.ts',
    imports: [
      "import { sql } from 'drizzle-orm';",
      "import { cars } from '../db/schema/index.ts';",
      "import { CarRepository } from './car.repository.ts';",
      "import type { UserRepository } from '../accounts/user.repository.ts';",
    ],
    refusedBy: ROUTE,
  },
  {
    name: 'a route that imports the composition root',
    path: 'cars/cars.route.ts',
    imports: [
      "import type { AppContext } from '../context.ts';",
      "import { createContext } from '../context';",
    ],
    refusedBy: ROUTE_CONTEXT,
  },
  {
    name: 'a route that imports its service, the route helper, the plugins and the errors',
    path: 'cars/cars.route.ts',
    imports: [
      "import type { CarService } from './car.service.ts';",
      "import { defineRoutes } from '../http/contract-routes.ts';",
      "import type { WriteLimits } from '../plugins/write-limits.ts';",
      "import { notFound } from '../errors.ts';",
      "import type { FastifyPluginAsync } from 'fastify';",
    ],
    refusedBy: null,
  },
  {
    name: 'a service that imports Fastify, a plugin or a route',
    path: 'accounts/account.service.ts',
    imports: [
      "import type { FastifyBaseLogger } from 'fastify';",
      "import { requireUser } from '../plugins/auth.ts';",
      "import { cachedJson } from '../http/cached-json.ts';",
      "import { carRoutes } from '../cars/cars.route.ts';",
    ],
    refusedBy: SERVICE,
  },
  {
    name: 'a service that imports repositories, presenters, other services and the errors',
    path: 'accounts/account.service.ts',
    imports: [
      "import type { AccountRepository } from './account.repository.ts';",
      "import { presentUser } from './user.presenter.ts';",
      "import type { AuthUser } from './access-token.service.ts';",
      "import { unauthenticated } from '../errors.ts';",
    ],
    refusedBy: null,
  },
  {
    name: 'a repository that imports a service or a presenter',
    path: 'cars/car.repository.ts',
    imports: [
      "import type { CarDto } from './car.presenter.ts';",
      "import { CarService } from './car.service.ts';",
      "import type { AuthUser } from '../accounts/access-token.service.ts';",
    ],
    refusedBy: REPOSITORY,
  },
  {
    name: 'a repository that imports drizzle, the schema and its own helpers',
    path: 'cars/car.repository.ts',
    imports: [
      "import { eq } from 'drizzle-orm';",
      "import { cars } from '../db/schema/index.ts';",
      "import { statusIn } from './car-conditions.ts';",
    ],
    refusedBy: null,
  },
];

describe('the API folders keep their arrows', () => {
  for (const { name, path, imports, refusedBy } of cases) {
    it(`${refusedBy ? 'refuses' : 'allows'} ${name}`, async () => {
      const found = await refusals(path, imports.join('\n'));
      if (refusedBy === null) {
        expect(found).toEqual([]);
      } else {
        expect(found).toHaveLength(imports.length);
        expect(found.every((message) => message.includes(refusedBy))).toBe(true);
      }
    });
  }

  it('still refuses another app anywhere in the API', async () => {
    for (const path of ['cars/cars.route.ts', 'cars/car.service.ts', 'cars/car.repository.ts', 'app.ts']) {
      const found = await refusals(path, "import { CarCard } from '@autoreel/ui';");
      expect(found, path).toHaveLength(1);
    }
  });
});
