/**
 * External threads on the lathe: pitch from the callout, depth and infeed, the DIN 76 undercut,
 * the tool they need, the finishing feed for the drawing's roughness, and the cycle each dialect
 * writes.
 */
import { describe, expect, it } from 'vitest';
import type { BlueprintDescription, DiameterFeature } from '#contracts/blueprint';
import { emptyDescription } from '#contracts/blueprint';
import { feedForRoughness, roughnessOfFeed, turningData } from '#cam/lathe/cutting-data';
import { generateLatheProgram } from '#cam/jobs/lathe';
import type { ProgramJob } from '#cam/program';
import { turnedPartFromDescription } from '#cam/lathe/part';
import type { ThreadCycle } from '#cam/lathe/program';
import {
  din76Undercut,
  externalThreadDepthMm,
  infeedDepths,
  insertPitchRange,
  threadPassCount,
} from '#cam/lathe/threads';
import { clearInFront, withThreadsAccounted } from '#cam/lathe/threading';
import { threadPasses } from '#cam/post/lathe/common';
import { fanucThreadLines, haasThreadLines } from '#cam/post/lathe/fanuc';
import { okumaThreadLines } from '#cam/post/lathe/okuma';
import { formatNumber } from '#cam/post/common';
import { suggestRoundBar } from '#cam/lathe/stock';
import { latheTooling, testParts } from '#tests/helpers/parts';

const od = (diameterMm: number, lengthMm: number, extra: Partial<DiameterFeature> = {}) => ({
  diameter: `Ø${diameterMm}`,
  type: 'cylinder',
  location: '',
  length: `${lengthMm} mm`,
  diameterMm,
  lengthMm,
  ...extra,
});

function shaft(sections: DiameterFeature[]): BlueprintDescription {
  const description = emptyDescription('Threaded shaft');
  description.materialSpecs.material = 'C45';
  description.outerDiameters.push(...sections);
  return description;
}

function job(
  description: BlueprintDescription,
  dialect = 'linuxcnc',
  tools = latheTooling,
): ProgramJob {
  const part = turnedPartFromDescription(description);
  const largest = Math.max(...part.outer.map((section) => section.targetMm));
  return {
    description,
    material: description.materialSpecs.material,
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm: suggestRoundBar(largest, part.lengthMm)!.diameterMm },
    machine: {
      name: 'Lathe',
      serialNumber: 'S',
      manufacturer: 'M',
      model: 'L',
      controllerType: dialect,
      controllerModel: dialect,
      dialect,
    },
    tools,
    programVersion: 1,
  };
}

const threadOf = (type: string, thread: string, diameterMm: number, lengthMm: number) =>
  od(diameterMm, lengthMm, { diameter: thread, type, thread });

