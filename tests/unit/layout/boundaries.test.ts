/**
 * The layer boundaries (docs/decisions/016-layout.md) fire: ESLint, with the project's own
 * config, refuses each forbidden import in each layer and lets the allowed ones through. The
 * probe files do not exist, so type-aware linting is turned off for them.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '#tests/helpers/paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: fileURLToPath(repoRoot),
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
  });
});

/** The no-restricted-imports messages ESLint gives one import line in a file of that path. */
async function refusals(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport {};\n`, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.fatal)
    .map((message) => message.message);
}

const forbidden: [layer: string, file: string, line: string, says: RegExp][] = [
  ['cam', 'cam/probe.ts', "import { AppError } from '#server/errors';", /never import server/],
  [
    'cam',
    'cam/mill/probe.ts',
    "import { users } from '../../db/schema.ts';",
    /never import server/,
  ],
  ['cam', 'cam/probe.ts', "import { readFileSync } from 'node:fs';", /no Node built-ins/],
  ['cam', 'cam/probe.ts', "import path from 'path';", /no Node built-ins/],
  ['cam', 'cam/probe.ts', "import { readDrawing } from '#drawings/read';", /Node-bound/],
  [
    'cam',
    'cam/probe.ts',
    "import type { QbotWorkflowMachine } from '#machines/qbotWorkflow';",
    /charts/,
  ],
  ['cam', 'cam/probe.ts', "export { eq } from 'drizzle-orm';", /Server-only packages/],
  [
    'contracts',
    'contracts/probe.ts',
    "import type { PromptKind } from '#db/schema';",
    /nothing but zod/,
  ],
  [
    'contracts',
    'contracts/probe.ts',
    "import { toolTypeOf } from '#cam/tooling';",
    /nothing but zod/,
  ],
  [
    'contracts',
    'contracts/probe.ts',
    "import { randomUUID } from 'node:crypto';",
    /nothing but zod/,
  ],
  [
    'drawings',
    'drawings/dxf/probe.ts',
    "import { AppError } from '#server/errors';",
    /never import server/,
  ],
  ['drawings', 'drawings/probe.ts', "import { threads } from '#db/schema';", /never import server/],
  [
    'machines',
    'machines/probe.ts',
    "import type { Database } from '#server/database';",
    /never import server/,
  ],
  ['machines', 'machines/probe.ts', "import { api } from '#src/api/client.ts';", /Only the UI/],
  [
    'src',
    'src/qbot/Probe.tsx',
    "import { loadConfig } from '#server/config';",
    /never import server/,
  ],
  ['src', 'src/Probe.tsx', "import { readDrawing } from '../drawings/read.ts';", /Node-bound/],
  ['src', 'src/Probe.tsx', "import Fastify from 'fastify';", /Server-only packages/],
];

const allowed: [layer: string, file: string, line: string][] = [
  ['cam', 'cam/probe.ts', "import type { BlueprintDescription } from '#contracts/blueprint';"],
  ['cam', 'cam/mill/probe.ts', "import { circlePolygon } from '../geometry/polygon.ts';"],
  ['contracts', 'contracts/probe.ts', "import { z } from 'zod';"],
  ['contracts', 'contracts/probe.ts', "import { jobTypes } from './job-types.ts';"],
  ['drawings', 'drawings/probe.ts', "import { readFileSync } from 'node:fs';"],
  ['drawings', 'drawings/probe.ts', "import { parseThreadCallout } from '#cam/callouts';"],
  ['machines', 'machines/probe.ts', "import { qbotMessages } from '#contracts/qbot-workflow';"],
  ['src', 'src/Probe.tsx', "import { qbotWorkflowMachine } from '#machines/qbotWorkflow';"],
  ['server', 'server/probe.ts', "import { threads } from '#db/schema';"],
  ['server', 'server/probe.ts', "import { readDrawing } from '#drawings/read';"],
];

describe('layer boundaries', () => {
  it.each(forbidden)('%s refuses %s: %s', async (_layer, file, line, says) => {
    const messages = await refusals(file, line);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(says);
  });

  it.each(allowed)('%s allows %s: %s', async (_layer, file, line) => {
    expect(await refusals(file, line)).toEqual([]);
  });
});
