/**
 * The blueprint description (spec section 3, "Blueprint upload response"): what a reader or an
 * assistant made of a drawing, and what the user confirms or changes.
 *
 * Every field of the spec is a human-readable string. Beside them, optional machine-readable
 * numbers (always millimetres) let the CAM core use the description without parsing prose;
 * when they are absent the CAM core parses the strings (cam/callouts.ts).
 *
 * Positions along a turned part are measured from its **free end** (the end faced and machined
 * first, away from the chuck): `startMm` 0 is that end face, growing toward the chuck.
 */
import { z } from 'zod';
import { stockSizeSchema } from './stock-size.ts';

/** Deviations from the nominal size in mm, as on the drawing: Ø16.5 +0.1/0 → upper 0.1, lower 0. */
export const toleranceSchema = z.object({
  upperMm: z.number(),
  lowerMm: z.number(),
});
export type Tolerance = z.infer<typeof toleranceSchema>;

/** An outer or inner diameter of a turned part. */
export const diameterFeatureSchema = z.object({
  /** As written: 'Ø15.48', 'Ø40 h7', 'Ø19.9 0/-0.1'. */
  diameter: z.string().describe("As written on the drawing: 'Ø15.48', 'Ø40 h7', 'Ø19.9 0/-0.1'"),
  /** 'cylinder', 'thread 7/16"-20 UNF', 'groove', 'bore', 'taper'… */
  type: z.string().describe("'cylinder', 'thread M8x1.25', 'groove', 'bore', 'taper'…"),
  /** Where it is, in words: 'from the free end, 0 to 20 mm'. */
  location: z.string().describe("Where it is, in words: 'from the free end, 0 to 20 mm'"),
  /** As written: '20 mm', '875 mm or longer'. */
  length: z
    .string()
    .describe("As written: '20 mm', '875 mm or longer'; 'through' for through bores"),
  diameterMm: z.number().positive().optional().describe('Nominal diameter in mm'),
  lengthMm: z.number().positive().optional().describe('Length along the axis in mm'),
  /** Distance from the free end to where this diameter starts. */
  startMm: z
    .number()
    .min(0)
    .optional()
    .describe(
      'Distance in mm from the free end (machined first, away from the chuck) to where it starts',
    ),
  tolerance: toleranceSchema
    .optional()
    .describe(
      'Deviations from the nominal size in mm as drawn: Ø16.5 +0.1/0 is upper 0.1, lower 0',
    ),
  /** ISO 286 fit such as 'h7' or 'H7'. */
  fit: z.string().optional().describe("ISO 286 fit such as 'h7' (shafts) or 'H7' (holes)"),
  /** Thread callout such as 'M8x1.25' or '7/16"-20 UNF'. */
  thread: z.string().optional().describe("Thread callout such as 'M8x1.25' or '7/16\"-20 UNF'"),
  /** Inner diameters: true when it goes through the part. */
  through: z.boolean().optional().describe('Inner diameters: true when it goes through the part'),
});
export type DiameterFeature = z.infer<typeof diameterFeatureSchema>;

export const chamferSchema = z.object({
  /** As written: '1 x 45°'. */
  dimensions: z.string(),
  location: z.string(),
  purpose: z.string().optional(),
  /** Leg length along the axis. */
  sizeMm: z.number().positive().optional().describe('Leg length along the axis in mm'),
  angleDeg: z.number().positive().max(89).optional().describe('Angle in degrees, 45 for 1x45°'),
  /** Distance from the free end to the chamfered edge. */
  atMm: z
    .number()
    .min(0)
    .optional()
    .describe('Distance in mm from the free end to the chamfered edge'),
  /** The diameter whose edge is chamfered. */
  onDiameterMm: z
    .number()
    .positive()
    .optional()
    .describe('The diameter whose edge is chamfered, mm'),
  /** Outer edge (default) or the edge of a bore. */
  inner: z.boolean().optional().describe('true for the edge of a bore'),
});
export type Chamfer = z.infer<typeof chamferSchema>;

export const filletSchema = z.object({
  dimensions: z.string(),
  location: z.string(),
  purpose: z.string().optional(),
  radiusMm: z.number().positive().optional(),
  atMm: z.number().min(0).optional(),
  onDiameterMm: z.number().positive().optional(),
});
export type Fillet = z.infer<typeof filletSchema>;

const pointSchema = z.object({ x: z.number(), y: z.number() });

/**
 * A plate or block seen from the top (milling, wire and sinker EDM): positions in mm in the
 * drawing's own top-view coordinates (the CAM core moves them to the lower-left corner).
 */