describe('thread geometry', () => {
  it('takes the pitch from the callout: ISO 261 coarse and fine, ASME B1.1 UNC and UNF', () => {
    const part = turnedPartFromDescription(
      shaft([
        threadOf('thread', 'M20', 20, 20),
        threadOf('thread', 'M24x1.5', 24, 20),
        threadOf('thread', '1-8 UNC', 25.4, 20),
        threadOf('thread', '1-12 UNF', 25.4, 20),
      ]),
    );
    expect(part.outer.map((section) => section.threadSpec?.pitchMm)).toEqual([
      2.5, 1.5, 3.175, 2.1167,
    ]);
    // The major diameter is turned 0.1·P under nominal.
    expect(part.outer.map((section) => section.targetMm)).toEqual([19.75, 23.85, 25.083, 25.188]);
    expect(part.notProgrammed).toEqual([]);
  });

  it('cuts h3 = 0.61343·P deep in passes of constant chip area, then a spring pass', () => {
    expect(externalThreadDepthMm(1.5)).toBeCloseTo(0.92, 3);
    expect(externalThreadDepthMm(1)).toBeCloseTo(0.613, 3);
    expect([0.5, 1, 1.5, 2, 2.5, 3].map(threadPassCount)).toEqual([4, 5, 6, 8, 10, 14]);
    const depths = infeedDepths(0.92, 6);
    expect(depths).toEqual([0.376, 0.531, 0.651, 0.751, 0.84, 0.92]);
    const cuts = depths.map((depth, index) => depth - (depths[index - 1] ?? 0));
    cuts.slice(1).forEach((cut, index) => expect(cut).toBeLessThan(cuts[index]!));
    // Constant area: depth² grows by the same amount each pass.
    const areas = depths.map((depth, index) => depth ** 2 - (depths[index - 1] ?? 0) ** 2);
    areas.forEach((area) => expect(area).toBeCloseTo(0.92 ** 2 / 6, 2));
  });

  it('sizes the DIN 76 form A undercut by pitch', () => {
    expect(din76Undercut(1.5)).toEqual({
      pitchMm: 1.5,
      depthBelowMm: 2.3,
      g1MinMm: 3.2,
      g2MaxMm: 5.2,
      radiusMm: 0.8,
    });
    expect(din76Undercut(1)).toMatchObject({ depthBelowMm: 1.6, g1MinMm: 2.1, g2MaxMm: 3.5 });
    expect(din76Undercut(2.5)).toMatchObject({ depthBelowMm: 3.6, g1MinMm: 5.6, g2MaxMm: 8.7 });
    // An inch pitch takes the next larger metric row: 20 tpi = 1.27 mm → P 1.5.
    expect(din76Undercut(1.27)?.pitchMm).toBe(1.5);
    expect(din76Undercut(7)).toBeUndefined();
  });

  it('reads the pitches a threading insert cuts from its code', () => {
    expect(insertPitchRange('16ER 1.50ISO')).toEqual({ minMm: 1.5, maxMm: 1.5 });
    expect(insertPitchRange('16ER 20UN')).toEqual({ minMm: 1.27, maxMm: 1.27 });
    expect(insertPitchRange('Threading 16ER AG60')).toEqual({ minMm: 0.5, maxMm: 3 });
    expect(insertPitchRange('22ER N60')).toEqual({ minMm: 3.5, maxMm: 5 });
    expect(insertPitchRange('threading tool')).toBeUndefined();
  });
});

