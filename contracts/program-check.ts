/**
 * Check Program (issue 35): POST /api/programs/check takes a program written elsewhere
 * (multipart: `file`, `machineId`, `stock`, optional `dialect`, `material` and `threadId`) and
 * answers with the verifier's verdict in Q-Bot's words, the checks, the findings by line, the
 * cycle time and the backplot. The screen (/check-program) and the server share these schemas
 * and sentences (docs/decisions/112-check-program.md, 113-check-program-verdict.md).
 */
import { z } from 'zod';
import { verificationCheckSchema } from './qbot.ts';

/** The file types a program comes in: G-code, Sinumerik's .mpf, Heidenhain's .h, Okuma's .MIN. */
export const programExtensions = [
  'nc',
  'ngc',
  'tap',
  'cnc',
  'mpf',
  'spf',
  'h',
  'min',
  'txt',
  'gcode',
  'eia',
] as const;

/** The largest program checked, bytes (about 250,000 lines of G-code). */
export const maxProgramBytes = 8 * 1024 * 1024;
/** The most lines a program checked may have. */
export const maxProgramLines = 250_000;

/** The drawings a program can be checked against without a conversation: read offline. */
export const checkDrawingExtensions = ['dxf', 'step', 'stp'] as const;
/** The largest part drawing attached, bytes (25 MiB, as Q-Bot's upload). */
export const maxCheckDrawingBytes = 25 * 1024 * 1024;

/** The dialects a program can be read in, as the operator names them. */
export const checkDialects = {
  linuxcnc: 'LinuxCNC / PathPilot',
  fanuc: 'Fanuc',
  haas: 'Haas',
  sinumerik: 'Siemens Sinumerik',
  okuma: 'Okuma OSP',
  heidenhain: 'Heidenhain Klartext',
} as const;
export type CheckDialect = keyof typeof checkDialects;

export const programCheckMessages = {
  noFile: 'Please attach the program file.',
  empty: 'The program file is empty.',
  tooLarge: `The program is larger than ${maxProgramBytes / 1024 / 1024} MB. Check it in parts.`,
  tooManyLines: `The program has more than ${maxProgramLines.toLocaleString('en')} lines. Check it in parts.`,
  notText:
    'This file is not a G-code program: attach the program as text (.nc, .ngc, .tap, .cnc, .mpf, .h, .MIN or .txt).',
  notMultipart: 'Send the program as multipart/form-data with a "file" part.',
  malformed:
    'The upload could not be read: the multipart/form-data body is malformed. Attach the program again.',
  machineMissing: 'Choose the machine the program runs on.',
  stockMissing:
    'Give the stock: a block (X, Y, Z) on a mill, a round bar (diameter, length) on a lathe.',
  stockUnreadable:
    'The stock could not be read: give a block as X, Y and Z in mm, or a round bar as diameter and length in mm.',
  blockOnLathe: 'A lathe turns round bar: give the bar diameter and length.',
  barOnMill: 'A mill cuts a block: give its X, Y and Z.',
  notChecked: (kind: string) =>
    `Check Program reads milling and lathe programs; ${kind} programs are not checked yet.`,
  dialectNotRead: (dialect: string) =>
    `${checkDialects[dialect as CheckDialect] ?? dialect} lathe programs are not read: choose the lathe's own dialect.`,
  partNotFound: 'Conversation not found.',
  partNotConfirmed:
    'This conversation has no confirmed part yet: confirm its description in Q-Bot first, or check the program against the stock alone.',
  partNoStock:
    'This conversation has no stock size yet: give the stock, or choose its size in Q-Bot first.',
  partStockUnreadable: (size: string) =>
    `The conversation's stock size "${size}" has no reading for this machine: give the stock.`,
  partStockPlaced:
    "With a part, the stock sits where Q-Bot's planner places it: give only its size (X, Y, Z or diameter and length), not its position.",
  partAndDrawing:
    'Give the part either as a Q-Bot conversation or as a drawing, not both: choose one.',
  drawingNotAccepted:
    'The part drawing must be a DXF or STEP file (.dxf, .step, .stp): for a PDF or an image, confirm the part in a Q-Bot conversation instead.',
  drawingEmpty: 'The part drawing is empty.',
  drawingTooLarge: `The part drawing is larger than ${maxCheckDrawingBytes / 1024 / 1024} MB.`,
  drawingNoStock:
    'With a drawing, give the stock size: a block (X, Y, Z) on a mill, a round bar (diameter, length) on a lathe.',
  drawingUnreadable: (fileName: string, why: string) =>
    `${fileName} could not be read as a part drawing (${why.replace(/[.\s]+$/, '')}): attach the drawing again, or confirm the part in a Q-Bot conversation instead.`,
  drawingLacks: (fileName: string, machineKind: string, missing: readonly string[]) =>
    `The drawing ${fileName} does not give what the ${machineKind} program needs (${missing.join('; ')}): use a Q-Bot conversation to confirm the part instead, and check the program against it.`,
  drawingTurnedOnMill: (fileName: string) =>
    `The drawing ${fileName} is of a turned part, which a mill program is not checked against: check its program on a lathe, or confirm the part in a Q-Bot conversation instead.`,
  /** What a drawing on a mill lacks when it has no top view. */
  noTopView: 'the top-view outline of the part',
  /** The part held to, in words: a conversation's, or a drawing's as read. */
  heldToConversation: (name: string) => `the part ${name}, as confirmed in its Q-Bot conversation`,
  heldToDrawing: (fileName: string, asRead: string) => `the drawing ${fileName} as read: ${asRead}`,
} as const;

