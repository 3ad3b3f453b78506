/**
 * Wire contours keep the drawing's arcs: random plates with rounded corners and rounded
 * cut-outs, their arcs given as chords within 0.005 mm as the drawing readers give them, are
 * cut with G2/G3; the arcs lie on the drawn contour, the program passes the verifier, and an arc
 * moved off the contour is caught.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arcPoints } from '#cam/gcode/arcs';
import { distanceToBoundary } from '#cam/geometry/polygon';
import type { Point2, Polygon } from '#cam/geometry/polygon';
import { writeWireProgram } from '#cam/post/edm/wire';
import type { ProgramHeader } from '#cam/post/common';
import type { PrismaticPart } from '#cam/prismatic/part';
import { verifyWireProgram } from '#cam/verify/wire/index';
import { wireVerificationInput } from '#cam/verify/wire/input';
import { pathOfMoves, polygonMoves, WIRE_ARC_FIT_MM } from '#cam/wire/contour-moves';
import { planWire } from '#cam/wire/plan';
import type { ToolRow } from '#cam/tool-row';

/** A counter-clockwise rectangle with corners of radius `r`, its arcs as 0.005 mm chords. */
function roundedRectangle(x0: number, y0: number, w: number, h: number, r: number): Polygon {
  const corners: [Point2, number][] = [
    [{ x: x0 + w - r, y: y0 + r }, -Math.PI / 2],
    [{ x: x0 + w - r, y: y0 + h - r }, 0],
    [{ x: x0 + r, y: y0 + h - r }, Math.PI / 2],
    [{ x: x0 + r, y: y0 + r }, Math.PI],
  ];
  const round4 = (value: number) => Math.round(value * 1e4) / 1e4;
  return corners
    .flatMap(([center, start]) => arcPoints(center, r, start, Math.PI / 2, 0.005))
    .map((point) => ({ x: round4(point.x), y: round4(point.y) }))
    .filter(
      (point, index, all) =>
        index === 0 || Math.hypot(point.x - all[index - 1]!.x, point.y - all[index - 1]!.y) > 1e-6,
    );
}

const wire: ToolRow = {
  id: 'wire',
  slotNumber: 'T1',
  toolName: 'Wire',
  toolDescription: '0.25 mm brass wire',
  toolType: 'Electrical Discharge Machining',
  toolManufacturer: '',
  toolHint: '',
};

const header: ProgramHeader = {
  partName: 'Rounded plate',
  material: 'D2 tool steel',
  stock: 'plate',
  machine: 'Wire EDM',
  controller: 'ISO wire EDM',
  programVersion: 1,
  notes: [],
};

const plates = fc
  .record({
    w: fc.double({ min: 30, max: 120, noNaN: true }),
    h: fc.double({ min: 30, max: 120, noNaN: true }),
    r: fc.double({ min: 0.5, max: 12, noNaN: true }),
    cutW: fc.double({ min: 0.3, max: 0.6, noNaN: true }),
    cutH: fc.double({ min: 0.3, max: 0.6, noNaN: true }),
    cutR: fc.double({ min: 0.3, max: 4, noNaN: true }),
  })
  .map(({ w, h, r, cutW, cutH, cutR }) => {
    const [width, height] = [Math.round(w * 10) / 10, Math.round(h * 10) / 10];
    const [pocketW, pocketH] = [
      Math.round(width * cutW * 10) / 10,
      Math.round(height * cutH * 10) / 10,
    ];
    const part: PrismaticPart = {
      outline: roundedRectangle(0, 0, width, height, Math.min(r, width / 4, height / 4)),
      thicknessMm: 10,
      thicknessSource: 'drawing',
      holes: [],
      pockets: [
        {
          label: 'Cut-out',
          outline: roundedRectangle(
            (width - pocketW) / 2,
            (height - pocketH) / 2,
            pocketW,
            pocketH,
            Math.min(cutR, pocketW / 4, pocketH / 4),
          ),
          depthMm: 10,
          through: true,
          islands: [],
        },
      ],
      slots: [],
      generalToleranceMm: 0.01,
      notModelled: [],
    };
    return { part, stock: { xMm: width + 20, yMm: height + 20 } };
  });

const arcLines = (gcode: string) => gcode.split('\n').filter((line) => /^G[23] /.test(line));

describe('wire contours with the drawing arcs', () => {
  it('fit arcs that lie on the drawn contour, both ways within the fit tolerance', () => {
    fc.assert(
      fc.property(plates, ({ part }) => {
        for (const polygon of [part.outline, part.pockets[0]!.outline]) {
          const moves = polygonMoves(polygon);
          expect(moves.some((move) => move.arc)).toBe(true);
          const cut = pathOfMoves(polygon[0]!, moves);
          // The programs' 0.001 mm rounding of the centres comes on top of the fit.
          for (const point of cut)
            expect(distanceToBoundary(point, polygon)).toBeLessThanOrEqual(WIRE_ARC_FIT_MM + 1e-3);
          for (const point of polygon)
            expect(distanceToBoundary(point, cut)).toBeLessThanOrEqual(WIRE_ARC_FIT_MM + 1e-3);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('are cut as G2/G3 in programs the verifier passes, shorter than their chords', () => {
    fc.assert(
      fc.property(plates, ({ part, stock }) => {
        const plan = planWire({ part, tools: [wire], material: 'D2', stock });
        const gcode = writeWireProgram(plan, header);
        const report = verifyWireProgram(gcode, wireVerificationInput(plan));
        expect(report.checks.filter((check) => !check.passed)).toEqual([]);
        expect(report.passed).toBe(true);
        const arcs = arcLines(gcode);
        // Four corners per contour, once per pass and for the tab of the outline.
        expect(arcs.length).toBeGreaterThanOrEqual(8);
        const chords = part.outline.length + part.pockets[0]!.outline.length;
        const passes = plan.contours[0]!.passes.length;
        expect(gcode.split('\n').length).toBeLessThan(chords * passes);
      }),
      { numRuns: 25 },
    );
  });

  it('catch an arc moved off the contour', () => {
    fc.assert(
      fc.property(
        plates,
        fc.nat(),
        fc.constantFrom(0.05, -0.05, 0.5),
        ({ part, stock }, pick, shift) => {
          const plan = planWire({ part, tools: [wire], material: 'D2', stock });
          const lines = writeWireProgram(plan, header).split('\n');
          const arcIndices = lines.flatMap((line, index) => (/^G[23] /.test(line) ? [index] : []));
          const index = arcIndices[pick % arcIndices.length]!;
          // Move the arc's end (its centre stays, I J are from its start): off its circle and the contour.
          lines[index] = lines[index]!.replace(
            /X(-?[\d.]+) Y(-?[\d.]+)/,
            (_, x: string, y: string) =>
              `X${(Number(x) + shift).toFixed(3)} Y${(Number(y) + shift).toFixed(3)}`,
          );
          const report = verifyWireProgram(lines.join('\n'), wireVerificationInput(plan));
          expect(report.passed).toBe(false);
        },
      ),
      { numRuns: 25 },
    );
  });
});
