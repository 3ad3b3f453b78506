/**
 * The turned part's types (cam/lathe/part.ts builds it from a description): sections along the
 * axis measured from the free end, diameters in mm. Apart from part.ts so that the modules it
 * is built with (part-bores.ts, part-sizes.ts) share them without importing it back.
 */
import type { ParsedThread } from '../callouts.ts';

export interface DiameterLimits {
  /** Smallest and largest acceptable diameter, mm. */
  minMm: number;
  maxMm: number;
}

export interface OuterSection {
  /** Distance from the free end to the start and the end of the section, mm. */
  startMm: number;
  endMm: number;
  nominalMm: number;
  /** The diameter the finishing pass turns: the middle of the tolerance band. */
  targetMm: number;
  limits?: DiameterLimits;
  kind: 'cylinder' | 'groove';
  /** As the drawing writes it, for messages and comments: "Ø15.48". */
  label: string;
  /** Thread designation as drawn. */
  thread?: string;
  /** The thread read from it (pitch from ISO 261 / ASME B1.1 when not written). */
  threadSpec?: ParsedThread;
  /**
   * The bar left at its diameter behind what the first setup turns, when the part is turned in
   * two chuckings (cam/lathe/two-chuckings.ts): not a diameter of the drawing.
   */
  bar?: true;
}

export interface InnerSection {
  /**
   * Depth from the face it opens at, mm: the free end's for `inner`, the far (parted-off) end's
   * for `farInner`; through bores reach the cut-off.
   */
  depthMm: number;
  through: boolean;
  nominalMm: number;
  targetMm: number;
  limits?: DiameterLimits;
  label: string;
  /**
   * A tapped hole: the bore is its tap drill (ISO 2306, `limits` ±0.1 mm), drilled `depthMm`
   * deep (the thread, the tap's chamfer and a pitch of clearance), then tapped.
   */
  thread?: InternalThread;
  /**
   * Half of a through bore drilled from both ends (both-ends.ts): it meets the bore from the
   * other end, so its drill's point ends in that bore, not in the part.
   */
  meets?: true;
}

/** The thread of a tapped hole (cam/lathe/tapping.ts), mm. */
export interface InternalThread {
  /** As drawn: "M8", "M10x1". */
  designation: string;
  majorMm: number;
  pitchMm: number;
  /** The ISO 2306 tap drill (Machinery's Handbook for Unified threads). */
  tapDrillMm: number;
  /** Full thread from the mouth, mm (the part's length for a through thread). */
  threadDepthMm: number;
  /** Where the tap's tip goes: the thread depth plus the tap's chamfer, mm from the mouth. */
  tapDepthMm: number;
}

export interface EdgeChamfer {
  /** Distance from the free end to the chamfered edge, mm. */
  atMm: number;
  /** Target diameter of the edge's cylinder, mm. */
  diameterMm: number;
  /** Leg along the axis, mm, and angle to the axis, degrees (45 for "1 x 45°"). */
  sizeMm: number;
  angleDeg: number;
  inner: boolean;
  label: string;
}

export interface TurnedPart {
  lengthMm: number;
  /**
   * Where the far face is as drawn, mm from the free end, when this is the first setup's blank,
   * longer by what the second setup faces off (second-setup.ts `blankOf`): a drill's point must
   * stay inside the finished part, not the blank (drill-point.ts). Absent when the far face is at
   * `lengthMm`.
   */
  finishedLengthMm?: number;
  /** From the free end toward the chuck, consecutive. */
  outer: OuterSection[];
  /** Bores opening at the free end, widest first (through bores among them). */
  inner: InnerSection[];
  /**
   * Bores opening at the far (chuck-side, parted-off) end, widest first, each `depthMm` from
   * that end; never through. Machined in a second setup, the part turned around
   * (cam/lathe/second-setup.ts). Absent or empty when there are none.
   */
  farInner?: InnerSection[];
  chamfers: EdgeChamfer[];
  /**
   * Chamfers on the mouth of the widest far-end bore (inner, `atMm` = the length): cut in the
   * second setup. Absent when there are none.
   */
  farChamfers?: EdgeChamfer[];
  /**
   * The outer chamfer on the parted-off (chuck-side) end's edge (`atMm` = the length, on the last
   * section's diameter): the parting blade turns it before it parts the part off
   * (cam/lathe/parting.ts, docs/decisions/052-chamfer-at-part-off.md). Absent when there is none.
   */
  partOffChamfer?: EdgeChamfer;
  /**
   * The outer chamfer on the parted-off end's edge when the parting blade cannot turn it (the
   * last section is smaller than a diameter before it): the turning tools turn it in the second
   * setup, the part turned around (cam/lathe/far-outside.ts,
   * docs/decisions/053-far-end-threads-and-chamfers-in-the-second-setup.md). `atMm` = the
   * length, on the last section's diameter. Absent when there is none.
   */
  farOuterChamfer?: EdgeChamfer;
  /** Finest roughness asked for, Ra µm. */
  raUm?: number;
  /**
   * Whether the end faces may keep a centre hole (ISO 6411), as the description says: 'permitted'
   * lets the plan hold a slender part's free end with the tailstock (tailstock.ts).
   */
  centreHoles?: 'permitted' | 'not permitted';
  material: string;
  /** Features the description names that this planner does not cut, in words. */
  notProgrammed: string[];
}
