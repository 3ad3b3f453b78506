/**
 * Every LinuxCNC lathe program the product writes, run through LinuxCNC's own interpreter rs274
 * (Debian's linuxcnc-uspace) with a lathe INI and a tool table of our own: no interpreter error,
 * and the extents rs274 reports match the verifier's. The golden program's canonical moves, as
 * rs274 reads them, feed the same stock simulation as ours: an independent read-back.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BlueprintDescription } from '#contracts/blueprint';
import { turnedPartFromDescription } from '#cam/lathe/part';
import { suggestRoundBar } from '#cam/lathe/stock';
import { classifyTool } from '#cam/lathe/tooling';
import { readDxf } from '#drawings/dxf/reader';
import type { InterpreterEvent } from '#cam/gcode/events';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import { verifyLatheEvents } from '#cam/verify/lathe/index';
import { goldenLatheJob } from '../helpers/golden-jobs.ts';
import { latheToolTable, rs274, runRs274, withSetups } from '../helpers/rs274.ts';
import { goldenDir } from '../helpers/paths.ts';
import { latheTooling, smallHolePin, testParts } from '../helpers/parts.ts';
import { PartModelError } from '#cam/errors';
import {
  cup,
  doubleCounterbored,
  longBush,
  mouthChamferedBush,
} from '../unit/cam/lathe/far-end-parts.ts';
import { farStud } from '../unit/cam/lathe/far-outside-parts.ts';
import { tappedPin, tappingTooling } from '../unit/cam/lathe/tapped-parts.ts';
import { slenderShaft } from '../unit/cam/lathe/two-chuckings-parts.ts';

const work = mkdtempSync(join(tmpdir(), 'cnc-rs274-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The tool table rs274 reads: one line per tool, nose radius as D and an orientation Q. */
const toolTable = latheToolTable(latheTooling.map(classifyTool));

interface Rs274Result {
  status: number;
  output: string;
  events: InterpreterEvent[];
  /** Extents of the canonical moves: X as a diameter. */
  extents: { xMin: number; xMax: number; zMin: number; zMax: number } | null;
}

function runLathe(gcode: string): Rs274Result {
  const run = runRs274(gcode, { machine: 'lathe', toolTable, workDir: work });
  let extents: Rs274Result['extents'] = null;
  for (const event of run.events) {
    if (event.type !== 'motion') continue;
    const { x, z } = event.to;
    extents = extents
      ? {
          xMin: Math.min(extents.xMin, x),
          xMax: Math.max(extents.xMax, x),
          zMin: Math.min(extents.zMin, z),
          zMax: Math.max(extents.zMax, z),
        }
      : { xMin: x, xMax: x, zMin: z, zMax: z };
  }
  return { ...run, extents };
}

function linuxcncProgram(description: BlueprintDescription) {
  const part = turnedPartFromDescription(description);
  const bar = suggestRoundBar(
    Math.max(...part.outer.map((section) => section.targetMm)),
    part.lengthMm,
  )!;
  return generateLatheProgram({
    description,
    material: description.materialSpecs.material || '1018',
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm: bar.diameterMm },
    machine: {
      name: 'Tormach 15L',
      serialNumber: 'RS-1',
      manufacturer: 'Tormach',
      model: '15L Slant-PRO',
      controllerType: 'Tormach PathPilot',
      controllerModel: 'PathPilot',
      dialect: 'linuxcnc',
    },
    tools: latheTooling,
    programVersion: 1,
  });
}

const blueprints = new URL('../../../shared/blueprints/', import.meta.url);
const latheGoldenDir = new URL('lathe/', goldenDir);
const dxfFiles = ['lathe', 'mill-edm'].flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, blueprints))
    .filter((file) => file.toLowerCase().endsWith('.dxf'))
    .map((file) => `${folder}/${file}`),
);

