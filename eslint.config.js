// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Modules that only exist on the server: the isomorphic folders and the UI must not import them. */
const serverOnlyModules = [
  'node:*',
  'fs',
  'path',
  'crypto',
  'fastify',
  'fastify-*',
  '@fastify/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'nodemailer',
  '@node-rs/argon2',
  '@anthropic-ai/sdk',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'coverage/',
      'db/migrations/',
      'src/routeTree.gen.ts',
      'tests/.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.app.json', './tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // Fastify plugins and route handlers are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'contracts/**/*.ts', 'cam/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: serverOnlyModules,
              message: 'Isomorphic code and the UI must not import server-only modules.',
            },
            {
              group: ['#server/*', '#db/*'],
              message: 'The UI, the charts, the contracts and the CAM core never import the server or the database.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'tests/**', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
