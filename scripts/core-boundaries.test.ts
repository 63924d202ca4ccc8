import { fileURLToPath, pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The subjects of packages/core as eslint.config.js layers them: the repository's own import rules run over
 * one-line sources placed where a subject's file would sit.
 */
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
let importRules: Linter.Config[];

beforeAll(async () => {
  const loaded = (await import(pathToFileURL(`${repoRoot}eslint.config.js`).href)) as {
    default: Linter.Config[];
  };
  // Only the import rules: the type-checked rules need a TypeScript program these sources are not part of.
  importRules = [
    { files: ['**/*.ts'] },
    ...loaded.default
      .filter(
        (config) =>
          config.rules?.['no-restricted-imports'] !== undefined || Object.keys(config).join() === 'ignores',
      )
      .map((config) => ({ ...config, languageOptions: { sourceType: 'module', ecmaVersion: 'latest' } })),
  ];
});

/** The messages no-restricted-imports reports for `source` at `file` (a path under packages/core/src). */
function importErrors(file: string, source: string): string[] {
  const linter = new Linter({ cwd: repoRoot });
  return linter
    .verify(source, importRules, { filename: `${repoRoot}packages/core/src/${file}` })
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('packages/core subject boundaries', () => {
  it('stop a subject importing one above it', () => {
    expect(importErrors('cars/fixture.ts', "import { SearchSchema } from '../search/index.ts';")).toEqual([
      expect.stringContaining('core/cars may import only text, shared, money'),
    ]);
  });

  it('stop a subject importing a sibling at its level', () => {
    expect(importErrors('messaging/fixture.ts', "import { LIKE } from '../social/index.ts';")).toEqual([
      expect.stringContaining('core/messaging may import only'),
    ]);
  });

  it('stop the bottom subjects importing any other', () => {
    expect(importErrors('text/fixture.ts', "import { toE164 } from '../shared/index.ts';")).toEqual([
      expect.stringContaining('core/text may import only no other subject'),
    ]);
  });

  it("stop a subject reaching past another's entry", () => {
    expect(importErrors('search/fixture.ts', "import { CarSchema } from '../cars/car.ts';")).toEqual([
      expect.stringContaining("imports another subject only through its entry: '../<subject>/index.ts'"),
    ]);
  });

  it("stop a subject importing core's root, which reads every subject", () => {
    expect(importErrors('dealers/fixture.ts', "import { CarSchema } from '../index.ts';")).toEqual([
      expect.stringContaining('core/dealers may import only'),
    ]);
  });

  it('hold in tests as well', () => {
    expect(
      importErrors('cars/fixture.test.ts', "import { SearchSchema } from '../search/index.ts';"),
    ).toEqual([expect.stringContaining('core/cars may import only')]);
  });

  it('let a subject import those below it through their entry, and the contract import every subject', () => {
    expect(importErrors('search/fixture.ts', "import { CarSchema } from '../cars/index.ts';")).toEqual([]);
    expect(importErrors('contract/fixture.ts', "import { LIKE } from '../social/index.ts';")).toEqual([]);
  });

  it('keep core pure: no Node built-ins', () => {
    expect(importErrors('cars/fixture.ts', "import { readFileSync } from 'node:fs';")).toEqual([
      expect.stringContaining('packages/core is pure TypeScript'),
    ]);
  });
});