describe('threads in the program', () => {
  const adapter = generateLatheProgram(job(testParts.threadedAdapter));

  it('turns the major diameter, cuts a DIN 76 undercut at the shoulder, then the thread', () => {
    const names = adapter.plan.operations.map((operation) => operation.name);
    expect(names.indexOf('Undercut DIN 76-A M20x1.5 3.2 x Ø17.7')).toBeLessThan(
      names.indexOf('Thread M20x1.5'),
    );
    const undercut = adapter.plan.part.outer.find((section) =>
      section.label.startsWith('undercut'),
    );
    expect(undercut).toMatchObject({
      startMm: 14.8,
      endMm: 18,
      nominalMm: 17.7,
      targetMm: 17.565,
      limits: { minMm: 17.43, maxMm: 17.7 },
      kind: 'groove',
    });
    const finish = adapter.plan.operations.find((operation) => operation.name === 'Finish OD')!;
    expect(finish.moves.some((move) => move.kind === 'feed' && move.x === 19.85)).toBe(true);
    const thread = adapter.plan.operations.find(
      (operation) => operation.name === 'Thread M20x1.5',
    )!;
    expect(thread.tool.number).toBe(8);
    expect(thread.spindle).toEqual({ mode: 'rpm', rpm: thread.data.rpm });
    expect(thread.data).toMatchObject({ feedPerRev: 1.5, depthOfCut: 0.92, passes: 7 });
    expect(adapter.plan.threads).toEqual([
      {
        label: 'M20x1.5',
        leadMm: 1.5,
        majorMm: 20,
        rootMm: 18.16,
        depthMm: 0.92,
        passDepthsMm: [0.376, 0.531, 0.651, 0.751, 0.84, 0.92],
        springPasses: 1,
        infeedAngleDeg: 29.5,
        profileAngleDeg: 60,
        driveX: 22,
        startZ: 4.5,
        endZ: -16.4,
        threadStartZ: -0,
        // The full thread ends where the 3.2 mm undercut starts; the tool runs out to its middle.
        threadEndZ: -14.8,
      },
    ]);
    expect(adapter.summary.notProgrammed.some((entry) => /thread/i.test(entry))).toBe(false);
    expect(adapter.report.passed).toBe(true);
  });

  it('writes each dialect’s thread cycle as decision 013 fixes it', () => {
    const cycle = adapter.plan.threads[0]!;
    expect(adapter.gcode).toContain(
      '\nX22 Z4.5\nG76 P1.5 Z-16.4 I-2 J0.752 K1.84 Q29.5 R2 H1 E0 L0\nG0 Z4.5\n',
    );
    expect(fanucThreadLines(cycle)).toEqual([
      'G76 P020060 Q50 R0.05',
      'G76 X18.16 Z-16.4 R0. P920 Q376 F1.5',
    ]);
    expect(haasThreadLines(cycle)).toEqual(['G76 X18.16 Z-16.4 K0.92 D0.376 F1.5 A60']);
    const passes = threadPasses(cycle);
    expect(passes).toHaveLength(7);
    expect(passes[0]).toEqual({ x: 19.248, startZ: 4.287, endZ: -16.092 });
    expect(passes.at(-1)).toEqual({ x: 18.16, startZ: 3.979, endZ: -16.4 });
    const okuma = okumaThreadLines(cycle, (value) => formatNumber(value, 3, true));
    expect(okuma.slice(0, 3)).toEqual(['M22', 'G00 X22. Z4.287', 'G33 X19.248 Z-16.092 F1.5']);
    expect(okuma.slice(-3)).toEqual(['G00 X22. Z3.979', 'G33 X18.16 Z-16.4 F1.5', 'G00 X22. Z4.5']);
    for (const dialect of ['fanuc', 'haas', 'sinumerik', 'okuma']) {
      const program = generateLatheProgram(job(testParts.threadedAdapter, dialect));
      expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    }
  });

  it('leaves the thread in "not programmed" with the reason when no threading tool is selected', () => {
    const tools = latheTooling.filter((tool) => !/thread/i.test(tool.toolName));
    const program = generateLatheProgram(job(testParts.threadedAdapter, 'linuxcnc', tools));
    expect(program.summary.notProgrammed).toContain(
      'the thread M20x1.5 on M20x1.5: it needs a threading tool, and none of the selected tools is one; the diameter is turned to Ø19.85',
    );
    const names = program.plan.operations.map((operation) => operation.name);
    expect(names.some((name) => /Thread|Undercut/.test(name))).toBe(false);
    expect(program.gcode).not.toContain('G76');
    // It runs safely as far as it goes, but the thread is left undone: it is never called
    // verified, and what is left is said with the reason.
    expect(program.report.passed).toBe(true);
    expect(program.report.complete).toBe(false);
    expect(program.report.verified).toBe(false);
    expect(program.report.unfinished).toContain(
      'the thread M20x1.5 on M20x1.5: it needs a threading tool, and none of the selected tools is one; the diameter is turned to Ø19.85',
    );
  });

  it('refuses a full-profile insert of another pitch, and takes one of the same pitch', () => {
    const withInsert = (name: string) =>
      latheTooling.map((tool) =>
        /thread/i.test(tool.toolName) ? { ...tool, toolName: name } : tool,
      );
    const other = generateLatheProgram(
      job(testParts.threadedAdapter, 'linuxcnc', withInsert('16ER 2.00ISO')),
    );
    expect(other.summary.notProgrammed.join('\n')).toMatch(
      /the thread M20x1\.5 on M20x1\.5: the selected threading inserts are for other pitches than 1\.5 mm/,
    );
    const same = generateLatheProgram(
      job(testParts.threadedAdapter, 'linuxcnc', withInsert('16ER 1.50ISO')),
    );
    expect(same.plan.threads).toHaveLength(1);
    expect(same.summary.warnings.join(' ')).not.toMatch(/check that its insert/);
  });

  it('runs a thread out into a drawn groove, or into the cut-off, without an undercut', () => {
    const intoGroove = generateLatheProgram(
      job(shaft([threadOf('thread', 'M12', 12, 16), { ...od(9, 4), type: 'groove' }, od(16, 20)])),
    );
    expect(intoGroove.plan.threads[0]).toMatchObject({ leadMm: 1.75, endZ: -18, startZ: 5.25 });
    expect(intoGroove.plan.part.outer).toHaveLength(3);
    expect(intoGroove.report.checks.filter((check) => !check.passed)).toEqual([]);

    const atTheEnd = generateLatheProgram(
      job(shaft([od(16, 20), threadOf('thread', 'M20x1.5', 20, 15)])),
    );
    expect(atTheEnd.plan.threads[0]).toMatchObject({
      endZ: -36.5,
      startZ: -15.5,
      threadStartZ: -20,
    });
    expect(atTheEnd.report.checks.filter((check) => !check.passed)).toEqual([]);
  });

  it('cuts unified threads with the same depth rule', () => {
    const program = generateLatheProgram(
      job(shaft([threadOf('thread', '1/2-20 UNF', 12.7, 20), od(20, 15)]), 'haas'),
    );
    const cycle = program.plan.threads[0]!;
    expect(cycle).toMatchObject({ leadMm: 1.27, depthMm: 0.779, rootMm: 11.142 });
    expect(program.gcode).toContain('G76 X11.142 Z-');
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
  });

  it('does not program left-hand threads or threads between two larger diameters', () => {
    const program = generateLatheProgram(
      job(
        shaft([
          threadOf('thread', 'M16 LH', 16, 20),
          od(24, 10),
          threadOf('thread', 'M20', 20, 15),
          od(26, 8),
        ]),
      ),
    );
    expect(program.plan.threads).toEqual([]);
    expect(program.plan.secondSetup).toBeUndefined();
    expect(program.summary.notProgrammed).toEqual([
      'the thread M16 LH on M16 LH: left-hand threads are not programmed yet; the diameter is turned to Ø15.8',
      'the thread M20 on M20: it lies between larger diameters (Ø24 toward the free end, Ø26 toward the far end), so no tool reaches it from either end; the diameter is turned to Ø19.75',
    ]);
  });

  it('cuts a thread behind a larger diameter from the far end, in the second setup', () => {
    const program = generateLatheProgram(
      job(shaft([od(24, 10), threadOf('thread', 'M20', 20, 15)])),
    );
    expect(program.plan.threads).toEqual([]);
    expect(program.plan.secondSetup?.threads?.map((thread) => thread.label)).toEqual(['M20']);
    expect(program.summary.notProgrammed).toEqual([]);
    expect(program.report.verified).toBe(true);
  });
});

