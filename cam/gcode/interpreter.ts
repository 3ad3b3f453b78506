/**
 * The G-code interpreter for every dialect and machine kind this product writes
 * (docs/decisions/013-cam-depth.md, "What each dialect writes"). It keeps the modal state block
 * by block in the RS274/NGC order of execution (NIST RS274NGC version 3, §3.8: feed mode, feed,
 * spindle, tool, M6, spindle on/off, coolant, dwell, plane, units, cutter compensation, length
 * offset, distance mode, retract mode, home/G92, motion, stop/end) and yields
 * {@link InterpreterEvent}s: one per move (canned cycles expanded, each move naming its cycle),
 * tool change, home, dwell, stop, problem and program end.
 *
 * Streaming: lines are read one at a time from any iterable and nothing is kept per line, so a
 * 1,000,000-line file read with `readLines` (server/storage/read-lines.ts) runs in flat memory.
 * Units: positions, feeds and leads are reported in mm (mm/min or mm/rev); a G20 / G70 program
 * is converted. Lathes: X is a diameter (radius programs, G8 / DIAMOF, are doubled), Y is 0.
 * A position is unknown after a home (G28/G30, G53, SUPA) until programmed: moves from it have
 * `from: null`.
 *
 * Modules, split like LinuxCNC's rs274ngc (read, convert, arc, cycles): lexer.ts reads a line
 * into words; dialects.ts lists the codes and letters each dialect writes; modal-groups.ts sorts
 * a block's codes into modal groups; modal-state.ts keeps the state between blocks and writes the
 * events; this module executes each block in the order of execution; arcs.ts finds arc centres;
 * cycle-blocks.ts reads canned cycle blocks, which cycles.ts expands into moves.
 * Heidenhain Klartext (dialect 'heidenhain', mills) is no G-code: interpretProgram hands it to
 * its own interpreter (cam/gcode/klartext/program.ts), which yields the same events.
 * Dialect references: LinuxCNC G-code and M-code references (RS274/NGC); Fanuc Series 0i-MF Plus
 * and 0i-TF Plus operator's manuals (G-code system A on lathes); Haas mill and lathe operator's
 * manuals (NGC); SINUMERIK 840D sl / 828D Programming Manuals "Fundamentals", "Job planning"
 * and "Cycles"; Okuma OSP-P200L/P300L (Pub. No. 5238-E) and OSP-P200M/P300M (Pub. No. 5228-E)
 * Programming Manuals (G15 H work coordinate systems, six-digit lathe T words, G33 and G77 lathe
 * cycles, G56 H length offsets, G71 Z with M53 as the mill cycles' return level; decision 106);
 * ISO 6983-1 for the EDM controls (Fanuc-style wire and sinker controls).
 */
import { lineOverLimits } from './limits.ts';
import { interpretKlartext } from './klartext/program.ts';
import { arcTo } from './arcs.ts';
import { callCycle, drillBlock, latheThreadBlock, startCycleSeries } from './cycle-blocks.ts';
import { endEvent } from './events.ts';
import type { Dialect, InterpretOptions, InterpreterEvent, MotionEvent, Point3 } from './events.ts';
import { letter as letterTable } from './lexer.ts';
import {
  BlockCodes,
  checkLetters,
  cycleCodes,
  readGCodes,
  readMCodes,
  readSinumerikWords,
} from './modal-groups.ts';
import { ModalState, axis } from './modal-state.ts';

/** A constant of this module: V8 folds `letter.F` to 70 here, not through the import (hot path). */
const letter = letterTable;

/** A lathe point: X a diameter, mm; Z mm. Motion events' Point3 (with y 0) is one. */
export interface Point {
  /** Diameter, mm. */
  x: number;
  z: number;
}

