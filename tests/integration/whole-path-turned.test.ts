/**
 * The whole path on turned parts nobody here drew (issue 33): random turned parts with known
 * truth (tests/helpers/drawings/parts.ts `turnedPartArb`: steps, grooves, bores from either end,
 * chamfers, threads; mm and inch) are drawn as a DXF and as a vector PDF in a side view, a half
 * section or a side view with an end view, and modelled as a STEP AP214 B-rep
 * (tests/helpers/drawings/step.ts: threads as plain cylinders at the major diameter, nominal
 * sizes, so its programs are checked against the part as modelled), read by the offline reader, planned, written for
 * LinuxCNC and verified as Q-Bot does, on a Tormach 15L with its catalog limits, from the bar a
 * machinist would saw (3 mm over the largest diameter) with a shop's full lathe tooling
 * (tests/helpers/whole-path-turned.ts). The program is then checked independently: its moves
 * are verified again against the part the generator drew (not the one the reader read), planned
 * as the product plans it, with nothing excused. A program called verified must pass that check
 * too. The share of drawings that end verified is held to a floor; a few programs also go
 * through LinuxCNC's own interpreter, rs274, whose moves replay to the same verdict.
 *
 * WHOLE_PATH_RUNS (12) and WHOLE_PATH_SEED choose the cases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateProgram } from '#cam/jobs/generate';
import type { BlueprintDescription } from '#contracts/blueprint';
import { readDrawing } from '#drawings/read';
import { turnedPartArb, type TurnedPart } from '#tests/helpers/drawings/parts';
import { buildSheet, plainStyle, type DrawingStyle } from '#tests/helpers/drawings/sheet';
import { rasterReaders, readers } from '#tests/helpers/whole-path';
import {
  independentCheck,
  latheJobFor,
  readWithRs274,
  truthDescription,
} from '#tests/helpers/whole-path-turned';

const runs = Number(process.env.WHOLE_PATH_RUNS ?? 12);
const seed = Number(process.env.WHOLE_PATH_SEED ?? 20261129);
/** Programs per reader that also go through rs274. */
const rs274Cases = 3;

