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

/**
 * The order of cam/'s folders (docs/decisions/038-cam-one-direction.md): imports go one way,
 * from Check Program (cam/check/) to the job pipelines (cam/jobs/) to the verifiers (cam/verify/) and the post-processors
 * (cam/post/), to the kinds' plans (cam/lathe, mill, wire, sinker), to the prismatic part model,
 * to the interpreter (cam/gcode/) and the shared geometry and callouts. `inCam` matches a
 * specifier naming one of cam's folders by alias (`#cam/verify/…`) or by a relative path
 * (`../verify/…`, `../../verify/…`, or `./verify/…` from cam's root).
 */
const inCam = (...folders) => `^(#cam/(${folders.join('|')})/|(\\.\\.?/)+(${folders.join('|')})/)`;
const cite = '(docs/decisions/038-cam-one-direction.md)';
const camOrder = {
  check: {
    regex: inCam('check'),
    message: `Check Program (cam/check/) stands above the pipelines, as a reader of any shop's program: nothing else in cam/ imports it ${cite}.`,
  },
  jobs: {
    regex: inCam('jobs'),
    message: `cam/jobs/ (the pipelines and the dispatcher) stands above the rest of cam/: nothing else in cam/ imports it ${cite}.`,
  },
  verify: {
    regex: inCam('verify'),
    message: `Only cam/jobs/ imports the verifiers (cam/verify/): plans, posts and the interpreter never do ${cite}.`,
  },
  post: {
    regex: inCam('post'),
    message: `Only cam/jobs/ imports the post-processors (cam/post/): plans, the interpreter and the verifiers never do ${cite}.`,
  },
  kinds: {
    regex: inCam('lathe', 'mill', 'wire', 'sinker'),
    message: `The interpreter, the prismatic part model, geometry and callouts never import the kinds' plans (cam/lathe, mill, wire, sinker) ${cite}.`,
  },
  prismatic: {
    regex: inCam('prismatic'),
    message: `The interpreter, geometry and callouts never import the prismatic part model (cam/prismatic/) ${cite}.`,
  },
};

/** What every file of cam/ never imports. */
const camLayer = [
  forbid.serverAndDatabase,
  forbid.ui,
  forbid.charts,
  forbid.drawings,
  forbid.nodeBuiltins,
  forbid.serverModules,
];
/** What the plans (and the shared modules at cam's root) never import: everything above them. */
const abovePlans = [camOrder.check, camOrder.jobs, camOrder.verify, camOrder.post];

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
  layer(['cam/**/*.ts'], ...camLayer),
  // cam/'s folders in their order (a later block replaces the patterns, so each repeats camLayer).
  // cam/setup-sheet/ reads the kinds' plans for the dispatcher (decision 107): it stands where
  // they do, below the pipelines, posts and verifiers.
  // cam/tool-library/ reads and writes the shop's tool rows with the kinds' readings of them.
  layer(['cam/jobs/**/*.ts'], ...camLayer, camOrder.check),
  layer(
    ['cam/*.ts', 'cam/{lathe,mill,wire,sinker,setup-sheet,tool-library}/**/*.ts'],
    ...camLayer,
    ...abovePlans,
  ),
  layer(['cam/prismatic/**/*.ts'], ...camLayer, ...abovePlans, camOrder.kinds),
  layer(
    ['cam/{gcode,geometry,callouts}/**/*.ts'],
    ...camLayer,
    ...abovePlans,
    camOrder.kinds,
    camOrder.prismatic,
  ),
  layer(['cam/post/**/*.ts'], ...camLayer, camOrder.check, camOrder.jobs, camOrder.verify),
  layer(['cam/verify/**/*.ts'], ...camLayer, camOrder.check, camOrder.jobs, camOrder.post),
  layer(['drawings/**/*.ts'], forbid.serverAndDatabase, forbid.ui, forbid.charts),
  // The CAM core and the readers are read function by function (issue 32): none over 150 lines.
  {
    files: ['cam/**/*.ts', 'drawings/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['scripts/**', 'tests/**', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