describe('where the threading tool starts', () => {
  it('starts past the free end when the pilot in front of the thread is shorter than the lead-in', () => {
    // Ø17 x 5 in front of M24 (lead-in 3 pitches = 9 mm): the tool starts 4 mm in the air.
    const program = generateLatheProgram(
      job(shaft([od(17, 5), threadOf('thread', 'M24', 24, 30), od(30, 10)])),
    );
    expect(program.summary.notProgrammed).toEqual([]);
    expect(program.plan.threads[0]).toMatchObject({ startZ: 4, threadStartZ: -5 });
    expect(program.report.verified).toBe(true);
  });

  it('does not start over a section in front larger than the thread root', () => {
    // Ø21 x 20 in front of M24 (root Ø20.32): the tool at the root would cut it.
    const program = generateLatheProgram(
      job(shaft([od(21, 20), od(18, 2), threadOf('thread', 'M24', 24, 30), od(30, 10)])),
    );
    expect(program.plan.threads).toEqual([]);
    expect(program.summary.notProgrammed.join(' ')).toMatch(
      /the thread M24 on M24: there is no room in front of it for the tool to start/,
    );
  });

  it('cuts a thread blocked in front from the far end when nothing behind it is larger', () => {
    // Ø20 x 27 and a Ø18 groove in front of M24x3 (root Ø20.32, lead-in 9 mm), at the far end.
    const program = generateLatheProgram(
      job(shaft([od(20, 27), od(18, 3), threadOf('thread', 'M24x3', 24, 39.5)])),
    );
    expect(program.plan.threads).toEqual([]);
    expect(program.plan.secondSetup?.threads?.map((thread) => thread.label)).toEqual(['M24x3']);
    expect(program.summary.notProgrammed).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it('names a thread the plan neither cuts nor names, so it is never verified without it', () => {
    const description = shaft([od(17, 5), threadOf('thread', 'M24', 24, 30), od(30, 10)]);
    const { plan } = generateLatheProgram(job(description));
    expect(plan.threads.map((thread) => thread.label)).toEqual(['M24']);
    expect(withThreadsAccounted(turnedPartFromDescription(description), plan)).toBe(plan);
    const dropped = withThreadsAccounted(turnedPartFromDescription(description), {
      ...plan,
      threads: [],
    });
    expect(dropped.notProgrammed).toEqual([
      'the thread M24 on M24: it is not programmed; the diameter is turned to Ø23.7',
    ]);
  });

  it('clearInFront: every section within the lead-in is below the clearance', () => {
    const section = (startMm: number, endMm: number, targetMm: number) => ({
      startMm,
      endMm,
      nominalMm: targetMm,
      targetMm,
      limits: { minMm: targetMm, maxMm: targetMm },
      kind: 'cylinder' as const,
      label: `Ø${targetMm}`,
    });
    const outer = [section(0, 10, 30), section(10, 14, 16), section(14, 40, 24)];
    // From 14 back 9 mm reaches 5: the Ø30 section ends at 10, inside the lead-in.
    expect(clearInFront(outer, 2, 9, 19.8)).toBe(false);
    expect(clearInFront(outer, 2, 4, 19.8)).toBe(true);
    expect(clearInFront([section(0, 3, 16), section(3, 30, 24)], 1, 9, 19.8)).toBe(true);
  });
});

describe('finishing feed from the roughness', () => {
  it('is f = √(32·r·Ra/1000), capped by the handbook finishing feed', () => {
    expect(feedForRoughness(0.8, 0.4)).toBeCloseTo(0.1012, 4);
    expect(roughnessOfFeed(0.1012, 0.4)).toBeCloseTo(0.8, 2);
    expect(turningData('alloy', 'finish', 0.4, {}, 0.4)).toEqual({
      surfaceSpeed: 240,
      feedPerRev: 0.071,
      raUm: 0.4,
    });
    // Ra 3.2 with r 0.8 allows 0.286 mm/rev: the handbook's 0.1 wins.
    expect(turningData('alloy', 'finish', 0.8, {}, 3.2)).toEqual({
      surfaceSpeed: 240,
      feedPerRev: 0.1,
      raUm: 3.2,
    });
    expect(turningData('alloy', 'finish', 0.8)).toEqual({ surfaceSpeed: 240, feedPerRev: 0.1 });
  });

  it('shows in the finishing operation and its comment', () => {
    const program = generateLatheProgram(job(testParts.threadedAdapter));
    const finish = program.plan.operations.find((operation) => operation.name === 'Finish OD')!;
    expect(finish.data).toMatchObject({ feedPerRev: 0.101, raUm: 0.8 });
    expect(
      program.summary.operations.find((operation) => operation.name === 'Finish OD'),
    ).toMatchObject({ feedPerRev: 0.101, raUm: 0.8 });
    expect(program.gcode).toContain(
      '(Finish OD: T2 DNMG 150404, 350 m/min, f 0.101 mm/rev for Ra 0.8 um)',
    );
  });
});

export type { ThreadCycle };
