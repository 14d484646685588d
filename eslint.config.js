// Lint: type-aware TypeScript rules, Svelte files, and the layer map below (eslint-plugin-boundaries).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

/**
 * The layers. A file belongs to the first folder that holds it; each layer lists the layers it may import.
 * Tests may import every layer.
 */
const layers = [
  { type: 'local-service', folder: 'electron/local-service', mayImport: ['shared'] },
  { type: 'electron', folder: 'electron', mayImport: ['shared'] },
  { type: 'renderer', folder: 'renderer', mayImport: ['shared'] },
  { type: 'shared', folder: 'shared', mayImport: [] },
  { type: 'test', folder: 'test', mayImport: ['local-service', 'electron', 'renderer', 'shared'] },
];

/** The only app files that start the local sandbox service: the CLI's `sandbox` command and the web host's `--sandbox`. */
const localServiceStarters = ['electron/cli/commands/sandbox.ts', 'electron/host/web-cli.ts'];
/** The only files that may import the `electron` package; everything else runs in plain Node too. */
const electronApiFiles = ['electron/main.ts', 'electron/preload.ts', 'electron/updater.ts'];

const layerPolicies = [
  ...layers.map(({ type, mayImport }) => ({
    from: { element: { type } },
    allow: { to: { element: { types: { anyOf: [type, ...mayImport] } } } },
  })),
  { from: { element: { type: 'test' } }, allow: { to: { module: { origin: 'local' } } } },
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
  { disallow: { to: { module: { source: 'electron' } } } },
  { from: { file: { categories: 'electron-api' } }, allow: { to: { module: { source: 'electron' } } } },
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