/**
 * Interpret a program of any dialect and machine kind.
 * @param lines - the program, one string per line without line breaks (an array, or a stream
 *   such as `readLines(path)`); read once, lazily
 * @param options - the dialect and machine kind the program was written for (and optionally the
 *   home position in work coordinates)
 * @returns a generator of events in program order; problems are `error` events with the 1-based
 *   line and a message naming the code and dialect (unknown G/M codes, letters the dialect does
 *   not write, a letter twice, two motion codes, arcs without a usable centre, incremental moves
 *   from an unknown position, cycles without their parameters, text after M30…); the
 *   interpreter carries on with the next block
 * @throws RangeError for a dialect and machine pair this product does not write (iso-edm is for
 *   wire and sinker EDM only, the others for lathes and mills); heidenhain on another machine
 *   than a mill is an `error` event instead
 */
export function* interpretProgram(
  lines: Iterable<string>,
  options: InterpretOptions,
): Generator<InterpreterEvent> {
  if (options.dialect === 'heidenhain') {
    if (options.machine === 'mill') yield* interpretKlartext(lines, options);
    else
      yield {
        type: 'error',
        line: 1,
        message: `Heidenhain Klartext programs are read for mills only, not for a ${options.machine}`,
      };
    return;
  }
  const machine = new Machine(options);
  const out = machine.out;
  let lineNumber = 0;
  for (const text of lines) {
    lineNumber += 1;
    machine.step(text, lineNumber);
    for (let index = 0; index < out.length; index += 1) yield out[index]!;
  }
}

/**
 * Interpret a lathe program (the lathe verifier's entry point).
 * @param lines - the program, one string per line (an array or a stream of lines)
 * @param dialect - the controller dialect the program was written for
 * @returns the events of {@link interpretProgram} with machine 'lathe' (X a diameter, Y 0)
 * @throws RangeError for iso-edm, which is no lathe dialect
 */
export function interpret(lines: Iterable<string>, dialect: Dialect): Generator<InterpreterEvent> {
  return interpretProgram(lines, { dialect, machine: 'lathe' });
}

/** The interpreter: one line at a time, its events in `out` (see the module comment). */
class Machine extends ModalState {
  /** The codes of the current block by modal group. */
  private readonly groups = new BlockCodes();

  /** Read and execute one line; its events replace the previous line's in `out`. */
  step(text: string, line: number): void {
    this.out.length = 0;
    this.line = line;
    const lexer = this.lexer;
    if (this.ended) {
      const trimmed = text.trim();
      if (trimmed && trimmed !== '%') this.error('text after the program end');
      return;
    }
    const overLimits = lineOverLimits(text, this.dialect);
    if (overLimits) this.error(overLimits);
    if (!lexer.lex(text)) {
      this.error(lexer.error ?? 'not G-code');
      return;
    }
    if (lexer.tapeMark) return;
    if (
      lexer.wordCount === 0 &&
      lexer.keywords.length === 0 &&
      lexer.call === null &&
      lexer.assignNames.length === 0
    )
      return;
    this.block();
  }

  /**
   * One block: its words sorted into modal groups, then executed in the RS274/NGC order of
   * execution (NIST RS274NGC version 3, §3.8), one method per step (numbered 1–17 in their
   * comments). A step runs only when the block has words for it: most blocks are a motion code
   * and axis words, and this is the interpreter's hot path.
   */
  private block(): void {
    const lexer = this.lexer;
    const groups = this.groups;
    groups.clear();
    const foreign = lexer.letterMask & ~this.codes.letters;
    if (foreign) checkLetters(this, foreign);
    if (lexer.gCount) readGCodes(this, groups);
    if (lexer.mCount) readMCodes(this, groups);
    if (lexer.keywords.length || lexer.assignNames.length || lexer.call !== null)
      readSinumerikWords(this, groups);
    if (groups.feedMode || groups.units || groups.diameter) this.setModes(groups);
    if (lexer.has(letter.F)) this.setFeedRate(groups);
    if (lexer.has(letter.S) || groups.spindleMode) this.setSpeed(groups);
    if (lexer.has(letter.T) || lexer.has(letter.D) || groups.m6) this.changeTool(groups);
    if (groups.spindleTurn || groups.coolant || lexer.has(letter.E))
      this.switchSpindleAndCoolant(groups);
    if (groups.nonModal === 4) this.dwellBlock();
    if (
      groups.plane ||
      groups.radiusComp >= 0 ||
      groups.lengthComp >= 0 ||
      groups.distance ||
      groups.retract
    )
      this.setPlaneAndOffsets(groups);
    if (groups.workOffset) this.selectWorkOffset(groups.workOffset);
    if (groups.nonModal >= 0 || groups.supa) this.nonModalBlock(groups);
    const positioned = this.motionBlock(groups);
    if (this.dialect === 'sinumerik') this.callBlock(groups, positioned);
    if (groups.stop >= 0 || groups.end) this.stopAndEnd(groups);
  }

