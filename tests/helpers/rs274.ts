/**
 * LinuxCNC's own G-code interpreter, rs274 (Debian's linuxcnc-uspace), as an independent reader
 * of the programs the product writes: it runs a program with a lathe or mill INI and a tool table
 * of the test's, and its canonical machining commands become the same events our interpreter
 * reports (cam/gcode/events.ts), so the verifiers' stock simulation can replay what LinuxCNC
 * would do.
 *
 * Canonical commands read: CHANGE_TOOL, SET_SPINDLE_MODE (a CSS limit, or 0 for rpm),
 * SET_SPINDLE_SPEED, START_SPINDLE_(COUNTER)CLOCKWISE, STOP_SPINDLE_TURNING, SET_FEED_MODE,
 * SET_FEED_RATE, START_SPEED_FEED_SYNCH / STOP_SPEED_FEED_SYNCH (threading), FLOOD_/MIST_ON and
 * OFF, USE_TOOL_LENGTH_OFFSET, STRAIGHT_TRAVERSE, STRAIGHT_FEED, ARC_FEED, PROGRAM_END. Lathe X
 * is reported by rs274 as a radius and turned into a diameter, as our events have it.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InterpreterEvent, MotionEvent, Point3, SpindleState } from '#cam/gcode/events';

export const rs274 = '/usr/bin/rs274';

export interface Rs274Run {
  /** rs274's exit status: 0 when it read the whole program. */
  status: number;
  output: string;
  /** The canonical moves as interpreter events. */
  events: InterpreterEvent[];
}

const fixture = (name: string) => new URL(`../fixtures/linuxcnc/${name}`, import.meta.url);

/**
 * Run `gcode` through rs274 in a fresh folder.
 * @param toolTable - LinuxCNC tool table lines ("T1 P1 Z0 D0.8 Q3")
 */
