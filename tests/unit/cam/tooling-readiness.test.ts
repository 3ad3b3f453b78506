import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jobTypes } from '#contracts/job-types';
import { toolTypes } from '#contracts/shop';
import { classifyMillTool } from '#cam/mill/tooling';
import { classifyTool } from '#cam/lathe/tooling';
import type { ToolRow } from '#cam/tool-row';
import { readToolRow, toolingReadiness } from '#cam/jobs/tooling-readiness';
import { latheTooling } from '#tests/helpers/parts';

const row = (fields: Partial<ToolRow>): ToolRow => ({
  id: 'r',
  slotNumber: 'T1',
  toolName: '',
  toolDescription: 'x',
  toolType: 'Turning',
  toolManufacturer: 'Acme',
  toolHint: 'none',
  ...fields,
});

const words = fc.constantFrom(
  'CNMG 120408',
  'DCMT 11T304',
  'VNMG 160404',
  'Parting blade',
  'Grooving blade',
  '3 mm wide',
  'Drill',
  'Ø8.5',
  '8mm',
  'Reamer',
  'Tap M8x1.25',
  'End mill',
  '4FL',
  'LOC 22',
  'Face mill Ø50',
  'Spot drill',
  'thread',
  'Boring bar',
  'min bore Ø16',
  '0.25 mm brass wire',
  'Graphite electrode Ø9.6',
  'undersize 0.2',
  'chamfer',
  'HSS',
  'carbide',
  'r0.8',
);
const randomRow = fc.record({
  id: fc.constant('r'),
  slotNumber: fc.oneof(
    fc.integer({ min: 1, max: 99 }).map((n) => `T${n}`),
    fc.constantFrom('X1', '', 'Slot 3'),
  ),
  toolName: fc.array(words, { maxLength: 3 }).map((list) => list.join(' ')),
  toolDescription: fc
    .array(fc.oneof(words, fc.string()), { maxLength: 3 })
    .map((list) => list.join(' ')),
  toolType: fc.constantFrom(...toolTypes),
  toolManufacturer: fc.constant('Acme'),
  toolHint: fc.constantFrom('none', 'ROUGH', 'FINISH', 'groove'),
});

