/**
 * The offline DXF reader: a DXF drawing to a blueprint description, without any network or model.
 *
 * Pipeline: dxf-parser (with this file's structure check, units and time limit) → primitives,
 * notes and dimensions in mm (collect.ts, entities.ts) → the shared pipeline
 * (describe/drawing.ts describeDrawing), with readings sourced to DXF entities (sources.ts) → a
 * plate's counterbore and countersink notes given to its holes (hole-notes.ts).
 */
import DxfParser, { type IDxf } from 'dxf-parser';
import { formatMm } from '#cam/callouts';
import {
  describeDrawing,
  type DrawingReading,
  type DrawingUnitsRead,
} from '../describe/drawing.ts';
import type { DimensionNote } from '../describe/content.ts';
import { readDimension } from '../describe/dimensions.ts';
import { TimeLimitError, runWithTimeLimit } from '../engines/time-limit.ts';
import { DxfReadError } from '../reading.ts';
import { collectDrawing } from './collect.ts';
import {
  DimensionHandler,
  dimensionScaleOf,
  dimensionScalesOfStyles,
  type DimensionEntity,
} from './dimension-styles.ts';
import { applyDxfHoleNotes } from './hole-notes.ts';
import { dxfSources } from './sources.ts';

/** A DXF the reader cannot use (defined in reading.ts, as the shared pipeline throws it too). */
export { DxfReadError };

/** What the DXF reader makes of a drawing: the shared pipeline's reading (describeDrawing). */
export type DxfReading = DrawingReading;

/** $INSUNITS codes (AutoCAD DXF reference, HEADER section): unit system and mm per unit. */
const INSUNITS: Record<number, { units: 'mm' | 'inch'; mmPerUnit: number; name: string }> = {
  1: { units: 'inch', mmPerUnit: 25.4, name: 'inches' },
  2: { units: 'inch', mmPerUnit: 304.8, name: 'feet' },
  4: { units: 'mm', mmPerUnit: 1, name: 'millimetres' },
  5: { units: 'mm', mmPerUnit: 10, name: 'centimetres' },
  6: { units: 'mm', mmPerUnit: 1000, name: 'metres' },
  8: { units: 'inch', mmPerUnit: 0.0000254, name: 'microinches' },
  9: { units: 'inch', mmPerUnit: 0.0254, name: 'mils' },
  10: { units: 'inch', mmPerUnit: 914.4, name: 'yards' },
  13: { units: 'mm', mmPerUnit: 0.001, name: 'micrometres' },
  14: { units: 'mm', mmPerUnit: 100, name: 'decimetres' },
};

/**
 * The dimension scale the drawing's geometry is drawn at: the DIMLFAC (AutoCAD's linear scale
 * factor; a part drawn at 2:1 has 0.5) most of its dimensions show their measurements at, each
 * from its own style and overrides (dimension-styles.ts). A drawing without dimensions has only
 * the header's $DIMLFAC to say it (makerslide_b17022.dxf is drawn at 2:1 that way); the header
 * is ignored as soon as dimensions say otherwise (ezdxf writes $DIMLFAC 100 in the header and
 * overrides it to 1 in every dimension).
 *
 * @returns the geometry's factor (1 when not scaled or out of 0.001…1000), and each dimension's
 *   DIMLFAC for its measured value
 */