const work = mkdtempSync(join(tmpdir(), 'whole-path-turned-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.mocked(console.warn).mockRestore());

/** A turned part in mm or inch, and the view it is drawn in. */
const caseArb = fc
  .record({
    units: fc.constantFrom<TurnedPart['units'][]>('mm', 'inch'),
    view: fc.constantFrom<DrawingStyle['view'][]>('side', 'halfSection', 'sideAndEnd'),
  })
  .chain(({ units, view }) => turnedPartArb({ units }).map((part) => ({ part, view })));

/**
 * Floors under the share of drawings that end verified and that reach a program at all (not
 * refused), a little below what holds. Measured with seed 20261129 and 12 runs: DXF 1 of 12
 * verified, 12 of 12 programs; vector PDF 0 of 12 verified, 8 of 12 programs (3 refused with
 * "the outer diameters of the part (none are given)", 1 with a bore "as large as" a diameter).
 * With 40 runs DXF has 7 of 40 verified. Before decision 052 most others were incomplete for a
 * chamfer at the parted-off end; the parting blade now cuts it: DXF 4 of 12 verified (was 1),
 * vector PDF 3 of 12 (was 0). The rest are mostly a thread behind a larger diameter.
 * STEP (2026-11-29, 12 runs, about 25 s): 7 of 12 verified on main, 9 of 12 with far-end threads
 * and chamfers in the second setup (decision 053), 12 of 12 programs, 9 right against
 * the part as modelled; incomplete: a Ø4.5 bore deeper than the drill's flutes, 0.15 mm left in
 * a corner of an inch bore from the far end, the Ø3 boring bar over the spindle's power (24 runs:
 * 19 of 24, the others a bore chamfer at the chuck end). Before the STEP reader chose the free
 * end as the other readers do (away from the largest diameter, decision 009) and took a bore
 * with a chamfered mouth as open at that end, programs were called verified for the part turned
 * around and bores read as internal recesses.
 * With the PDF reader no longer taking a side view with its diameters inside for a table
 * (bcbf30c) and threads and chamfers at the parted-off end made in a second setup (decision
 * 053): DXF 6 of 12 verified, vector PDF 6 of 12 (11 programs), STEP 9 of 12.
 * Since a part that sticks out more than 5 times its stiffness diameter is no longer called
 * verified without support (decision 063), half of those generated parts are long and slender
 * enough to need it: DXF 3 of 12, vector PDF 3 of 12, STEP 5 of 12 (the same seed).
 * Turning slender parts in two chuckings where a shoulder allows (decision 064) leaves these the
 * same (DXF 3, vector PDF 3, STEP 5 of 12): with the first chucking at the part's full length, no
 * split of the generated slender parts brings both chuckings within the rule (M8 x 40 and Ø11 x 40
 * on Ø14 bar stick out more than 5 times even the bar; a Ø13 neck in mid-length measures 6.3 with
 * the bar behind the only admissible split), so the floors stay.
 * With values written over one another no longer fixing the scale or taken for another line's
 * (decision 065): DXF 3 of 12, vector PDF 3 of 12 (12 programs, was 11), STEP 5 of 12, all right
 * against the drawn part; at 40 runs the vector PDF has 12 of 40 verified, none wrong (it had one
 * wrong program called verified at run 34, an inch part read at 2:1).
 * With a bore's mouth chamfer roughed in levels (one program needed 2.2 kW of the 15L's 1.1 kW
 * to cut it in the last pass) and the generator no longer drawing a far-end bore as deep as a
 * wide section with a thinner one behind it (its ring hung in the air): DXF 4 of 12, vector PDF
 * 4 of 12, STEP 7 of 12, all right against the drawn part.
 * With the generator drawing a thread only where a nut can reach it (every diameter on one side
 * under its minor diameter; two threads sat between larger diameters) and at least as long as it
 * is wide (a 1"-8 UNC on 12.7 mm left no room beside its 7.7 mm undercut): DXF 6 of 12, vector
 * PDF 6 of 12, STEP 7 of 12. Of the others, four are too slender to turn without a tailstock
 * (one also with a Ø4.5 bore 194 mm deep), and one has an M8 undercut beside a Ø80 collar that
 * the shop's grooving blade cannot reach.
 */
const floors: Record<string, { verified: number; programs: number }> = {
  DXF: { verified: 0.4, programs: 0.9 },
  'vector PDF': { verified: 0.4, programs: 0.9 },
  STEP: { verified: 0.5, programs: 0.9 },
  // A 150 dpi PNG (12 runs, about 60 s): the scan's line work seldom gives a turned profile
  // with its lengths (decision 056). With slender arrowheads read along their lines and values
  // kept to the lines they stand by (decision 081): 1 of 12 verified, 2 programs (seed 777: 5
  // programs); held to that, and to never being wrong. With side views read through the
  // lettering OCR left and diameters only traced held (decision 085): 1 of 12 verified, 3
  // programs (seed 777, 16 runs: 1 verified, 8 programs, none wrong; main had one wrong).
  // With misread values held and half sections read without their thread and axis lines as
  // bores (decision 089): 1 verified, 4 programs (seeds 777, 4242, 99: 7, 6, 6 programs).
  PNG: { verified: 0.08, programs: 0.25 },
};

const styleOf = (part: TurnedPart, view: DrawingStyle['view']): DrawingStyle => ({
  ...plainStyle,
  units: part.units,
  view,
});

/** The outcomes of the whole path on `runs` cases, in words, and how many were right. */
async function outcomesOf(
  file: (
    sheet: ReturnType<typeof buildSheet>,
  ) => Promise<Parameters<typeof readDrawing>[0] & { shows?: unknown }>,
  centreHoles: boolean,
): Promise<{ outcomes: string[]; right: number }> {
  const outcomes: string[] = [];
  let throughRs274 = 0;
  let right = 0;
  await fc.assert(
    fc.asyncProperty(caseArb, async (drawnCase) => {
      const { view } = drawnCase;
      const part: TurnedPart = centreHoles
        ? { ...drawnCase.part, centreHoles: 'permitted' }
        : drawnCase.part;
      const sheet = buildSheet(part, styleOf(part, view));
      const read = await file(sheet);
      const description = await readDrawing(read);
      const job = latheJobFor(part, description);
      // What the file shows: a STEP model has no threads or tolerances.
      const drawn = (read.shows ?? part) as TurnedPart;
      const what = `${part.units}, ${view}`;
      let generated;
      try {
        generated = generateProgram(job);
      } catch (error) {
        outcomes.push(
          `${what}: refused: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
      const independent = independentCheck(generated, drawn, job);
      if (independent.verified) right += 1;
      outcomes.push(
        generated.report.verified
          ? `${what}: verified`
          : `${what}: incomplete: ${generated.report.unfinished.join(' | ').slice(0, 300)}`,
      );
      if (generated.report.verified && !independent.verified)
        throw new Error(
          `called verified, but against the drawn part: ${independent.reasons.join(' | ')}`,
        );
      if (throughRs274 < rs274Cases) {
        throughRs274 += 1;
        const rs274 = readWithRs274(generated.gcode, work);
        expect(rs274.output).not.toMatch(/error|unknown|illegal|bad /i);
        expect(rs274.status).toBe(0);
        // LinuxCNC's moves, replayed against the drawn part, reach the same verdict.
        const replay = independentCheck(generated, drawn, job, rs274.events);
        expect(replay.verified, replay.reasons.join(' | ')).toBe(independent.verified);
      }
    }),
    { numRuns: runs, seed },
  );
  return { outcomes, right };
}

/** The outcomes summed up, printed and held to the floors. */
function holdToFloors(
  name: string,
  { outcomes, right }: { outcomes: string[]; right: number },
  floor: { verified: number; programs: number },
): void {
  const verified = outcomes.filter((outcome) => outcome.endsWith(': verified')).length;
  const programs = outcomes.filter((outcome) => !outcome.includes(': refused: ')).length;
  console.info(
    `${name}: ${verified} of ${outcomes.length} verified, ${programs} programs, ${right} right against the drawn part\n${outcomes.join('\n')}`,
  );
  expect(verified / outcomes.length).toBeGreaterThanOrEqual(floor.verified);
  expect(programs / outcomes.length).toBeGreaterThanOrEqual(floor.programs);
}

describe('the whole path on generated turned parts', () => {
  for (const [name, file] of Object.entries({ ...readers, ...rasterReaders })) {
    it(`never calls a program verified that the drawn part shows wrong: ${name}`, async () => {
      holdToFloors(name, await outcomesOf(file, false), floors[name]!);
    }, 600_000);
  }
});

/**
 * The same parts drawn with a note letting them keep centre holes (ISO 6411; decision 078): a
 * slender part is turned held by the tailstock. The STEP model and the scan carry no such note.
 * Measured (2026-11-29): seed 20261129, 12 runs, DXF and vector PDF 6 of 12 verified (as without
 * the note: its slender parts have bores the centre cannot seat in or free ends too thin for the
 * roughing insert beside the centre); seed 777, 40 runs, DXF 22 of 40 (20 without the note),
 * none wrong. With the roughing insert left out where it meets the live centre and every cut
 * within its insert's rated feed (decision 082): DXF 7 of 12 at seed 20261129.
 */
const centreHoleFloors: Record<string, { verified: number; programs: number }> = {
  DXF: { verified: 0.4, programs: 0.9 },
  'vector PDF': { verified: 0.4, programs: 0.9 },
};

describe('the whole path on generated turned parts whose drawings permit centre holes', () => {
  for (const [name, file] of Object.entries(readers).filter(([key]) => key in centreHoleFloors)) {
    it(`turns slender parts held by the tailstock, never wrong: ${name}`, async () => {
      holdToFloors(
        `${name} with centre holes`,
        await outcomesOf(file, true),
        centreHoleFloors[name]!,
      );
    }, 600_000);
  }
});

/**
 * The ways a reading can be wrong: a bore left out, a step left out (its length given to its
 * neighbour, so the part keeps its length), a diameter 1 mm off (a plain outer one larger, a
 * bore smaller).
 */
function misreadings(description: BlueprintDescription): (() => void)[] {
  const outer = description.outerDiameters;
  const inner = description.innerDiameters;
  const restart = () => {
    let start = 0;
    for (const feature of outer) {
      if (feature.startMm !== undefined) feature.startMm = start;
      start += feature.lengthMm ?? 0;
    }
  };
  return [
    ...inner.map((_, index) => () => void inner.splice(index, 1)),
    ...(outer.length < 2
      ? []
      : outer.map((_, index) => () => {
          const [removed] = outer.splice(index, 1);
          const neighbour = outer[Math.min(index, outer.length - 1)]!;
          neighbour.lengthMm = (neighbour.lengthMm ?? 0) + (removed!.lengthMm ?? 0);
          neighbour.length = `${neighbour.lengthMm} mm`;
          restart();
        })),
    ...outer
      .filter((feature) => !feature.thread && !/thread/i.test(feature.type))
      .map((feature) => () => {
        feature.diameterMm = (feature.diameterMm ?? 0) + 1;
        feature.diameter = `Ø${feature.diameterMm}`;
      }),
    ...inner.map((feature) => () => {
      feature.diameterMm = (feature.diameterMm ?? 0) - 1;
      feature.diameter = `Ø${feature.diameterMm}`;
    }),
  ];
}

/** A turned part in mm with the given steps, bores and chamfers, for the counterexamples. */
const turned = (
  units: TurnedPart['units'],
  steps: TurnedPart['steps'],
  bores: TurnedPart['bores'] = [],
  chamfers: TurnedPart['chamfers'] = [],
): TurnedPart => ({
  kind: 'turned',
  units,
  steps,
  bores,
  chamfers,
  material: 'C45',
  generalTolerance: 'ISO 2768-m',
  truth: [],
});

/**
 * WHOLE_PATH_RUNS=40 found these called verified while wrong against the drawn part: a reading
 * the description did not flag, a diameter callout left as a note while a length was taken for
 * the diameter. Such a callout is now named as not placed (`unplaced`), so the program says it
 * leaves it. (Still open at 40 runs: a chamfer note meant for a bore's mouth given to the outer
 * edge, when a drawn chamfer of its size takes the other note.)
 */
const unplacedCases: {
  name: string;
  reader: string;
  part: TurnedPart;
  view: DrawingStyle['view'];
}[] = [
  {
    // WHOLE_PATH_RUNS=40 (decision 065): the bore's "⌀0.1875" written over its depth's "0.25"
    // beside no dimension line of its own, and the bore not seen in the half section: the
    // program was verified without the bore. The Ø is now named as not placed.
    name: 'inch Ø9/16 ±.002 x 3/16 then Ø7/16 ±.002 x 5/8, a Ø3/16 bore in a half section',
    reader: 'vector PDF',
    part: inAisi1045(
      turned(
        'inch',
        [
          {
            diameter: 0.5625,
            length: 0.1875,
            tolerance: { kind: 'deviations', upper: 0.002, lower: -0.002 },
          },
          {
            diameter: 0.4375,
            length: 0.625,
            tolerance: { kind: 'deviations', upper: 0.002, lower: -0.002 },
          },
        ],
        [
          {
            diameter: 0.1875,
            depth: 0.25,
            through: false,
            from: 'left',
            drillPoint: true,
          },
        ],
        [{ size: 0.02, angleDeg: 45, at: 'right', inner: false }],
      ),
    ),
    view: 'halfSection',
  },
];

/**
 * WHOLE_PATH_RUNS=40 (vector PDF) found these called verified while wrong, each from values
 * written over one another or a view as long as it is wide (decision 065); they are now read
 * right: the scale and units the lines measure at, each value on the line it measures, an
 * upright Ø on the upright line, an end view's toleranced Ø on the bore the side view does not
 * dimension.
 */
const readRightCases: { name: string; part: TurnedPart; view: DrawingStyle['view'] }[] = [
  {
    // The length "13.5", written above the view straight over the Ø13 h6's dimension line, was
    // read as that line's value (Ø13.5): the program was refused verification and named it. A
    // value written square to a line far out in line with it is another line's (decision 081).
    name: 'Ø13 h6 x 13.5 then M8x1.25 x 12.5, the 13.5 once read as the diameter',
    part: turned('mm', [
      { diameter: 13, length: 13.5, tolerance: { kind: 'fit', fit: 'h6' } },
      {
        diameter: 8,
        length: 12.5,
        thread: { designation: 'M8x1.25', minorDiameter: 6.466375 },
      },
    ]),
    view: 'side',
  },
  {
    // Read at 2:1 (the stacked "0.1875"s nearest the overall length's and the Ø3/8's lines), and
    // before decision 059 as a millimetre drawing at 50:1 with its axis the wrong way.
    name: 'inch Ø3/8 x 3/16 then Ø9/16 x 3/8, a Ø3/16 blind bore from the chuck end',
    part: inAisi1045(
      turned(
        'inch',
        [
          { diameter: 0.375, length: 0.1875 },
          {
            diameter: 0.5625,
            length: 0.375,
            tolerance: { kind: 'deviations', upper: 0.002, lower: -0.002 },
          },
        ],
        [inchBore(0.1875, 'right', { kind: 'deviations', upper: 0.003, lower: 0 })],
        [{ size: 0.02, angleDeg: 45, at: 'left', inner: false }],
      ),
    ),
    view: 'sideAndEnd',
  },
  {
    // "0.1875" over "0.1875" over "0.375": read at 2:1, the part 4.76 mm long and verified.
    name: 'inch Ø3/8 x 3/16 then Ø1/2 ±.002 x 3/16, the stacked lengths read at 2:1',
    part: inAisi1045(
      turned(
        'inch',
        [
          { diameter: 0.375, length: 0.1875 },
          {
            diameter: 0.5,
            length: 0.1875,
            tolerance: { kind: 'deviations', upper: 0.002, lower: -0.002 },
          },
        ],
        [],
        [{ size: 0.02, angleDeg: 45, at: 'left', inner: false }],
      ),
    ),
    view: 'sideAndEnd',
  },
  {
    // The upright "⌀0.1875 +0.003/0" across the bore depth's line and the depth's "0.1875" over
    // it: exchanged, the bore made to its nominal size without its tolerance.
    name: 'inch Ø3/8 x 3/16 then Ø1/2 ±.002 x 5/16, a toleranced Ø3/16 bore from the chuck end',
    part: inAisi1045(
      turned(
        'inch',
        [
          { diameter: 0.375, length: 0.1875 },
          {
            diameter: 0.5,
            length: 0.3125,
            tolerance: { kind: 'deviations', upper: 0.002, lower: -0.002 },
          },
        ],
        [inchBore(0.1875, 'right', { kind: 'deviations', upper: 0.003, lower: 0 })],
        [{ size: 0.02, angleDeg: 45, at: 'left', inner: false }],
      ),
    ),
    view: 'sideAndEnd',
  },
  {
    // A Ø3/16 bore at each end, the end view's "⌀0.1875 +0.003/0" given to both (and then to the
    // one the side view dimensions plain).
    name: 'inch Ø7/16 x 1/2 then Ø5/8 ±.002 x 3/8, Ø3/16 bores from both ends, one toleranced',
    part: inAisi1045(
      turned(
        'inch',
        [
          { diameter: 0.4375, length: 0.5 },
          {
            diameter: 0.625,
            length: 0.375,
            tolerance: { kind: 'deviations', upper: 0.002, lower: -0.002 },
          },
        ],
        [
          inchBore(0.1875, 'left', { kind: 'deviations', upper: 0.003, lower: 0 }),
          inchBore(0.1875, 'right'),
        ],
        [{ size: 0.02, angleDeg: 45, at: 'left', inner: false }],
      ),
    ),
    view: 'sideAndEnd',
  },
];

/** A blind inch bore 3/16 deep, without a drill point. */
function inchBore(
  diameter: number,
  from: 'left' | 'right',
  tolerance?: TurnedPart['bores'][number]['tolerance'],
): TurnedPart['bores'][number] {
  return {
    diameter,
    depth: 0.1875,
    through: false,
    from,
    drillPoint: false,
    ...(tolerance ? { tolerance } : {}),
  };
}

/** The part in AISI 1045, as the property's inch parts are. */
function inAisi1045(part: TurnedPart): TurnedPart {
  return { ...part, material: 'AISI 1045' };
}

describe('counterexamples the property found', () => {
  for (const { name, reader, part, view } of unplacedCases) {
    it(`${name} (${reader}): not verified, the callout named as not placed`, async () => {
      const sheet = buildSheet(part, styleOf(part, view));
      const description = await readDrawing(await readers[reader]!(sheet));
      const job = latheJobFor(part, description);
      const generated = generateProgram(job);
      const independent = independentCheck(generated, part, job);
      expect(independent.verified).toBe(false);
      expect(generated.report.verified).toBe(false);
      expect(generated.report.unfinished.join(' | ')).toMatch(/what the drawing writes as "/);
    });
  }

  for (const { name, part, view } of readRightCases) {
    it(`${name} (vector PDF): read right and verified`, async () => {
      const sheet = buildSheet(part, styleOf(part, view));
      const description = await readDrawing(await readers['vector PDF']!(sheet));
      const job = latheJobFor(part, description);
      const generated = generateProgram(job);
      const independent = independentCheck(generated, part, job);
      expect(independent.verified, independent.reasons.join(' | ')).toBe(true);
      expect(generated.report.verified, generated.report.unfinished.join(' | ')).toBe(true);
    }, 60_000);
  }

  it('a toleranced inch diameter beside a short step, read from a vector PDF half section', async () => {
    // WHOLE_PATH_RUNS=40, vector PDF, shrunk: Ø3/8 x 3/4 then Ø1/2 ±.002 x 3/16, no bores. The
    // PDF reader attaches the length text "0.1875" to the Ø1/2 diameter's dimension line and
    // reads that step as Ø4.7625 (drawn Ø12.7) at confidence 1, with nothing unresolved; the
    // program turns it to Ø4.76 and is called verified.
    const part: TurnedPart = {
      kind: 'turned',
      units: 'inch',
      steps: [
        { diameter: 0.375, length: 0.75 },
        {
          diameter: 0.5,
          length: 0.1875,
          tolerance: { kind: 'deviations', upper: 0.002, lower: -0.002 },
        },
      ],
      bores: [],
      chamfers: [],
      material: 'AISI 1045',
      generalTolerance: 'ISO 2768-m',
      truth: [],
    };
    const sheet = buildSheet(part, styleOf(part, 'halfSection'));
    const description = await readDrawing(await readers['vector PDF']!(sheet));
    const job = latheJobFor(part, description);
    const generated = generateProgram(job);
    const independent = independentCheck(generated, part, job);
    expect(
      !generated.report.verified || independent.verified,
      `called verified, but against the drawn part: ${independent.reasons.join(' | ')}`,
    ).toBe(true);
  }, 60_000);
});

/**
 * A part about as long as it is wide (decision 065): one or two diameters, the part's length
 * within 10 % of its largest diameter, perhaps a blind bore at either end, in any view and units.
 */
const nearSquareArb = fc
  .record({
    units: fc.constantFrom<TurnedPart['units'][]>('mm', 'inch'),
    view: fc.constantFrom<DrawingStyle['view'][]>('side', 'halfSection', 'sideAndEnd'),
    eighths: fc.integer({ min: 3, max: 8 }),
    stretch: fc.constantFrom(0.875, 1, 1.125),
    shoulder: fc.option(fc.constantFrom(0.25, 0.5), { nil: undefined }),
    bore: fc.option(fc.constantFrom<('left' | 'right')[]>('left', 'right'), { nil: undefined }),
  })
  .map(({ units, view, eighths, stretch, shoulder, bore }) => {
    // Inch parts in eighths of an inch, mm parts in 4 mm steps.
    const unit = units === 'inch' ? 0.125 : 4;
    const diameter = eighths * unit;
    const length = Math.round(diameter * stretch * 8) / 8;
    const steps: TurnedPart['steps'] =
      shoulder === undefined
        ? [{ diameter, length }]
        : [
            { diameter: diameter - 2 * unit * shoulder, length: length / 2 },
            { diameter, length: length / 2 },
          ];
    const bores: TurnedPart['bores'] = bore
      ? [
          {
            diameter: diameter / 4,
            depth: length / 4,
            through: false,
            from: bore,
            drillPoint: false,
          },
        ]
      : [];
    return { part: turned(units, steps, bores), view };
  });

describe('parts as long as they are wide', () => {
  for (const reader of ['DXF', 'vector PDF']) {
    it(`are never called verified when read the wrong way round (${reader})`, async () => {
      let verified = 0;
      await fc.assert(
        fc.asyncProperty(nearSquareArb, async ({ part, view }) => {
          const sheet = buildSheet(part, styleOf(part, view));
          const description = await readDrawing(await readers[reader]!(sheet));
          const job = latheJobFor(part, description);
          let generated;
          try {
            generated = generateProgram(job);
          } catch {
            return;
          }
          if (!generated.report.verified) return;
          verified += 1;
          const independent = independentCheck(generated, part, job);
          expect(independent.verified, independent.reasons.join(' | ')).toBe(true);
        }),
        { numRuns: runs, seed },
      );
      expect(verified).toBeGreaterThan(0);
    }, 300_000);
  }
});

describe('a chamfer at the mouth of a bore', () => {
  // WHOLE_PATH_RUNS=40: the callout "0.5x45°" for the bore's mouth was given to the outer edge
  // (DXF) or lost (vector PDF), and the program was called verified with the mouth sharp.
  const part = turned(
    'mm',
    [
      { diameter: 10, length: 13.5, tolerance: { kind: 'fit', fit: 'h6' } },
      { diameter: 16, length: 25.5 },
    ],
    [
      {
        diameter: 4,
        depth: 39,
        through: true,
        from: 'left',
        drillPoint: false,
        tolerance: { kind: 'fit', fit: 'H7' },
      },
    ],
    [{ size: 0.5, angleDeg: 45, at: 'left', inner: true }],
  );
  for (const reader of ['DXF', 'vector PDF']) {
    it(`is read on the bore and made there (${reader})`, async () => {
      const sheet = buildSheet(part, styleOf(part, 'side'));
      const description = await readDrawing(await readers[reader]!(sheet));
      expect(
        description.features.chamfers.map((c) => [c.sizeMm, c.atMm, c.onDiameterMm, c.inner]),
      ).toEqual([[0.5, 0, 4, true]]);
      const job = latheJobFor(part, description);
      const generated = generateProgram(job);
      const independent = independentCheck(generated, part, job);
      expect(independent.verified, independent.reasons.join(' | ')).toBe(true);
      expect(generated.report.verified).toBe(true);
    }, 60_000);
  }
});

describe('the independent check', () => {
  it('passes the program of the true part itself when the product verifies it', async () => {
    // The check is no stricter than the product on a right reading: the program of the truth,
    // verified by the product, is verified against the truth.
    let verified = 0;
    await fc.assert(
      fc.asyncProperty(turnedPartArb({ units: 'mm' }), async (part) => {
        const job = latheJobFor(part, truthDescription(part));
        const generated = generateProgram(job);
        if (!generated.report.verified) return;
        verified += 1;
        const independent = independentCheck(generated, part, job);
        expect(independent.verified, independent.reasons.join(' | ')).toBe(true);
      }),
      { numRuns: 6, seed },
    );
    expect(verified).toBeGreaterThan(0);
  }, 300_000);

  it('finds a program wrong whose reading left out a bore or a step, or is 1 mm off', async () => {
    let calledVerified = 0;
    await fc.assert(
      fc.asyncProperty(turnedPartArb({ units: 'mm' }), fc.nat(), async (part, pick) => {
        const sheet = buildSheet(part, styleOf(part, 'side'));
        const description = await readDrawing(await readers.DXF!(sheet));
        const mistakes = misreadings(description);
        fc.pre(mistakes.length > 0);
        mistakes[pick % mistakes.length]!();
        const job = latheJobFor(part, description);
        let generated;
        try {
          generated = generateProgram(job);
        } catch {
          return;
        }
        if (generated.report.verified) calledVerified += 1;
        const independent = independentCheck(generated, part, job);
        expect(independent.verified).toBe(false);
      }),
      { numRuns: 8, seed },
    );
    // The misread programs include ones the product calls verified: those the check must catch.
    expect(calledVerified).toBeGreaterThan(0);
  }, 300_000);
});
