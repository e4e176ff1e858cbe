// One lint configuration and one ESLint run for the whole workspace (`pnpm lint`, turbo's `//#eslint`
// task): one process reads the type declarations the packages share once, not once per package.
// Rules that need type information read each file's own tsconfig, so the packages' `dist` must be
// built first (the task depends on their builds).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['**/dist/', '**/coverage/', '**/.turbo/', 'apps/api/data/', 'apps/api/e2e/screenshots/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: {
        projectService: {
          // Config files outside every tsconfig's `include`; a handful, so the default project is cheap.
          allowDefaultProject: ['packages/*/vitest.config.ts', 'packages/*/vitest.global-setup.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // A `let` read by a closure before its one assignment (a logger that exists later) cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Dependencies point downhill (docs/architecture.md): the layers under the features (transport,
    // live, sessions, events, jobs) serve every feature and import none. Only the composition roots
    // that assemble the app may name every feature.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/modules/**',
      'apps/api/src/{app,server,main,background-jobs}.ts',
      'apps/api/src/endpoints/all.ts',
      'apps/api/src/trpc/root.ts',
      'apps/api/src/bootstrap/**',
      'apps/api/src/scripts/**',
      'apps/api/src/test/**',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message: 'Una capa bajo las funcionalidades no importa ninguna: mueve lo común a packages/domain o a esta capa.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature uses the layers under it and never the roots that assemble it.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/endpoints/all.js', '**/trpc/root.js', '**/app.js', '**/server.js', '**/background-jobs.js'],
              message: 'Una funcionalidad no importa las raíces que montan la aplicación.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    // Migrations are frozen in time: they run against whatever schema the database has then, not
    // today's table types, so they take Kysely<any> (as Kysely's documentation does).
    files: ['packages/db/src/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read JSON answers and /ws frames loosely: the test clients answer `any` on purpose, and each
    // assertion states the shape it expects. Type-checking every step of that reading adds casts, not safety.
    files: ['**/*.test.ts', 'apps/api/src/test/**', 'apps/api/e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript (this file, a worker script) has no type information to check against.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