function dimensionScale(
  dxf: IDxf,
  content: string,
): { factor: number; from: 'header' | 'dimensions'; of: (dimension: DimensionEntity) => number } {
  const header = dxf.header?.$DIMLFAC;
  const headerFactor = typeof header === 'number' ? header : undefined;
  const styles = dimensionScalesOfStyles(content);
  const of = (dimension: DimensionEntity) => dimensionScaleOf(dimension, styles, headerFactor);
  const counts = new Map<number, number>();
  const count = (entities: IDxf['entities'] | undefined) => {
    for (const entity of entities ?? []) {
      if (entity.type !== 'DIMENSION' || entity.inPaperSpace) continue;
      const factor = of(entity);
      counts.set(factor, (counts.get(factor) ?? 0) + 1);
    }
  };
  count(dxf.entities);
  for (const [name, block] of Object.entries(dxf.blocks ?? {})) {
    if (!/^\*paper_space/i.test(name)) count(block.entities);
  }
  let factor = counts.size === 0 ? (headerFactor ?? 1) : 1;
  let most = 0;
  for (const [value, n] of counts) {
    if (n > most || (n === most && value === 1)) [factor, most] = [value, n];
  }
  if (!(factor > 0) || factor < 0.001 || factor > 1000) factor = 1;
  return { factor, from: counts.size === 0 ? 'header' : 'dimensions', of };
}

/**
 * The drawing's units, and how they say the dimension scale: geometry drawn at a scale other
 * than 1:1 is scaled back by it (`geometryMmPerUnit`) and the user is told. Written numbers are
 * true sizes, so `mmPerUnit` (for texts) stays the unit's.
 */
function unitsOf(
  header: IDxf['header'] | undefined,
  { factor, from }: { factor: number; from: 'header' | 'dimensions' },
): DrawingUnitsRead & { geometryMmPerUnit: number } {
  const units = baseUnitsOf(header);
  if (Math.abs(factor - 1) < 1e-9) return { ...units, geometryMmPerUnit: units.mmPerUnit };
  const drawnAt = factor < 1 ? `${formatMm(1 / factor)}:1` : `1:${formatMm(factor)}`;
  const said =
    from === 'header'
      ? `The DXF's dimension scale ($DIMLFAC ${formatMm(factor)})`
      : `The DXF's dimensions (their style's DIMLFAC ${formatMm(factor)})`;
  const scaleNote = `${said} says the part is drawn at ${drawnAt}: every size is scaled by ${formatMm(factor)}. Check them against the drawing.`;
  return {
    ...units,
    geometryMmPerUnit: units.mmPerUnit * factor,
    note: units.note ? `${units.note} ${scaleNote}` : scaleNote,
  };
}

function baseUnitsOf(header: IDxf['header'] | undefined): DrawingUnitsRead {
  const code = typeof header?.$INSUNITS === 'number' ? header.$INSUNITS : 0;
  const known = INSUNITS[code];
  const decimalsOf = (fallback: number) => {
    const value = header?.$DIMDEC ?? header?.$LUPREC;
    return typeof value === 'number' && value >= 0 && value <= 8 ? value : fallback;
  };
  if (known) return { ...known, decimals: decimalsOf(known.units === 'inch' ? 4 : 2) };
  return {
    units: 'mm',
    mmPerUnit: 1,
    decimals: decimalsOf(2),
    name: 'millimetres',
    note:
      code === 0
        ? 'The DXF does not say its units ($INSUNITS missing or 0, unitless): millimetres assumed. Check the sizes.'
        : `The DXF's units ($INSUNITS ${code}) are not used for parts: millimetres assumed. Check the sizes.`,
  };
}

/**
 * Rejects text that is not an ASCII DXF before the parser sees it: every other line must be a
 * group code and a SECTION must come early (dxf-parser prints to the console otherwise). dxf-parser
 * 1.1.2 also loops forever, blocking the server, on a POLYLINE holding anything but VERTEX entities
 * before its SEQEND and on a LAYER or VPORT table holding anything but its records before ENDTAB
 * (typically a truncated file): those are rejected here too.
 */
