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
      importErrors('cars/Fixture.tsx', "import { BrowseView } from '../views/browse/BrowseView.tsx';"),
    ).toEqual([expect.stringContaining('Only view-registry.tsx names the views')]);
  });

  it('let a view import its own files, the domains, the kit, the platform and the navigation store', () => {
    const source = [
      "import { FeedStage } from './FeedStage.tsx';",
      "import { CarCard } from '../../cars/CarCard.tsx';",
      "import { CarDetail } from '../../car-detail/CarDetail.tsx';",
      "import { Button } from '../../kit/Button.tsx';",
      "import { useApi } from '../../platform/ApiProvider.tsx';",
      "import { useNavigation } from '../../state/navigation.ts';",
      "import { PhotoGallery } from '../../views/feed/PhotoGallery.tsx';",
    ].join('\n');
    expect(importErrors('views/feed/Fixture.tsx', source)).toEqual([]);
  });

  it('stop the kit importing any other room of ui', () => {
    expect(importErrors('kit/Fixture.tsx', "import { useApi } from '../platform/ApiProvider.tsx';")).toEqual([
      expect.stringContaining('kit/ imports only its own files'),
    ]);
  });

  it('stop the platform importing a domain', () => {
    expect(importErrors('platform/Fixture.ts', "import { useMyCars } from '../cars/useMyCars.ts';")).toEqual([
      expect.stringContaining('platform/ imports only kit, state'),
    ]);
  });

  it('stop the stores importing a domain', () => {
    expect(
      importErrors('state/Fixture.ts', "import { useStartChat } from '../messaging/useStartChat.ts';"),
    ).toEqual([expect.stringContaining('state/ imports only kit, platform')]);
  });

  it('stop a shared domain importing one above it', () => {
    expect(
      importErrors('cars/Fixture.tsx', "import { ActionCarCard } from '../car-detail/ActionCarCard.tsx';"),
    ).toEqual([expect.stringContaining('cars/ imports only kit, platform, state')]);
  });

  it('stop a domain importing a domain it does not list', () => {
    expect(
      importErrors('listing/Fixture.tsx', "import { useCarLike } from '../social/useCarLike.ts';"),
    ).toEqual([expect.stringContaining('listing/ imports only kit, platform, state, cars, ai')]);
  });

  it('keep notifications/ to the ground, and let ai/ import it for Save search', () => {
    expect(
      importErrors('notifications/Fixture.tsx', "import { CarCard } from '../cars/CarCard.tsx';"),
    ).toEqual([expect.stringContaining('notifications/ imports only kit, platform, state')]);
    expect(
      importErrors(
        'ai/Fixture.tsx',
        "import { SaveSearchButton } from '../notifications/SaveSearchButton.tsx';",
      ),
    ).toEqual([]);
  });

  it('keep moderation/ to the ground, and let car-detail/ import it for Report and Block', () => {
    expect(importErrors('moderation/Fixture.tsx', "import { CarCard } from '../cars/CarCard.tsx';")).toEqual([
      expect.stringContaining('moderation/ imports only kit, platform, state'),
    ]);
    expect(
      importErrors(
        'car-detail/Fixture.tsx',
        "import { ReportButton } from '../moderation/ReportButton.tsx';",
      ),
    ).toEqual([]);
  });

  it('stop a domain importing the shell', () => {
    expect(importErrors('messaging/Fixture.tsx', "import { Header } from '../shell/Header.tsx';")).toEqual([
      expect.stringContaining('messaging/ imports only'),
    ]);
  });

  it('let a domain import the ground and the domains it lists', () => {
    const source = [
      "import { cx } from '../kit/cx.ts';",
      "import { useApi } from '../platform/ApiProvider.tsx';",
      "import { useSession } from '../state/session.ts';",
      "import { CarCard } from '../cars/CarCard.tsx';",
      "import { useStartChat } from '../messaging/useStartChat.ts';",
      "import { useCarLike } from '../social/useCarLike.ts';",
    ].join('\n');
    expect(importErrors('car-detail/Fixture.tsx', source)).toEqual([]);
  });

  it('keep the browser-only bans beside the view rules', () => {
    expect(importErrors('views/browse/Fixture.tsx', "import { readFile } from 'node:fs/promises';")).toEqual([
      expect.stringContaining('packages/ui runs in a browser renderer'),
    ]);
  });
});