describe("LinuxCNC's interpreter accepts every LinuxCNC program", () => {
  it('has rs274 installed (npm test installs linuxcnc-uspace)', () => {
    expect(existsSync(rs274), `${rs274} is missing: apt-get install linuxcnc-uspace`).toBe(true);
  });

  it.each(Object.entries(testParts))('the designed part %s', (name, description) => {
    const program = linuxcncProgram(description);
    expect(program.report.passed).toBe(true);
    const result = runLathe(program.gcode);
    expect(result.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(result.status).toBe(0);
    const ours = program.report.stats.extents!;
    expect(result.extents).not.toBeNull();
    for (const key of ['xMin', 'xMax', 'zMin', 'zMax'] as const)
      expect(result.extents![key]).toBeCloseTo(ours[key], 3);
  });

  it.each(dxfFiles)('the drawing %s, when it is a turned part', (file) => {
    const reading = readDxf(readFileSync(new URL(file, blueprints), 'utf8'), file);
    if (!reading.isTurnedPart) {
      expect(() => turnedPartFromDescription(reading.description)).toThrow(PartModelError);
      return;
    }
    const program = linuxcncProgram(reading.description);
    const failed = program.report.checks.filter((check) => !check.passed).map((check) => check.id);
    // The reamer is drawn 875 mm or longer: turned whole from bar it sticks out some 900 mm,
    // which no program is called verified for without support (decision 063).
    expect(failed).toEqual(file.includes('long_reamer') ? ['support'] : []);
    const result = runLathe(program.gcode);
    expect(result.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(result.status).toBe(0);
  });

  it('cuts the G76 thread of the threaded adapter to its root, as the verifier reads it', () => {
    const program = linuxcncProgram(testParts.threadedAdapter);
    expect(program.gcode).toMatch(/\nG76 P1\.5 Z-16\.4 I-2 J0\.752 K1\.84 Q29\.5 R2 H1 E0 L0\n/);
    const result = runLathe(program.gcode);
    expect(result.status).toBe(0);
    // The synchronised cuts rs274 makes: one per pass, X a radius.
    const passes = [
      ...result.output.matchAll(
        /START_SPEED_FEED_SYNC\([^)]*\)\s+\d+ N\.+ STRAIGHT_FEED\(([-\d.]+), [-\d.]+, ([-\d.]+)/g,
      ),
    ].map((match) => ({ x: 2 * Number(match[1]), z: Number(match[2]) }));
    const cycle = program.plan.threads[0]!;
    expect(passes).toHaveLength(cycle.passDepthsMm.length + cycle.springPasses);
    expect(Math.min(...passes.map((pass) => pass.x))).toBeCloseTo(cycle.rootMm, 3);
    expect(passes.at(-1)!.z).toBeCloseTo(cycle.endZ, 3);
    expect(passes[0]!.x).toBeCloseTo(cycle.majorMm - 2 * cycle.passDepthsMm[0]!, 3);
    expect(program.report.checks.find((check) => check.id === 'threads')?.passed).toBe(true);
  });

  it('reads back the pin whose hole no selected drill fits: turned and parted, not drilled', () => {
    // Issue 33 (decision 046): the hole is left undone, naming the drill; the rest is made.
    const program = linuxcncProgram(smallHolePin);
    expect(program.report.passed).toBe(true);
    expect(program.report.verified).toBe(false);
    expect(program.report.unfinished).toEqual([
      'the bore Ø2.6 x 10 deep: no selected twist drill is Ø2.6 mm or smaller; a Ø2.6 mm twist drill would drill it',
    ]);
    const result = runLathe(program.gcode);
    expect(result.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(result.status).toBe(0);
    // No tool feeds along the axis into the part: the only cut to X0 inside it is the face.
    const length = program.plan.part.lengthMm;
    const intoAxis = result.events.filter(
      (event) =>
        event.type === 'motion' &&
        event.kind !== 'rapid' &&
        Math.abs(event.to.x) < 1e-6 &&
        event.to.z < -0.01 &&
        event.to.z > -length,
    );
    expect(intoAxis).toEqual([]);
    // What LinuxCNC reads leaves the same part: the hole undone, nothing else left or cut.
    const tools = latheTooling.map(classifyTool);
    const input = latheVerificationInput(program.plan, 'linuxcnc', tools);
    const replay = verifyLatheEvents(result.events, input);
    expect(replay.checks.filter((check) => !check.passed).map((check) => check.id)).toEqual([
      'inner',
    ]);
    expect(replay.verified).toBe(false);
  });

  it.each([
    ['a cup with a seat at the chuck end', cup],
    ['a bushing bored from both ends', doubleCounterbored],
    ['a stud threaded and chamfered from the far end', farStud],
    // Decision 064: turned to its collar, parted off, and the neck turned from the far end.
    ['a slender shaft turned in two chuckings', slenderShaft],
    // Decision 080: the through bore's far mouth chamfered by the boring bar.
    ['a bush chamfered at both bore mouths', mouthChamferedBush()],
    // Decision 079: a through bore deeper than the drill reaches, drilled from both ends.
    ['a long bush drilled from both ends', longBush],
  ])('reads back the second setup of %s (M0, G55) and replays it: verified as ours', (_, part) => {
    // Issue 33 (decision 048): the far-end bores are made after the part off, turned around.
    const program = linuxcncProgram(part);
    expect(program.plan.secondSetup).toBeDefined();
    expect(program.plan.secondSetup?.outsideFromMm).toBe(part === slenderShaft ? 50 : undefined);
    expect(program.report.verified).toBe(true);
    const result = runLathe(program.gcode);
    expect(result.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(result.status).toBe(0);
    // rs274's canonical moves with the stop and the work offset it reports, for our verifier.
    const { events, stopAt, g55At } = withSetups(result);
    expect(stopAt).toBeGreaterThan(0);
    expect(g55At).toBeGreaterThan(stopAt);
    const tools = latheTooling.map(classifyTool);
    const input = latheVerificationInput(program.plan, 'linuxcnc', tools);
    const replay = verifyLatheEvents(events, input);
    expect(replay.checks.filter((check) => !check.passed)).toEqual([]);
    expect(replay.verified).toBe(true);
  });

  it('reads back the far-end G76 under G55: synchronised cuts at 1.5 mm down to the root', () => {
    // Decision 053: M20x1.5 behind Ø30 is cut from the far end, the part turned around.
    const program = linuxcncProgram(farStud);
    const cycle = program.plan.secondSetup!.threads![0]!;
    const result = runLathe(program.gcode);
    expect(result.status).toBe(0);
    const canon = result.output.split('\n');
    const g55At = canon.findIndex((line) => /SET_G5X_OFFSET\(2,/.test(line)) + 1;
    const passes = result.events.filter(
      (event) => event.type === 'motion' && event.leadMm !== undefined && event.line > g55At,
    );
    expect(passes.length).toBeGreaterThan(0);
    const reached = Math.min(
      ...passes.map((event) => (event.type === 'motion' ? event.to.x : Infinity)),
    );
    expect(reached).toBeCloseTo(cycle.rootMm, 2);
    for (const event of passes)
      if (event.type === 'motion') expect(event.leadMm).toBeCloseTo(1.5, 6);
  });

  it('reads back the rigid tapping of a tapped hole (G33.1) as RIGID_TAP to the tap depth', () => {
    // Issue 33 (decision 051): the tap drill, then the tap at its pitch to the depth.
    const program = generateLatheProgram({
      description: tappedPin(),
      material: '6061-T6',
      jobType: 'Lathe',
      stock: { shape: 'round', diameterMm: 22 },
      machine: {
        name: 'Tormach 15L',
        serialNumber: 'RS-1',
        manufacturer: 'Tormach',
        model: '15L Slant-PRO',
        controllerType: 'Tormach PathPilot',
        controllerModel: 'PathPilot',
        dialect: 'linuxcnc',
      },
      tools: tappingTooling,
      programVersion: 1,
    });
    expect(program.report.verified).toBe(true);
    expect(program.gcode).toMatch(/^G33\.1 Z-19\.75 K1\.25$/m);
    const result = runRs274(program.gcode, {
      machine: 'lathe',
      toolTable: latheToolTable(tappingTooling.map(classifyTool)),
      workDir: work,
    });
    expect(result.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(result.status).toBe(0);
    // RIGID_TAP(line, x, y, z, scale): rs274 reports the tap's end point, on the axis.
    const tap = result.output.split('\n').find((line) => /RIGID_TAP\(/.test(line));
    expect(tap).toBeDefined();
    expect(tap).toMatch(/-19\.75/);
  });

  it('reports an interpreter error for a program LinuxCNC does not accept', () => {
    const result = runLathe('%\nG7 G18 G21\nG50 S2000\nM30\n%\n');
    expect(result.status).not.toBe(0);
  });

  /** The golden LinuxCNC lathe job's program and the verifier input it is checked with. */
  function golden() {
    const job = goldenLatheJob('linuxcnc');
    const program = generateLatheProgram(job);
    const tools = latheTooling.map(classifyTool);
    return { program, input: latheVerificationInput(program.plan, 'linuxcnc', tools, job) };
  }

  it('replays the golden LinuxCNC lathe program through the stock simulation: verified as ours', () => {
    const { program, input } = golden();
    const text = readFileSync(new URL('linuxcnc.nc', latheGoldenDir), 'utf8');
    expect(text).toBe(program.gcode);
    const result = runLathe(text);
    expect(result.status, result.output.slice(-400)).toBe(0);
    // What LinuxCNC reads, cut from the same bar with the same tools, leaves the same part.
    const replay = verifyLatheEvents(result.events, input);
    expect(replay.checks.filter((check) => !check.passed)).toEqual([]);
    expect(replay.verified).toBe(true);
    const ours = program.report.operations!;
    replay.operations!.forEach((operation, index) => {
      expect(operation.name).toBe(ours[index]!.name);
      expect(operation.removedCm3).toBeCloseTo(ours[index]!.removedCm3, 2);
      expect(operation.maxDepthOfCutMm).toBeCloseTo(ours[index]!.maxDepthOfCutMm, 2);
    });
  });

  it('rejects, read by rs274, the adapter program written before issue 14', () => {
    const { input } = golden();
    const before = readFileSync(
      new URL('../fixtures/lathe/adapter-before-issue-14.linuxcnc.nc', import.meta.url),
      'utf8',
    );
    const result = runLathe(before);
    expect(result.status).toBe(0);
    const replay = verifyLatheEvents(result.events, input);
    expect(replay.verified).toBe(false);
    expect(replay.checks.find((check) => check.id === 'finishing')!.details.join('\n')).toMatch(
      /^Finish OD: T2 DNMG 150404 takes 2\.5\d+ mm/m,
    );
  });
});