function checkStructure(content: string, fileName: string): void {
  if (content.startsWith('AutoCAD Binary DXF')) {
    throw new DxfReadError(
      `${fileName} is a binary DXF. Save it as an ASCII DXF in the CAD program and upload it again.`,
    );
  }
  const lines = content.split(/\r\n|\r|\n/);
  let start = 0;
  while (start < lines.length && lines[start]!.trim() === '') start++;
  let sawSection = false;
  let polylineAt: number | undefined;
  let table: { name: string; at: number } | undefined;
  for (let i = start; i + 1 < lines.length; i += 2) {
    const code = lines[i]!.trim();
    if (!/^-?\d{1,4}$/.test(code)) {
      if (i === start || !sawSection) {
        throw new DxfReadError(
          `${fileName} is not a DXF file: a DXF starts with numbered group codes ("0", "SECTION"…), this file starts with "${lines[start]!.trim().slice(0, 40)}". Export the drawing as DXF from the CAD program.`,
        );
      }
      throw new DxfReadError(
        `${fileName} is damaged: line ${i + 1} should hold a DXF group code (a number) but holds "${code.slice(0, 40)}". Export the drawing as DXF again.`,
      );
    }
    const value = lines[i + 1]!.trim();
    if (code === '0' && polylineAt !== undefined && value !== 'VERTEX') {
      if (value !== 'SEQEND') {
        throw new DxfReadError(
          `${fileName} is damaged: the POLYLINE at line ${polylineAt} is not closed by a SEQEND (line ${i + 2} holds "${value.slice(0, 40)}"). The file may be truncated; export the drawing as DXF again.`,
        );
      }
      polylineAt = undefined;
    }
    if (code === '0' && value === 'POLYLINE') polylineAt = i + 2;
    if (code === '0' && table && value !== table.name && value !== 'ENDTAB') {
      throw new DxfReadError(
        `${fileName} is damaged: the ${table.name} table at line ${table.at} is not closed by an ENDTAB (line ${i + 2} holds "${value.slice(0, 40)}"). The file may be truncated; export the drawing as DXF again.`,
      );
    }
    if (code === '0' && value === 'ENDTAB') table = undefined;
    if (code === '0' && value === 'TABLE' && lines[i + 2]?.trim() === '2') {
      table = { name: lines[i + 3]?.trim() ?? '', at: i + 2 };
    }
    if (code === '0' && value === 'SECTION') {
      sawSection = true;
      if (lines[i + 2]?.trim() !== '2') {
        throw new DxfReadError(
          `${fileName} is damaged: a SECTION at line ${i + 2} has no name. Export the drawing as DXF again.`,
        );
      }
    }
    if (!sawSection && i - start > 200) break;
  }
  if (polylineAt !== undefined || table) {
    const open = table
      ? `the ${table.name} table at line ${table.at}`
      : `the POLYLINE at line ${polylineAt}`;
    throw new DxfReadError(
      `${fileName} is damaged: ${open} is not closed before the end of the file. The file may be truncated; export the drawing as DXF again.`,
    );
  }
  if (!sawSection) {
    throw new DxfReadError(
      `${fileName} is not a DXF file: it has no SECTION. Export the drawing as DXF from the CAD program.`,
    );
  }
}

/**
 * Longest a reading may take, ms. dxf-parser 1.1.2 loops forever on some damaged files (the
 * structure check catches the known shapes) and a drawing of hundreds of thousands of entities
 * takes long to analyse; the limit stops both. The real drawings read in under 0.1 s; a synthetic
 * drawing of 100 000 lines (5 MB) in about 3 s, and one of 500 000 (25 MB, the upload limit)
 * reaches the limit (`npm run bench`).
 */
const readTimeLimitMs = 20_000;

/**
 * Parse a DXF with the reader's checks, for other users of its geometry (the renderer): not
 * empty, an ASCII DXF of sound structure, parsed by dxf-parser within the reader's time limit.
 * @returns the parsed drawing and its millimetres per drawing unit ($INSUNITS)
 * @throws DxfReadError for each of those faults, with the reader's messages
 */
