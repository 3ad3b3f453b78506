/**
 * STEP models (ISO 10303-21, AP203/AP214/AP242) → description, offline: OpenCascade
 * (occt-import-js) meshes the B-rep; each face is fitted as a plane, cylinder, cone or other
 * surface; a model whose surface is nearly all revolved about one axis is described as a turned
 * part (turned.ts), any other as a plate or block seen from the top (prismatic.ts).
 * The file's text gives the length unit, the exact radii to snap fitted sizes to, the part names
 * and a material when the exporter wrote one.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { addReading, DrawingReadError, readerLimits, type ReadingProgress } from '../reading.ts';
import { findTurningAxis } from './axis.ts';
import { fitTolerance, shapeOf } from './faces.ts';
import { MeshReadError, meshStep } from '../engines/occt.ts';
import { describePrismaticPart } from './prismatic.ts';
import { setTitleBlock } from '../describe/title-block.ts';
import { exactRadiiMm, holdsShapes, looksLikeStep, materialOf, mmPerFileUnit } from './text.ts';
import { describeTurnedPart } from './turned.ts';
import { TimeLimitError } from '../engines/time-limit.ts';

/** Largest STEP file read, bytes: a single machined part is rarely over a few MB. */
export const maxStepBytes = 50 * 1024 * 1024;
/** Most triangles analysed: beyond this the model is an assembly or a detailed free-form body. */
const maxTriangles = 2_000_000;

/**
 * Read a STEP model into a description.
 * @param bytes - the file (ASCII STEP)
 * @param fileName - for messages and `description.source`
 * @param progress - called with 0..1 and the stage in words
 * @returns a turned-part description (diameters from the free end, bores, chamfers, fillets,
 *   overall length) or a plate description (`prismatic`: outline, thickness, holes, pockets);
 *   sizes in mm, each with a reading; material, tolerances, finish and threads in `unresolved`
 * @throws DrawingReadError when the file is not STEP, is too large or too slow to read, or holds
 *   no solid
 */
export async function readStep(
  bytes: Buffer,
  fileName: string,
  progress?: ReadingProgress,
): Promise<BlueprintDescription> {
  const started = Date.now();
  if (bytes.length > maxStepBytes) {
    throw new DrawingReadError(
      `${fileName} is ${Math.round(bytes.length / (1024 * 1024))} MB; STEP models over ${maxStepBytes / (1024 * 1024)} MB are not read offline: export the single part, without the assembly.`,
    );
  }
  if (!looksLikeStep(bytes)) {
    throw new DrawingReadError(
      `${fileName} could not be read as a STEP model: it does not start with the ISO-10303-21 header. Export the part from your CAD system as STEP (AP203 or AP214) and upload that file.`,
    );
  }
  const text = bytes.toString('latin1');
  const noSolid = new DrawingReadError(
    `${fileName} holds no solid or faces to read: export the part as a solid (AP203/AP214), not only its sketches, curves or a drawing.`,
  );
  if (!holdsShapes(text)) throw noSolid;

  progress?.(0.05, 'Reading the STEP model');
  let model;
  try {
    model = await meshStep(new Uint8Array(bytes), readerLimits.timeLimitMs);
  } catch (error) {
    if (error instanceof TimeLimitError) {
      throw new DrawingReadError(
        `${fileName} took longer than ${readerLimits.timeLimitMs / 1000} s to read and was stopped: export the single part, simplified, and upload it again.`,
      );
    }
    if (error instanceof MeshReadError) {
      throw new DrawingReadError(
        `${fileName} could not be read as a STEP model: ${error.message}. Export it again from your CAD system as STEP AP203 or AP214.`,
      );
    }
    throw error;
  }
  const triangles = model.faces.reduce((sum, face) => sum + face.triangles.length / 3, 0);
  if (model.faces.length === 0 || triangles === 0) throw noSolid;
  if (triangles > maxTriangles) {
    throw new DrawingReadError(
      `${fileName} is too detailed to read offline (${triangles} triangles): export the single part without assemblies or embossed text.`,
    );
  }

  progress?.(0.6, 'Fitting the faces');
  let min = Infinity;
  let max = -Infinity;
  for (const face of model.faces)
    for (const value of face.positions) {
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
  const tolMm = fitTolerance(max - min);
  const shapes = model.faces.map((face) => shapeOf(face, tolMm));

  progress?.(0.75, 'Finding the turning axis');
  const turning = findTurningAxis(shapes, tolMm);
  const mmPerUnit = mmPerFileUnit(text);
  const exactRadii = exactRadiiMm(text, mmPerUnit ?? 1);
  const context = { fileName, exactRadii, tolMm, names: model.names.slice(0, 3) };
  let description: BlueprintDescription;
  if (turning?.turned) {
    progress?.(0.85, 'Describing the turned part');
    description = describeTurnedPart(turning, shapes, context);
  } else {
    progress?.(0.85, 'Describing the plate');
    description = describePrismaticPart(shapes, context);
    if (!description.prismatic) throw noSolid;
  }

  description.source = `STEP (offline reader): ${fileName}`;
  const unresolved = description.unresolved!;
  if (mmPerUnit === undefined)
    unresolved.push(
      'The STEP file names no length unit: millimetres are assumed; check the sizes.',
    );
  const material = materialOf(text);
  // What a STEP model has of a title block: its product's name and the material it designates.
  setTitleBlock(description, [
    ...model.names.slice(0, 1).map((name) => ({
      field: 'title' as const,
      value: name,
      confidence: 0.9,
      source: 'STEP PRODUCT entity',
    })),
  ]);
  if (material) {
    description.materialSpecs.material = material.text;
    addReading(description, 'Material', material.text, 0.9, `STEP ${material.entity} entity`);
    description.titleBlock = { ...description.titleBlock, material: material.text };
  } else {
    unresolved.push('The material: STEP geometry does not carry it; give it with Change.');
  }
  if (description.outerDiameters.length > 0)
    unresolved.push(
      'Threads: a STEP model does not carry cosmetic threads, so every diameter is read plain; if one is threaded, give the thread with Change (for example "M20x1.5 on Ø20").',
    );
  unresolved.push(
    'Tolerances: the STEP model gives nominal sizes only; give the general tolerance (such as ISO 2768-mK) and any fits with Change.',
    'Surface finish: the STEP model does not carry it; give the Ra you need with Change.',
  );
  if (Date.now() - started > readerLimits.timeLimitMs) {
    throw new DrawingReadError(
      `${fileName} took longer than ${readerLimits.timeLimitMs / 1000} s to read and was stopped: export the single part, simplified, and upload it again.`,
    );
  }
  return description;
}