export const prismaticDescriptionSchema = z.object({
  outline: z
    .array(pointSchema)
    .min(3)
    .describe('Outer boundary in the top view, mm, as a closed polygon (arcs as short chords)'),
  thicknessMm: z.number().positive().optional().describe('Plate thickness in mm'),
  holes: z
    .array(
      z.object({
        /** As written: 'Ø13', '4x M8', 'Ø6.6 ⌴Ø11 ↧6.8'. */
        diameter: z
          .string()
          .describe("As written: 'Ø13', 'M8', 'Ø6.6 counterbore Ø11 x 6.8', 'Ø6.6 ⌵Ø12 x 90°'"),
        x: z.number(),
        y: z.number(),
        diameterMm: z.number().positive().describe('Hole diameter in mm (tapped: the thread size)'),
        depthMm: z.number().positive().optional().describe('Depth in mm; omit for through holes'),
        through: z.boolean().optional(),
        kind: z.enum(['through', 'blind', 'counterbored', 'countersunk', 'tapped']).optional(),
        thread: z.string().optional().describe("Thread callout such as 'M8x1.25'"),
        counterboreDiameterMm: z.number().positive().optional(),
        counterboreDepthMm: z.number().positive().optional(),
        countersinkDiameterMm: z
          .number()
          .positive()
          .optional()
          .describe(
            "Countersink: the cone's diameter at the top face in mm ('⌵Ø12 x 90°', 'CSK Ø12 x 90°' → 12); omit when the hole has none",
          ),
        countersinkAngleDeg: z
          .number()
          .positive()
          .max(180)
          .optional()
          .describe(
            "Countersink: the included angle of the cone in degrees ('⌵Ø12 x 90°' → 90; ISO 7046 screws 90, UNC/UNF 82); 90 when not written",
          ),
        fit: z.string().optional().describe("ISO 286 hole fit such as 'H7'"),
      }),
    )
    .describe('Holes in the top view'),
  pockets: z
    .array(
      z.object({
        label: z.string(),
        outline: z.array(pointSchema).min(3),
        depthMm: z.number().positive().optional().describe('Depth in mm; omit for through'),
        through: z.boolean().optional().describe('true for a cut-out through the plate'),
      }),
    )
    .describe('Pockets and cut-outs in the top view'),
  steps: z
    .array(
      z.object({
        label: z.string().describe("'Step 1', or as the drawing names it"),
        outline: z
          .array(pointSchema)
          .min(3)
          .describe(
            "The region of the top face milled down, mm, as a closed polygon: bounded by the part's outline and the step's edge (a line across the part)",
          ),
        depthMm: z
          .number()
          .positive()
          .optional()
          .describe('Depth of its floor below the top face in mm; omit when not read (asked for)'),
        tolerance: toleranceSchema
          .optional()
          .describe("The depth's own tolerance ('4.00 +0.10/-0.20' → +0.1/−0.2)"),
      }),
    )
    .optional()
    .describe(
      'Steps (shoulders, rebates): regions of the top face milled down to a depth and open to the outline',
    ),
  slots: z
    .array(
      z.object({
        label: z.string(),
        from: pointSchema,
        to: pointSchema,
        widthMm: z.number().positive(),
        depthMm: z.number().positive().optional().describe('Depth in mm; omit for through'),
        through: z.boolean().optional(),
      }),
    )
    .describe('Straight slots with round ends: centre line from and to, and width'),
  sizes: z
    .array(
      z.object({
        dimension: z.string().describe("As written: '60.00 ±0.10', '4.00 +0.10/-0.20', '40'"),
        mm: z.number().positive().describe('The written size in mm'),
        tolerance: toleranceSchema.optional(),
        measures: z
          .enum(['width', 'height', 'thickness', 'position', 'feature', 'other'])
          .describe(
            "What it sizes: the outline's width (x) or height (y), the plate's thickness, a hole's position (from an edge or another hole), a size the top view holds (a slot, a cut-out, an arm between parallel edges), or a size it does not hold (a step, a depth: not programmed)",
          ),
      }),
    )
    .optional()
    .describe('Linear sizes written on the drawing (not hole callouts), with their own tolerances'),
});
export type PrismaticDescription = z.infer<typeof prismaticDescriptionSchema>;

/**
 * One value a reader took from the drawing, with how sure it is and where it found it, so the
 * description step can show what was read and from where.
 */
export const readingSchema = z.object({
  /** What the value is, in words: 'Outer diameter 1', 'Overall length', 'Material', 'Chamfer'. */
  field: z.string().max(200),
  /** The value as read: 'Ø23.5', '7.5 mm', 'Acetal Copolymer (Delrin)'. */
  value: z.string().max(500),
  /** 0 to 1: 1 for text and geometry stored in the file, the OCR engine's confidence for scans. */
  confidence: z.number().min(0).max(1),
  /** Where: 'page 1 at 120, 85 mm (PDF text)', 'DIMENSION entity 2F', 'STEP face 12', 'OCR at 812, 440 px'. */
  source: z.string().max(300),
});
export type Reading = z.infer<typeof readingSchema>;