  /** 1–2. Feed mode, units; lathe diameter or radius words (G7/G8, DIAMON/DIAMOF). */
  private setModes(groups: BlockCodes): void {
    if (groups.feedMode) this.feedMode = groups.feedMode === 95 ? 'per-rev' : 'per-min';
    if (groups.units) {
      this.metric = groups.units === 21;
      this.scale = this.metric ? 1 : 25.4;
    }
    if (groups.diameter) this.diameterMode = groups.diameter === 7;
  }

  /**
   * 3. Feed F (Sinumerik G4 F is the dwell time); under G32, and Okuma's G33 thread cycle, F is
   * also the lead (the modal feed takes it too: a feed move after the cycle is read at the lead
   * unless it writes its F again, which the Okuma post does).
   */
  private setFeedRate(groups: BlockCodes): void {
    if ((this.dialect === 'sinumerik' || this.dialect === 'okuma') && groups.nonModal === 4) return;
    this.feedRate = this.lexer.get(letter.F) * this.scale;
    const motion = groups.motion < 0 ? this.motion : groups.motion;
    if (motion === 32 || (motion === 33 && this.okumaLathe)) this.lead = this.feedRate;
  }

  /** 4. Spindle speed (G50 S: the spindle limit) and mode (G96 CSS with LinuxCNC's D limit, G97). */
  private setSpeed(groups: BlockCodes): void {
    const lexer = this.lexer;
    const dialect = this.dialect;
    if (lexer.has(letter.S)) {
      const s = lexer.get(letter.S);
      if (groups.nonModal === 50) this.setSpindle(undefined, undefined, undefined, s);
      else this.setSpindle(undefined, undefined, s, undefined);
    }
    if (groups.spindleMode === 96) {
      const limit = dialect === 'linuxcnc' && lexer.has(letter.D) ? lexer.get(letter.D) : undefined;
      this.setSpindle(
        undefined,
        'css',
        undefined,
        dialect === 'linuxcnc' ? (limit ?? null) : undefined,
      );
    } else if (groups.spindleMode === 97) this.setSpindle(undefined, 'rpm', undefined, undefined);
  }

  /**
   * 5. Tools: lathes change on T (T0101: tool 1, offset 1; Okuma's six digits T010101: the
   * middle pair is the tool number) except LinuxCNC (T M6); mills select with T and change with
   * M6. Sinumerik D: the offset (length) register.
   */
  private changeTool(groups: BlockCodes): void {
    const lexer = this.lexer;
    const dialect = this.dialect;
    const lathe = this.isLathe;
    if (lexer.has(letter.T)) {
      const t = lexer.get(letter.T);
      if (lathe && dialect !== 'linuxcnc') {
        const tool =
          dialect === 'sinumerik' || t < 100
            ? t
            : dialect === 'okuma' && t >= 10000
              ? Math.floor(t / 100) % 100
              : Math.floor(t / 100);
        if (tool > 0) {
          this.tool = tool;
          this.out.push({ type: 'tool', line: this.line, tool });
        }
      } else this.selectedTool = t;
    }
    if (lexer.has(letter.D) && !(dialect === 'linuxcnc' && lathe)) {
      const d = lexer.get(letter.D);
      this.register = d;
      if (dialect === 'sinumerik' && !lathe) this.lengthOffset = d > 0 ? d : null;
    }
    if (groups.m6) {
      if (this.selectedTool === null) this.error('M6 without a tool selected by T');
      else {
        this.tool = this.selectedTool;
        this.setSpindle('off', undefined, undefined, undefined);
        this.out.push({ type: 'tool', line: this.line, tool: this.tool });
      }
    }
  }

