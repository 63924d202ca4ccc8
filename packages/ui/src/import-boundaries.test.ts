// @vitest-environment node
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import arrows of packages/ui as eslint.config.js states them: the repository's own import rules run over
 * one-line sources placed where a view, the shell or a shared folder would sit.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let importRules: Linter.Config[];

beforeAll(async () => {
  const loaded = (await import(pathToFileURL(`${repoRoot}eslint.config.js`).href)) as {
    default: Linter.Config[];
  };
  // Only the import rules: the type-checked rules need a TypeScript program these sources are not part of.
  importRules = [
    // A file is linted once some entry names its kind; the type-checked entries that do so are left out.
    { files: ['**/*.ts', '**/*.tsx'] },
    ...loaded.default
      .filter(
        (config) =>
          config.rules?.['no-restricted-imports'] !== undefined || Object.keys(config).join() === 'ignores',
      )
      .map((config) => ({ ...config, languageOptions: { sourceType: 'module', ecmaVersion: 'latest' } })),
  ];
});

/** The messages no-restricted-imports reports for `source` at `file` (a path under packages/ui/src). */
function importErrors(file: string, source: string): string[] {
  const linter = new Linter({ cwd: repoRoot });
  return linter
    .verify(source, importRules, { filename: `${repoRoot}packages/ui/src/${file}` })
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('packages/ui import boundaries', () => {
  it('stop a view importing another view', () => {
    const errors = importErrors(
      'views/feed/Fixture.tsx',
      "import { CarDetail } from '../detail/DetailView.tsx';",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('views/feed imports no other view');
  });

  it('stop a view in a nested folder reaching a sibling view through views/', () => {
    const errors = importErrors(
      'views/dealer/overview/Fixture.tsx',
      "import { BrowseView } from '../../../views/browse/BrowseView.tsx';",
    );
    expect(errors).toEqual([expect.stringContaining('views/dealer imports no other view')]);
  });

  it('hold in tests as well', () => {
    const errors = importErrors(
      'views/seller/Fixture.test.tsx',
      "import { AccountView } from '../account/AccountView.tsx';",
    );
    expect(errors).toEqual([expect.stringContaining('views/seller imports no other view')]);
  });

  it('stop a view importing the shell, and the shell or a shared folder importing a view', () => {
    expect(
      importErrors('views/account/Fixture.tsx', "import { Header } from '../../shell/Header.tsx';"),
    ).toEqual([expect.stringContaining('only through the navigation store')]);
    expect(
      importErrors('shell/Fixture.tsx', "import { TiktokView } from '../views/feed/TiktokView.tsx';"),
    ).toEqual([expect.stringContaining('Only view-registry.tsx names the views')]);
    expect(
      importErrors(
        'components/cars/Fixture.tsx',
        "import { BrowseView } from '../../views/browse/BrowseView.tsx';",
      ),
    ).toHaveLength(1);
  });

  it('let a view import its own files, components, the data layer and the navigation store', () => {
    const source = [
      "import { FeedStage } from './FeedStage.tsx';",
      "import { CarCard } from '../../components/cars/CarCard.tsx';",
      "import { useFeedCars } from '../../data/cars/useFeedCars.ts';",
      "import { useNavigation } from '../../state/navigation.ts';",
      "import { PhotoGallery } from '../../views/feed/PhotoGallery.tsx';",
    ].join('\n');
    expect(importErrors('views/feed/Fixture.tsx', source)).toEqual([]);
  });

  it('keep the browser-only bans beside the view rules', () => {
    expect(importErrors('views/browse/Fixture.tsx', "import { readFile } from 'node:fs/promises';")).toEqual([
      expect.stringContaining('packages/ui runs in a browser renderer'),
    ]);
  });
});