/**
 * What a drawing's title block says, cell by cell (ISO 7200 data fields), kept apart from the
 * part's geometry: the overview never repeats it. Every field is as written on the drawing.
 */
export const titleBlockSchema = z.object({
  title: z.string().max(300).optional().describe("The part's name: 'Flange', 'Shaft DIN 1'"),
  drawingNumber: z.string().max(100).optional().describe("Identification number: 'FLH-001'"),
  revision: z.string().max(50).optional().describe("Revision index: 'E', 'rev 3'"),
  material: z.string().max(200).optional().describe("Material as written: 'C45', '6061-T6'"),
  units: z.string().max(50).optional().describe("Drawing units: 'mm', 'inch'"),
  scale: z.string().max(50).optional().describe("Scale: '1:1', '2:1'"),
  generalTolerance: z
    .string()
    .max(100)
    .optional()
    .describe("General tolerance: 'ISO 2768-mK', '±0.1 unless stated'"),
  projection: z.string().max(50).optional().describe("'first angle' or 'third angle'"),
  other: z
    .array(z.string().max(300))
    .max(100)
    .optional()
    .describe("The block's other cells as written: 'DRAWN J. Doe', 'SHEET 1 OF 2', 'APPV'D'"),
});
export type TitleBlock = z.infer<typeof titleBlockSchema>;

export const blueprintDescriptionSchema = z.object({
  overview: z.string(),
  materialSpecs: z.object({
    material: z.string(),
    heatTreatment: z.string(),
    hardness: z.string(),
  }),
  outerDiameters: z.array(diameterFeatureSchema),
  innerDiameters: z.array(diameterFeatureSchema),
  features: z.object({
    chamfers: z.array(chamferSchema),
    fillets: z.array(filletSchema),
    centreHoles: z
      .enum(['permitted', 'not permitted'])
      .optional()
      .describe(
        "ISO 6411: whether the part's end faces may keep a centre hole ('permitted' when the drawing calls for centre holes or allows them, 'not permitted' when it forbids them); omit when it does not say",
      ),
  }),
  dimensions: z.object({
    overallLength: z.string(),
    tolerances: z.string().describe('Tolerances as written, including the general note'),
    overallLengthMm: z.number().positive().optional().describe('Overall length in mm'),
    /** General tolerance note such as 'ISO 2768-mK'. */
    generalTolerance: z
      .string()
      .optional()
      .describe("General tolerance note such as 'ISO 2768-mK'"),
    /**
     * A turned part's written axial sizes placed on the profile, with their own tolerances
     * (decision 077): overall and shoulder lengths, the width of a land between two bores, of a
     * V groove at its top, and positions of a groove's centre from a face. Positions from the
     * free end; the description's own lengths are the ones to machine.
     */
    lengths: z
      .array(
        z.object({
          dimension: z.string().max(100).describe("As written: '6.00 +0.15/0', '1 0/-0.08'"),
          mm: z.number().positive().describe('The written size in mm'),
          tolerance: toleranceSchema.optional(),
          fromMm: z.number().min(0).describe('Where it starts, mm from the free end'),
          toMm: z.number().min(0).describe('Where it ends, mm from the free end'),
          measures: z
            .enum(['length', 'position'])
            .describe(
              "'length' between two faces or edges; 'position' from a face to a centre (a groove's)",
            ),
        }),
      )
      .max(200)
      .optional()
      .describe(
        'Turned parts: axial sizes written on the drawing, where they run and their own tolerances',
      ),
  }),
  surfaceFinish: z.object({
    requirements: z.string(),
    concentricity: z.string(),
    /** The finest roughness asked for, Ra in µm. */
    raUm: z.number().positive().optional().describe('The finest roughness asked for, Ra in µm'),
  }),
  /** What the reader could not determine, for the user to supply with 'Change'. */
  unresolved: z
    .array(z.string())
    .optional()
    .describe(
      'What could not be read or is missing, one short sentence each, for the user to answer',
    ),
  /**
   * What the drawing writes that the description does not place on the part: a callout that
   * matches no feature ('M10x1.5' beside no diameter of its size), or a size that contradicts a
   * drawing otherwise to scale ('Ø13.5' drawn Ø10 where the other sizes are drawn 1:1). A program
   * from this description leaves each one undone and says so, until the operator gives it with
   * Change or removes it once checked.
   */
  unplaced: z
    .array(
      z.object({
        text: z.string().max(200).describe("As written: 'M10x1.5', 'Ø13.5'"),
        why: z
          .string()
          .max(300)
          .describe("Why it is not placed: 'matches no diameter of the profile'"),
        lengthMm: z
          .number()
          .positive()
          .max(100_000)
          .optional()
          .describe(
            'A written length no line of the drawing was read for, mm: a change that gives the part that length places it',
          ),
        diameterMm: z
          .number()
          .positive()
          .max(100_000)
          .optional()
          .describe(
            'A diameter traced from a scan that no written size confirms, mm: a change that gives the part no diameter of that size settles it',
          ),
        topView: z
          .literal(true)
          .optional()
          .describe(
            "About a plate's top view (a traced outline, a circle around a hole): a turned part made from the description leaves it aside",
          ),
        around: z
          .object({
            diameterMm: z.number().positive().describe('The circle drawn around the holes, mm'),
            holeDiameterMm: z.number().positive().describe('The holes as drawn, mm'),
            holes: z
              .array(pointSchema)
              .min(1)
              .max(500)
              .describe('The centres of the holes it is drawn around (top view, mm)'),
          })
          .optional()
          .describe(
            'A circle drawn concentric with plate holes that no callout sizes (a counterbore, countersink or chamfer edge): held until the hole there has a counterbore, countersink or thread of its size (contracts/concentric.ts)',
          ),
      }),
    )
    .max(200)
    .optional()
    .describe('Callouts and sizes written on the drawing that the description does not place'),
  /** Where the description came from: the reader and the file type. */
  source: z.string().optional(),
  /** Each value the reader took from the drawing, with its confidence and its place on it. */
  readings: z
    .array(readingSchema)
    .max(500)
    .optional()
    .describe(
      'Each value read: field, value, confidence 0..1 and where on the drawing it was found',
    ),
  /** The title block, apart from the geometry (never in the overview). */
  titleBlock: titleBlockSchema.optional().describe('The title block as written, cell by cell'),
  /** The drawing's general notes, one per entry, as written (never in the overview). */
  notes: z
    .array(z.string().max(1000))
    .max(200)
    .optional()
    .describe("General notes as written, one each: 'Break all sharp edges 0.2'"),
  /** Plates and blocks (milling, wire and sinker EDM): the top view. */
  prismatic: prismaticDescriptionSchema
    .optional()
    .describe('For plates and blocks: the top view outline, holes, pockets and slots in mm'),
});
export type BlueprintDescription = z.infer<typeof blueprintDescriptionSchema>;