const positive = (max: number) => z.number().positive().max(max);

/** The stock, as the form sends it (a JSON text in the `stock` field). */
export const checkStockSchema = z.discriminatedUnion('shape', [
  z.object({
    shape: z.literal('block'),
    xMm: positive(5000),
    yMm: positive(5000),
    zMm: positive(2000),
    x0Mm: z.number().min(-5000).max(5000).optional(),
    y0Mm: z.number().min(-5000).max(5000).optional(),
    topZMm: z.number().min(-2000).max(2000).optional(),
  }),
  z.object({
    shape: z.literal('round'),
    diameterMm: positive(2000),
    lengthMm: positive(5000),
    stickOutMm: positive(5000).optional(),
    faceZMm: z.number().min(-2000).max(2000).optional(),
  }),
]);
export type CheckStockBody = z.infer<typeof checkStockSchema>;

/** The form's text fields; `stock` may be left out when `threadId` names the part (never with a `drawing` file part). */
export const programCheckFieldsSchema = z.object({
  machineId: z.uuid(programCheckMessages.machineMissing),
  stock: z
    .string(programCheckMessages.stockMissing)
    .min(1, programCheckMessages.stockMissing)
    .max(2000)
    .optional(),
  dialect: z.enum(Object.keys(checkDialects) as [CheckDialect, ...CheckDialect[]]).optional(),
  material: z.string().trim().max(200).optional(),
  threadId: z.uuid().optional(),
});

/** One thing the check found: on its line when it has one. */
export const checkFindingSchema = z.object({
  line: z.number().int().nullable(),
  kind: z.string(),
  message: z.string(),
});

export const programCheckResponseSchema = z.object({
  fileName: z.string(),
  /** True only when a part was given and the program makes all of it within every limit. */
  verified: z.boolean(),
  status: z.enum(['verified', 'incomplete', 'unsafe']),
  /** The dialect the program was read in, and whether it was told from the text. */
  dialect: z.string(),
  dialectDetected: z.boolean(),
  checks: z.array(verificationCheckSchema),
  unfinished: z.array(z.string()),
  findings: z.array(checkFindingSchema),
  /** Per operation (one per tool change), as the verifier measured it. */
  report: z.array(
    z.object({
      name: z.string(),
      tool: z.string(),
      maxDepthOfCutMm: z.number(),
      maxChipThicknessMm: z.number(),
      removalRateCm3PerMin: z.number(),
      maxPowerKw: z.number(),
      cuttingSeconds: z.number(),
    }),
  ),
  /** Estimated cycle time in words ("12 min 30 s"). */
  cycleTime: z.string(),
  /** The toolpath over the stock as an SVG data URL. */
  backplotUrl: z.string(),
  lines: z.number().int(),
  /** The stock it was checked on, in words with its place ("block 100 x 60 x 20 mm, …"). */
  stock: z.string(),
  /**
   * The part it was held to, when one was given: a conversation's (`threadId`) or an attached
   * drawing's (`drawing`, its file name; not kept), its name, and in words what the program was
   * held to (`against`: "the drawing FLH-001.dxf as read: a plate …").
   */
  part: z
    .object({
      threadId: z.string().optional(),
      drawing: z.string().optional(),
      name: z.string(),
      against: z.string(),
    })
    .optional(),
});
export type ProgramCheckResponse = z.infer<typeof programCheckResponseSchema>;

/** A conversation whose part a program can be checked against (GET /api/programs/parts). */
export const checkPartSchema = z.object({
  threadId: z.uuid(),
  /** The part's name: the title block's title, else the drawing's file name. */
  name: z.string(),
  /** The job type chosen in the conversation, when one is. */
  jobType: z.string().nullable(),
  material: z.string().nullable(),
  /** The stock size chosen, in words, when one is. */
  stockSize: z.string().nullable(),
  updatedAt: z.string(),
});
export type CheckPart = z.infer<typeof checkPartSchema>;

export const checkPartsResponseSchema = z.object({ parts: z.array(checkPartSchema) });
export type CheckPartsResponse = z.infer<typeof checkPartsResponseSchema>;
