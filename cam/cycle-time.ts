/**
 * Cycle time estimates from the interpreter's events (docs/decisions/013-cam-depth.md, "Cycle
 * time and backplot"): rapids at the machine kind's rapid rate, feed moves at their feed (per
 * minute, per revolution at the spindle speed of the move, CSS with its spindle limit),
 * threading and tapping at rpm × lead, tool changes, spindle starts and dwells at fixed
 * allowances, split per operation.
 *
 * What is not modelled: acceleration and deceleration (short moves take longer on a real
 * machine), look-ahead slow-downs on corners, feed and rapid overrides, and moves from an
 * unknown position (after G28/G53 the interpreter does not know where the tool is, so the
 * return from home is not timed). The estimate is therefore a lower bound, furthest off for
 * programs of many short moves.
 */
import { arcAngle, arcLength, planeArc } from './gcode/arcs.ts';
import type { InterpreterEvent, MachineKind, MotionEvent } from './gcode/events.ts';
import type { CycleTime } from './program.ts';
import { diameterSignsAsWord } from './callouts/signs.ts';

/** Rapid traverse rate per axis, mm/min. */
export interface RapidRates {
  x: number;
  y: number;
  z: number;
}

/**
 * Default rapid rates, mm/min. These are defaults, not data of a particular machine: pass the
 * machine's own rate (`rapidMmPerMin`) when it is known.
 * - lathe: a typical small turning centre, 12 m/min in X (radius) and 15 m/min in Z;
 * - mill: a typical vertical machining centre, 25 m/min on every axis;
 * - wire EDM: 3 m/min positioning (wire machines position slowly, the wire stays threaded);
 * - sinker EDM: 3 m/min positioning of the ram and table.
 */
export const DEFAULT_RAPID_MM_PER_MIN: Readonly<Record<MachineKind, RapidRates>> = {
  lathe: { x: 12_000, y: 12_000, z: 15_000 },
  mill: { x: 25_000, y: 25_000, z: 25_000 },
  wire: { x: 3_000, y: 3_000, z: 3_000 },
  sinker: { x: 3_000, y: 3_000, z: 3_000 },
};

/**
 * Default tool change times, s (defaults, not data of a particular machine): a lathe turret
 * index 2 s, a machining centre's tool changer 6 s chip to chip (spindle stop, change, spindle
 * start), a sinker's electrode changer 10 s. Wire machines do not change tools.
 */
export const DEFAULT_TOOL_CHANGE_SECONDS: Readonly<Record<MachineKind, number>> = {
  lathe: 2,
  mill: 6,
  wire: 0,
  sinker: 10,
};

/**
 * Default allowance for a spindle start (off to turning), s: the spindle accelerating to speed.
 * Counted in `otherSeconds`. EDM machines have no cutting spindle.
 */
export const DEFAULT_SPINDLE_START_SECONDS: Readonly<Record<MachineKind, number>> = {
  lathe: 1,
  mill: 1,
  wire: 0,
  sinker: 0,
};

/** Smallest diameter used for the CSS spindle speed, mm (rpm would grow without bound at X0). */
export const CSS_MIN_DIAMETER_MM = 1;

export interface CycleTimeOptions {
  machine: MachineKind;
  /** The machine's rapid rate, mm/min, on every axis (default: per machine kind). */
  rapidMmPerMin?: number;
  /** Time of one tool change, s (default: per machine kind). */
  toolChangeSeconds?: number;
  /** Allowance for a spindle start, s (default: per machine kind). */
  spindleStartSeconds?: number;
  /** Each operation's first line, ascending (see `findOperationLines`). */
  operations?: { name: string; startLine: number }[];
}

/** Length of a move, mm: straight, or along the arc (helical arcs include their axial travel). */
export function moveLength(event: MotionEvent, latheDiameter: boolean): number {
  const { from, to } = event;
  if (!from) return 0;
  if (event.kind === 'arc' && event.arc) {
    return arcLength(planeArc(from, to, event.arc, latheDiameter));
  }
  const scale = latheDiameter ? 0.5 : 1;
  return Math.hypot((to.x - from.x) * scale, to.y - from.y, to.z - from.z);
}

/**
 * ∫ max(c, b·|x|) dx from 0 to x: the antiderivative used to average 1/rpm under CSS along a
 * straight move (1/rpm = max(1/maxRpm, π·max(D, 1)/(1000·Vc)) = max(c, b·D)).
 */
function cssAntiderivative(x: number, b: number, c: number): number {
  const ax = Math.abs(x);
  const knee = c / b;
  const value = ax <= knee ? c * ax : c * knee + (b * (ax * ax - knee * knee)) / 2;
  return x < 0 ? -value : value;
}

/**
 * Mean minutes per spindle revolution along a move (1 / rpm averaged over the path), or null
 * when the spindle does not turn.
 */