/** A material choice (spec section 3): alternates are shown as 'Alternative to {main name}'. */
export const materialChoiceSchema = z.object({
  name: z.string(),
  grade: z.string(),
  alternates: z.array(z.string()),
});
export type MaterialChoice = z.infer<typeof materialChoiceSchema>;

/**
 * Material size (spec section 3): text, or shape, diameter and length. The words the user sees;
 * the numbers are the StockSize beside it (contracts/stock-size.ts, decision 039).
 */
export const materialSizeSchema = z.union([
  z.string(),
  z.object({ shape: z.string(), diameter: z.string(), length: z.string() }),
]);
export type MaterialSize = z.infer<typeof materialSizeSchema>;

/** Everything a reader or an assistant makes of a drawing. */
export const blueprintAnalysisSchema = z.object({
  description: blueprintDescriptionSchema,
  materials: z.array(materialChoiceSchema),
  /** Tools the part needs, in words ('External turning tool', 'Drill Ø8.5'…). */
  tools: z.array(z.string()),
  materialSize: materialSizeSchema,
  /**
   * The suggested stock as numbers, whose words are `materialSize` (cam/analysis.ts). Absent in
   * analyses saved before decision 039: read `materialSize` with `stockSizeOf` then.
   */
  stockSize: stockSizeSchema.optional(),
  /**
   * What a lathe program would still need that the description does not give ('the length of
   * Ø42'), from the lathe's part model (cam/analysis.ts `latheGapsOf`): asked for at the job
   * type step when Lathe is chosen (decision 062). Absent when it needs nothing more.
   */
  latheGaps: z.array(z.string()).optional(),
});
export type BlueprintAnalysis = z.infer<typeof blueprintAnalysisSchema>;

/** An empty description: the shape a reader starts from. */
export function emptyDescription(overview = ''): BlueprintDescription {
  return {
    overview,
    materialSpecs: { material: '', heatTreatment: '', hardness: '' },
    outerDiameters: [],
    innerDiameters: [],
    features: { chamfers: [], fillets: [] },
    dimensions: { overallLength: '', tolerances: '' },
    surfaceFinish: { requirements: '', concentricity: '' },
    unresolved: [],
  };
}
