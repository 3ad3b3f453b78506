/**
 * What the lathe verifier (cam/verify/lathe/) is given: the bar, the part's finished diameters,
 * chamfers, threads and features, the tools with their real shapes and ratings, the working
 * envelope, the machine's limits, the operations in program order and what the plan left out.
 * Units: mm, rpm, kW. Coordinates: X a diameter, Z from the finished free-end face (negative
 * toward the chuck); half-section regions are (x = Z, y = radius).
 */
import type { LatheDialect } from '../../gcode/dialects.ts';
import type { Polygon } from '../../geometry/polygon.ts';
import type { LatheCutter } from '../../lathe/cutters.ts';
import type { OperationRole, TappedHole } from '../../lathe/program.ts';
import type { CentreSupport } from '../../lathe/tailstock.ts';
import type { LatheToolKind } from '../../lathe/tooling.ts';
import type { MaterialSubgroup } from '../../materials.ts';

/** A tool of the job: its kind, and its real shape and ratings when they are known. */
export interface VerificationTool {
  number: number;
  kind: LatheToolKind;
  /** Blades: cutting width, mm. */
  widthMm?: number;
  /** Drills: diameter, mm. */
  diameterMm?: number;
  /** The tool's real shape and ratings; without it the tool is taken as a point (its tip). */
  cutter?: LatheCutter;
}

/** A finished diameter to check: z from `fromZ` (free-end side) down to `toZ`. */
export interface DiameterTarget {
  label: string;
  fromZ: number;
  toZ: number;
  diameterMm: number;
}

/** A feature of the part, for naming what is left or cut: outer sections, bores. */
export interface LatheFeature {
  label: string;
  side: 'outer' | 'inner';
  /** Z range, free-end side first. */
  fromZ: number;
  toZ: number;
}

/** What a lathe program is checked against. */
export interface LatheVerificationInput {
  dialect: LatheDialect;
  /**
   * The stock: bar (running 10 mm into the chuck past `chuckFaceZ`), or, with `lengthMm`, a
   * sawn blank of that length from `frontFaceZ` back, which is not parted off but taken out whole
   * and turned around for the second setup (cam/lathe/sawn-blank.ts).
   */
  stock: { diameterMm: number; frontFaceZ: number; chuckFaceZ: number; lengthMm?: number };
  lengthMm: number;
  partingWidthMm: number;
  outer: DiameterTarget[];
  inner: DiameterTarget[];
  /** Chamfer lines (z, diameter) to (z, diameter) that the outline must follow. */
  chamfers: { label: string; from: { x: number; z: number }; to: { x: number; z: number } }[];
  tools: VerificationTool[];
  /** Largest X and Z any move may reach (the tool change position, with a margin). */
  envelope: { xMax: number; zMax: number };
  /** Finished sizes must be within this of the target, on the diameter (mm). */
  sizeToleranceMm?: number;
  /**
   * External threads the program cuts: synchronised passes of a threading tool with this lead
   * must reach the root diameter from `fromZ` (free-end side) to `toZ`.
   */
  threads?: ThreadTarget[];
  /** Tapped holes on the axis at the free end: tap drill, tap depth, pitch and speed (tapping.ts). */
  tappedHoles?: TappedHole[];
  /**
   * The operations in program order, one per tool change, with what each is for; `setup: 2`
   * for the second setup's.
   */
  operations?: { name: string; role: OperationRole; tool: string; setup?: 2 }[];
  /**
   * The second setup, when the plan has one: after the part off and a program stop, the part
   * turned around and its far end machined under G55. Its moves are in its own coordinates (Z0
   * the finished far-end face, negative toward the original free end); the part as the first
   * setup parted it off is turned end for end about Z = −`lengthMm` into them. The finished
   * sizes, the part and its features above stay in the first setup's coordinates: they are
   * checked on the part as the second setup leaves it, turned back.
   */
  secondSetup?: SecondSetupTarget;
  /** The radial finishing allowance roughing leaves, mm. */
  finishAllowanceMm?: number;
  /**
   * The surfaces each finishing operation makes (half-section regions it must not cut into):
   * the turned outside for 'finish', the material around the bores for 'finish-bore'.
   */
  finishedBy?: { outside?: Polygon[]; bore?: Polygon[] };
  /** The part as drawn (half-section, Z0 to −length), for completeness and gouges. */
  part?: {
    region: Polygon[];
    /** Inside corners may keep this radius (the finishing nose), mm. */
    cornerRadiusMm: number;
    features: LatheFeature[];
    /** Regions that may be cut or left either way (a blind bore's drill point). */
    either?: Polygon[];
  };
  /** The workpiece material, for the specific cutting force. */
  material?: MaterialSubgroup;
  /** The machine's limits, when known. */
  machine?: {
    name?: string;
    maxRpm?: number;
    /** Why `maxRpm` is below the machine's own top speed, when it is (the chuck's safe speed). */
    maxRpmReason?: string;
    spindlePowerKw?: number;
    travelsMm?: { x: number; z: number };
    maxTurningDiameterMm?: number;
  };
  /**
   * The plan holds the free end with the tailstock in this centre hole (cam/lathe/tailstock.ts):
   * the first program stop of the first setup brings it up, the second retracts it (tailstock.ts).
   */
  tailstock?: CentreSupport;
  /** What the plan left out: findings on these features are not repeated. */
  notProgrammed?: string[];
}

/** What the verifier knows of a second setup (cam/lathe/second-setup.ts). */
export interface SecondSetupTarget {
  /**
   * The length the first setup parts the part off at (the overall length plus what the second
   * setup faces off), mm; from a sawn blank, the length to its sawn back end.
   */
  partedLengthMm: number;
  /** Z of the chuck jaws' front face in the second setup. */
  chuckFaceZ: number;
  /**
   * Two chuckings (cam/lathe/two-chuckings.ts): the first setup turns the outside from the
   * free-end face to this distance from it, the second the rest; the first chucking's stiffness
   * behind it is measured on the bar as the first setup leaves it (support.ts), mm.
   */
  outsideFromMm?: number;
  /**
   * The surfaces its finishing operations make, in its coordinates: the bores' surroundings, and
   * the outside as seen from the far end when it turns the far-end chamfer.
   */
  finishedBy?: { outside?: Polygon[]; bore?: Polygon[] };
}

/**
 * An external thread the program cuts (X as a diameter, Z free-end side first), mm; with
 * `setup: 2` a far-end thread cut in the second setup, under G55, its Z in that setup's
 * coordinates (the far-end side first).
 */
export interface ThreadTarget {
  label: string;
  setup?: 2;
  fromZ: number;
  toZ: number;
  rootMm: number;
  leadMm: number;
}
