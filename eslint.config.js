// Lint: type-aware TypeScript rules, Svelte files, and the layer map below (eslint-plugin-boundaries).
// scripts/folder-cycles.mjs (also in `npm run lint`) refuses two folders importing each other.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

/**
 * The layers inside electron/, bottom to top. A folder (with its subfolders) may import shared/, its own
 * files and the folders of the layers below its own; nothing imports upwards, and folders of one layer do
 * not import each other except the pairs in `peerImports`. So no two folders import each other.
 * The local sandbox service (electron/local-service) is apart; the entry points sit on top.
 * A folder of electron/ missing here may import nothing of the app (test/lint/layers.test.ts names it).
 */
export const electronLayers = [
  // The storage engine (sql.js databases on disk), the command lines' flag reader, and the pure rules of
  // the updater and the window: none of them knows the app's data.
  { layer: 'engine', folders: ['store', 'command-line', 'update', 'window'] },
  // The app's data, each over the engine: batches (the library), the outbox, the cache, projects, secrets.
  { layer: 'data', folders: ['secrets', 'batches', 'outbox', 'cache', 'projects'] },
  // The kinds of queued operations: what each does to the app's data and how it is sent.
  { layer: 'operations', folders: ['operations'] },
  // What combines the app's data: the library with its outbox and queueing, the data folder's health.
  { layer: 'desk', folders: ['desk', 'data-folder'] },
  { layer: 'sync', folders: ['sync'] },
  // The front ends: service wiring, IPC and the web host; the command line.
  { layer: 'front ends', folders: ['host', 'cli'] },
];

/** The only imports between folders of one layer, each with its reason. */
export const peerImports = [
  // A project's connection keeps its API key in the keychain.
  { from: 'projects', to: 'secrets' },
];

const electronFolders = electronLayers.flatMap(({ folders }) => folders);

/** What each folder of electron/ may import: its own layer's allowed peers and every folder below it. */
const electronFolderRules = electronLayers.flatMap(({ folders }, index) =>
  folders.map((folder) => ({
    type: folder,
    folder: `electron/${folder}`,
    mayImport: [
      ...electronLayers.slice(0, index).flatMap((below) => below.folders),
      ...peerImports.filter((peer) => peer.from === folder).map((peer) => peer.to),
      'shared',
    ],
  })),
);

/**
 * Every element of the map. A file belongs to the first folder that holds it; each lists what it may import.
 * `entry` holds electron/'s own files (main.ts, preload.ts, updater.ts, cli.ts) and any folder not yet placed:
 * only the entry points (below) may import from it and with it.
 */
const layers = [
  { type: 'local-service', folder: 'electron/local-service', mayImport: ['shared'] },
  ...electronFolderRules,
  { type: 'entry', folder: 'electron', mayImport: [] },
  { type: 'renderer', folder: 'renderer', mayImport: ['shared'] },
  { type: 'shared', folder: 'shared', mayImport: [] },
  { type: 'test', folder: 'test', mayImport: ['local-service', ...electronFolders, 'entry', 'renderer', 'shared'] },
];

/** The entry points: the Electron main process, its preload and updater, and the command line. They may import all of the app. */
const entryPoints = ['electron/main.ts', 'electron/preload.ts', 'electron/updater.ts', 'electron/cli.ts'];
/** The only app files that start the local sandbox service: the CLI's `sandbox` command and the web host's `--sandbox`. */
const localServiceStarters = ['electron/cli/commands/sandbox.ts', 'electron/host/web-cli.ts'];
/** The only files that may import the `electron` package; everything else runs in plain Node too. */
const electronApiFiles = ['electron/main.ts', 'electron/preload.ts', 'electron/updater.ts'];
/** npm packages only some folders may use: the engine's database, the keychain. */
const packageOwners = [
  { source: 'sql.js', types: ['store', 'local-service'] },
  { source: 'keytar', types: ['secrets'] },
];

