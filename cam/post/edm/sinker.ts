/**
 * Sinker EDM programs in ISO code for Fanuc-style sinker controls (Mitsubishi, Sodick, Makino,
 * GF AgieCharmilles in ISO mode); see docs/decisions/014-edm.md.
 *
 * `G90 G54 G17`; per cavity `G0 X Y` over it at the clearance height and `G0 Z0.5` down to
 * just above the top face; per condition a comment
 * and its `E1xx` number, `G1 Z… F…` down to the condition's depth, and the orbit written as
 * explicit moves (`G1` out to the orbit radius, two `G2` half circles with I J, `G1` back to the
 * centre) instead of a brand's orbit cycle; `G0 Z` up to the clearance height; `M30`. An M0 with
 * a comment asks for each electrode (no brand's electrode changer codes).
 */
import type { SinkerCavity, SinkerCondition, SinkerPlan } from '../../sinker/program.ts';
import { commentLines, commentText, formatNumber, writeProgram } from '../common.ts';
import type { EdmDialect } from '../../gcode/dialects.ts';
import type { PostProcessor, ProgramHeader } from '../common.ts';

/** Height the electrode approaches in rapid before the first condition feeds down, mm. */
export const approachZ = 0.5;

const coordinate = (value: number) => formatNumber(value, 3, true);
const comment = (text: string) => `(${commentText(text, true)})`;
const mm = (value: number) => formatNumber(value, 3);

function electrodeSize(cavity: SinkerCavity): string {
  const shape = cavity.electrode.shape;
  if (!shape) return '';
  return shape.kind === 'round'
    ? `dia ${mm(shape.diameterMm)}`
    : `${mm(shape.xMm)} x ${mm(shape.yMm)}`;
}

/** The header's comment lines (without brackets). */
export function sinkerHeaderLines(plan: SinkerPlan, header: ProgramHeader): string[] {
  const electrodes = [
    ...new Map(plan.cavities.map((cavity) => [cavity.electrode.number, cavity])).values(),
  ];
  const conditions = [
    ...new Map(
      plan.cavities
        .flatMap((cavity) => cavity.conditions)
        .map((condition) => [condition.number, condition]),
    ).values(),
  ].sort((a, b) => a.number - b.number);
  return [
    `Sinker EDM program: ${header.partName}`,
    `Material: ${header.material}`,
    `Stock: ${header.stock}`,
    `Machine: ${header.machine}`,
    `Controller: ${header.controller}`,
    `Program version ${header.programVersion}, written by Q-Bot`,
    'G54: X0 Y0 the lower-left corner of the part, Z0 the top face, Z the electrode tip; mm',
    `Clearance height Z${mm(plan.clearanceZ)}`,
    'Electrodes:',
    ...electrodes.map(
      (cavity) =>
        `T${cavity.electrode.number} ${cavity.electrode.material} ${electrodeSize(cavity)}, undersize ${mm(cavity.electrode.undersizeMm)} per side - ${cavity.electrode.row.toolName}`,
    ),
    `Conditions${plan.pair ? ` (${plan.pair})` : ''}, typical values: map each E number to the control's technology table for the electrode area and material pair:`,
    ...conditions.map(
      (condition) =>
        `E${condition.number} ${condition.name}: gap ${mm(condition.gapMm)} per side, Ra ${condition.raUm}`,
    ),
    'Electrode wear is not compensated in the program: use the control wear compensation or a finishing electrode',
    ...header.notes.map((note) => `Note: ${note}`),
  ];
}

/** A condition's title: the start of its comment, and its operation name in the summary. */
export const sinkerConditionTitle = (cavity: SinkerCavity, condition: SinkerCondition): string =>
  `${cavity.label} E${condition.number} ${condition.name}: gap ${mm(condition.gapMm)}, Ra ${condition.raUm}`;

function conditionLines(cavity: SinkerCavity, condition: SinkerCondition): string[] {
  const { x, y } = cavity.center;
  const feed = formatNumber(condition.feedMmPerMin ?? 1, 2, true);
  const lines = [
    comment(
      `${sinkerConditionTitle(cavity, condition)}, to Z${mm(condition.bottomZ)}, orbit ${mm(condition.orbitMm)}`,
    ),
    `E${condition.number}`,
    `G1 Z${coordinate(condition.bottomZ)} F${feed}`,
  ];
  const r = condition.orbitMm;
  if (r > 0) {
    lines.push(
      `G1 X${coordinate(x + r)} Y${coordinate(y)}`,
      `G2 X${coordinate(x - r)} Y${coordinate(y)} I${coordinate(-r)} J0.`,
      `G2 X${coordinate(x + r)} Y${coordinate(y)} I${coordinate(r)} J0.`,
      `G1 X${coordinate(x)} Y${coordinate(y)}`,
    );
  }
  return lines;
}

/** The program after its head: every cavity with its conditions, then the end. */
function sinkerBody(plan: SinkerPlan): string[] {
  const lines = ['G90 G54 G17', 'G21'];
  let mounted: number | null = null;
  plan.cavities.forEach((cavity, index) => {
    lines.push(
      comment(
        `Cavity ${index + 1}: ${cavity.label} - depth ${mm(cavity.depthMm)}, electrode T${cavity.electrode.number}, ${cavity.conditions.length} condition${cavity.conditions.length > 1 ? 's' : ''}`,
      ),
    );
    lines.push(`G0 Z${coordinate(plan.clearanceZ)}`);
    if (mounted !== cavity.electrode.number) {
      lines.push(
        `M0 ${comment(`Mount electrode T${cavity.electrode.number} ${cavity.electrode.material} ${electrodeSize(cavity)} and set its offsets`)}`,
      );
      mounted = cavity.electrode.number;
    }
    lines.push(
      `G0 X${coordinate(cavity.center.x)} Y${coordinate(cavity.center.y)}`,
      `G0 Z${coordinate(approachZ)}`,
    );
    for (const condition of cavity.conditions) lines.push(...conditionLines(cavity, condition));
    lines.push(`G0 Z${coordinate(plan.clearanceZ)}`);
  });
  lines.push('M30', '%', '');
  return lines;
}

/** The sinker EDM post-processor (ISO, Fanuc-style sinker controls). */
export const sinkerPost: PostProcessor<SinkerPlan, EdmDialect> = {
  dialect: 'iso-edm',
  label: 'ISO sinker EDM',
  head: (plan, header) => [
    '%',
    ...sinkerHeaderLines(plan, header).flatMap((line) => commentLines(line, comment)),
  ],
  body: sinkerBody,
};

/** Write a planned sinker EDM program (its head and its body). */
export function writeSinkerProgram(plan: SinkerPlan, header: ProgramHeader): string {
  return writeProgram(sinkerPost, plan, header, { programNumber: 1 });
}
