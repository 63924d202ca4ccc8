// Lint is where the architecture's arrows are enforced: each folder may import only what sits below it.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
/** Each app by its package name and by a relative path into its folder. */
const appImports = {
  api: ['@autoreel/api', '@autoreel/api/*', '**/api/src/**', '**/api/test/**'],
  storefront: ['@autoreel/storefront', '@autoreel/storefront/*', '**/storefront/src/**'],
  desktop: ['@autoreel/desktop', '@autoreel/desktop/*', '**/desktop/src/**'],
};
const apps = [...Object.values(appImports).flat(), '**/apps/**'];
/** Arrows point down only: an app may use packages, never another app. */
const otherApps = (self) =>
  Object.entries(appImports)
    .filter(([name]) => name !== self)
    .flatMap(([, patterns]) => patterns);
const databases = ['drizzle-orm', 'drizzle-orm/*', '@electric-sql/*', 'postgres', 'pg'];
const react = ['react', 'react/*', 'react-dom', 'react-dom/*', '@tanstack/*', 'zustand', 'zustand/*'];
const electron = ['electron', 'electron/*', 'electron-store', '@napi-rs/keyring'];
// The ffmpeg wrapper spawns processes: Node only, never in a browser or in the pure core.
const video = ['@autoreel/video', '@autoreel/video/*'];
const fastify = ['fastify', 'fastify/*', 'fastify-*', '@fastify/*'];
/** What no file of the API may import; the API's own role rules below repeat it, since each replaces the last. */
const apiWide = [
  ...otherApps('api'),
  ...react,
  ...electron,
  '@autoreel/ui',
  '@autoreel/ui/*',
  '@autoreel/api-client',
];

/**
 * One rule per layer, listing what that layer must never import; `more` adds groups with messages of their own
 * (one rule holds them all, since a later rule for the same files replaces an earlier one).
 */
function boundary(files, forbidden, message, more = []) {
  return {
    files,
    // Tests may use Node to stand up real servers and files around the code under test.
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }, ...more] }],
    },
  };
}

/** What packages/ui must never import: it runs in a browser renderer. */
const uiForbidden = [...apps, ...nodeBuiltins, ...databases, ...electron, ...video];
const uiMessage =
  'packages/ui runs in a browser renderer: no apps, Node built-ins, Electron or database code.';
const isTest = ['**/*.test.ts', '**/*.test.tsx', '**/*.test-support.ts', '**/*.test-support.tsx'];
const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** Each folder of packages/ui/src/views is one view; the folders beside views/ are what views build on. */
const uiViews = folders('./packages/ui/src/views');
/**
 * The rooms of packages/ui/src below the views and the shell, each with the rooms it may import. kit/ is the
 * primitives and imports nothing else of ui; platform/ (the host, the API provider) and state/ (the navigation
 * and session stores) are the ground every domain stands on; a domain imports only the domains listed for it.
 */
const uiGround = ['kit', 'platform', 'state'];
const uiRooms = {
  kit: [],
  platform: ['kit', 'state'],
  state: ['kit', 'platform'],
  cars: uiGround,
  accounts: uiGround,
  social: uiGround,
  messaging: [...uiGround, 'cars'],
  dealers: [...uiGround, 'cars'],
  ai: [...uiGround, 'cars', 'accounts', 'notifications'],
  // The wizard previews the listing with the detail page's own parts.
  listing: [...uiGround, 'cars', 'ai', 'car-detail'],
  notifications: uiGround,
  moderation: uiGround,
  'car-detail': [...uiGround, 'cars', 'accounts', 'social', 'messaging', 'dealers', 'ai', 'moderation'],
};
/** Folders of src/ that are no room: the views, the shell, test support and the style sheets. */
const uiOthers = ['views', 'shell', 'testing', 'styles'];
const uiFolders = folders('./packages/ui/src');
const unplaced = uiFolders.filter((folder) => !(folder in uiRooms) && !uiOthers.includes(folder));
if (unplaced.length > 0)
  throw new Error(`packages/ui/src/${unplaced.join(', ')}: name the folder in uiRooms (eslint.config.js)`);
// packages/ui imports by relative path, so a folder is known by its name after the climb ('../../browse/x.ts');
// that holds while no view shares its name with a folder of src/.
if (uiViews.some((view) => uiFolders.includes(view)))
  throw new Error('a view shares its name with a folder of src/');