  /** 6–7. Spindle on/off, coolant; EDM condition (E). */
  private switchSpindleAndCoolant(groups: BlockCodes): void {
    const turn = groups.spindleTurn;
    if (turn)
      this.setSpindle(
        turn === 3 ? 'cw' : turn === 4 ? 'ccw' : 'off',
        undefined,
        undefined,
        undefined,
      );
    if (groups.coolant) this.coolant = groups.coolant > 0;
    if (this.lexer.has(letter.E)) this.condition = this.lexer.get(letter.E);
  }

  /**
   * 8. G4: LinuxCNC P seconds; Fanuc/Haas/ISO P milliseconds (seconds with a decimal point) or
   * X/U seconds; Sinumerik F seconds or S revolutions; Okuma F seconds ("G04 F_", OSP-P200L/P300L
   * Programming Manual, section 4 "Dwell").
   */
  private dwellBlock(): void {
    const lexer = this.lexer;
    let seconds = NaN;
    if (this.dialect === 'okuma') seconds = lexer.has(letter.F) ? lexer.get(letter.F) : NaN;
    else if (this.dialect === 'sinumerik') {
      if (lexer.has(letter.F)) seconds = lexer.get(letter.F);
      else if (lexer.has(letter.S) && this.spindle.speed > 0)
        seconds = (lexer.get(letter.S) / this.spindle.speed) * 60;
    } else if (lexer.has(letter.P)) {
      const p = lexer.get(letter.P);
      seconds = this.dialect === 'linuxcnc' || lexer.pointed(letter.P) ? p : p / 1000;
    } else if (this.dialect !== 'linuxcnc' && lexer.has(letter.X)) seconds = lexer.get(letter.X);
    else if (this.latheFeedCodes && lexer.has(letter.U)) seconds = lexer.get(letter.U);
    if (!(seconds >= 0)) this.error('G4 without a dwell time');
    else this.out.push({ type: 'dwell', line: this.line, seconds });
  }

  /** 9–14. Plane, cutter compensation (D register), length offset (H), distance and retract modes. */
  private setPlaneAndOffsets(groups: BlockCodes): void {
    const lexer = this.lexer;
    if (groups.plane) this.plane = groups.plane as 17 | 18 | 19;
    if (groups.radiusComp === 40) this.compensation = null;
    else if (groups.radiusComp > 0) {
      const register = lexer.has(letter.D)
        ? lexer.get(letter.D)
        : (this.register ?? this.tool ?? 0);
      this.compensation = { side: groups.radiusComp === 41 ? 'left' : 'right', register };
    }
    if (groups.lengthComp === 49) this.lengthOffset = null;
    else if (groups.lengthComp === 43)
      this.lengthOffset = lexer.has(letter.H) ? lexer.get(letter.H) : this.tool;
    if (groups.distance) this.absolute = groups.distance === 90;
    if (groups.retract) this.returnToInitial = groups.retract === 98;
  }

  /** 15. Home (G28/G30, G53, SUPA), coordinate setting (G92), G50, lathe threading (G76). */
  private nonModalBlock(groups: BlockCodes): void {
    const code = groups.nonModal;
    if (code === 28 || code === 30 || code === 53 || groups.supa) this.homeBlock(code);
    else if (code === 92) this.setPosition();
    else if (code === 50) {
      if (this.lexer.has(letter.X) || this.lexer.has(letter.Z))
        this.error('G50 with X or Z sets the coordinate system; use a work offset (G54) instead');
    } else if (code === 76) latheThreadBlock(this);
    else if (code === 71) this.setCycleReturnLevel();
  }

  /** Okuma mills, "G71 Z_": the level canned cycles return to under M53 (absolute Z, mm). */
  private setCycleReturnLevel(): void {
    const lexer = this.lexer;
    if (!lexer.has(letter.Z)) this.error('G71 without the return level Z');
    else this.cycleReturnZ = lexer.get(letter.Z) * this.scale;
  }

