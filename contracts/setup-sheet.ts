/**
 * The setup sheet of a program version (issue 34, docs/decisions/107-setup-sheet.md): what the
 * operator needs at the machine before pressing Cycle Start, on one printable page. cam/ writes
 * it with every program (cam/setup-sheet/), the server checks it with this schema before it
 * keeps it with the version, and the UI prints it (src/qbot/setup-sheet/). Lengths in mm, times
 * in seconds; every text is as the sheet prints it.
 */
import { z } from 'zod';
import { jobTypes } from './job-types.ts';

// Bounds against runaway data only: a perforated plate may have hundreds of start holes or
// features left undone, a warning a few hundred characters.
const line = z.string().max(5000);
const lines = z.array(line).max(5000);
const mm = z.number().finite().nonnegative().max(100_000);

/** A labelled line of the set-up: "Chuck" – "Ø210 mm, the machine's standard chuck". */
export const setupSheetRowSchema = z.object({
  label: z.string().min(1).max(100),
  value: line,
});
export type SetupSheetRow = z.infer<typeof setupSheetRowSchema>;

/** One tool to load: where it goes, which offset it uses, what it is and how far it reaches. */
export const setupSheetToolSchema = z.object({
  /** The T number the program calls (lathes: the turret station; mills: the pocket). */
  toolNumber: z.number().int().nonnegative().max(9999),
  /** The slot as the shop wrote it in Tooling Pairs ("T3"). */
  slot: z.string().max(100),
  /** The offset register the program uses: "H03", "T0303: offset 03", "T3 D1", "D1 0.17 mm rough". */
  offset: z.string().max(1000),
  /** The tool row's name and description, as the shop wrote them. */
  name: z.string().max(1000),
  description: z.string().max(1000),
  /** What the program takes it for: "external turning tool", "end mill", "wire". */
  kind: z.string().max(100),
  /** Insert, or diameter and flutes, or blade width, or wire or electrode: "CNMG 120408, rε 0.8 mm". */
  cutting: z.string().max(1000),
  /**
   * The least length the tool must stand out of its holder, mm: the deepest point it reaches
   * below the stock's top (mills) or into the part from the face (drills, boring bars, taps),
   * plus a clearance for the holder (cam/setup-sheet/reach.ts). Absent where it does not
   * depend on the part (external turning tools, blades, wires).
   */
  minStickOutMm: mm.optional(),
  /** The operations that use it, in program order. */
  operations: z.array(z.string().max(1000)).max(10_000),
});
export type SetupSheetTool = z.infer<typeof setupSheetToolSchema>;

/** One operation with its tool, cutting data and estimated time. */
export const setupSheetOperationSchema = z.object({
  name: z.string().max(1000),
  /** The tool as the program's comments name it: "T1 CNMG 120408". */
  tool: z.string().max(1000),
  /** "180 m/min, 0.25 mm/rev, ap 2 mm". */
  cuttingData: z.string().max(1000),
  /** Estimated time of the operation, s (cam/cycle-time.ts), when known. */
  seconds: z.number().finite().nonnegative().max(10_000_000).optional(),
  /** 2 for an operation of a lathe's second setup (G55), absent for the first. */
  setup: z.number().int().min(1).max(9).optional(),
});
export type SetupSheetOperation = z.infer<typeof setupSheetOperationSchema>;

/** A verifier check as the sheet lists it. */
export const setupSheetCheckSchema = z.object({
  title: z.string().max(500),
  passed: z.boolean(),
  kind: z.enum(['process', 'completeness']),
  details: z.array(line).max(20),
});

/** The whole sheet of one program version. */
export const setupSheetSchema = z.object({
  partName: z.string().max(1000),
  /** The drawing: its number and revision from the title block, else the file it was read from. */
  drawing: z.string().max(1000).optional(),
  /** The material the job was programmed for, and as the drawing writes it when it does. */
  material: z.string().max(1000),
  drawingMaterial: z.string().max(1000).optional(),
  jobType: z.enum(jobTypes),
  programVersion: z.number().int().positive(),
  fileName: z.string().min(1).max(1000),
  /** The controller's G-code dialect ("fanuc", "iso-edm"). */
  dialect: z.string().max(50),
  machine: z.object({
    name: z.string().max(1000),
    /** "Haas Automation ST-10". */
    model: z.string().max(1000),
    serialNumber: z.string().max(1000),
    /** "Haas NGC". */
    controller: z.string().max(1000),
  }),
  stock: z.object({
    /** As the program's header writes it: "round bar Ø30 x 90 mm". */
    size: z.string().max(1000),
    material: z.string().max(1000),
  }),
  /** The work offsets in words, one a line: "G54: X0 Y0 the lower-left corner of the part, Z0 …". */
  zeroPoint: lines.min(1),
  /** How the work is held: chuck, stick-out, tailstock, second chucking; vise, clamps, parallels. */
  workholding: z.array(setupSheetRowSchema).max(5000),
  tools: z.array(setupSheetToolSchema).max(1000),
  operations: z.array(setupSheetOperationSchema).max(10_000),
  /** Estimated cycle time, s, and in words as in the header ("12 min 30 s"). */
  cycleTime: z
    .object({ totalSeconds: z.number().finite().nonnegative(), text: z.string().max(100) })
    .optional(),
  status: z.enum(['verified', 'incomplete']),
  checks: z.array(setupSheetCheckSchema).max(500),
  /** What the program leaves undone, one sentence each (empty when verified). */
  unfinished: lines,
  /** "Before you run it": the plan's notes. */
  notes: lines,
  /** What the machine's limits changed of what was asked. */
  limited: lines,
});
export type SetupSheet = z.infer<typeof setupSheetSchema>;
