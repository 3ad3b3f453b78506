/**
 * Wire EDM programs in the ISO dialect of Fanuc-style wire controls (Mitsubishi, Sodick,
 * Makino, Fanuc Robocut, GF AgieCharmilles in ISO mode); see docs/decisions/014-edm.md.
 *
 * Absolute G54 coordinates throughout (no G92: the wire travels between start holes, so every
 * start hole is a G54 position). For each contour: `G0 X Y` to its start hole and
 * `M0 (THREAD WIRE AT START HOLE …)`; for each pass a lead-in `G41 D1 G1 X Y F…` (or G42) to
 * the contour, the contour itself (G1, and G2/G3 for round holes and the drawing's arcs), a lead-out `G40 G1 X Y`
 * back to the start hole; `M0 (CUT WIRE)` before the wire travels to the next start hole.
 * Tabs: the rough pass stops short, an M0 asks the operator to secure the slug (or the part),
 * the tab is cut, an M0 asks to remove it. The offset registers' values are in the header: the
 * operator sets them, or takes them from the control's technology table.
 * Brand-specific automatic threading and cutting (AWT) codes and condition numbers are not
 * written.
 */
import type { Point2 } from '../../geometry/polygon.ts';
import type { WireContour, WirePass, WirePathMove, WirePlan } from '../../wire/program.ts';
import { commentLines, commentText, formatNumber, writeProgram } from '../common.ts';
import type { EdmDialect } from '../../gcode/dialects.ts';
import type { PostProcessor, ProgramHeader } from '../common.ts';

const coordinate = (value: number) => formatNumber(value, 3, true);
const comment = (text: string) => `(${commentText(text, true)})`;
const xy = (point: Point2) => `X${coordinate(point.x)} Y${coordinate(point.y)}`;
const mm = (value: number) => formatNumber(value, 3);

/** The header's comment lines (without brackets). */
export function wireHeaderLines(plan: WirePlan, header: ProgramHeader): string[] {
  const passes = plan.contours[0]?.passes ?? [];
  const radius = plan.wire.diameterMm / 2;
  const stock = plan.stockBounds;
  return [
    `Wire EDM program: ${header.partName}`,
    `Material: ${header.material}`,
    `Stock: ${header.stock}`,
    `Machine: ${header.machine}`,
    `Controller: ${header.controller}`,
    `Program version ${header.programVersion}, written by Q-Bot`,
    'G54: X0 Y0 the lower-left corner of the part, Z0 the top of the plate; mm',
    ...(stock
      ? [
          `Plate from X${mm(stock.minX)} Y${mm(stock.minY)} to X${mm(stock.maxX)} Y${mm(stock.maxY)} (part centred)`,
        ]
      : []),
    `Plate thickness ${mm(plan.thicknessMm)} mm: set the upper guide just above the plate`,
    `Wire: ${plan.wire.label} - ${plan.wire.row.toolName}`,
    `Offset registers = wire radius ${mm(radius)} + spark gap + skim allowance:`,
    ...passes.map(
      (pass) =>
        `D${pass.register} = ${mm(pass.offsetMm)} mm ${pass.name}` +
        (pass.gapMm !== undefined ? ` (gap ${mm(pass.gapMm)}` : ' (') +
        (pass.allowanceMm ? `, allowance ${mm(pass.allowanceMm)})` : ')'),
    ),
    `Conditions: take the control's technology for ${plan.wire.label} in ${header.material}, ${mm(plan.thicknessMm)} mm thick, ${passes.length} cut${passes.length > 1 ? 's' : ''}: ${passes.map((pass) => `${pass.name} Ra ${pass.raUm}`).join(', ')}`,
    'The offsets above are typical values; use the technology table values if they differ',
    `Contours: ${plan.contours.map((contour) => contour.label).join(', ')}`,
    `Start holes to drill in the blank before the wire is threaded (${plan.contours.length}):`,
    ...plan.contours.map(
      (contour, index) =>
        `${index + 1}. dia ${mm(contour.startHoleDiameterMm)} at ${xy(contour.startHole)} for ${contour.label}`,
    ),
    ...header.notes.map((note) => `Note: ${note}`),
  ];
}

/** A pass's title: the start of its comment, and its operation name in the summary. */
export function wirePassTitle(contour: WireContour, pass: WirePass): string {
  return `${contour.label} ${pass.name}: D${pass.register} = ${mm(pass.offsetMm)} mm, Ra ${pass.raUm}`;
}

const passTitle = (contour: WireContour, pass: WirePass) =>
  `${wirePassTitle(contour, pass)}, F ${pass.feedMmPerMin}`;