function meanMinutesPerRev(event: MotionEvent, machine: MachineKind): number | null {
  const { spindle } = event;
  if (spindle.turning === 'off' || !(spindle.speed > 0)) return null;
  if (spindle.mode !== 'css' || machine !== 'lathe') return 1 / spindle.speed;
  // Under CSS: rpm = 1000·Vc / (π·D), D ≥ 1 mm, rpm ≤ maxRpm, so 1/rpm = max(c, b·D).
  const b = Math.PI / (1000 * spindle.speed);
  const c = Math.max(
    spindle.maxRpm && spindle.maxRpm > 0 ? 1 / spindle.maxRpm : 0,
    b * CSS_MIN_DIAMETER_MM,
  );
  const perRev = (diameter: number) => Math.max(c, b * Math.abs(diameter));
  const from = event.from ?? event.to;
  if (event.kind === 'arc' && event.arc) {
    // The diameter varies along the arc: average over 32 steps of the sweep (midpoint rule).
    const arc = planeArc(from, event.to, event.arc, true);
    const steps = 32;
    let sum = 0;
    for (let step = 0; step < steps; step += 1) {
      const angle = arcAngle(arc.start, arc.sweep, step + 0.5, steps);
      // In the XZ plane v is X as a radius.
      sum += perRev(2 * (arc.cv + arc.radius * Math.sin(angle)));
    }
    return sum / steps;
  }
  const x0 = from.x;
  const x1 = event.to.x;
  if (Math.abs(x1 - x0) < 1e-9) return perRev(x0);
  return (cssAntiderivative(x1, b, c) - cssAntiderivative(x0, b, c)) / (x1 - x0);
}

/** Seconds of one motion event. */
function motionSeconds(
  event: MotionEvent,
  machine: MachineKind,
  rapid: RapidRates,
): { rapid: number; feed: number } {
  const lathe = machine === 'lathe';
  if (!event.from) return { rapid: 0, feed: 0 };
  if (event.kind === 'rapid') {
    // Axes move at once, each at its own rate (non-interpolated positioning, the Fanuc-style
    // default): the move takes as long as its slowest axis. Lathe X travels a radius.
    const { from, to } = event;
    const minutes = Math.max(
      (Math.abs(to.x - from.x) * (lathe ? 0.5 : 1)) / rapid.x,
      Math.abs(to.y - from.y) / rapid.y,
      Math.abs(to.z - from.z) / rapid.z,
    );
    return { rapid: minutes * 60, feed: 0 };
  }
  const length = moveLength(event, lathe);
  if (length === 0) return { rapid: 0, feed: 0 };
  const synchronised = event.leadMm !== undefined && event.leadMm > 0;
  if (synchronised || event.feedMode === 'per-rev') {
    const perRevMm = synchronised ? event.leadMm! : event.feed;
    const minutesPerRev = meanMinutesPerRev(event, machine);
    if (minutesPerRev === null || !(perRevMm > 0)) return { rapid: 0, feed: 0 };
    return { rapid: 0, feed: ((length * minutesPerRev) / perRevMm) * 60 };
  }
  if (!(event.feed > 0)) return { rapid: 0, feed: 0 };
  return { rapid: 0, feed: (length / event.feed) * 60 };
}

/**
 * Estimate the cycle time of a program from its interpreter events (read once, in order).
 *
 * - Rapids: every axis at its rapid rate at once; the slowest axis decides.
 * - Feeds: length / feed (mm/min); per revolution: length / (f × rpm), with the rpm of the
 *   spindle state; under CSS the rpm follows the diameter along the move (1000·Vc/(π·D), D at
 *   least 1 mm, at most `maxRpm`), integrated exactly along lines and in 32 steps along arcs.
 *   Arcs by their arc length (helical arcs include the axial travel).
 * - Threading and tapping (`leadMm`): length / (rpm × lead).
 * - Tool changes: a fixed time each, counted when the tool number changes (a repeated selection
 *   of the tool in the spindle is not a change).
 * - `otherSeconds`: dwells as programmed, spindle starts (off → turning, seen on the motion
 *   events) at a fixed allowance, operator stops (M0/M1) at 0 s: the operator's time is not
 *   the machine's.
 * - Operations: every event goes to the last operation whose `startLine` ≤ its line; events
 *   before the first operation (the program's header moves) go to the first operation, so the
 *   operations add up to the total.
 */
