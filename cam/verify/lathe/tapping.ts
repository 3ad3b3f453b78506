/**
 * The tapped holes (docs/decisions/051-lathe-tapped-holes.md): each is drilled on the axis with
 * its tap drill (ISO 2306, within 0.1 mm) and tapped there, synchronised at its pitch, to the
 * thread depth plus the tap's chamfer ('tapped', a completeness check); the tap runs at constant
 * rpm within its tapping speed and the machine's top speed, its lead the thread's pitch, and its
 * tip stays inside the drilled hole's full diameter, where it would bottom and break ('tapping',
 * a process check). The tap's helix is not simulated: the thread's crest is the drilled hole.
 */
import type { MotionEvent } from '../../gcode/events.ts';
import type { PassCheck } from '../pass.ts';
import type { Fail } from './checks.ts';
import type { LatheVerificationInput, VerificationTool } from './input.ts';

const round = (value: number) => Math.round(value * 1000) / 1000;
/** A drill's 118° point is 0.3 · D long: its full diameter ends that far above its tip. */
const pointShare = 0.3;

export class TappedHoleChecks implements PassCheck {
  /** The deepest full-diameter Z a drill on the axis reached, and that drill's diameter. */
  private drilled: { z: number; diameterMm: number } | undefined;
  /** The tap's deepest tip, the leads it ran at, the problems seen (each once). */
  private tapTip = Infinity;
  private readonly leads = new Set<number>();
  private readonly problems = new Set<string>();

  constructor(
    private readonly input: LatheVerificationInput,
    private readonly toolOf: (event: MotionEvent) => VerificationTool | undefined,
  ) {}

  move(event: MotionEvent): void {
    const holes = this.input.tappedHoles ?? [];
    if (holes.length === 0 || event.kind === 'rapid') return;
    const tool = this.toolOf(event);
    const onAxis = Math.abs(event.to.x) < 0.01 && (!event.from || Math.abs(event.from.x) < 0.01);
    if (!onAxis) return;
    if (tool?.kind === 'drill' && tool.diameterMm !== undefined) {
      const z = event.to.z + pointShare * tool.diameterMm;
      if (!this.drilled || z < this.drilled.z) this.drilled = { z, diameterMm: tool.diameterMm };
    } else if (tool?.kind === 'tap') this.tap(event);
  }

  /** A tap's move: its lead, its speed, its depth. */
  private tap(event: MotionEvent): void {
    const { line, spindle } = event;
    if (event.leadMm === undefined || !(event.leadMm > 0)) {
      this.problems.add(`line ${line}: a tap feeding unsynchronised with the spindle`);
      return;
    }
    this.leads.add(round(event.leadMm));
    this.tapTip = Math.min(this.tapTip, event.to.z);
    const machineRpm = this.input.machine?.maxRpm;
    const tapRpm = Math.min(
      ...(this.input.tappedHoles ?? []).map((hole) => hole.maxRpm ?? Infinity),
    );
    if (spindle.mode !== 'rpm')
      this.problems.add(`line ${line}: tapping under constant surface speed (use G97)`);
    else if (spindle.speed > tapRpm * 1.05 + 1)
      this.problems.add(
        `line ${line}: the tap turns at ${round(spindle.speed)} rpm, above its tapping speed of ${tapRpm} rpm`,
      );
    else if (machineRpm !== undefined && spindle.speed > machineRpm + 0.5)
      this.problems.add(
        `line ${line}: the tap turns at ${round(spindle.speed)} rpm, above the machine's ${machineRpm} rpm`,
      );
  }

  /** After the last move: each hole drilled to its tap drill and tapped to depth at its pitch. */
  finish(fail: Fail): void {
    for (const problem of this.problems) fail('tapping', problem);
    for (const hole of this.input.tappedHoles ?? []) {
      const { label } = hole;
      const drilled = this.drilled;
      if (!drilled)
        fail(
          'tapped',
          `${label}: no drill on the axis drills its Ø${hole.tapDrillMm} mm tap drill hole`,
        );
      else if (Math.abs(drilled.diameterMm - hole.tapDrillMm) > 0.1 + 1e-9)
        fail(
          'tapped',
          `${label}: drilled Ø${drilled.diameterMm} mm, the tap drill is Ø${hole.tapDrillMm} mm ±0.1 (ISO 2306)`,
        );
      if (this.tapTip === Infinity) {
        fail('tapped', `${label}: no tap cuts the thread`);
        continue;
      }
      for (const lead of this.leads)
        if (Math.abs(lead - hole.pitchMm) > 1e-6)
          fail(
            'tapping',
            `${label}: the tap is fed at a ${lead} mm lead, the thread's pitch is ${hole.pitchMm} mm`,
          );
      if (this.tapTip > hole.tapToZ + 0.01)
        fail(
          'tapped',
          `${label}: the tap reaches Z${round(this.tapTip)}, the thread needs Z${hole.tapToZ}`,
        );
      if (drilled && this.tapTip < drilled.z - 0.01)
        fail(
          'tapping',
          `${label}: the tap goes to Z${round(this.tapTip)}, below the drilled hole's full diameter at Z${round(drilled.z)}: it would bottom and break`,
        );
    }
  }
}
