// One linter for the whole tree. Besides the usual rules it keeps the dependency direction of
// docs/architecture.md: nothing imports apps/*, and the game engine imports no I/O and no other workspace.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noAppImports = {
  group: ['@ruthless/server', '@ruthless/server/*', '@ruthless/web', '@ruthless/web/*', '**/apps/*'],
  message: 'Nothing imports from apps/*: share code through packages/protocol or packages/game.',
};

// The web app's features stand side by side: a feature imports no other feature, and the shared
// folders (components, lib, stores, api, hooks) import none. Routes in app/ compose features.
const webFeatures = readdirSync(new URL('apps/web/src/features', import.meta.url));
const featureZones = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          noAppImports,
          {
            regex: `^@/features/(?!${feature}/)`,
            message:
              'A feature imports no other feature: move what both need to lib/, stores/, api/ or components/.',
          },
          {
            group: ['../../*'],
            message: "Stay inside the feature's folder: import shared code by its @/ path.",
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [noAppImports] }],
    },
  },
  {
    files: ['packages/game/src/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              group: ['@ruthless/*'],
              message: 'The game engine imports no other workspace.',
            },
            {
              group: [
                'node:*',
                'fs',
                'path',
                'http',
                'https',
                'net',
                'crypto',
                'child_process',
                'os',
                'zod',
                'react',
                'react-dom',
              ],
              message: 'The game engine is pure: no I/O, no Node APIs, no frameworks (only @noble/hashes).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'The game engine is pure: pass configuration in.' },
        { name: 'Buffer', message: 'Use Uint8Array and @noble/hashes utilities.' },
        { name: 'fetch', message: 'The game engine does no I/O.' },
        { name: 'setTimeout', message: 'The game engine has no clock: time comes in events.' },
        { name: 'setInterval', message: 'The game engine has no clock: time comes in events.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Randomness comes from the seed.' },
        { object: 'Date', property: 'now', message: 'Time comes in as an argument.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'Time comes in as an argument.' },
        {
          selector: "Program > VariableDeclaration[kind='let']",
          message: 'No hidden module state in the engine: pass it in, or memoise by seed (SeedMemo).',
        },
        {
          selector: 'MemberExpression[property.name=/^_/]',
          message: "The engine uses its libraries' public APIs only.",
        },
      ],
    },
  },
  {
    files: ['packages/protocol/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              group: ['node:*', 'react', 'fastify', 'socket.io', 'drizzle-orm'],
              message: 'protocol holds the wire contract only: zod and the game types.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...featureZones,
  {
    files: ['apps/web/src/{components,lib,stores,api,hooks}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            {
              group: ['@/features/*', '**/features/*'],
              message: 'Shared code imports no feature: features build on it, not the other way.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
