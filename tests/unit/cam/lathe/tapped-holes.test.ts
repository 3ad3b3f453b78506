/**
 * Tapped holes on the lathe (issue 33 item 4, decision 051): the tap drill (ISO 2306) with the
 * centre drill before it, then a tap of the thread's pitch, rigid tapping in every dialect, read
 * back by the interpreter and checked by the verifier; without the tap or the tap drill the
 * rest is programmed and the thread left undone naming the tool; over M20 an internal threading
 * tool is named. Seeded faults (tap removed, wrong pitch, tap deeper than the drilled hole) and
 * random parts with the tap removed are never verified.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import { interpret } from '#cam/gcode/interpreter';
import type { MotionEvent } from '#cam/gcode/events';
import { classifyTool } from '#cam/lathe/tooling';
import type { ToolRow } from '#cam/tool-row';
import { verifyLatheProgram } from '#cam/verify/lathe/index';
import type { BlueprintDescription } from '#contracts/blueprint';
import { latheTooling, toolRow } from '#tests/helpers/parts';
import { diameter, turned } from './far-end-parts.ts';
import { tappedPin, tappingTooling } from './tapped-parts.ts';

const dialects = ['linuxcnc', 'fanuc', 'haas', 'sinumerik', 'okuma'] as const;
type Dialect = (typeof dialects)[number];

function written(
  description: BlueprintDescription,
  tools: ToolRow[] = tappingTooling,
  dialect: Dialect = 'linuxcnc',
  stockMm = 22,
) {
  const job = {
    description,
    material: description.materialSpecs.material,
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm: stockMm },
    machine: {
      name: 'Lathe',
      serialNumber: 'S1',
      manufacturer: 'Tormach',
      model: '15L',
      controllerType: 'PathPilot',
      controllerModel: 'PathPilot',
      dialect,
    },
    tools,
    programVersion: 1,
  } as const;
  const program = generateLatheProgram(job);
  const input = latheVerificationInput(program.plan, dialect, tools.map(classifyTool), job);
  return { program, input };
}

const failures = (gcode: string, input: ReturnType<typeof written>['input']) =>
  verifyLatheProgram(gcode, input).checks.filter((check) => !check.passed);

describe('a tapped hole on the lathe', () => {
  it.each(dialects)('is drilled to its tap drill and tapped, verified (%s)', (dialect) => {
    const { program } = written(tappedPin(), tappingTooling, dialect);
    const names = program.plan.operations.map((operation) => operation.name);
    expect(names).toEqual(expect.arrayContaining(['Centre drill', 'Drill Ø6.8', 'Tap M8']));
    expect(names.indexOf('Tap M8')).toBeGreaterThan(names.indexOf('Drill Ø6.8'));
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.report.verified).toBe(true);
    const tap = program.plan.operations.find((operation) => operation.role === 'tap')!;
    expect(tap.spindle).toEqual({ mode: 'rpm', rpm: tap.data.rpm });
    expect(tap.data.feedPerRev).toBe(1.25);
    const cycle = {
      linuxcnc: /^G33\.1 Z-19\.75 K1\.25$/m,
      fanuc: /^M29 S\d+\nG84 Z-19\.75 R0\. F1\.25\nG80$/m,
      haas: /^G84 Z-19\.75 R2\.5 F1\.25\nG80$/m,
      sinumerik: /^G17\nCYCLE84\(2\.5,0,2\.5,-19\.75,,0,3,,1\.25,0,\d+,\d+\)\nG18$/m,
      okuma: /^G77 X0\. Z-19\.75 F1\.25$/m,
    }[dialect];
    expect(program.gcode).toMatch(cycle);
  });

  it.each(dialects)(
    'is read back as a synchronised move in and a reversed one out (%s)',
    (dialect) => {
      const { program } = written(tappedPin(), tappingTooling, dialect);
      const events = [...interpret(program.gcode.split('\n'), dialect)];
      expect(events.filter((event) => event.type === 'error')).toEqual([]);
      const tapping = events.filter(
        (event): event is MotionEvent =>
          event.type === 'motion' && event.leadMm !== undefined && event.tool === 10,
      );
      expect(
        tapping.map((event) => [event.to.x, event.to.z, event.leadMm, event.spindle.turning]),
      ).toEqual([
        [0, -19.75, 1.25, 'cw'],
        [0, 2.5, 1.25, 'ccw'],
      ]);
    },
  );

  it('drills the hole deep enough for the thread, the tap chamfer and a pitch', () => {
    const { program } = written(tappedPin('M8', 16));
    const part = program.plan.part.inner[0]!;
    expect(part.thread).toMatchObject({ tapDrillMm: 6.8, threadDepthMm: 16, tapDepthMm: 19.75 });
    expect(part.depthMm).toBe(21);
    expect(program.plan.tappedHoles).toEqual([
      expect.objectContaining({
        label: 'M8 x 16 deep',
        pitchMm: 1.25,
        tapDrillMm: 6.8,
        tapToZ: -19.75,
      }),
    ]);
  });

  it('without a tap: drills the tap drill, names the tap, and is not verified', () => {
    const tools = tappingTooling.filter((row) => row.slotNumber !== 'T10');
    const { program } = written(tappedPin(), tools);
    expect(program.plan.operations.map((operation) => operation.name)).toContain('Drill Ø6.8');
    expect(program.plan.notProgrammed).toEqual([
      'the internal thread M8 x 16 deep: its Ø6.8 mm tap drill is drilled, and none of the selected tools is an M8x1.25 tap; add an M8x1.25 tap (a tool row named "Tap M8") to cut it',
    ]);
    expect(program.report.verified).toBe(false);
    expect(program.report.unfinished.join('\n')).toMatch(
      /^the internal thread M8 x 16 deep: .*an M8x1\.25 tap/m,
    );
  });

  it('without the tap drill: programs the rest and names the drill and the tap', () => {
    const tools = tappingTooling.filter((row) => row.slotNumber !== 'T9');
    const { program } = written(tappedPin(), tools);
    expect(program.plan.operations.map((operation) => operation.name)).not.toContain('Tap M8');
    expect(program.plan.operations.map((operation) => operation.name)).toContain('Part off');
    expect(program.plan.notProgrammed).toEqual([
      'the internal thread M8 x 16 deep: no selected twist drill is its Ø6.8 mm tap drill (ISO 2306, within 0.1 mm); a Ø6.8 mm twist drill and an M8x1.25 tap would make it',
    ]);
    expect(program.report.verified).toBe(false);
  });

  it('takes a drill within 0.1 mm of the ISO 2306 size', () => {
    const tools = [
      ...tappingTooling.filter((row) => row.slotNumber !== 'T9'),
      toolRow('T9', 'Drilling', 'Drill 6.9', 'HSS twist drill Ø6.9 mm'),
    ];
    const { program } = written(tappedPin(), tools);
    expect(program.plan.operations.map((operation) => operation.name)).toContain('Drill Ø6.9');
    expect(program.report.verified).toBe(true);
  });

  it('leaves a thread over M20 to an internal threading tool', () => {
    const description = turned(
      'Sleeve',
      '6061-T6',
      [diameter(40, 30)],
      [
        {
          diameter: 'M24',
          type: 'thread',
          location: '',
          length: '15 mm',
          lengthMm: 15,
          thread: 'M24',
        },
      ],
    );
    const { program } = written(description, tappingTooling, 'linuxcnc', 45);
    expect(program.plan.notProgrammed).toEqual([
      expect.stringMatching(
        /^the internal thread M24: larger than M20 .*an internal threading tool/,
      ),
    ]);
  });
});

describe('the verifier on seeded tapping faults', () => {
  const { program, input } = written(tappedPin());
  it('passes the program as written', () => {
    expect(failures(program.gcode, input)).toEqual([]);
  });
  it('finds the tap pass removed', () => {
    const gcode = program.gcode.replace(/^G33\.1 .*\n/m, '');
    expect(failures(gcode, input).map((check) => check.id)).toContain('tapped');
  });
  it('finds a wrong pitch', () => {
    const gcode = program.gcode.replace('K1.25', 'K1');
    const failed = failures(gcode, input);
    expect(failed.map((check) => check.id)).toContain('tapping');
    expect(failed.flatMap((check) => check.details).join('\n')).toMatch(
      /1 mm lead, the thread's pitch is 1\.25 mm/,
    );
  });
  it('finds the tap deeper than the drilled hole', () => {
    const gcode = program.gcode.replace('G33.1 Z-19.75', 'G33.1 Z-22');
    const failed = failures(gcode, input);
    expect(failed.flatMap((check) => check.details).join('\n')).toMatch(
      /below the drilled hole's full diameter/,
    );
  });
  it('finds the tap too shallow, and the wrong tap drill', () => {
    const gcode = program.gcode.replace('G33.1 Z-19.75', 'G33.1 Z-12');
    expect(
      failures(gcode, input)
        .flatMap((check) => check.details)
        .join('\n'),
    ).toMatch(/the tap reaches Z-12, the thread needs Z-19\.75/);
    const wrongDrill = {
      ...input,
      tools: input.tools.map((tool) => (tool.number === 9 ? { ...tool, diameterMm: 6.5 } : tool)),
    };
    expect(
      failures(program.gcode, wrongDrill)
        .flatMap((check) => check.details)
        .join('\n'),
    ).toMatch(/drilled Ø6\.5 mm, the tap drill is Ø6\.8 mm/);
  });
});

describe('random turned parts with a tapped hole', () => {
  const metric = ['M3', 'M4', 'M5', 'M6', 'M8', 'M10', 'M12', 'M16', 'M20'] as const;
  const drills: Record<string, number> = {
    M3: 2.5,
    M4: 3.3,
    M5: 4.2,
    M6: 5,
    M8: 6.8,
    M10: 8.5,
    M12: 10.2,
    M16: 14,
    M20: 17.5,
  };
  it('is never verified while the thread is uncut', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...metric),
        fc.integer({ min: 6, max: 20 }),
        fc.integer({ min: 30, max: 45 }),
        fc.constantFrom(...dialects),
        (thread, depth, length, dialect) => {
          const major = Number(thread.slice(1));
          const outer = Math.max(16, major + 10);
          const description = turned(
            'Tapped pin',
            '1018',
            [diameter(outer, length)],
            [
              {
                diameter: thread,
                type: 'thread',
                location: '',
                length: `${depth} mm`,
                lengthMm: depth,
                thread,
              },
            ],
          );
          const tools = [
            ...latheTooling.filter((row) => row.slotNumber !== 'T5' && row.slotNumber !== 'T6'),
            toolRow(
              'T9',
              'Drilling',
              `Drill ${drills[thread]}`,
              `HSS twist drill Ø${drills[thread]} mm`,
            ),
            toolRow('T10', 'Drilling', `Tap ${thread}`, 'HSS-E machine tap'),
          ];
          const { program, input } = written(description, tools, dialect, outer + 3);
          const tapOut = removeTap(program.gcode, dialect);
          expect(tapOut).not.toBe(program.gcode);
          const report = verifyLatheProgram(tapOut, input);
          expect(report.checks.find((check) => check.id === 'tapped')?.passed).toBe(false);
        },
      ),
      { numRuns: 25 },
    );
  });
});

/** The program with its tapping cycle taken out (the tap moves in and out with nothing cut). */
function removeTap(gcode: string, dialect: Dialect): string {
  switch (dialect) {
    case 'linuxcnc':
      return gcode.replace(/^G33\.1 .*\n/m, '');
    case 'sinumerik':
      return gcode.replace(/^CYCLE84\(.*\n/m, '');
    case 'okuma':
      return gcode.replace(/^G77 .*\n/m, '');
    default:
      return gcode.replace(/^(M29 S\d+\n)?G84 .*\n/m, '');
  }
}
