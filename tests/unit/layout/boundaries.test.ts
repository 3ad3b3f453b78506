/**
 * The layer boundaries (docs/decisions/016-layout.md) and the order of cam/'s folders
 * (docs/decisions/038-cam-one-direction.md) fire: ESLint, with the project's own config, refuses
 * each forbidden import in each layer and lets the allowed ones through. The probe files do not
 * exist, so type-aware linting is turned off for them.
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
    "import { toolNumberOf } from '#cam/tool-row';",
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

/** cam/'s folders import one way (docs/decisions/038-cam-one-direction.md). */
const camForbidden: [folder: string, file: string, line: string, says: RegExp][] = [
  [
    'lathe',
    'cam/lathe/probe.ts',
    "import { verifyLatheEvents } from '../verify/lathe/index.ts';",
    /imports the verifiers/,
  ],
  [
    'mill',
    'cam/mill/probe.ts',
    "import { millPostFor } from '#cam/post/mill/index';",
    /imports the post-processors/,
  ],
  [
    'wire',
    'cam/wire/probe.ts',
    "import { generateWireProgram } from '../jobs/wire.ts';",
    /stands above/,
  ],
  [
    'sinker',
    'cam/sinker/probe.ts',
    "import { sinkerPost } from '../post/edm/sinker.ts';",
    /imports the post-processors/,
  ],
  [
    'lathe',
    'cam/lathe/probe.ts',
    "import { AppError } from '#server/errors';",
    /never import server/,
  ],
  ['root', 'cam/probe.ts', "import { generateProgram } from './jobs/generate.ts';", /stands above/],
  [
    'setup-sheet',
    'cam/setup-sheet/probe.ts',
    "import { lathePostFor } from '../post/lathe/index.ts';",
    /imports the post-processors/,
  ],
  [
    'root',
    'cam/probe.ts',
    "import { verifyMillProgram } from '#cam/verify/mill/index';",
    /imports the verifiers/,
  ],
  [
    'prismatic',
    'cam/prismatic/probe.ts',
    "import type { MillPlan } from '../mill/program.ts';",
    /kinds' plans/,
  ],
  [
    'prismatic',
    'cam/prismatic/probe.ts',
    "import { wirePost } from '#cam/post/edm/wire';",
    /imports the post-processors/,
  ],
  [
    'gcode',
    'cam/gcode/probe.ts',
    "import type { LathePlan } from '../lathe/program.ts';",
    /kinds' plans/,
  ],
  [
    'gcode',
    'cam/gcode/probe.ts',
    "import type { PrismaticPart } from '#cam/prismatic/part';",
    /prismatic part model/,
  ],
  [
    'gcode',
    'cam/gcode/probe.ts',
    "import { verifyLatheEvents } from '#cam/verify/lathe/index';",
    /imports the verifiers/,
  ],
  [
    'geometry',
    'cam/geometry/probe.ts',
    "import { millOutline } from '../jobs/mill.ts';",
    /stands above/,
  ],
  [
    'callouts',
    'cam/callouts/probe.ts',
    "import type { SinkerPlan } from '../sinker/program.ts';",
    /kinds' plans/,
  ],
  [
    'post',
    'cam/post/lathe/probe.ts',
    "import { verifyLatheEvents } from '../../verify/lathe/index.ts';",
    /imports the verifiers/,
  ],
  [
    'post',
    'cam/post/probe.ts',
    "import { generateProgram } from '#cam/jobs/generate';",
    /stands above/,
  ],
  [
    'verify',
    'cam/verify/probe.ts',
    "import { lathePostFor } from '../post/lathe/index.ts';",
    /imports the post-processors/,
  ],
  [
    'verify',
    'cam/verify/probe.ts',
    "import { postLatheJob } from '#cam/jobs/lathe';",
    /stands above/,
  ],
  [
    'verify',
    'cam/verify/lathe/probe.ts',
    "import { lathePostFor } from '../../post/lathe/index.ts';",
    /imports the post-processors/,
  ],
  [
    'verify',
    'cam/verify/mill/probe.ts',
    "import { postMillJob } from '../../jobs/mill.ts';",
    /stands above/,
  ],
];