const layerPolicies = [
  ...layers.map(({ type, mayImport }) => ({
    from: { element: { type } },
    allow: { to: { element: { types: { anyOf: [type, ...mayImport] } } } },
  })),
  { from: { element: { type: 'test' } }, allow: { to: { module: { origin: 'local' } } } },
  { from: { file: { categories: 'entry-point' } }, allow: { to: { element: { types: { anyOf: [...electronFolders, 'entry', 'shared'] } } } } },
  { from: { file: { categories: 'local-service-starter' } }, allow: { to: { element: { type: 'local-service' } } } },
  // The local sandbox service shares the app's sql.js loader: one WebAssembly instance per process when both run in one.
  { from: { element: { type: 'local-service' } }, allow: { to: { file: { categories: 'sql-loader' } } } },
  // ...and the command lines' flag reader, so its flags are refused as the CLI's are.
  { from: { element: { type: 'local-service' } }, allow: { to: { file: { categories: 'flag-reader' } } } },
  { allow: { to: { module: { origin: ['external', 'core'] } } } },
  {
    from: { element: { types: { anyOf: ['shared', 'renderer'] } } },
    disallow: { to: { module: { origin: 'core' } } },
  },
  ...packageOwners.flatMap(({ source, types }) => [
    { disallow: { to: { module: { source } } } },
    { from: { element: { types: { anyOf: [...types, 'test'] } } }, allow: { to: { module: { source } } } },
  ]),
  { disallow: { to: { module: { source: ['electron', 'electron-updater'] } } } },
  { from: { file: { categories: 'electron-api' } }, allow: { to: { module: { source: ['electron', 'electron-updater'] } } } },
];

export default defineConfig(
  {
    ignores: ['dist/', 'release/', 'node_modules/', 'test-artifacts/', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  // The Svelte rules hold for Svelte files only (some wrap core rules that trip on plain CommonJS).
  ...svelte.configs['flat/recommended'].map((config) => (config.files || !config.rules ? config : { ...config, files: ['**/*.svelte', '**/*.svelte.ts'] })),
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Off, from the recommended sets:
      // - unbound-method: function-valued members are declared in method shorthand (`out(text): void`) and
      //   filled with closures, not class methods; passing `io.out` along is safe and the rule cannot tell.
      '@typescript-eslint/unbound-method': 'off',
      // - require-await: an `async` function without `await` is deliberate here: it implements an async
      //   interface (secret stores, IPC handlers) and turns a throw into a rejection.
      '@typescript-eslint/require-await': 'off',
      // - no-base-to-string: `String(value)` shows an `unknown` JSON scalar as text; the rule flags every one.
      '@typescript-eslint/no-base-to-string': 'off',
      // - no-redundant-type-constituents: `OperationKind | string` says which values to expect while admitting
      //   ones read from disk that this version does not know.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      // - no-control-regex: the code and CSV checks look for control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests read untyped JSON bodies from the local sandbox service and assert on them; the assertion is the check.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,svelte}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, svelteFeatures: { experimentalGenerics: true } },
    },
  },
  {
    // typescript-eslint cannot read the types of a `.svelte` module, so a component's props and events
    // look like `any` to it; svelte-check (npm run typecheck) types the Svelte files instead.
    files: ['**/*.svelte'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['{electron,renderer,shared,test}/**/*.{ts,svelte}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js', '.svelte', '.svelte.ts'] } },
      'boundaries/include': ['{electron,renderer,shared,test}/**/*'],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
      'boundaries/elements': layers.map(({ type, folder }) => ({ type, pattern: folder, partialMatch: false })),
      'boundaries/files': [
        ...entryPoints.map((pattern) => ({ category: 'entry-point', pattern })),
        ...localServiceStarters.map((pattern) => ({ category: 'local-service-starter', pattern })),
        ...electronApiFiles.map((pattern) => ({ category: 'electron-api', pattern })),
        { category: 'sql-loader', pattern: 'electron/store/sqljs.ts' },
        { category: 'flag-reader', pattern: 'electron/command-line/flags.ts' },
      ],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, checkUnknownLocals: true, policies: layerPolicies }],
    },
  },
  prettier,
);
