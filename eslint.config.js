// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layer boundaries of DESIGN.md and docs/decisions/016-layout.md, as import patterns.
 * Each pattern matches a specifier by regex, so the `#` aliases are matched too (in the plain
 * `group` syntax a leading `#` starts a comment and the pattern would never fire); relative
 * specifiers that climb into another layer are matched as well.
 */
const climbInto = (...folders) => `^(#(${folders.join('|')})/|(\\.\\./)+(${folders.join('|')})/)`;
const forbid = {
  serverAndDatabase: {
    regex: climbInto('server', 'db'),
    message:
      'src/, machines/, contracts/, cam/ and drawings/ never import server/ or db/ (docs/decisions/016-layout.md).',
  },
  ui: { regex: climbInto('src'), message: 'Only the UI imports src/.' },
  charts: {
    regex: climbInto('machines'),
    message: 'The charts are imported by the UI and the server only.',
  },
  drawings: {
    regex: climbInto('drawings'),
    message: 'The drawing readers are Node-bound: only the server imports drawings/.',
  },
  nodeBuiltins: {
    regex: `^(node:.*|(${builtinModules.filter((name) => !name.startsWith('_')).join('|')})(/.*)?)$`,
    message: 'cam/ and contracts/ run in the browser too: no Node built-ins.',
  },
  serverModules: {
    regex: `^(fastify|fastify-.*|@fastify/.*|drizzle-orm(/.*)?|pg|@electric-sql/pglite(/.*)?|nodemailer|@node-rs/argon2|@anthropic-ai/sdk|sharp|pdfjs-dist(/.*)?|tesseract\\.js|occt-import-js)$`,
    message: 'Server-only packages stay out of the UI, the charts and the CAM core.',
  },
  anythingButZod: {
    regex: '^(?!(zod|\\./.*)$)',
    message: 'contracts/ imports nothing but zod and its own files.',
  },
};
/** One layer's allowed imports: every file of the layer gets exactly these patterns. */
const layer = (files, ...patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

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
  layer(
    ['src/**/*.{ts,tsx}'],
    forbid.serverAndDatabase,
    forbid.drawings,
    forbid.nodeBuiltins,
    forbid.serverModules,
  ),
  layer(
    ['machines/**/*.ts'],
    forbid.serverAndDatabase,
    forbid.ui,
    forbid.drawings,
    forbid.nodeBuiltins,
    forbid.serverModules,
  ),
  layer(['contracts/**/*.ts'], forbid.anythingButZod),
  layer(
    ['cam/**/*.ts'],
    forbid.serverAndDatabase,
    forbid.ui,
    forbid.charts,
    forbid.drawings,
    forbid.nodeBuiltins,
    forbid.serverModules,
  ),
  layer(['drawings/**/*.ts'], forbid.serverAndDatabase, forbid.ui, forbid.charts),
  {
    files: ['scripts/**', 'tests/**', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