  /** G28/G30 through the axis words' point to the reference position; G53 and SUPA: a home. */
  private homeBlock(code: number): void {
    const axes = this.axisWords();
    if (code === 28 || code === 30) {
      // Through the intermediate point (the axis words), then to the reference position.
      if (axes && this.known === axis.all) {
        const target = this.target(axes);
        if (target && (target.x !== this.x || target.y !== this.y || target.z !== this.z))
          this.emit('rapid', target.x, target.y, target.z, undefined, undefined, undefined);
      }
      this.forget(axes || axis.all);
      this.out.push({ type: 'home', line: this.line });
    } else if (axes) {
      this.forget(axes);
      this.out.push({ type: 'home', line: this.line });
    }
  }

  /** G92: the current point gets the programmed coordinates. */
  private setPosition(): void {
    const lexer = this.lexer;
    const factor = this.isLathe && !this.diameterMode ? 2 : 1;
    if (lexer.has(letter.X)) this.x = lexer.get(letter.X) * this.scale * factor;
    if (lexer.has(letter.Y)) this.y = lexer.get(letter.Y) * this.scale;
    if (lexer.has(letter.Z)) this.z = lexer.get(letter.Z) * this.scale;
    this.known |= this.axisWords();
    this.current = this.known === axis.all ? { x: this.x, y: this.y, z: this.z } : null;
  }

  /**
   * 16. Motion: G80, the motion mode, then the move or canned cycle the block's axis words ask
   * for (none when a non-modal code or SUPA used them).
   * @returns whether the block positioned the tool (axis words read as a move or cycle)
   */
  private motionBlock(groups: BlockCodes): boolean {
    const motion = groups.motion;
    if (groups.cancel) {
      // RS274/NGC: G80 is the motion mode "none"; Fanuc-style controls keep their group 01
      // code (canned cycles are group 09 there).
      this.motion = this.dialect === 'linuxcnc' ? -1 : this.linearMotion;
      this.initialZ = NaN;
      this.returnToG71 = false;
    }
    const wasCycle = cycleCodes.has(this.motion);
    if (motion >= 0) {
      if (groups.cancel) this.error(`G80 and G${motion} in one block`);
      this.motion = motion;
      if (!cycleCodes.has(motion)) this.linearMotion = motion;
    }
    const axes = this.axisWords();
    const positioned = axes !== 0 && !(groups.nonModal >= 0 || groups.supa);
    if (cycleCodes.has(this.motion)) {
      if (!wasCycle) startCycleSeries(this);
      if (positioned || (motion >= 0 && cycleCodes.has(motion))) drillBlock(this);
    } else if (positioned) {
      if (this.motion < 0) this.error('a position without a motion mode (G0, G1, G2 or G3)');
      else this.moveBlock(groups.arcRadius);
    }
    return positioned;
  }

  /** A G0, G1, G2/G3 or G32/G33 move to the block's axis words. */
  private moveBlock(arcRadius: number): void {
    const axes = this.axisWords();
    const to = this.target(axes);
    if (!to) return;
    if (this.isLathe) {
      const missing = ~(this.known | axes) & (axis.X | axis.Z);
      if (missing && (this.home.x === undefined || this.home.z === undefined))
        this.error('the first move after a reference return must give both X and Z');
    }
    const motion = this.motion;
    if (motion === 0)
      this.emit('rapid', to.x, to.y, to.z, undefined, undefined, undefined, to, axes);
    else if (motion === 1)
      this.emit('feed', to.x, to.y, to.z, undefined, undefined, undefined, to, axes);
    else if (motion === 33 && this.okumaLathe) this.okumaThreadCycle(to);
    else if (motion === 32 || motion === 33) {
      const lexer = this.lexer;
      if (motion === 33 && lexer.has(letter.K)) this.lead = lexer.get(letter.K) * this.scale;
      if (!(this.lead > 0)) {
        this.error(`G${motion} without a lead (${motion === 33 ? 'K' : 'F'})`);
        return;
      }
      this.emit('feed', to.x, to.y, to.z, undefined, this.lead, undefined, to, axes);
    } else if (motion === 33.1) this.rigidTap(to);
    else if (motion === 2 || motion === 3) {
      const arc = this.arc(to, motion === 2, arcRadius);
      if (arc) this.emit('arc', to.x, to.y, to.z, undefined, undefined, arc, to, axes);
    }
  }