export function estimateCycleTime(
  events: Iterable<InterpreterEvent>,
  options: CycleTimeOptions,
): CycleTime {
  const { machine } = options;
  const rapid: RapidRates =
    options.rapidMmPerMin !== undefined && options.rapidMmPerMin > 0
      ? { x: options.rapidMmPerMin, y: options.rapidMmPerMin, z: options.rapidMmPerMin }
      : DEFAULT_RAPID_MM_PER_MIN[machine];
  const toolChange = options.toolChangeSeconds ?? DEFAULT_TOOL_CHANGE_SECONDS[machine];
  const spindleStart = options.spindleStartSeconds ?? DEFAULT_SPINDLE_START_SECONDS[machine];
  const operations = [...(options.operations ?? [])].sort((a, b) => a.startLine - b.startLine);
  const perOperation = operations.map(() => 0);

  const operationIndex = (line: number): number => {
    // The last operation whose startLine ≤ line (binary search), else the first.
    let low = 0;
    let high = operations.length - 1;
    let found = 0;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (operations[middle]!.startLine <= line) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };

  let rapidSeconds = 0;
  let feedSeconds = 0;
  let toolChangeSeconds = 0;
  let otherSeconds = 0;
  let currentTool: number | null = null;
  let spindleTurning = false;

  for (const event of events) {
    let seconds = 0;
    switch (event.type) {
      case 'motion': {
        const turning = event.spindle.turning !== 'off';
        if (turning && !spindleTurning) {
          otherSeconds += spindleStart;
          seconds += spindleStart;
        }
        spindleTurning = turning;
        const time = motionSeconds(event, machine, rapid);
        rapidSeconds += time.rapid;
        feedSeconds += time.feed;
        seconds += time.rapid + time.feed;
        break;
      }
      case 'tool':
        if (event.tool !== currentTool) {
          toolChangeSeconds += toolChange;
          seconds = toolChange;
          currentTool = event.tool;
        }
        break;
      case 'dwell':
        if (event.seconds > 0) {
          otherSeconds += event.seconds;
          seconds = event.seconds;
        }
        break;
      case 'stop':
        // The operator's time is not estimated: 0 s.
        break;
      default:
        break;
    }
    if (seconds > 0 && operations.length > 0) perOperation[operationIndex(event.line)]! += seconds;
  }

  return {
    totalSeconds: rapidSeconds + feedSeconds + toolChangeSeconds + otherSeconds,
    rapidSeconds,
    feedSeconds,
    toolChangeSeconds,
    otherSeconds,
    operations: operations.map((operation, index) => ({
      name: operation.name,
      seconds: perOperation[index]!,
    })),
  };
}

/**
 * Text the way a post writes it in a comment (`commentText` in cam/post/common.ts): Ø as
 * "DIA ", ° as " DEG", ± as "+/-", parentheses as brackets, ASCII only, single spaces, and here
 * upper case so the comparison ignores case.
 */
export function normaliseCommentText(text: string): string {
  return diameterSignsAsWord(text)
    .replace(/°/g, ' DEG')
    .replace(/±/g, '+/-')
    .replace(/[()]/g, (bracket) => (bracket === '(' ? '[' : ']'))
    .normalize('NFKD')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

/** The comments of a G-code line: every `( … )` and the rest after a `;`. */
function lineComments(line: string): string[] {
  const comments: string[] = [];
  let index = 0;
  while (index < line.length) {
    const character = line[index];
    if (character === ';') {
      comments.push(line.slice(index + 1));
      break;
    }
    if (character === '(') {
      const close = line.indexOf(')', index + 1);
      comments.push(line.slice(index + 1, close < 0 ? line.length : close));
      index = close < 0 ? line.length : close + 1;
      continue;
    }
    index += 1;
  }
  return comments;
}

/**
 * Where each operation starts in a program, from the comment the post writes at its start, so a
 * generator can split the cycle time without the posts changing.
 *
 * For each name in order, the first comment line after the previous operation's line whose
 * comment contains the name (case-insensitive, normalised like `commentText`); a comment that
 * starts with the name is preferred over one that only contains it (so "Face" does not match
 * the header's "Z0 is the finished free-end face" when "(FACE: T1 …)" follows). Strictly after
 * the previous match, so two operations of the same name get two lines. Operations that are
 * not found are left out. Lines are 1-based; `lines` is read once.
 */
export function findOperationLines(
  lines: Iterable<string>,
  operationNames: string[],
): { name: string; startLine: number }[] {
  const names = operationNames.map(normaliseCommentText);
  // Only comment lines that contain one of the names are kept (a few per operation).
  const candidates: { line: number; texts: string[] }[] = [];
  let lineNumber = 0;
  for (const line of lines) {
    lineNumber += 1;
    if (!line.includes('(') && !line.includes(';')) continue;
    const texts = lineComments(line).map(normaliseCommentText);
    if (texts.length === 0) continue;
    if (names.some((name) => name && texts.some((text) => text.includes(name)))) {
      candidates.push({ line: lineNumber, texts });
    }
  }
  const found: { name: string; startLine: number }[] = [];
  let after = 0;
  operationNames.forEach((operationName, index) => {
    const name = names[index]!;
    if (!name) return;
    const later = candidates.filter((candidate) => candidate.line > after);
    const match =
      later.find((candidate) => candidate.texts.some((text) => text.startsWith(name))) ??
      later.find((candidate) => candidate.texts.some((text) => text.includes(name)));
    if (!match) return;
    found.push({ name: operationName, startLine: match.line });
    after = match.line;
  });
  return found;
}

/** A duration for people: '45 s', '12 min 30 s', '1 h 02 min' (hours rounded to the minute). */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  if (total < 60) return `${total} s`;
  if (total < 3600) {
    return `${Math.floor(total / 60)} min ${String(total % 60).padStart(2, '0')} s`;
  }
  const minutes = Math.round(total / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
