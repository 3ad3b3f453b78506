/**
 * A planned lathe program before it is written in a controller's dialect.
 *
 * Coordinates are work coordinates (G54): Z0 is the finished free-end face, negative toward the
 * chuck; X is a diameter. The operations of a second setup (`setup: 2`) are in its own work
 * coordinates (G55): Z0 the finished far-end face of the part turned around. Every length is in mm, feeds in mm/rev, surface speeds in m/min.
 */
import type { LatheTool } from './tooling.ts';
import type { TurnedPart } from './part.ts';
import type { CentreSupport } from './tailstock.ts';

/** The second setup as the program writes it and the verifier simulates it. */
export interface SecondSetup {
  /**
   * The part turned around as the second setup machines it, in its coordinates: its far-end
   * bores as `inner`, the DIN 76 undercuts of the far-end threads it cuts among `outer`, the
   * far-end outer chamfer it turns among `chamfers` (at Z0).
   */
  part: TurnedPart;
  /**
   * The far-end threads it cuts (docs/decisions/053), in its coordinates; absent when none. The
   * first setup's are the plan's `threads`.
   */
  threads?: ThreadCycle[];
  /**
   * The length the first setup parts the part off at: the overall length plus the allowance;
   * from a sawn blank, the length from the free-end face to the blank's sawn back end.
   */
  partedLengthMm: number;
  /**
   * Z of the parted face in the second setup (the facing allowance in front of Z0), or of a sawn
   * blank's back end (the stub it faces off), mm.
   */
  frontFaceZ: number;
  /** The diameter the chuck holds (the free-end section) and how much of it, mm. */
  gripDiameterMm: number;
  gripLengthMm: number;
  /** Z of the chuck jaws' front face in the second setup. */
  chuckFaceZ: number;
  /** The hole the first setup leaves through the part (its through bore), mm, if any. */
  preboredMm?: number;
  /**
   * Two chuckings (docs/decisions/064-slender-parts-in-two-chuckings.md): the first setup turns
   * the outside from the free end to this distance from its face and leaves the bar's diameter
   * behind it; the second setup turns the rest from the far end. Absent when the first setup
   * turns the whole outside.
   */
  outsideFromMm?: number;
  /** What the operator does at the program stop, one sentence a line. */
  instructions: string[];
}

/** What an operation is for, which decides the rules its moves are held to. */
export type OperationRole =
  | 'face'
  | 'rough'
  | 'finish'
  | 'rough-bore'
  | 'finish-bore'
  | 'drill'
  | 'groove'
  | 'thread'
  | 'tap'
  | 'part-off'
  | 'other';

export interface LinearMove {
  kind: 'rapid' | 'feed';
  /** Diameter, mm. */
  x: number;
  z: number;
  /** Feed moves: mm/rev. */
  feed?: number;
  /**
   * A feed move along a circular arc to (x, z) from where the move before ends (G2/G3 in G18):
   * its centre (x a diameter, mm) and direction, clockwise seen with X up and Z to the right
   * (cam/gcode/arcs.ts); absent for a straight move (cam/lathe/arc-moves.ts fits them).
   */
  arc?: { center: { x: number; z: number }; clockwise: boolean };
}

/**
 * A single-start external thread cut toward the chuck in passes, written as each dialect's
 * threading cycle (LinuxCNC G76, Fanuc two-block G76, Haas G76) or as explicit G33 passes
 * (Sinumerik). The tool is at (driveX, startZ) before the cycle; the post leaves it there after.
 */
export interface ThreadCycle {
  /** "M20x1.5", for comments. */
  label: string;
  /** Lead = pitch (single start), mm/rev. */
  leadMm: number;
  /** Nominal major diameter d: the cycles measure the depth from it, mm. */
  majorMm: number;
  /** Root diameter after the last pass: d − 2·depth, mm. */
  rootMm: number;
  /** Radial thread depth h3 = 0.61343·P, mm. */
  depthMm: number;
  /** Cumulative radial depths of the infeed passes, the last one `depthMm`. */
  passDepthsMm: number[];
  /** Passes repeated at full depth. */
  springPasses: number;
  /** Flank infeed angle, degrees (29.5). */
  infeedAngleDeg: number;
  /** Included angle of the thread profile (60). */
  profileAngleDeg: number;
  /** Diameter the tool returns to between passes, above the crest. */
  driveX: number;
  /** Where synchronised cutting starts (in front of the thread) and ends (in its run-out). */
  startZ: number;
  endZ: number;
  /** Z of the thread's free-end side on the part (0 at the free end). */
  threadStartZ: number;
  /**
   * Z where the thread's full form ends (its section's end, before an undercut or the run-out
   * into a smaller diameter): a threading pass must cover threadStartZ to it; `endZ` beyond it is
   * where the tool happens to run out.
   */
  threadEndZ: number;
}

export interface ThreadMove {
  kind: 'thread';
  /** The tool position before and after the cycle: (driveX, startZ). */
  x: number;
  z: number;
  thread: ThreadCycle;
}

/**
 * Rigid tapping on the axis from `startZ` (clear of the face) to `depthZ` and back out with the
 * spindle reversed, at constant rpm with the feed the pitch: LinuxCNC G33.1, Fanuc M29 and G84,
 * Haas G84, Sinumerik CYCLE84 (cam/post/lathe/). The tool is at (0, startZ) before and after.
 */