export function runRs274(
  gcode: string,
  options: { machine: 'lathe' | 'mill'; toolTable: string; workDir?: string },
): Rs274Run {
  const dir = mkdtempSync(join(options.workDir ?? tmpdir(), 'rs274-'));
  const ini = `${options.machine}.ini`;
  copyFileSync(fixture(ini), join(dir, ini));
  writeFileSync(join(dir, 'tool.tbl'), `${options.toolTable}\n`);
  writeFileSync(join(dir, 'sim.var'), '');
  writeFileSync(join(dir, 'program.ngc'), gcode);
  let output: string;
  let status = 0;
  try {
    output = execFileSync(rs274, ['-i', ini, '-t', 'tool.tbl', '-g', 'program.ngc'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (error) {
    const failure = error as { status: number; stdout?: string; stderr?: string };
    status = failure.status;
    output = `${failure.stdout ?? ''}${failure.stderr ?? ''}`;
  }
  const events = eventsFromCanon(output, options.machine);
  if (status !== 0) events.push({ type: 'error', line: 0, message: output.slice(-500) });
  return { status, output, events };
}

const numbers = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter((part) => part.length > 0)
    .map(Number);

/** The canonical commands of rs274's output as interpreter events. */
export function eventsFromCanon(output: string, machine: 'lathe' | 'mill'): InterpreterEvent[] {
  // rs274 starts in G54 (coordinate system 1) and prints SET_G5X_OFFSET only when a program
  // changes the system, so a program's own G54 leaves no trace here: whether the program selects
  // it is the product's interpreter's to check.
  const events: InterpreterEvent[] = [{ type: 'workOffset', line: 0, workOffset: 54 }];
  const spindle: SpindleState = { turning: 'off', mode: 'rpm', speed: 0, maxRpm: null };
  let feed = 0;
  let feedMode: MotionEvent['feedMode'] = 'per-min';
  let coolant = false;
  let tool: number | null = null;
  let lengthOffset: number | null = null;
  let lead: number | undefined;
  let position: Point3 | null = null;
  const scaleX = machine === 'lathe' ? 2 : 1;
  const lines = output.split('\n');
  lines.forEach((text, index) => {
    const match = /^\s*\d+\s+N\S*\s+([A-Z_]+)\((.*)\)\s*$/.exec(text);
    if (!match) return;
    const [, command, args] = match as unknown as [string, string, string];
    const line = index + 1;
    const motion = (kind: MotionEvent['kind'], to: Point3, arc?: MotionEvent['arc']) => {
      events.push({
        type: 'motion',
        line,
        kind,
        from: position,
        to,
        ...(arc ? { arc } : {}),
        tool,
        spindle: { ...spindle },
        feed,
        feedMode,
        coolant,
        ...(lead !== undefined ? { leadMm: lead } : {}),
        lengthOffset,
      });
      position = to;
    };
    switch (command) {
      case 'CHANGE_TOOL':
        tool = numbers(args)[0]!;
        events.push({ type: 'tool', line, tool });
        break;
      case 'USE_TOOL_LENGTH_OFFSET':
        lengthOffset = tool;
        break;
      case 'SET_SPINDLE_MODE': {
        const limit = numbers(args)[1] ?? 0;
        spindle.mode = limit > 0 ? 'css' : 'rpm';
        spindle.maxRpm = limit > 0 ? limit : null;
        break;
      }
      case 'SET_SPINDLE_SPEED':
        spindle.speed = numbers(args)[1] ?? 0;
        break;
      case 'START_SPINDLE_CLOCKWISE':
        spindle.turning = 'cw';
        break;
      case 'START_SPINDLE_COUNTERCLOCKWISE':
        spindle.turning = 'ccw';
        break;
      case 'STOP_SPINDLE_TURNING':
        spindle.turning = 'off';
        break;
      case 'SET_FEED_MODE':
        feedMode = numbers(args)[1] === 1 ? 'per-rev' : 'per-min';
        break;
      case 'SET_FEED_RATE':
        feed = numbers(args)[0] ?? 0;
        break;
      case 'START_SPEED_FEED_SYNCH':
      case 'START_SPEED_FEED_SYNC': {
        // (lead, velocity mode), or (spindle, lead, velocity mode) in newer versions.
        const values = numbers(args);
        lead = values.length >= 3 ? values[1] : values[0];
        break;
      }
      case 'STOP_SPEED_FEED_SYNCH':
      case 'STOP_SPEED_FEED_SYNC':
        lead = undefined;
        break;
      case 'FLOOD_ON':
      case 'MIST_ON':
        coolant = true;
        break;
      case 'FLOOD_OFF':
      case 'MIST_OFF':
        coolant = false;
        break;
      case 'STRAIGHT_TRAVERSE':
      case 'STRAIGHT_FEED': {
        const [x, y, z] = numbers(args) as [number, number, number];
        motion(command === 'STRAIGHT_TRAVERSE' ? 'rapid' : 'feed', {
          x: scaleX * x,
          y: machine === 'lathe' ? 0 : y,
          z,
        });
        break;
      }
      case 'ARC_FEED': {
        // ARC_FEED(first_end, second_end, first_axis, second_axis, rotation, axis_end, a, b, c):
        // in XY first is X and second Y, with Z the axis; in XZ (lathes) first is Z, second X.
        const [firstEnd, secondEnd, firstCenter, secondCenter, rotation, axisEnd] = numbers(
          args,
        ) as [number, number, number, number, number, number];
        const clockwise = rotation < 0;
        if (machine === 'lathe') {
          motion(
            'arc',
            { x: scaleX * secondEnd, y: 0, z: firstEnd },
            { center: { x: scaleX * secondCenter, y: 0, z: firstCenter }, clockwise, plane: 'XZ' },
          );
        } else {
          motion(
            'arc',
            { x: firstEnd, y: secondEnd, z: axisEnd },
            {
              center: { x: firstCenter, y: secondCenter, z: axisEnd },
              clockwise,
              plane: 'XY',
            },
          );
        }
        break;
      }
      case 'SET_G5X_OFFSET':
        // G54 is system 1: the work offset the program selects.
        events.push({ type: 'workOffset', line, workOffset: 53 + numbers(args)[0]! });
        break;
      case 'PROGRAM_END':
        events.push({ type: 'end', line });
        break;
      default:
        break;
    }
  });
  return events;
}

/** A LinuxCNC lathe tool table for lathe tools: nose radius as D, orientation Q. */
export function latheToolTable(
  tools: { number: number; kind: string; noseRadiusMm?: number; label?: string }[],
): string {
  return tools
    .filter((tool) => tool.number > 0)
    .map(
      (tool) =>
        `T${tool.number} P${tool.number} Z0 D${tool.noseRadiusMm ?? 0} Q${tool.kind === 'boring' ? 2 : tool.kind.includes('rill') ? 7 : 3}`,
    )
    .join('\n');
}

/** A run's events with its second setup marked, and where rs274 reported the stop and G55. */
export interface SetupEvents {
  events: InterpreterEvent[];
  /** The canonical output line of the first PROGRAM_STOP, 1-based; 0 when the program has none. */
  stopAt: number;
  /** The canonical output line of SET_G5X_OFFSET(2, …) (G55), 1-based; 0 when none. */
  g55At: number;
}

/**
 * A program's events as the verifier replays them: rs274's canonical moves carry neither the
 * program stops (M0) nor the work offset, so each stop is put back where rs274 reports
 * PROGRAM_STOP (a tailstock brought up and retracted, the part turned around) and each move after
 * SET_G5X_OFFSET(2, …) is marked G55 (the rest G54). A program without a stop or without G55
 * keeps its events as they are.
 */
export function withSetups(run: Rs274Run): SetupEvents {
  const canon = run.output.split('\n');
  const stops = canon.flatMap((line, index) => (/PROGRAM_STOP\(\)/.test(line) ? [index + 1] : []));
  const stopAt = stops[0] ?? 0;
  const g55At = canon.findIndex((line) => /SET_G5X_OFFSET\(2,/.test(line)) + 1;
  const events: InterpreterEvent[] = [];
  let nextStop = 0;
  for (const event of run.events) {
    while (nextStop < stops.length && event.line > stops[nextStop]!) {
      events.push({ type: 'stop', line: stops[nextStop]!, optional: false });
      nextStop += 1;
    }
    events.push(
      event.type === 'motion' && g55At > 0
        ? { ...event, workOffset: event.line > g55At ? 55 : 54 }
        : event,
    );
  }
  return { events, stopAt, g55At };
}