describe('what the CAM understands of a tool row', () => {
  it('reads every row for every job type with a sentence, and says why an unusable one is not used', () => {
    fc.assert(
      fc.property(randomRow, fc.constantFrom(...jobTypes), (tool, jobType) => {
        const reading = readToolRow(tool, jobType);
        expect(reading.summary.length).toBeGreaterThan(10);
        // Lathes and mills call tools by their slot; an EDM's wire and electrodes are set up by hand.
        if (!/^T\d+$/.test(tool.slotNumber) && (jobType === 'Lathe' || jobType === 'Milling'))
          expect(reading.usable).toBe(false);
        if (!reading.usable)
          expect(reading.summary).toMatch(/cannot|not used|do not|not T and a number/);
      }),
      { numRuns: 400 },
    );
  });

  it('calls a lathe row usable exactly when the lathe planner has what it needs from it', () => {
    fc.assert(
      fc.property(randomRow, (tool) => {
        const lathe = classifyTool(tool);
        const planned =
          (lathe.kind === 'turning' ||
            lathe.kind === 'boring' ||
            lathe.kind === 'threading' ||
            ((lathe.kind === 'parting' || lathe.kind === 'grooving') &&
              lathe.widthMm !== undefined) ||
            ((lathe.kind === 'drill' || lathe.kind === 'centreDrill') &&
              lathe.diameterMm !== undefined)) &&
          lathe.number > 0;
        expect(readToolRow(tool, 'Lathe').usable).toBe(planned);
      }),
      { numRuns: 400 },
    );
  });

  it('calls a milling row usable exactly when the mill planner sizes it', () => {
    fc.assert(
      fc.property(randomRow, (tool) => {
        const mill = classifyMillTool(tool);
        const planned =
          mill.number > 0 &&
          mill.kind !== 'other' &&
          (mill.diameterMm !== undefined || mill.kind === 'boringHead');
        expect(readToolRow(tool, 'Milling').usable).toBe(planned);
      }),
      { numRuns: 400 },
    );
  });

  it('decodes an ISO insert: shape, edge, nose radius and rating', () => {
    const reading = readToolRow(
      row({ toolName: 'CNMG 120408', toolDescription: 'External turning' }),
      'Lathe',
    );
    expect(reading).toEqual({
      usable: true,
      summary:
        'External turning tool: ISO C insert (80°), 12 mm edge, nose radius 0.8 mm, in a 95° holder; roughs at most ap 7.97 mm and f 0.5 mm/rev.',
    });
  });

  it('reads a size written without a sign ("Drill 8mm") and refuses a reamer as a lathe drill', () => {
    expect(
      readToolRow(row({ toolName: 'Drill 8mm', toolType: 'Drilling' }), 'Lathe').summary,
    ).toMatch(/^Twist drill Ø8 mm, flute length 75 mm/);
    const reamer = row({ toolName: 'Reamer 8mm', toolType: 'Drilling' });
    expect(classifyTool(reamer).kind).toBe('other');
    expect(readToolRow(reamer, 'Lathe')).toMatchObject({ usable: false });
    const milled = readToolRow(reamer, 'Milling');
    expect(milled.usable).toBe(true);
    expect(milled.summary).toMatch(/^Reamer Ø8 mm/);
    // A tap drill is a drill.
    expect(
      classifyTool(
        row({ toolName: 'Drill 6.8', toolDescription: 'M8 tap drill', toolType: 'Drilling' }),
      ).kind,
    ).toBe('drill');
  });

  it('reads a drill written for a tap as a drill, and a tap as a tap, on mills and lathes', () => {
    const drills = [
      { toolName: 'Drill 6.8', toolDescription: 'for M8 tap' },
      { toolName: 'Drill 6.8', toolDescription: 'HSS, drill for M8x1.25 tap' },
      { toolName: 'Tap drill 6.8', toolDescription: 'HSS' },
      { toolName: 'Tapping drill Ø10.2', toolDescription: 'for an M12 tap' },
    ];
    for (const fields of drills) {
      const drill = row({ ...fields, toolType: 'Drilling' });
      expect(classifyMillTool(drill).kind, fields.toolDescription).toBe('drill');
      expect(classifyTool(drill).kind, fields.toolDescription).toBe('drill');
    }
    for (const fields of [
      { toolName: 'Tap M8x1.25', toolDescription: 'spiral flute' },
      { toolName: 'Machine tap', toolDescription: 'M10 x 1.5 for through holes' },
    ]) {
      const tap = row({ ...fields, toolType: 'Drilling' });
      expect(classifyMillTool(tap).kind, fields.toolName).toBe('tap');
      expect(classifyTool(tap).kind, fields.toolName).toBe('tap');
    }
  });

  it('says what to write when a blade gives no width', () => {
    expect(readToolRow(row({ toolName: 'Parting blade', toolType: 'Cutting' }), 'Lathe')).toEqual({
      usable: false,
      summary:
        "Parting (cut-off) blade, but its width is not in its name or description, so programs cannot use it. Write it, for example 'Parting blade 3 mm wide'.",
    });
  });
});

describe("what a machine's tools can do", () => {
  it('lists every gap of a lathe at once, and none when the tooling is complete', () => {
    expect(toolingReadiness(latheTooling, 'Lathe').missing).toEqual([]);
    const turningOnly = toolingReadiness(
      [row({ toolName: 'CNMG 120408', toolType: 'Turning' })],
      'Lathe',
    );
    expect(turningOnly.can).toEqual(['Face, rough and finish the outside: T1 CNMG 120408']);
    expect(turningOnly.missing.map((text) => text.split(':')[0])).toEqual([
      'No parting blade',
      'No twist drill',
      'No boring bar',
      'No threading tool',
    ]);
  });

  it('never lists one operation as both possible and missing', () => {
    fc.assert(
      fc.property(
        fc.array(randomRow, { maxLength: 8 }),
        fc.constantFrom(...jobTypes),
        (rows, jobType) => {
          const readiness = toolingReadiness(rows, jobType);
          expect(readiness.can.length + readiness.missing.length).toBeGreaterThan(0);
          const done = readiness.can.map((text) => text.split(':')[0]!.toLowerCase());
          for (const gap of readiness.missing)
            expect(done).not.toContain(gap.split(':')[0]!.toLowerCase());
        },
      ),
      { numRuns: 200 },
    );
  });
});