export function parseDxf(content: string, fileName: string): { dxf: IDxf; mmPerUnit: number } {
  if (content.trim() === '') {
    throw new DxfReadError(`${fileName} is empty: there is no drawing to read.`);
  }
  try {
    const dxf = runWithTimeLimit(() => parse(content, fileName), readTimeLimitMs);
    return {
      dxf,
      mmPerUnit: unitsOf(dxf.header, dimensionScale(dxf, content)).geometryMmPerUnit,
    };
  } catch (error) {
    if (error instanceof TimeLimitError) {
      throw new DxfReadError(
        `${fileName} could not be read within ${readTimeLimitMs / 1000} s: the drawing is too large or too busy, or damaged. Send a drawing of the part alone, or describe the part in words.`,
      );
    }
    throw error;
  }
}

function parse(content: string, fileName: string): IDxf {
  checkStructure(content, fileName);
  let dxf: IDxf | null;
  try {
    const parser = new DxfParser();
    // Reads each DIMENSION's style name and overrides too (dimension-styles.ts).
    parser.registerEntityHandler(
      DimensionHandler as unknown as Parameters<DxfParser['registerEntityHandler']>[0],
    );
    dxf = parser.parseSync(content);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/EOF group not read/.test(reason)) {
      throw new DxfReadError(
        `${fileName} is truncated: it ends before the DXF end marker (EOF). Export it again from the CAD program.`,
      );
    }
    throw new DxfReadError(
      `${fileName} could not be read as a DXF: ${reason}. The file may be truncated or damaged; export it again from the CAD program.`,
    );
  }
  if (!dxf) throw new DxfReadError(`${fileName} could not be read as a DXF.`);
  return dxf;
}

/**
 * Reads a DXF drawing into a blueprint description, offline.
 *
 * Units come from $INSUNITS (1 inch, 4 mm, …; 0 or missing: mm assumed and said in `unresolved`);
 * every number of the description is in mm. A turned part (a side view symmetric about an axis)
 * gets its outer diameters, grooves, tapers, chamfers, fillets and bores from the drawn profile,
 * with the written dimensions replacing drawn sizes and lengths, and the notes applied (material,
 * threads, chamfers, Ra, general tolerance). Other parts get an overview of what was found.
 *
 * @param content - the DXF file as text (ASCII DXF)
 * @param fileName - the uploaded file's name, for messages and `source`
 * @returns the description, whether it is a turned part, and the drawing's units
 * @throws DxfReadError for empty input, text that is not a DXF, a DXF the parser rejects (with its
 *   reason), a DXF without geometry, and a reading that takes longer than 20 s (the thread is
 *   blocked meanwhile, so the limit keeps one upload from stalling the server)
 */
export function readDxf(content: string, fileName: string): DxfReading {
  try {
    return runWithTimeLimit(() => readDxfNow(content, fileName), readTimeLimitMs);
  } catch (error) {
    if (error instanceof TimeLimitError) {
      throw new DxfReadError(
        `${fileName} could not be read within ${readTimeLimitMs / 1000} s: the drawing is too large or too busy for the offline reader, or damaged. Send a drawing of the part alone, or describe the part in words.`,
      );
    }
    throw error;
  }
}

function readDxfNow(content: string, fileName: string): DxfReading {
  if (content.trim() === '') {
    throw new DxfReadError(`${fileName} is empty: there is no drawing to read.`);
  }
  const dxf = parse(content, fileName);
  const scale = dimensionScale(dxf, content);
  const units = unitsOf(dxf.header, scale);
  const drawing = collectDrawing(
    dxf,
    units.geometryMmPerUnit,
    (dimension) => scale.of(dimension) / scale.factor,
  );
  const textOf = (note: DimensionNote) => readDimension(note, units).text;
  const sources = dxfSources(units.geometryMmPerUnit, textOf);
  const reading = describeDrawing(drawing, units, fileName, 'DXF', { sources });
  applyDxfHoleNotes(reading.description, drawing, units.units, sources, textOf);
  reading.description.source = `DXF (offline reader): ${fileName}`;
  return reading;
}