camForbidden.push(
  [
    'jobs',
    'cam/jobs/probe.ts',
    "import { checkProgram } from '../check/index.ts';",
    /Check Program/,
  ],
  [
    'verify',
    'cam/verify/probe.ts',
    "import { partCheckOf } from '#cam/check/part';",
    /Check Program/,
  ],
  [
    'tool-library',
    'cam/tool-library/probe.ts',
    "import { postMillJob } from '../jobs/mill.ts';",
    /stands above/,
  ],
);

const camAllowed: [folder: string, file: string, line: string][] = [
  ['check', 'cam/check/probe.ts', "import { postLatheJob } from '../jobs/lathe.ts';"],
  [
    'tool-library',
    'cam/tool-library/probe.ts',
    "import { classifyMillTool } from '../mill/tooling.ts';",
  ],
  ['jobs', 'cam/jobs/probe.ts', "import { verifyLatheEvents } from '../verify/lathe/index.ts';"],
  ['jobs', 'cam/jobs/probe.ts', "import { lathePostFor } from '#cam/post/lathe/index';"],
  ['verify', 'cam/verify/probe.ts', "import type { LathePlan } from '../lathe/program.ts';"],
  ['verify', 'cam/verify/probe.ts', "import { interpretProgram } from '../gcode/interpreter.ts';"],
  [
    'verify',
    'cam/verify/lathe/probe.ts',
    "import type { LatheStock } from '../../lathe/stock-model.ts';",
  ],
  ['verify', 'cam/verify/wire/probe.ts', "import { walkProgram } from '../pass.ts';"],
  ['post', 'cam/post/edm/probe.ts', "import type { WirePlan } from '../../wire/program.ts';"],
  [
    'post',
    'cam/post/lathe/probe.ts',
    "import type { LatheDialect } from '../../gcode/dialects.ts';",
  ],
  ['mill', 'cam/mill/probe.ts', "import type { PrismaticPart } from '../prismatic/part.ts';"],
  ['mill', 'cam/mill/probe.ts', "import type { MotionEvent } from '#cam/gcode/events';"],
  [
    'setup-sheet',
    'cam/setup-sheet/probe.ts',
    "import type { LathePlan } from '../lathe/program.ts';",
  ],
  ['root', 'cam/probe.ts', "import type { PrismaticPart } from './prismatic/part.ts';"],
  [
    'prismatic',
    'cam/prismatic/probe.ts',
    "import { circlePolygon } from '../geometry/polygon.ts';",
  ],
  ['gcode', 'cam/gcode/probe.ts', "import { coarsePitchOf } from '../iso261.ts';"],
];

describe("the order of cam's folders", () => {
  it.each(camForbidden)('cam/%s refuses %s: %s', async (_folder, file, line, says) => {
    const messages = await refusals(file, line);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(says);
  });

  it.each(camAllowed)('cam/%s allows %s: %s', async (_folder, file, line) => {
    expect(await refusals(file, line)).toEqual([]);
  });
});

/** The max-lines-per-function messages ESLint gives a function `lines` lines long. */
async function longFunctionMessages(filePath: string, lines: number): Promise<string[]> {
  const body = Array.from({ length: lines - 4 }, (_, index) => `  total += ${index};`).join('\n');
  const text = `export function probe(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
  const [result] = await eslint.lintText(text, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'max-lines-per-function')
    .map((message) => message.message);
}

describe('function length in cam/ and drawings/', () => {
  it.each(['cam/mill/probe.ts', 'drawings/pdf/probe.ts'])(
    '%s refuses a function of 151 lines and takes one of 150',
    async (file) => {
      expect(await longFunctionMessages(file, 150)).toEqual([]);
      expect(await longFunctionMessages(file, 151)).toEqual([
        expect.stringMatching(/too many lines \(151\)\. Maximum allowed is 150/),
      ]);
    },
  );

  it('server/ is not held to it', async () => {
    expect(await longFunctionMessages('server/probe.ts', 160)).toEqual([]);
  });
});
