/**
 * Routes stay thin over repositories (issue 32, docs/decisions/041-thin-routes-and-repositories.md):
 * no file under server/routes imports the tables (`#db/schema`, or db/schema by a relative path)
 * or drizzle-orm, or queries the database handle itself; and no file of the server but the
 * stored-files repository (server/storage/stored-files.ts) uses the `stored_files` table. Each
 * check runs on the real tree and on made-up files that must fail it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#tests/helpers/paths';

interface SourceFile {
  /** Path from the checkout's root, with forward slashes. */
  path: string;
  text: string;
}

/** The only module that may use the stored-files table. */
const storedFilesRepository = 'server/storage/stored-files.ts';

/** Every TypeScript file under a folder of the checkout. */
function sourceFiles(folder: string): SourceFile[] {
  const root = fileURLToPath(repoRoot);
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => `${folder}/${name.replaceAll('\\', '/')}`)
    .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

/** An import or re-export: what it names (the text between the keyword and `from`) and from where. */
interface ImportStatement {
  names: string;
  specifier: string;
}

/** The static imports, re-exports and dynamic imports of a file's text. */
function importsOf(text: string): ImportStatement[] {
  const statements = [
    ...text.matchAll(/\b(?:import|export)\s+([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g),
  ].map((match) => ({ names: match[1]!, specifier: match[2]! }));
  const bare = [...text.matchAll(/\bimport\s*(?:\(\s*)?['"]([^'"]+)['"]/g)].map((match) => ({
    names: '',
    specifier: match[1]!,
  }));
  return [...statements, ...bare];
}

/** Whether an import specifier in the file at `path` names the drizzle schema (db/schema…). */
function isSchema(path: string, specifier: string): boolean {
  if (specifier === '#db/schema' || specifier.startsWith('#db/schema/')) return true;
  if (!specifier.startsWith('.')) return false;
  const target = normalize(join(dirname(path), specifier)).replaceAll('\\', '/');
  return /^db\/schema(?:\.ts|\/|$)/.test(target);
}

const isDrizzle = (specifier: string) =>
  specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');

/** A query on the database handle written in the file itself. */
const databaseQuery = /\bdb\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|query)\b/;

/** The reasons a route file breaks the rule, one a line: `path: what it does`. */
function routeViolations(files: SourceFile[]): string[] {
  return files.flatMap(({ path, text }) => [
    ...importsOf(text)
      .filter(({ specifier }) => isSchema(path, specifier) || isDrizzle(specifier))
      .map(({ specifier }) => `${path}: imports ${specifier}`),
    ...(databaseQuery.test(text) ? [`${path}: queries the database itself`] : []),
  ]);
}

/** Whether a file imports the `storedFiles` table or reaches it through the query API. */
function usesStoredFiles({ path, text }: SourceFile): boolean {
  const imported = importsOf(text).some(
    ({ names, specifier }) =>
      isSchema(path, specifier) &&
      (/\bstoredFiles\b/.test(names) ||
        (/\*\s+as\s+(\w+)/.test(names) &&
          new RegExp(`\\b${/\*\s+as\s+(\w+)/.exec(names)![1]}\\.storedFiles\\b`).test(text))),
  );
  return imported || /\.query\s*\.\s*storedFiles\b/.test(text);
}

/** The files other than the repository that use the table. */
function storedFilesViolations(files: SourceFile[]): string[] {
  return files
    .filter((file) => file.path !== storedFilesRepository)
    .filter(usesStoredFiles)
    .map(({ path }) => path);
}

describe('thin routes', () => {
  it('no route imports the tables or drizzle-orm, or queries the database itself', () => {
    const routes = sourceFiles('server/routes');
    expect(routes.length).toBeGreaterThan(8);
    expect(routeViolations(routes)).toEqual([]);
  });

  it('fires on a route that imports a table, drizzle-orm or the schema by a relative path', () => {
    const files: SourceFile[] = [
      { path: 'server/routes/a/index.ts', text: "import { users } from '#db/schema';\n" },
      {
        path: 'server/routes/b/index.ts',
        text: "import {\n  and,\n  eq,\n} from 'drizzle-orm';\n",
      },
      {
        path: 'server/routes/c/index.ts',
        text: "import type { Thread } from '../../../db/schema/qbot.ts';\n",
      },
      { path: 'server/routes/d/index.ts', text: 'await app.db.update(users).set({});\n' },
      {
        path: 'server/routes/e/index.ts',
        text: "import { findThread } from '#server/qbot/threads';\nawait findThread(app.db, key);\n",
      },
    ];
    expect(routeViolations(files)).toEqual([
      'server/routes/a/index.ts: imports #db/schema',
      'server/routes/b/index.ts: imports drizzle-orm',
      'server/routes/c/index.ts: imports ../../../db/schema/qbot.ts',
      'server/routes/d/index.ts: queries the database itself',
    ]);
  });
});

describe('the stored-files table', () => {
  it('is used by its repository alone', () => {
    const server = sourceFiles('server');
    expect(server.some((file) => file.path === storedFilesRepository)).toBe(true);
    expect(storedFilesViolations(server)).toEqual([]);
  });

  it('fires on a module that imports the table or reaches it through the query API', () => {
    const files: SourceFile[] = [
      {
        path: storedFilesRepository,
        text: "import { programVersions, storedFiles, threads } from '#db/schema';\n",
      },
      {
        path: 'server/qbot/a.ts',
        text: "import {\n  programVersions,\n  storedFiles,\n} from '#db/schema';\n",
      },
      { path: 'server/assistant/b.ts', text: "import * as schema from '../../db/schema.ts';\n" },
      {
        path: 'server/assistant/c.ts',
        text: "import * as tables from '#db/schema';\ntables.storedFiles;\n",
      },
      { path: 'server/d.ts', text: 'await app.db.query.storedFiles.findMany();\n' },
      {
        path: 'server/e.ts',
        text: "import { findStoredFile } from './storage/stored-files.ts';\n",
      },
      { path: 'server/f.ts', text: "import { storedFiles } from '#db/schema';\n" },
    ];
    expect(storedFilesViolations(files)).toEqual([
      'server/qbot/a.ts',
      'server/assistant/c.ts',
      'server/d.ts',
      'server/f.ts',
    ]);
  });
});
