/**
 * A drawing as Messages API content blocks: images as image blocks (scaled so the longer side is
 * at most 1,568 px, Claude's recommended size, which also keeps them under the API's 5 MB image
 * limit), PDFs as document blocks, DXF as the offline reader's extracted text with a rendered
 * image where one can be made, STEP as a text summary of its entities.
 *
 * The blocks of a file are the same bytes every time (deterministic scaling and rendering), so
 * a conversation that re-sends its drawing hits the prompt cache.
 */
import type Anthropic from '@anthropic-ai/sdk';
import sharp from 'sharp';
import { DxfReadError, readDxf } from '#drawings/dxf/reader';
import { stepSummary } from '#drawings/step/summary';
import type { DrawingFile } from '../types.ts';

export type DrawingBlock =
  Anthropic.ImageBlockParam | Anthropic.DocumentBlockParam | Anthropic.TextBlockParam;

/** Longest side of an image sent to Claude, px (Claude's recommended maximum). */
export const maxImageSidePx = 1568;

/** Renders a DXF drawing to a PNG (drawings/dxf/render.ts), when one can be made. */
export type DxfRenderer = (
  content: string,
  fileName: string,
) => Promise<{ png: Buffer } | undefined>;

const base64Image = (data: Buffer, mediaType: 'image/png' | 'image/jpeg') =>
  ({
    type: 'image',
    source: { type: 'base64', media_type: mediaType, data: data.toString('base64') },
  }) as const satisfies Anthropic.ImageBlockParam;

/** A photo or scan, scaled down; PNG for drawings, JPEG when the PNG would be large. */
async function imageBlock(bytes: Buffer): Promise<Anthropic.ImageBlockParam> {
  const scaled = sharp(bytes, { failOn: 'error' }).rotate().resize({
    width: maxImageSidePx,
    height: maxImageSidePx,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const png = await scaled.clone().png({ compressionLevel: 9 }).toBuffer();
  if (png.length <= 3_500_000) return base64Image(png, 'image/png');
  return base64Image(await scaled.jpeg({ quality: 85 }).toBuffer(), 'image/jpeg');
}

/**
 * The content blocks for a drawing, the last one being where the prompt cache breakpoint goes.
 * @throws DxfReadError for a DXF the offline reader refuses; sharp's error for a broken image
 */
export async function drawingBlocks(
  file: DrawingFile,
  renderDxf?: DxfRenderer,
): Promise<DrawingBlock[]> {
  const title = `Drawing: ${file.fileName}`;
  switch (file.type) {
    case 'jpg':
    case 'png':
      return [{ type: 'text', text: title }, await imageBlock(file.bytes)];
    case 'pdf':
      return [
        {
          type: 'document',
          title: file.fileName,
          source: {
            type: 'base64',
            media_type: 'application/pdf',
            data: file.bytes.toString('base64'),
          },
        },
      ];
    case 'dxf': {
      const content = file.bytes.toString('utf8');
      const reading = readDxf(content, file.fileName);
      const blocks: DrawingBlock[] = [
        {
          type: 'text',
          text: [
            `${title} (DXF). Claude cannot open DXF files: below is what the product's offline DXF reader extracted, exactly (sizes from the written dimensions, positions from the geometry, in mm), then a rendering of the drawing's lines without its texts.`,
            `Units: ${reading.units}. Turned part: ${reading.isTurnedPart ? 'yes' : 'no'}.`,
            JSON.stringify(reading.description),
          ].join('\n'),
        },
      ];
      const rendered = await renderDxf?.(content, file.fileName).catch((error: unknown) => {
        if (error instanceof DxfReadError) return undefined;
        throw error;
      });
      if (rendered) blocks.push(base64Image(rendered.png, 'image/png'));
      return blocks;
    }
    case 'step':
      return [
        {
          type: 'text',
          text: `${title} (STEP 3D model). Claude cannot open STEP files: below is a summary of its entities.\n${stepSummary(file.bytes.toString('latin1'), file.fileName)}`,
        },
      ];
  }
}