export interface TapCycle {
  /** "M8", for comments. */
  label: string;
  /** Lead = pitch, mm/rev. */
  pitchMm: number;
  /** Spindle speed, rpm (Fanuc M29 S, Sinumerik SST). */
  rpm: number;
  startZ: number;
  /** Where the tap's tip goes (negative). */
  depthZ: number;
}

export interface TapMove {
  kind: 'tap';
  /** The tool position before and after the cycle: (0, startZ). */
  x: number;
  z: number;
  tap: TapCycle;
}

export type Move = LinearMove | ThreadMove | TapMove;

export type SpindleSetting =
  { mode: 'css'; surfaceSpeed: number; maxRpm: number } | { mode: 'rpm'; rpm: number };

export interface Operation {
  /** "Face", "Rough OD", "Finish OD", "Groove Ø8.85", "Undercut DIN 76-A M20x1.5", "Thread M20x1.5", "Centre drill", "Drill Ø8.5", "Rough bore", "Finish bore", "Part off". */
  name: string;
  /** What the operation is for: the verifier holds its moves to that role's rules. */
  role: OperationRole;
  tool: LatheTool;
  spindle: SpindleSetting;
  coolant: boolean;
  /** From the tool change position out and back: the first move is a rapid approach. */
  moves: Move[];
  /** Cutting data as chosen, for the summary and the header. */
  data: {
    surfaceSpeed?: number;
    rpm?: number;
    feedPerRev: number;
    depthOfCut?: number;
    /** Finishing: the roughness (Ra µm) the feed was chosen for, from the nose radius. */
    raUm?: number;
    /** Threading: number of passes (with the spring pass) and the radial depth, mm. */
    passes?: number;
  };
  /**
   * What the operator does at a program stop (M0) before this operation, one sentence a line:
   * bring the tailstock up or retract it (tailstock.ts). Absent: no stop.
   */
  stopBefore?: string[];
  /**
   * 2 for an operation of the second setup (the part turned around, under G55, in that setup's
   * coordinates: cam/lathe/second-setup.ts); absent for the first setup's.
   */
  setup?: 2;
}

export interface StockSetup {
  diameterMm: number;
  /** Length of bar out of the chuck, mm. */
  protrusionMm: number;
  /** Z of the unfaced bar end (the facing allowance beyond Z0). */
  frontFaceZ: number;
  /** Z of the chuck jaws' front face: no tool outside the bar may go beyond it. */
  chuckFaceZ: number;
  /**
   * A sawn blank's length, mm, when the part is turned from one (cam/lathe/sawn-blank.ts): its
   * sawn front at `frontFaceZ`, its back `blankLengthMm` behind, in the jaws; absent for bar.
   */
  blankLengthMm?: number;
}

export interface LathePlan {
  part: TurnedPart;
  stock: StockSetup;
  operations: Operation[];
  /** Where tools are changed, in work coordinates. */
  changePosition: { x: number; z: number };
  /** Spindle speed limit for constant surface speed, rpm. */
  maxRpm: number;
  /** Width of the cut-off blade, mm. */
  partingWidthMm: number;
  /** Radial finishing allowance roughing leaves (outside and bores), mm. */
  finishAllowanceMm: number;
  /** Where the outside finishing pass ends, in the cut-off zone (Z). */
  finishEndZ: number;
  /** Drilled diameter of the bores and where through bores end (Z), when the part has bores. */
  drilledMm?: number;
  throughZ: number;
  warnings: string[];
  /** The changes the user asked for (overrides) that the machine's limits changed, in words. */
  limited: string[];
  notProgrammed: string[];
  /** Threads the program cuts, for the verifier. */
  threads: ThreadCycle[];
  /**
   * The part's tapped holes, for the verifier, whether the program taps them or not (a hole
   * left untapped is then found so).
   */
  tappedHoles?: TappedHole[];
  /**
   * The tailstock holds the free end in this centre hole (tailstock.ts, decision 078) from the
   * stop before the operation after its centre drilling to the stop that retracts it. Absent:
   * the part is held in the chuck alone.
   */
  tailstock?: CentreSupport;
  /**
   * The second setup, when the plan has one: its operations follow the first setup's (after the
   * part off) in `operations`, marked `setup: 2`. `part` then is the part as drawn (far-end
   * bores in `farInner`); the first setup parts it off `partedLengthMm` long, or, from a sawn
   * blank (`stock.blankLengthMm`), leaves it that long to the blank's sawn back end.
   */
  secondSetup?: SecondSetup;
}

/** A tapped hole as the verifier checks it: tap drill, tap depth, pitch and speed. */
export interface TappedHole {
  /** "M8 x 16 deep". */
  label: string;
  pitchMm: number;
  /** The ISO 2306 tap drill, mm (the drill must be within 0.1 mm of it). */
  tapDrillMm: number;
  /** Z the tap's tip must reach (negative): the thread depth plus the tap's chamfer. */
  tapToZ: number;
  /** The fastest the tap may turn (its tapping speed in the material), rpm, when a tap is chosen. */
  maxRpm?: number;
}