/** A move along the contour from `from`: G1, or G2/G3 with the centre as I J from `from`. */
function pathMove(from: Point2, move: WirePathMove): string {
  if (!move.arc) return `G1 ${xy(move.to)}`;
  const { center, clockwise } = move.arc;
  return `${clockwise ? 'G2' : 'G3'} ${xy(move.to)} I${coordinate(center.x - from.x)} J${coordinate(center.y - from.y)}`;
}

/**
 * The contour's moves from its lead-in point once around, stopping at the tab start when
 * `stopAtTab` (the tab is on the last move, cam/wire/contour-moves.ts).
 */
function contourMoves(contour: WireContour, stopAtTab: boolean): string[] {
  let from = contour.path[0]!;
  return contour.moves.map((move, index) => {
    const last = index === contour.moves.length - 1;
    const to = last && stopAtTab && contour.tabStart ? { ...move, to: contour.tabStart } : move;
    const line = pathMove(from, to);
    from = to.to;
    return line;
  });
}

/** The tab from its start back to the lead-in point, along the contour's last move. */
function tabMove(contour: WireContour): string {
  return pathMove(contour.tabStart!, contour.moves.at(-1)!);
}

function contourLines(contour: WireContour, index: number, last: boolean): string[] {
  const g = contour.side === 'left' ? 'G41' : 'G42';
  const hole = contour.startHole;
  const leadIn = contour.path[0]!;
  const kept = contour.kind === 'inner' ? 'slug' : 'part';
  const lines = [
    comment(
      `Contour ${index + 1}: ${contour.label} - ${contour.kind === 'inner' ? 'inner, offset into the slug' : 'outline, offset outward'}, ${contour.passes.length} pass${contour.passes.length > 1 ? 'es' : ''}${contour.tabMm > 0 ? `, tab ${mm(contour.tabMm)} mm` : ''}`,
    ),
    `G0 ${xy(hole)}`,
    `M0 ${comment(`Thread wire at start hole ${xy(hole)} dia ${mm(contour.startHoleDiameterMm)}`)}`,
  ];
  const leadInLine = (pass: WirePass, to: Point2 = leadIn) =>
    `${g} D${pass.register} G1 ${xy(to)} F${formatNumber(pass.feedMmPerMin, 1, true)}`;
  const leadOut = () => `G40 G1 ${xy(hole)}`;
  const [rough, ...skims] = contour.passes;
  const hasTab = contour.tabMm > 0 && contour.tabStart !== undefined;
  if (!hasTab || contour.kind === 'inner') {
    lines.push(comment(passTitle(contour, rough!)), leadInLine(rough!));
    lines.push(...contourMoves(contour, hasTab));
    if (hasTab) {
      lines.push(`M0 ${comment(`Secure the ${kept} - the tab is cut next`)}`, tabMove(contour));
    }
    if (contour.kind === 'inner') lines.push(`M0 ${comment('Remove the slug')}`);
    lines.push(leadOut());
    for (const pass of skims) {
      lines.push(comment(passTitle(contour, pass)), leadInLine(pass));
      lines.push(...contourMoves(contour, false), leadOut());
    }
    if (contour.kind === 'outline') lines.push(`M0 ${comment('The part is free - remove it')}`);
  } else {
    // Outline with a tab: rough and skims stop at the tab, the tab is cut last at the finish offset.
    for (const pass of contour.passes) {
      lines.push(comment(`${passTitle(contour, pass)}, up to the tab`), leadInLine(pass));
      lines.push(...contourMoves(contour, true), leadOut());
    }
    const finish = contour.passes[contour.passes.length - 1]!;
    lines.push(
      comment(`${contour.label} tab: D${finish.register}, F ${rough!.feedMmPerMin}`),
      `M0 ${comment('Support the part - the tab is cut next')}`,
      `${g} D${finish.register} G1 ${xy(contour.tabStart!)} F${formatNumber(rough!.feedMmPerMin, 1, true)}`,
      tabMove(contour),
      leadOut(),
      `M0 ${comment('The part is free - remove it')}`,
    );
  }
  if (!last) lines.push(`M0 ${comment('Cut wire')}`);
  return lines;
}

/** The wire EDM post-processor (ISO, Fanuc-style wire controls). */
export const wirePost: PostProcessor<WirePlan, EdmDialect> = {
  dialect: 'iso-edm',
  label: 'ISO wire EDM',
  head: (plan, header) => [
    '%',
    ...wireHeaderLines(plan, header).flatMap((line) => commentLines(line, comment)),
  ],
  body: (plan) => [
    'G90 G54 G40 G17',
    'G21',
    ...plan.contours.flatMap((contour, index) =>
      contourLines(contour, index, index === plan.contours.length - 1),
    ),
    'M30',
    '%',
    '',
  ],
};

/** Write a planned wire EDM program (its head and its body). */
export function writeWireProgram(plan: WirePlan, header: ProgramHeader): string {
  return writeProgram(wirePost, plan, header, { programNumber: 1 });
}