  /**
   * Okuma lathe "G33 X_ Z_ F_", the one-pass longitudinal thread cycle (OSP-P200L/P300L
   * Programming Manual, section 7 "Fixed cycles", "Fixed thread cutting cycle: longitudinal
   * (G31, G33)"): from the start point, rapid to the pass diameter X, the thread to Z at the
   * lead F, rapid out to the start X, rapid back to the start Z. Errors: no lead, an unknown start.
   */
  private okumaThreadCycle(to: Point3): void {
    if (!(this.lead > 0)) return void this.error('G33 without a thread lead F');
    if (this.known !== axis.all) return void this.error('G33 from an unknown position');
    const { x, z } = this;
    this.rapid(to.x, 0, z, 'G33');
    this.feed(to.x, 0, to.z, 'G33', { leadMm: this.lead });
    this.rapid(x, 0, to.z, 'G33');
    this.rapid(x, 0, z, 'G33');
  }

  /**
   * LinuxCNC G33.1 rigid tapping (G-code reference "G33.1 Rigid Tapping"): synchronised with the
   * spindle at the lead K to the end point, the spindle reversed, back to the start point.
   */
  private rigidTap(to: Point3): void {
    const lead = this.lexer.has(letter.K) ? this.lexer.get(letter.K) * this.scale : NaN;
    if (!(lead > 0) || this.known !== axis.all) {
      this.error(lead > 0 ? 'G33.1 from an unknown position' : 'G33.1 without a lead (K)');
      return;
    }
    const { x, y, z } = this;
    this.feed(to.x, to.y, to.z, 'G33.1', { leadMm: lead });
    this.feed(x, y, z, 'G33.1', { leadMm: lead, reverse: true });
  }

  /** The arc to `to` from I/J/K (lathe I a radius) or R (CR= on Sinumerik), in mm; see arcs.ts. */
  private arc(to: Point3, clockwise: boolean, crRadius: number): MotionEvent['arc'] | null {
    const lexer = this.lexer;
    const s = this.scale;
    const r =
      this.dialect === 'sinumerik'
        ? crRadius * s
        : lexer.has(letter.R)
          ? lexer.get(letter.R) * s
          : NaN;
    // Absent words are NaN, and stay NaN once scaled.
    const i = lexer.get(letter.I) * s;
    const j = lexer.get(letter.J) * s;
    const k = lexer.get(letter.K) * s;
    return arcTo(this, to, clockwise, this.plane, this.isLathe, i, j, k, r);
  }

  /** Sinumerik cycle calls at the position reached: MCALL sets or clears the modal call. */
  private callBlock(groups: BlockCodes, positioned: boolean): void {
    const lexer = this.lexer;
    if (groups.modalCall) {
      this.modalCall =
        lexer.call !== null ? { name: lexer.call, args: lexer.callArgs.slice() } : null;
    } else if (lexer.call !== null) callCycle(this, lexer.call, lexer.callArgs);
    else if (this.modalCall && positioned)
      callCycle(this, this.modalCall.name, this.modalCall.args);
  }

  /** 17. Stops (M0, M1 with the block's comment) and the program end (M2, M30). */
  private stopAndEnd(groups: BlockCodes): void {
    if (groups.stop >= 0) {
      const event: InterpreterEvent = {
        type: 'stop',
        line: this.line,
        optional: groups.stop === 1,
      };
      if (this.lexer.comment) event.comment = this.lexer.comment;
      this.out.push(event);
    }
    if (groups.end) {
      this.ended = true;
      this.out.push(endEvent(this.line, this.spindle, this.coolant));
    }
  }
}
