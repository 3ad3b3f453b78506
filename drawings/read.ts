/**
 * One entry point for every drawing type the product accepts: a file's bytes to a blueprint
 * description, without any network or model. DXF is read at once; the PDF, STEP and image
 * readers load their engines (pdf.js, OpenCascade, Tesseract) when first needed, not when the
 * server starts. The PDF reader is handed the image reader's OCR (recognizeImage) for pages
 * whose text is drawn as outlines or scanned (decision 040), so neither reader imports the other.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { readDxf } from './dxf/reader.ts';
import { handOver } from './hand-over.ts';
import type { ReadingProgress } from './reading.ts';

/** The drawing types the product accepts, decided from a file's bytes (server/qbot/uploads.ts). */
export type DrawingType = 'jpg' | 'png' | 'pdf' | 'dxf' | 'step';

/** A drawing to read: its bytes, its name (for messages and the description's source) and type. */
export interface DrawingInput {
  fileName: string;
  type: DrawingType;
  bytes: Buffer;
}

/**
 * Read a drawing of any accepted type into a blueprint description.
 * @param file - the drawing's bytes, name and type
 * @param progress - hears how far a long read is (0..1 and a stage in words)
 * @returns the description, with its readings and what could not be read (`unresolved`); it
 *   always fits the contract, as each value that does not is moved to `unresolved` (./hand-over.ts)
 * @throws DrawingReadError (DxfReadError for DXF) with a message for the user when the file
 *   cannot be read
 */
export async function readDrawing(
  file: DrawingInput,
  progress?: ReadingProgress,
): Promise<BlueprintDescription> {
  let description: unknown;
  if (file.type === 'dxf') {
    progress?.(0.1, 'Reading the DXF');
    description = readDxf(file.bytes.toString('utf8'), file.fileName).description;
  } else if (file.type === 'pdf') {
    // Pages without text are read by OCR: the image reader's engine is handed to the PDF reader.
    const [{ readPdf }, { recognizeImage }] = await Promise.all([
      import('./pdf/reader.ts'),
      import('./image/reader.ts'),
    ]);
    description = await readPdf(file.bytes, file.fileName, recognizeImage, progress);
  } else if (file.type === 'step') {
    const { readStep } = await import('./step/reader.ts');
    description = await readStep(file.bytes, file.fileName, progress);
  } else {
    const { readImage } = await import('./image/reader.ts');
    description = await readImage(file.bytes, file.fileName, file.type, progress);
  }
  progress?.(1, 'Done');
  return handOver(description, file.fileName);
}