const climbTo = (names) => `^(\\.\\./)+(${names.join('|')})(/|$)`;

/**
 * A view imports no other view, and the shell none, nor the shell a view: they meet only through the navigation
 * store, and view-registry.tsx is the one module that names every view. Below them each room imports only the
 * rooms `uiRooms` lists for it. Tests are held by the view rules too, less the browser-only bans (they stand up
 * real servers in Node).
 */
function uiBoundaries() {
  const rule = (files, ignores, patterns) => ({
    files,
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  const browserOnly = { group: uiForbidden, message: uiMessage };
  const toShell = {
    regex: climbTo(['shell', 'App\\.tsx', 'view-registry\\.tsx']),
    message: 'A view meets the shell only through the navigation store (state/navigation.ts).',
  };
  const perView = uiViews.flatMap((view) => {
    const others = {
      regex: climbTo([...uiViews.filter((other) => other !== view), 'views/(?!' + view + '/)[^/]+']),
      message: `views/${view} imports no other view: what two views share moves to a domain folder or kit/.`,
    };
    const files = [`packages/ui/src/views/${view}/**`];
    return [
      rule(files, isTest, [browserOnly, others, toShell]),
      rule(
        isTest.map((test) => `packages/ui/src/views/${view}/${test}`),
        [],
        [others, toShell],
      ),
    ];
  });
  const toViews = {
    regex: climbTo(['views', 'view-registry\\.tsx']),
    message: 'Only view-registry.tsx names the views; the shell and the rooms below views never import one.',
  };
  const shell = rule(['packages/ui/src/shell/**'], isTest, [browserOnly, toViews]);
  const rooms = Object.entries(uiRooms).map(([room, allowed]) => {
    const refused = Object.keys(uiRooms).filter((other) => other !== room && !allowed.includes(other));
    const upward = {
      regex: climbTo([...refused, 'shell', 'App\\.tsx']),
      message: `${room}/ imports only ${allowed.length > 0 ? allowed.join(', ') : 'its own files'} of packages/ui (uiRooms in eslint.config.js).`,
    };
    return rule([`packages/ui/src/${room}/**`], isTest, [browserOnly, toViews, upward]);
  });
  return [...perView, shell, ...rooms];
}

/** What packages/core must never import: it is pure TypeScript that every app and the browser load. */
const coreForbidden = [
  ...apps,
  ...nodeBuiltins,
  ...databases,
  ...react,
  ...electron,
  ...video,
  '@autoreel/api-client',
  '@autoreel/ui',
];
const coreMessage =
  'packages/core is pure TypeScript: no apps, Node built-ins, React, Electron or database code.';
/**
 * The subjects of packages/core/src, each with the subjects it may import (docs/ARCHITECTURE.md 'packages/core by
 * subject'): text and shared at the bottom, then money, then cars and accounts, then the subjects that use cars, and
 * the contract on top reading them all. Subjects of one row never import each other.
 */
const coreBottom = ['text', 'shared'];
const coreGround = [...coreBottom, 'money', 'cars', 'accounts'];
const coreSubjects = {
  text: [],
  shared: [],
  money: coreBottom,
  cars: [...coreBottom, 'money'],
  accounts: [...coreBottom, 'money'],
  search: coreGround,
  messaging: coreGround,
  dealers: coreGround,
  social: coreGround,
  video: coreGround,
  notifications: coreGround,
  moderation: coreGround,
  contract: [
    ...coreGround,
    'search',
    'messaging',
    'dealers',
    'social',
    'video',
    'notifications',
    'moderation',
  ],
};
{
  const onDisk = folders('./packages/core/src').sort().join();
  if (onDisk !== Object.keys(coreSubjects).sort().join())
    throw new Error(`packages/core/src holds ${onDisk}: list each subject in coreSubjects`);
}

/**
 * A subject imports only the subjects below it, and those only through their entry (index.ts), so what a subject
 * keeps to itself stays its own. Tests are held too, less the Node ban (they may read files around the code).
 */
function coreSubjectBoundaries() {
  const rule = (files, ignores, patterns) => ({
    files,
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  const pure = { group: coreForbidden, message: coreMessage };
  return Object.entries(coreSubjects).flatMap(([subject, allowed]) => {
    const others = Object.keys(coreSubjects).filter((other) => other !== subject);
    const refused = others.filter((other) => !allowed.includes(other));
    const patterns = [
      {
        regex: climbTo([...refused, 'index\\.ts']),
        message: `core/${subject} may import only ${allowed.join(', ') || 'no other subject'} (the subjects below it).`,
      },
      ...(allowed.length > 0
        ? [
            {
              regex: `^(\\.\\./)+(${allowed.join('|')})/(?!index\\.ts$)`,
              message: `core/${subject} imports another subject only through its entry: '../<subject>/index.ts'.`,
            },
          ]
        : []),
    ];
    const files = [`packages/core/src/${subject}/**`];
    return [
      rule(files, isTest, [pure, ...patterns]),
      rule(
        isTest.map((test) => `packages/core/src/${subject}/${test}`),
        [],
        patterns,
      ),
    ];
  });
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/out/**',
      '**/.tsbuild/**',
      '**/coverage/**',
      '.data/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-nocheck': true, 'ts-expect-error': 'allow-with-description' },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and handlers are async by contract even when a body happens not to await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    // Tests read JSON answers whose shape the assertions themselves check.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.test-support.ts',
      '**/test/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  boundary(['packages/core/**'], coreForbidden, coreMessage),
  ...coreSubjectBoundaries(),
  boundary(
    ['packages/api-client/**'],
    [...apps, ...nodeBuiltins, ...databases, ...electron, ...video, 'react', 'react-dom', '@autoreel/ui'],
    'packages/api-client depends only on packages/core.',
  ),
  boundary(['packages/ui/**'], uiForbidden, uiMessage),
  ...uiBoundaries(),
  boundary(
    ['packages/video/**'],
    [...apps, ...databases, ...react, ...electron, '@autoreel/api-client', '@autoreel/ui', '@autoreel/ui/*'],
    'packages/video is plain Node over packages/core: no apps, React, Electron or database code.',
  ),
  // The rules below replace one another for the files they share, so each repeats the ban on other apps.
  boundary(['apps/storefront/**'], otherApps('storefront'), 'An app imports packages, never another app.'),
  boundary(['apps/desktop/**'], otherApps('desktop'), 'An app imports packages, never another app.'),
  boundary(
    ['apps/api/**'],
    apiWide,
    'apps/api depends only on packages/core and packages/video, never on another app.',
  ),
  // Inside the API, by role (docs/ARCHITECTURE.md 'Inside apps/api'): route -> service -> repository -> db.
  boundary(
    ['apps/api/src/**/*.route.ts'],
    [...apiWide, ...databases, '**/db', '**/db/**', '**/*.repository.ts'],
    'A route knows nothing of the database: it calls the services it is given, never db/, drizzle or a repository.',
    [
      {
        group: ['**/context', '**/context.ts'],
        message:
          'A route takes only its own services: src/routes.ts hands them over from context.ts, which no route imports.',
      },
    ],
  ),
  boundary(
    ['apps/api/src/**/*.service.ts'],
    [...apiWide, ...fastify, '**/plugins/**', '**/http/**', '**/*.route.ts'],
    'A service knows nothing of HTTP: no Fastify, plugins or routes; it throws the domain errors of src/errors.ts.',
  ),
  boundary(
    ['apps/api/src/**/*.repository.ts'],
    [...apiWide, ...fastify, '**/plugins/**', '**/*.service.ts', '**/*.presenter.ts'],
    'A repository reads and writes rows: it never imports a service, a presenter or HTTP code.',
  ),
  boundary(
    ['apps/desktop/src/main/**', 'apps/desktop/src/shared/**'],
    [...otherApps('desktop'), ...databases, ...react, '@autoreel/ui', '@autoreel/ui/*'],
    'Desktop main runs services over packages (core, video), never another app, React or a database.',
  ),
  boundary(
    // Only the code that runs in the browser; the build tooling beside it (vite.config, build/) runs in Node.
    ['apps/storefront/src/**'],
    [...otherApps('storefront'), ...databases, ...electron, ...nodeBuiltins, ...video],
    'Front ends talk to the API over HTTP only.',
  ),
  boundary(
    ['apps/desktop/src/renderer/**'],
    [...otherApps('desktop'), ...databases, ...electron, ...nodeBuiltins, ...video],
    'Front ends talk to the API over HTTP only; video work happens in main.',
  ),
  boundary(
    ['apps/desktop/src/preload/**'],
    [...otherApps('desktop'), ...databases, ...video, '@autoreel/ui'],
    'The preload only builds the bridge object.',
  ),
  prettier,
);
